/// A footnote's label as GFM reads it: `[^label]`, the label without blanks or brackets, matched
/// without regard to case.
enum FootnoteLabel {
    /// The label of a `[^label]:` at the start of `bytes` (after blanks), and where its text starts.
    static func definitionPrefix(_ bytes: ArraySlice<UInt8>, opener: UInt8 = UInt8(ascii: "[")) -> (label: [UInt8], end: Int)? {
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard index + 1 < bytes.endIndex, bytes[index] == opener, bytes[index + 1] == UInt8(ascii: "^") else { return nil }
        guard let close = labelEnd(bytes, from: index + 2), close + 1 < bytes.endIndex, bytes[close + 1] == UInt8(ascii: ":") else {
            return nil
        }
        return (Array(bytes[(index + 2)..<close]), close + 2)
    }

    /// The index of the `]` that closes a label starting at `start`, nil when there is none.
    static func labelEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") { return index > start ? index : nil }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0 || byte == UInt8(ascii: "[") { return nil }
            index += 1
        }
        return nil
    }

    static func key(_ label: [UInt8]) -> String {
        String(decoding: label, as: UTF8.self).lowercased()
    }

    /// The label as cmark-gfm writes it into an id or a link: percent-encoded like a URL.
    static func escaped(_ label: [UInt8]) -> String {
        var result = ""
        for byte in label {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, Character(scalar).isLetter || Character(scalar).isNumber || "-_.+!*(),%#@?=;:/$~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if byte == UInt8(ascii: "&") {
                result += "&amp;"
            } else if byte == UInt8(ascii: "'") {
                result += "&#x27;"
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return result
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}

/// Escaping for HTML text and attribute values, the same four characters cmark escapes.
package enum HTMLEscaping {
    package static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            append(bytes, to: &result)
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    /// Appends `text`, escaped, to UTF-8 `output`.
    package static func escape(_ text: String, into output: inout [UInt8]) {
        escape(text[...], into: &output)
    }

    /// Appends `text`, escaped, to UTF-8 `output`.
    package static func escape(_ text: Substring, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &output) }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var run = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            output += UnsafeBufferPointer(rebasing: bytes[run..<index])
            switch bytes[index] {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            default: output += "&quot;".utf8
            }
            run = index + 1
        }
        output += UnsafeBufferPointer(rebasing: bytes[run...])
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
    }
}

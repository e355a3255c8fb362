/// Escaping for HTML text and attribute values, the same four characters cmark escapes.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: needsEscape) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result += UnsafeBufferPointer(rebasing: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): result += "&amp;".utf8
                case UInt8(ascii: "<"): result += "&lt;".utf8
                case UInt8(ascii: ">"): result += "&gt;".utf8
                case UInt8(ascii: "\""): result += "&quot;".utf8
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
    }
}

/// A JSON value, written as text with sorted keys and two-space indentation: deterministic, and
/// much faster than Foundation's JSONEncoder for a manifest of thousands of pages.
indirect enum JSONText: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONText])
    case object([String: JSONText])
    /// JSON text written elsewhere, at the depth where it is placed, copied as it is.
    case raw(String)

    init(_ text: String?) {
        self = text.map(JSONText.string) ?? .null
    }

    /// The value as pretty-printed JSON, ending with a newline.
    var text: String {
        var output: [UInt8] = []
        write(into: &output, indentation: 0)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// The value as it is written when it stands `indentation` levels deep.
    func text(indentation: Int) -> String {
        var output: [UInt8] = []
        write(into: &output, indentation: indentation)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(into output: inout [UInt8], indentation: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        case .string(let value): Self.writeString(value, into: &output)
        case .raw(let text): output += text.utf8
        case .array(let items):
            guard !items.isEmpty else { output += "[]".utf8; return }
            output += "[\n".utf8
            for (index, item) in items.enumerated() {
                Self.indent(&output, indentation + 1)
                item.write(into: &output, indentation: indentation + 1)
                output += (index == items.count - 1 ? "\n" : ",\n").utf8
            }
            Self.indent(&output, indentation)
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            guard !fields.isEmpty else { output += "{}".utf8; return }
            output += "{\n".utf8
            let keys = fields.keys.sorted()
            for (index, key) in keys.enumerated() {
                Self.indent(&output, indentation + 1)
                Self.writeString(key, into: &output)
                output += ": ".utf8
                fields[key]?.write(into: &output, indentation: indentation + 1)
                output += (index == keys.count - 1 ? "\n" : ",\n").utf8
            }
            Self.indent(&output, indentation)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func indent(_ output: inout [UInt8], _ levels: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * levels))
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, and the line
    /// separators U+2028 and U+2029 too, so the text is also safe inside JavaScript. Runs that
    /// need no escape are copied whole.
    private static func writeString(_ value: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var run = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: String
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    output += UnsafeBufferPointer(rebasing: bytes[run..<index])
                    output += escape.utf8
                    index += 3
                    run = index
                    continue
                default:
                    index += 1
                    continue
                }
                output += UnsafeBufferPointer(rebasing: bytes[run..<index])
                output += escape.utf8
                index += 1
                run = index
            }
            output += UnsafeBufferPointer(rebasing: bytes[run...])
        }
        output.append(UInt8(ascii: "\""))
    }
}

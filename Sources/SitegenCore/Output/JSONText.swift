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
        text(indentation: 0) + "\n"
    }

    /// The value as it is written when it stands `indentation` levels deep.
    func text(indentation: Int) -> String {
        var output = ""
        write(into: &output, indentation: indentation)
        return output
    }

    private func write(into output: inout String, indentation: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.writeString(value, into: &output)
        case .raw(let text): output += text
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: "  ", count: indentation + 1)
                item.write(into: &output, indentation: indentation + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indentation) + "]"
        case .object(let fields):
            guard !fields.isEmpty else { output += "{}"; return }
            output += "{\n"
            let keys = fields.keys.sorted()
            for (index, key) in keys.enumerated() {
                output += String(repeating: "  ", count: indentation + 1)
                Self.writeString(key, into: &output)
                output += ": "
                fields[key]?.write(into: &output, indentation: indentation + 1)
                output += index == keys.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indentation) + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, and the line
    /// separators U+2028 and U+2029 too, so the text is also safe inside JavaScript.
    private static func writeString(_ value: String, into output: inout String) {
        output += "\""
        var run = value.unicodeScalars.startIndex
        var index = run
        let scalars = value.unicodeScalars
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{2028}": escape = "\\u2028"
            case "\u{2029}": escape = "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escape = nil
                }
            }
            if let escape {
                output += value[run..<index]
                output += escape
                run = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output += value[run...]
        output += "\""
    }
}

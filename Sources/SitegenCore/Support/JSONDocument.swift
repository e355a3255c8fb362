/// A JSON text (RFC 8259) read into a tree whose every value knows the byte offset it starts at,
/// so that a problem in a file an author wrote (a Lottie animation) is reported at its line and
/// column. Foundation's reader says neither. Bounded: nesting deeper than `maximumDepth` and
/// numbers that are not JSON are refused with their position, and nothing is allocated beyond
/// the text's own size.
struct JSONDocument: Sendable {
    /// One value and where it starts in the text.
    struct Node: Sendable {
        var value: Value
        /// The byte offset of the value's first byte.
        var offset: Int
    }

    indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Node])
        /// Members in the order written; a repeated key keeps each occurrence.
        case object([(key: String, value: Node)])
    }

    /// Why a text is not JSON, and where.
    struct Problem: Error, Sendable, Equatable {
        var message: String
        var offset: Int
    }

    static let maximumDepth = 512

    let root: Node

    /// Reads `bytes` (UTF-8) as one JSON value with nothing but white space around it.
    init(_ bytes: [UInt8]) throws(Problem) {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let root = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw Problem(message: "unexpected text after the JSON value", offset: reader.index) }
        self.root = root
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func value(depth: Int) throws(Problem) -> Node {
            guard index < bytes.count else { throw Problem(message: "the JSON ends where a value should be", offset: index) }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard depth < JSONDocument.maximumDepth else { throw Problem(message: "nested more than \(JSONDocument.maximumDepth) deep", offset: start) }
                return Node(value: .object(try object(depth: depth)), offset: start)
            case UInt8(ascii: "["):
                guard depth < JSONDocument.maximumDepth else { throw Problem(message: "nested more than \(JSONDocument.maximumDepth) deep", offset: start) }
                return Node(value: .array(try array(depth: depth)), offset: start)
            case UInt8(ascii: "\""):
                return Node(value: .string(try string()), offset: start)
            case UInt8(ascii: "t"):
                try literal("true")
                return Node(value: .bool(true), offset: start)
            case UInt8(ascii: "f"):
                try literal("false")
                return Node(value: .bool(false), offset: start)
            case UInt8(ascii: "n"):
                try literal("null")
                return Node(value: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return Node(value: .number(try number()), offset: start)
            default:
                throw Problem(message: "unexpected \(Self.describe(bytes[index])) where a value should be", offset: start)
            }
        }

        mutating func object(depth: Int) throws(Problem) -> [(key: String, value: Node)] {
            index += 1
            var members: [(key: String, value: Node)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw Problem(message: index < bytes.count ? "expected a quoted key, found \(Self.describe(bytes[index]))" : "the JSON ends inside an object", offset: index)
                }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw Problem(message: "expected ':' after the key \"\(key)\"", offset: index)
                }
                index += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw Problem(message: "the JSON ends inside an object", offset: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return members
                } else {
                    throw Problem(message: "expected ',' or '}' in an object, found \(Self.describe(bytes[index]))", offset: index)
                }
            }
        }

        mutating func array(depth: Int) throws(Problem) -> [Node] {
            index += 1
            var items: [Node] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return items
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw Problem(message: "the JSON ends inside an array", offset: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return items
                } else {
                    throw Problem(message: "expected ',' or ']' in an array, found \(Self.describe(bytes[index]))", offset: index)
                }
            }
        }

        mutating func literal(_ word: StaticString) throws(Problem) {
            let start = index
            let matches = word.withUTF8Buffer { word in
                index + word.count <= bytes.count && word.indices.allSatisfy { bytes[index + $0] == word[$0] }
            }
            guard matches else { throw Problem(message: "unexpected \(Self.describe(bytes[index])) where a value should be", offset: start) }
            index += word.utf8CodeUnitCount
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as a Double.
        mutating func number() throws(Problem) -> Double {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integer = index
            guard digits() > 0 else { throw Problem(message: "a number needs digits after '-'", offset: start) }
            if bytes[integer] == UInt8(ascii: "0"), index - integer > 1 {
                throw Problem(message: "a number may not start with 0 followed by digits", offset: start)
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw Problem(message: "a number needs digits after '.'", offset: start) }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw Problem(message: "a number needs digits in its exponent", offset: start) }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw Problem(message: "the number \(text) is out of range", offset: start) }
            return value
        }

        /// A string after its opening quote: escapes decoded (a lone surrogate becomes U+FFFD),
        /// control characters refused, the bytes checked as UTF-8.
        mutating func string() throws(Problem) -> String {
            let start = index
            index += 1
            var result: [UInt8] = []
            var run = index
            while true {
                guard index < bytes.count else { throw Problem(message: "a string that never ends", offset: start) }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    result += bytes[run..<index]
                    index += 1
                    break
                }
                if byte < 0x20 { throw Problem(message: "a control character inside a string; write it as an escape", offset: index) }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                result += bytes[run..<index]
                index += 1
                guard index < bytes.count else { throw Problem(message: "a string that never ends", offset: start) }
                switch bytes[index] {
                case UInt8(ascii: "\""): result.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): result.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    let escape = index - 1
                    var scalar = try hex4(at: index + 1, escape: escape)
                    index += 4
                    if (0xD800..<0xDC00).contains(scalar), index + 6 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                        bytes[index + 2] == UInt8(ascii: "u"), let low = try? hex4(at: index + 3, escape: escape), (0xDC00..<0xE000).contains(low)
                    {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    result += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default:
                    throw Problem(message: "'\\\(Self.describe(bytes[index]))' is not an escape JSON has", offset: index - 1)
                }
                index += 1
                run = index
            }
            guard let text = String(validating: result, as: UTF8.self) else {
                throw Problem(message: "a string that is not UTF-8 text", offset: start)
            }
            return text
        }

        func hex4(at position: Int, escape: Int) throws(Problem) -> UInt32 {
            guard position + 4 <= bytes.count else { throw Problem(message: "'\\u' needs four hex digits", offset: escape) }
            var value: UInt32 = 0
            for byte in bytes[position..<position + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw Problem(message: "'\\u' needs four hex digits", offset: escape)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        static func describe(_ byte: UInt8) -> String {
            if (0x21..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
            let digits = Array("0123456789ABCDEF")
            return "byte 0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
        }
    }
}

extension JSONDocument.Node {
    /// The member `key` of an object (its last occurrence, as JavaScript reads it); nil for
    /// anything else.
    subscript(key: String) -> JSONDocument.Node? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var items: [JSONDocument.Node]? {
        if case .array(let items) = value { return items }
        return nil
    }

    var isObject: Bool {
        if case .object = value { return true }
        return false
    }
}

extension JSONDocument.Node {
    /// The value as compact JSON text: what was read, written again (numbers in their shortest
    /// form, strings escaped as JSON requires).
    var serialized: [UInt8] {
        var output: [UInt8] = []
        write(into: &output)
        return output
    }

    private func write(into output: inout [UInt8]) {
        switch value {
        case .null: output += Array("null".utf8)
        case .bool(let value): output += Array((value ? "true" : "false").utf8)
        case .number(let value):
            output += Array((value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)").utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                output += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The node with `replace` applied to every node under it (itself included), depth first.
    func rewritten(_ replace: (JSONDocument.Node) -> JSONDocument.Node) -> JSONDocument.Node {
        var node = self
        switch value {
        case .array(let items): node.value = .array(items.map { $0.rewritten(replace) })
        case .object(let members): node.value = .object(members.map { ($0.key, $0.value.rewritten(replace)) })
        default: break
        }
        return replace(node)
    }
}

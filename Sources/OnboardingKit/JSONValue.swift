/// A JSON value: what the manifest's types are written as, and their schema. Written as text,
/// with two-space indentation for people or compact for programs, keys in the order given (the
/// manifest's types give theirs sorted), so the same value always gives the same bytes.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    /// An object's members, in the order they are written.
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: return false
        }
    }

    /// The value as pretty-printed JSON in UTF-8, ending with a newline.
    public var utf8: [UInt8] {
        var output = utf8(indentation: 0)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// The value as pretty-printed JSON, ending with a newline.
    public var text: String {
        String(decoding: utf8, as: UTF8.self)
    }

    /// The value in UTF-8 as it is written when it stands `indentation` levels deep, into a
    /// buffer made for about `expectedSize` bytes.
    public func utf8(indentation: Int, expectedSize: Int = 0) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(expectedSize)
        write(into: &output, indentation: indentation)
        return output
    }

    /// The value as compact JSON in UTF-8 (no space or line break between tokens), into a buffer
    /// made for about `expectedSize` bytes: what programs read, a third smaller than indented.
    public func compactUTF8(expectedSize: Int = 0) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(expectedSize)
        writeCompact(into: &output)
        return output
    }

    func writeCompact(into output: inout [UInt8]) {
        switch self {
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.writeCompact(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.writeCompact(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        default:
            write(into: &output, indentation: 0)
        }
    }

    private func write(into output: inout [UInt8], indentation: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        case .string(let value): Self.writeString(value, into: &output)
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
        case .object(let members):
            guard !members.isEmpty else { output += "{}".utf8; return }
            output += "{\n".utf8
            for (index, member) in members.enumerated() {
                Self.indent(&output, indentation + 1)
                Self.writeString(member.key, into: &output)
                output += ": ".utf8
                member.value.write(into: &output, indentation: indentation + 1)
                output += (index == members.count - 1 ? "\n" : ",\n").utf8
            }
            Self.indent(&output, indentation)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private static func indent(_ output: inout [UInt8], _ levels: Int) {
        let count = 2 * levels
        if count <= spaces.count {
            spaces.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, and the line
    /// separators U+2028 and U+2029 too, so the text is also safe inside JavaScript. The scan reads
    /// eight bytes at a time and goes straight to the first that may need an escape, so runs of
    /// plain text, in any script, are copied whole. The literal is written into a buffer with room
    /// for the worst case and appended once: HTML in JSON escapes a quote or a line every few
    /// bytes, and an array append for each run between them cost more than the scan.
    static func writeString(_ value: String, into output: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            // Every byte a six-byte `\u00XX` at worst, and the two quotes.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 6 + 2) { buffer in
                let count = escape(bytes, into: buffer)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }

    /// Writes `bytes` as a JSON string literal into `buffer`, which has room for six bytes each
    /// and two more; returns how many it wrote.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else {
            buffer[0] = UInt8(ascii: "\"")
            buffer[1] = UInt8(ascii: "\"")
            return 2
        }
        let raw = UnsafeRawBufferPointer(bytes)
        let hex = (UInt8(ascii: "0"), UInt8(ascii: "a") - 10)
        var written = 0
        func put(_ byte: UInt8) {
            target[written] = byte
            written += 1
        }
        func copy(_ range: Range<Int>) {
            (target + written).update(from: source + range.lowerBound, count: range.count)
            written += range.count
        }
        put(UInt8(ascii: "\""))
        var run = 0
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let found = candidates(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if found == 0 {
                    index += 8
                    continue
                }
                index += found.trailingZeroBitCount >> 3
            }
            let byte = bytes[index]
            // The byte after the backslash of a two-byte escape, or 0 for none.
            let escaped: UInt8
            switch byte {
            case UInt8(ascii: "\""): escaped = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
            case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
            case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
            case 0..<0x20: escaped = 0
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                copy(run..<index)
                for byte in (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8 { put(byte) }
                index += 3
                run = index
                continue
            default:
                index += 1
                continue
            }
            copy(run..<index)
            put(UInt8(ascii: "\\"))
            if escaped != 0 {
                put(escaped)
            } else {
                for byte in "u00".utf8 { put(byte) }
                for digit in [byte >> 4, byte & 0xF] { put(digit + (digit < 10 ? hex.0 : hex.1)) }
            }
            index += 1
            run = index
        }
        copy(run..<bytes.count)
        put(UInt8(ascii: "\""))
        return written
    }

    /// The high bit of each of eight bytes that may need an escape: a control character, a quote,
    /// a backslash, or 0xE2, the first byte of U+2028 and U+2029 (the usual bit tricks for
    /// finding a byte in a word). A borrow can mark a byte after a marked one, never before it,
    /// so the lowest mark is exact.
    private static func candidates(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let control = (word &- ones &* 0x20) & ~word
        let quote = zeroBytes(word ^ (ones &* 0x22))
        let backslash = zeroBytes(word ^ (ones &* 0x5C))
        let separator = zeroBytes(word ^ (ones &* 0xE2))
        return (control | quote | backslash | separator) & highBits
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object with its members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }) }
}

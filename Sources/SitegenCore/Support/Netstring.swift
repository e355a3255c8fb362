/// Netstrings (D. J. Bernstein's `5:hello,`): each string prefixed with its length in decimal,
/// so any bytes at all (newlines, spaces, NUL) fit, and reading is one pass without escapes.
/// The build cache is written in them.
struct NetstringWriter {
    private(set) var bytes: [UInt8] = []

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { content in
            appendDigits(of: UInt(content.count))
            bytes.append(UInt8(ascii: ":"))
            bytes += content
            bytes.append(UInt8(ascii: ","))
        }
    }

    mutating func add(_ number: Int) {
        let length = Self.digitCount(of: number.magnitude) + (number < 0 ? 1 : 0)
        appendDigits(of: UInt(length))
        bytes.append(UInt8(ascii: ":"))
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: number.magnitude)
        bytes.append(UInt8(ascii: ","))
    }

    /// Appends `value` in decimal, without going through a String.
    private mutating func appendDigits(of value: UInt) {
        let count = Self.digitCount(of: value)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var rest = value
        var index = bytes.count
        while rest > 0 {
            index -= 1
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    private static func digitCount(of value: UInt) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}

/// Reads netstrings back in order; every read returns nil once the input is malformed.
struct NetstringReader {
    private let bytes: [UInt8]
    private var position: Int
    private var failed = false

    init(_ bytes: [UInt8], from position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// True when every byte has been read.
    var isAtEnd: Bool { !failed && position == bytes.count }

    mutating func string() -> String? {
        guard let range = next() else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    mutating func int() -> Int? {
        guard let range = next() else { return nil }
        return Self.decimal(bytes[range])
    }

    /// The byte range of the next netstring's content.
    private mutating func next() -> Range<Int>? {
        guard !failed, let colon = bytes[position...].prefix(20).firstIndex(of: UInt8(ascii: ":")),
            let length = Self.decimal(bytes[position..<colon]), length >= 0, length <= bytes.count - colon - 2,
            bytes[colon + 1 + length] == UInt8(ascii: ",")
        else {
            failed = true
            return nil
        }
        position = colon + length + 2
        return colon + 1..<colon + 1 + length
    }

    /// A decimal integer, optionally negative; nil for anything else, or when it overflows.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        var rest = digits
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 19 else { return nil }
        var value = 0
        for byte in rest {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return negative ? -value : value
    }
}

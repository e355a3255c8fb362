/// Reads back what `RecordEncoder` wrote, as the same type. Anything short, malformed or of
/// another shape throws: a cache that cannot be read is a cache not there. Every count is checked
/// against the bytes left before anything is allocated for it.
struct RecordDecoder {
    /// The value `bytes` (from `from` on) hold, which must be all of them.
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], at start: Int = 0) throws -> Value {
        let source = RecordSource(bytes, at: start)
        let value = try source.value(type)
        guard source.offset == bytes.count else { throw source.malformed("bytes after the record") }
        return value
    }
}

/// The bytes of a record being read, and how far the reading has got: shared by every container.
final class RecordSource {
    let bytes: [UInt8]
    var offset: Int
    /// The coding of each type read so far.
    private var codings: [ObjectIdentifier: RecordCoding] = [:]

    init(_ bytes: [UInt8], at offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    func malformed(_ what: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "not a record: \(what) at byte \(offset)"))
    }

    func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw malformed("the end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    func int() throws -> Int {
        guard bytes.count - offset >= 8 else { throw malformed("the end") }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Int(Int64(bitPattern: value))
    }

    /// A count of things each taking at least `size` bytes, which the bytes left must have room for.
    func count(each size: Int) throws -> Int {
        let count = try int()
        guard count >= 0, count <= (bytes.count - offset) / max(1, size) else { throw malformed("a count of \(count)") }
        return count
    }

    func string() throws -> String {
        let length = try count(each: 1)
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// An optional value as `RecordSink.add(_:_:)` writes it, its value read by `read`.
    func optional<Value>(_ read: () throws -> Value) throws -> Value? {
        try bool() ? try read() : nil
    }

    func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw malformed("a flag that is neither 0 nor 1")
        }
    }

    func integer<Number: BinaryInteger>(_ type: Number.Type) throws -> Number {
        let value = try int()
        guard let exact = Number(exactly: value) else { throw malformed("\(value), out of range for \(Number.self)") }
        return exact
    }

    func double() throws -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }

    func value<Value: Decodable>(_ type: Value.Type) throws -> Value {
        switch RecordCoding.of(type, in: &codings) {
        case .refused: throw malformed("a dictionary, which records do not hold")
        case .own(let own):
            // `own` is `Value` itself: the coding was found from this very type.
            return try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
                guard let slot = buffer.baseAddress else { throw malformed("no room for a value") }
                try own.readRecord(into: UnsafeMutableRawPointer(slot), from: self)
                return slot.move()
            }
        case .derived: return try Value(from: RecordDecoding(source: self))
        }
    }
}

private struct RecordDecoding: Decoder {
    let source: RecordSource
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedRecordDecoding(source: source))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try UnkeyedRecordDecoding(source: source)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleRecordDecoding(source: source)
    }
}

private struct KeyedRecordDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: RecordSource
    var codingPath: [any CodingKey] = []
    /// Fields have no names in a record, so a type that asks which keys it holds (a dictionary)
    /// is refused by `contains` finding none of them.
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { throw source.malformed("a nil outside an optional field") }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try source.double() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try source.double()) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source.int() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try source.integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try source.integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try source.integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try source.integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try source.integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try source.integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try source.integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try source.integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try source.integer(type) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value { try source.value(type) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(type) }
    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? { try present(type) }

    private func present<Value: Decodable>(_ type: Value.Type) throws -> Value? {
        try source.optional { try source.value(type) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(KeyedRecordDecoding<NestedKey>(source: source))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try UnkeyedRecordDecoding(source: source)
    }

    func superDecoder() throws -> any Decoder { RecordDecoding(source: source) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RecordDecoding(source: source) }
}

private struct UnkeyedRecordDecoding: UnkeyedDecodingContainer {
    let source: RecordSource
    var codingPath: [any CodingKey] = []
    let count: Int?
    private(set) var currentIndex = 0

    init(source: RecordSource) throws {
        self.source = source
        count = try source.count(each: 1)
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private mutating func next() throws {
        guard !isAtEnd else { throw source.malformed("more elements than the array holds") }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(); return try source.bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(); return try source.string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(); return try source.double() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(); return Float(try source.double()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(); return try source.int() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(); return try source.integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(); return try source.integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(); return try source.integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(); return try source.integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(); return try source.integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(); return try source.integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(); return try source.integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(); return try source.integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(); return try source.integer(type) }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next(); return try source.value(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return KeyedDecodingContainer(KeyedRecordDecoding<NestedKey>(source: source))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next()
        return try UnkeyedRecordDecoding(source: source)
    }

    mutating func superDecoder() throws -> any Decoder {
        try next()
        return RecordDecoding(source: source)
    }
}

private struct SingleRecordDecoding: SingleValueDecodingContainer {
    let source: RecordSource
    var codingPath: [any CodingKey] = []

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try source.bool() }
    func decode(_ type: String.Type) throws -> String { try source.string() }
    func decode(_ type: Double.Type) throws -> Double { try source.double() }
    func decode(_ type: Float.Type) throws -> Float { Float(try source.double()) }
    func decode(_ type: Int.Type) throws -> Int { try source.int() }
    func decode(_ type: Int8.Type) throws -> Int8 { try source.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try source.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try source.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try source.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try source.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try source.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try source.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try source.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try source.integer(type) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try source.value(type) }
}

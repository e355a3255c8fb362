/// Encodes a `Codable` value as a compact record for sitegen's own caches: fields in the order
/// the type encodes them, without their names; integers as 8 little-endian bytes, strings and
/// arrays after their length, an optional after one byte saying whether it is there. Reading it
/// back (`RecordDecoder`) needs the same type, so every cache file starts with its format line,
/// and a change to a cached type changes that line.
///
/// Dictionaries and enums with associated values, whose synthesized coding needs the keys
/// written out, are not supported, nor is an optional anywhere but a field of its own: both
/// coders refuse them rather than write what cannot be read.
struct RecordEncoder {
    /// The record of `value`.
    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        Array(try encodeInChunks(value).joined())
    }

    /// The record of `value` in chunks of `RecordSink.chunkSize` bytes but the last, never
    /// joined: a large cache's record is never held twice while it grows.
    static func encodeInChunks<Value: Encodable>(_ value: Value) throws -> [[UInt8]] {
        let sink = RecordSink()
        try SingleRecordEncoding(sink: sink).write(value)
        return sink.chunks
    }

    /// What a type kept only in records (`RecordCodable`) says to any other coder.
    static let recordOnly = "kept only in sitegen's cache records"

    static func unsupported(_ what: String) -> EncodingError {
        EncodingError.invalidValue(what, .init(codingPath: [], debugDescription: "a record cannot hold \(what)"))
    }
}

/// A type that writes and reads its own record, field by field in the same order as its Codable
/// coding would: the coders use it instead of going through `Encoder` and `Decoder`, which costs
/// a dynamic call per field, for the values a cache holds by the thousand.
protocol RecordCodable {
    func write(to sink: RecordSink)
    init(record source: RecordSource) throws
}

extension RecordCodable {
    /// Writes the `Self` that `pointer` holds. The coders find a value's coding from its type
    /// once per type, then write it through here rather than cast each value to an existential,
    /// a cast that cost more than the writing.
    static func writeRecord(at pointer: UnsafeRawPointer, to sink: RecordSink) {
        pointer.assumingMemoryBound(to: Self.self).pointee.write(to: sink)
    }

    /// Reads a `Self` into the uninitialized memory at `pointer`, which is left uninitialized
    /// when reading throws.
    static func readRecord(into pointer: UnsafeMutableRawPointer, from source: RecordSource) throws {
        pointer.initializeMemory(as: Self.self, to: try Self(record: source))
    }
}

extension Array: RecordCodable where Element: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(count)
        forEach { $0.write(to: sink) }
    }

    init(record source: RecordSource) throws {
        let count = try source.count(each: 1)
        self.init()
        // A count is checked against the bytes left, one byte an element, but an element takes
        // more room in memory than that: a forged count must not make the reservation huge.
        reserveCapacity(Swift.min(count, 1 << 12))
        for _ in 0..<count { append(try Element(record: source)) }
    }
}

extension String: RecordCodable {
    func write(to sink: RecordSink) { sink.add(self) }
    init(record source: RecordSource) throws { self = try source.string() }
}

/// Types whose coding needs the names of their keys, which a record does not keep.
protocol RecordRefused {}
extension Dictionary: RecordRefused {}

/// How the coders write and read values of one type: found once per type and kept by the sink or
/// source, since the casts that tell cost more than writing most values.
enum RecordCoding {
    case refused
    /// A `RecordCodable` type, which codes itself.
    case own(any RecordCodable.Type)
    /// Any other type, coded through `Encoder` and `Decoder`.
    case derived

    init(of type: Any.Type) {
        if type is any RecordRefused.Type {
            self = .refused
        } else if let own = type as? any RecordCodable.Type {
            self = .own(own)
        } else {
            self = .derived
        }
    }

    /// `type`'s coding, from `known` or found and added to it.
    static func of(_ type: Any.Type, in known: inout [ObjectIdentifier: RecordCoding]) -> RecordCoding {
        let key = ObjectIdentifier(type)
        if let coding = known[key] { return coding }
        let coding = RecordCoding(of: type)
        known[key] = coding
        return coding
    }
}

/// The bytes of a record being written, shared by every container, in chunks of `chunkSize`
/// (the last one filling), so that growing never copies what is written.
final class RecordSink {
    static let chunkSize = 1 << 20
    private var full: [[UInt8]] = []
    private var current: [UInt8] = []
    /// The coding of each type written so far.
    var codings: [ObjectIdentifier: RecordCoding] = [:]

    /// How many bytes have been written.
    var count: Int { full.count * Self.chunkSize + current.count }

    /// Every byte written, in chunks.
    var chunks: [[UInt8]] { full + [current] }

    func append(_ byte: UInt8) {
        if current.count == Self.chunkSize { startChunk() }
        current.append(byte)
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count <= Self.chunkSize - current.count, !current.isEmpty {
            current.append(contentsOf: bytes)
            return
        }
        var start = 0
        while start < bytes.count {
            if current.count == Self.chunkSize { startChunk() }
            let end = min(bytes.count, start + Self.chunkSize - current.count)
            if current.isEmpty { current.reserveCapacity(min(Self.chunkSize, max(bytes.count, 4096))) }
            // A buffer, not a slice of one: appended with one copy rather than byte by byte.
            current.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
    }

    /// Writes `value` over the eight bytes at `position`, already written (by `add(_:)`).
    func replace(at position: Int, with value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes in
            let (chunk, offset) = position.quotientAndRemainder(dividingBy: Self.chunkSize)
            if chunk == full.count {
                current.withUnsafeMutableBytes { UnsafeMutableRawBufferPointer(rebasing: $0[offset..<offset + 8]).copyMemory(from: bytes) }
                return
            }
            // A slot in a full chunk, which may run on into the next one.
            for (index, byte) in bytes.enumerated() {
                let (chunk, offset) = (position + index).quotientAndRemainder(dividingBy: Self.chunkSize)
                if chunk < full.count { full[chunk][offset] = byte } else { current[offset] = byte }
            }
        }
    }

    private func startChunk() {
        full.append(current)
        current = []
        current.reserveCapacity(Self.chunkSize)
    }

    func add(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { append($0) }
    }

    func add(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { append($0) }
    }

    func add(_ value: Bool) {
        append(value ? 1 : 0)
    }

    /// An optional value: one byte saying whether it is there, then the value written by `write`.
    func add<Value>(_ value: Value?, _ write: (Value) throws -> Void) rethrows {
        append(value == nil ? 0 : 1)
        if let value { try write(value) }
    }

    func add(_ text: String) {
        var text = text
        text.withUTF8 { content in
            add(content.count)
            append(UnsafeRawBufferPointer(content))
        }
    }
}

private struct RecordEncoding: Encoder {
    let sink: RecordSink
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedRecordEncoding(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedRecordEncoding(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleRecordEncoding(sink: sink)
    }
}

/// The values every container writes the same way.
private protocol RecordWriting {
    var sink: RecordSink { get }
}

extension RecordWriting {
    func write(_ value: Bool) { sink.add(value) }
    func write(_ value: String) { sink.add(value) }
    func write(_ value: Double) { sink.add(value.bitPattern) }
    func writeInteger<Number: BinaryInteger>(_ value: Number) throws {
        guard let exact = Int(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "an integer beyond 64 bits"))
        }
        sink.add(exact)
    }
    func write<Value: Encodable>(_ value: Value) throws {
        switch RecordCoding.of(Value.self, in: &sink.codings) {
        case .refused: throw RecordEncoder.unsupported("a dictionary")
        case .own(let own):
            // `own` is `Value` itself: the coding was found from this very type.
            withUnsafePointer(to: value) { own.writeRecord(at: UnsafeRawPointer($0), to: sink) }
        case .derived: try value.encode(to: RecordEncoding(sink: sink))
        }
    }
}

private struct KeyedRecordEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol, RecordWriting {
    let sink: RecordSink
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) throws { throw RecordEncoder.unsupported("a nil outside an optional field") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { write(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { write(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try writeInteger(value) }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws { try write(value) }

    // An optional is one byte, then the value when there is one.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws { try present(value) }

    private func present<Value: Encodable>(_ value: Value?) throws {
        try sink.add(value) { try write($0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(KeyedRecordEncoding<NestedKey>(sink: sink))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedRecordEncoding(sink: sink)
    }

    mutating func superEncoder() -> any Encoder { RecordEncoding(sink: sink) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RecordEncoding(sink: sink) }
}

/// An array: its count, kept up to date in the slot before its elements, then the elements.
private struct UnkeyedRecordEncoding: UnkeyedEncodingContainer, RecordWriting {
    let sink: RecordSink
    var codingPath: [any CodingKey] = []
    private(set) var count = 0
    private let countSlot: Int

    init(sink: RecordSink) {
        self.sink = sink
        countSlot = sink.count
        sink.add(0)
    }

    private mutating func counted() {
        count += 1
        sink.replace(at: countSlot, with: count)
    }

    mutating func encodeNil() throws { throw RecordEncoder.unsupported("an optional in an array") }
    mutating func encode(_ value: Bool) throws { counted(); write(value) }
    mutating func encode(_ value: String) throws { counted(); write(value) }
    mutating func encode(_ value: Double) throws { counted(); write(value) }
    mutating func encode(_ value: Int) throws { counted(); try writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { counted(); try writeInteger(value) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { counted(); try write(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        counted()
        return KeyedEncodingContainer(KeyedRecordEncoding<NestedKey>(sink: sink))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        counted()
        return UnkeyedRecordEncoding(sink: sink)
    }

    mutating func superEncoder() -> any Encoder {
        counted()
        return RecordEncoding(sink: sink)
    }
}

private struct SingleRecordEncoding: SingleValueEncodingContainer, RecordWriting {
    let sink: RecordSink
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws { throw RecordEncoder.unsupported("an optional outside a field") }
    mutating func encode(_ value: Bool) throws { write(value) }
    mutating func encode(_ value: String) throws { write(value) }
    mutating func encode(_ value: Double) throws { write(value) }
    mutating func encode(_ value: Float) throws { write(Double(value)) }
    mutating func encode(_ value: Int) throws { try writeInteger(value) }
    mutating func encode(_ value: Int8) throws { try writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try writeInteger(value) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try write(value) }
}

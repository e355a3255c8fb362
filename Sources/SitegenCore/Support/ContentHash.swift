/// A fast, stable 64-bit digest for telling content versions apart. Not cryptographic: it
/// detects change, it does not resist forgery.
///
/// Input is taken eight bytes at a time (little-endian, so every machine agrees), each word
/// mixed in by steps that are all invertible, so two inputs of the same length that differ in
/// one word always give different states. Every piece added ends with its length, so
/// `add("ab"); add("c")` and `add("a"); add("bc")` differ.
struct ContentHash: Sendable {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Adds `chunks` as one piece: the same digest as adding them joined. Every chunk but the
    /// last must hold a whole number of eight-byte words (as `RecordSink`'s do).
    mutating func add(chunks: [[UInt8]]) {
        var total = 0
        for (index, chunk) in chunks.enumerated() {
            total += chunk.count
            guard index < chunks.count - 1 else { break }
            precondition(chunk.count % 8 == 0, "a chunk but the last holds whole words")
            chunk.withUnsafeBytes { bytes in
                for offset in stride(from: 0, to: bytes.count, by: 8) {
                    mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                }
            }
        }
        guard let last = chunks.last else { return add([UInt8]()) }
        last.withUnsafeBytes { addWords($0, count: total) }
    }

    /// Adds a piece that `read` gives `chunkSize` bytes at a time, each from the offset it is
    /// given, until a chunk comes short: the same digest as adding the piece whole, with never
    /// more than a chunk in hand. `chunkSize` is a whole number of eight-byte words.
    mutating func add(chunksOf chunkSize: Int, read: (Int) throws -> [UInt8]) rethrows {
        precondition(chunkSize > 0 && chunkSize % 8 == 0, "chunks hold whole words")
        var total = 0
        while true {
            let chunk = try read(total)
            total += chunk.count
            guard chunk.count == chunkSize else {
                chunk.withUnsafeBytes { addWords($0, count: total) }
                return
            }
            chunk.withUnsafeBytes { bytes in
                for offset in stride(from: 0, to: bytes.count, by: 8) {
                    mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                }
            }
        }
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        addWords(bytes, count: bytes.count)
    }

    /// Adds a 64-bit value (another digest's `value`) as its eight little-endian bytes.
    mutating func add(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { add($0) }
    }

    /// Mixes in `bytes` and then `count`, the length of the whole piece they end.
    private mutating func addWords(_ bytes: UnsafeRawBufferPointer, count: Int) {
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() {
            tail |= UInt64(byte) << (8 * UInt64(shift))
        }
        mix(tail)
        mix(UInt64(count))
    }

    private mutating func mix(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    /// The digest: the state finished so that every bit depends on all.
    var value: UInt64 {
        var value = state
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    /// Sixteen lowercase hex digits of `value`.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

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

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
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
        mix(UInt64(bytes.count))
    }

    private mutating func mix(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    /// Sixteen lowercase hex digits of the state, finished so that every bit depends on all.
    var hex: String {
        var value = state
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

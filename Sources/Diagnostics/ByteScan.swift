#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scans of UTF-8 bytes that every page's whole text goes through, eight bytes at a time (or
/// with `memchr`), where a loop over single bytes cost about 8 instructions a byte.
package enum ByteScan {
    /// Whether `bytes` holds `byte`.
    package static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, Int32(byte), bytes.count) != nil
    }

    /// Whether `needle` occurs in `bytes`: `memchr` finds each place its first byte does, and
    /// only those are compared.
    package static func contains(_ needle: StaticString, in bytes: [UInt8]) -> Bool {
        needle.withUTF8Buffer { contains($0, in: bytes) }
    }

    /// Whether `needle` occurs in `bytes`, as `contains(_:in:)` with a `StaticString` finds it.
    package static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { contains($0, in: bytes) }
    }

    private static func contains(_ needle: UnsafeBufferPointer<UInt8>, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let pattern = needle.baseAddress, bytes.count >= needle.count else { return false }
            let last = bytes.count - needle.count
            var start = 0
            while start <= last, let found = memchr(base + start, Int32(pattern.pointee), last - start + 1) {
                let index = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + index, pattern, needle.count) == 0 { return true }
                start = index + 1
            }
            return false
        }
    }

    /// The index of the first byte in `bytes` that `matches`, looked for only in the eight-byte
    /// words whose high bits `candidates` sets for some byte (it may set more, never fewer).
    package static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, candidates: (UInt64) -> UInt64, where matches: (UInt8) -> Bool
    ) -> Int? {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= bytes.count {
            if candidates(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) != 0 {
                for offset in index..<(index + 8) where matches(bytes[offset]) { return offset }
            }
            index += 8
        }
        while index < bytes.count {
            if matches(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// High bits set for the bytes of `word` below `limit` (at most 0x80), and perhaps for
    /// bytes after one of them.
    package static func below(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// High bits set for the bytes of `word` equal to `byte`, and perhaps for bytes after one.
    package static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// High bits set for the bytes of `word` from 0x80 on: exactly those.
    package static func nonASCII(in word: UInt64) -> UInt64 {
        word & highBits
    }
}

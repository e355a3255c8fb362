#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ArraySlice<UInt8> {
    /// Where `pattern` first occurs, in the slice's own indices; nil when it does not, or is
    /// empty. Candidates are found with the C library's `memchr`: the standard library's generic
    /// `firstRange(of:)` compares element by element through protocol witnesses, which took 4 ms
    /// of every build over the 60 KB default stylesheet.
    func firstRange(ofBytes pattern: [UInt8]) -> Range<Int>? {
        guard let first = pattern.first, pattern.count <= count else { return nil }
        let found = withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let last = buffer.count - pattern.count
            var index = 0
            while index <= last {
                guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if pattern.indices.dropFirst().allSatisfy({ buffer[at + $0] == pattern[$0] }) { return at }
                index = at + 1
            }
            return nil
        }
        return found.map { startIndex + $0..<startIndex + $0 + pattern.count }
    }
}

extension Array<UInt8> {
    /// Where `pattern` first occurs (`ArraySlice.firstRange(ofBytes:)`).
    func firstRange(ofBytes pattern: [UInt8]) -> Range<Int>? {
        self[...].firstRange(ofBytes: pattern)
    }
}

extension ArraySlice<UInt8> {
    /// Where `pattern` first occurs, in the slice's own indices; nil when it does not, or is
    /// empty. Found by the C library's `memmem` (`Platform.find`): the standard library's generic
    /// `firstRange(of:)` compares element by element through protocol witnesses, which took 4 ms
    /// of every build over the 60 KB default stylesheet.
    func firstRange(ofBytes pattern: [UInt8]) -> Range<Int>? {
        guard !pattern.isEmpty, pattern.count <= count else { return nil }
        let found = withUnsafeBytes { haystack in pattern.withUnsafeBytes { Platform.find($0, in: haystack) } }
        return found.map { startIndex + $0..<startIndex + $0 + pattern.count }
    }
}

extension Array<UInt8> {
    /// Where `pattern` first occurs (`ArraySlice.firstRange(ofBytes:)`).
    func firstRange(ofBytes pattern: [UInt8]) -> Range<Int>? {
        self[...].firstRange(ofBytes: pattern)
    }
}

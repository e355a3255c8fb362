extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and line breaks.
    package var trimmingBlanks: String {
        // The bytes of a native string are looked at as one buffer, from each end: the generic
        // walk over every byte took a tenth of a microsecond a byte.
        if let kept = utf8.withContiguousStorageIfAvailable(Self.unblankedRange) {
            guard let kept else { return "" }
            let start = utf8.index(utf8.startIndex, offsetBy: kept.lowerBound)
            return String(self[start..<utf8.index(start, offsetBy: kept.count)])
        }
        let bytes = utf8
        var first: String.Index?
        var last = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if !Self.isBlank(byte) {
                if first == nil { first = index }
                last = index
            }
            index = bytes.index(after: index)
        }
        guard let first else { return "" }
        return String(self[first...last])
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The offsets from the first byte that is not blank to the last; nil when every byte is.
    private static func unblankedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { return nil }
        return first..<(last + 1)
    }
}

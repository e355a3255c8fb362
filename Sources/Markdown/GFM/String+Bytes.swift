extension String {
    /// Whether the text holds `needle`, compared byte by byte: Foundation's `contains` goes
    /// through its locale-aware search, which was a few percent of a build run on every text node.
    func containsBytes(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        var text = self
        return text.withUTF8 { bytes in
            guard bytes.count >= pattern.count, let first = pattern.first else { return pattern.isEmpty }
            var index = 0
            let last = bytes.count - pattern.count
            while index <= last {
                if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
                index += 1
            }
            return false
        }
    }
}

/// The bytes cmark parsed, by line, so that a node's source positions lead back to what was
/// written. Lines end at LF, CR LF or CR, as cmark reads them.
struct SourceText {
    let bytes: [UInt8]
    /// For each line, the range of its bytes without the line ending; line 1 is index 0.
    let lineRanges: [Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                ranges.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        lineRanges = ranges
    }

    /// The range of the line `offset` lies on (without its ending), found by halving.
    func lineRange(containing offset: Int) -> Range<Int>? {
        lineIndex(containing: offset).map { lineRanges[$0] }
    }

    /// The line (1-based) and byte column (1-based) of the byte at `offset`.
    func position(of offset: Int) -> (line: Int, column: Int)? {
        lineIndex(containing: offset).map { ($0 + 1, offset - lineRanges[$0].lowerBound + 1) }
    }

    private func lineIndex(containing offset: Int) -> Int? {
        var (low, high) = (0, lineRanges.count)
        while low < high {
            let middle = (low + high) / 2
            if lineRanges[middle].upperBound < offset { low = middle + 1 } else { high = middle }
        }
        return low < lineRanges.count && lineRanges[low].contains(offset) ? low : nil
    }

    /// Line `number` (1-based) without its ending; empty past the end.
    func line(_ number: Int) -> ArraySlice<UInt8> {
        guard number >= 1, number <= lineRanges.count else { return [] }
        return bytes[lineRanges[number - 1]]
    }
}

/// Where each line of a text's bytes starts, found once, so that the line and column of any byte
/// offset is a binary search: a minified file is one line of megabytes, and a scan from its start
/// for each position found made reporting thousands of problems take minutes.
struct LineIndex: Sendable {
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        starts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    }

    /// The line and byte column (1-based) of byte `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}

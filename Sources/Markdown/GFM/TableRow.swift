/// A row of a GFM table as written: its cells, split at unescaped pipes, as the GFM spec's
/// (and cmark-gfm's) table scanner splits them.
struct TableRow {
    /// One cell: its text with `\|` read as `|` and blanks trimmed, and where that text starts in the row.
    struct Cell {
        var text: [UInt8]
        var offset: Int
    }

    var cells: [Cell]

    /// The row `line` (a line without its ending, leading blanks skipped), or nil when no cell is found.
    init?(_ line: ArraySlice<UInt8>) {
        var row = Array(line.drop { $0 == 0x20 || $0 == 0x09 })
        let lead = line.count - row.count
        row.append(0x0A)
        var cells: [Cell] = []
        var offset = Self.cellEnd(row, 0)
        var expectMore = true
        while offset < row.count, expectMore {
            let cellLength = Self.cell(row, offset)
            let pipeLength = Self.cellEnd(row, offset + cellLength)
            if cellLength > 0 || pipeLength > 0 {
                var text = Self.unescapingPipes(row[offset..<(offset + cellLength)])
                var start = offset + lead
                while let first = text.first, first.isCmarkSpace {
                    text.removeFirst()
                    start += 1
                }
                while let last = text.last, last.isCmarkSpace { text.removeLast() }
                cells.append(Cell(text: text, offset: start))
            }
            offset += cellLength + pipeLength
            if pipeLength == 0 {
                offset += Self.rowEnd(row, offset)
                expectMore = false
            }
        }
        guard offset == row.count, !cells.isEmpty else { return nil }
        self.cells = cells
    }

    /// A column's alignment as a delimiter row gives it.
    enum Alignment: Sendable {
        case none, left, center, right
    }

    /// The alignments of a delimiter row (`| :-- | :-: | --: |`), or nil when `line` is not one.
    static func delimiters(_ line: ArraySlice<UInt8>) -> [Alignment]? {
        let bytes = Array(line.drop { $0 == 0x20 || $0 == 0x09 })
        guard isDelimiterRow(bytes), let row = TableRow(bytes[...]) else { return nil }
        return row.cells.map { cell in
            let left = cell.text.first == UInt8(ascii: ":")
            let right = cell.text.last == UInt8(ascii: ":")
            return left && right ? .center : left ? .left : right ? .right : .none
        }
    }

    /// `|? marker (| marker)* |? blank*`, each marker `blank* :? -+ :? blank*`.
    private static func isDelimiterRow(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func skipBlanks() { while index < bytes.count, isSpaceChar(bytes[index]) { index += 1 } }
        func marker() -> Bool {
            skipBlanks()
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            let dashes = index
            while index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index > dashes else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            skipBlanks()
            return true
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "|") { index += 1 }
        guard marker() else { return false }
        while index < bytes.count, bytes[index] == UInt8(ascii: "|") {
            index += 1
            let before = index
            if !marker() {
                index = before
                break
            }
        }
        skipBlanks()
        return index == bytes.count
    }

    private static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// The length of a cell's content at `offset`: escaped pipes and anything but a pipe or line end.
    private static func cell(_ row: [UInt8], _ offset: Int) -> Int {
        var index = offset
        while index < row.count {
            let byte = row[index]
            if byte == UInt8(ascii: "\\"), index + 1 < row.count, row[index + 1] == UInt8(ascii: "|") {
                index += 2
            } else if byte == UInt8(ascii: "|") || byte == 0x0A || byte == 0x0D || byte == 0 {
                break
            } else {
                index += 1
            }
        }
        return index - offset
    }

    /// `| blank*` at `offset`, or 0.
    private static func cellEnd(_ row: [UInt8], _ offset: Int) -> Int {
        guard offset < row.count, row[offset] == UInt8(ascii: "|") else { return 0 }
        var index = offset + 1
        while index < row.count, isSpaceChar(row[index]) { index += 1 }
        return index - offset
    }

    /// `blank* newline` at `offset`, or 0.
    private static func rowEnd(_ row: [UInt8], _ offset: Int) -> Int {
        var index = offset
        while index < row.count, isSpaceChar(row[index]) { index += 1 }
        guard index < row.count, row[index] == 0x0A else { return 0 }
        return index + 1 - offset
    }

    /// `\|` as `|`; every other backslash stays for cmark's inline parser.
    static func unescapingPipes(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "|") {
                index += 1
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}

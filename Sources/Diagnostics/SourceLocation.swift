/// A position in a text file: 1-based line, and 1-based column counted in Unicode scalars.
package struct SourceLocation: Sendable, Hashable, Comparable, Codable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A position in a template: 1-based line, and 1-based column counted in Unicode scalars.
package struct MustacheLocation: Sendable, Hashable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: MustacheLocation, rhs: MustacheLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

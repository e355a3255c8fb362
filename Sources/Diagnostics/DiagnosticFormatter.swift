/// Prints diagnostics as compilers do: `path:line:col: error: message`, then the offending line
/// with a caret and tildes under the problem.
package struct DiagnosticFormatter: Sendable {
    package init() {}

    package func format(_ diagnostic: Diagnostic) -> String {
        var header = Self.printable(diagnostic.path)
        if let location = diagnostic.location {
            header += ":\(location.line):\(location.column)"
        }
        header += ": \(diagnostic.severity.rawValue): \(Self.printable(diagnostic.message))"
        guard let location = diagnostic.location, let line = diagnostic.sourceLine else {
            return header
        }
        let scalars = Array(line.unicodeScalars)
        let lead = diagnostic.sourceLineOffset > 0 ? "…" : ""
        let prefix = scalars.prefix(max(0, location.column - 1 - diagnostic.sourceLineOffset))
        // The caret stands under its character as a terminal shows the line: a tab as a tab, an
        // escaped control character as its escape, a wide (East Asian) character as two cells,
        // a combining mark or joined emoji in the cell of what it joins.
        let padding = (lead.isEmpty ? "" : " ") + prefix.indices.map { index in
            let scalar = prefix[index]
            return scalar == "\t" ? "\t" : String(repeating: " ", count: Self.width(scalar, after: index > 0 ? prefix[index - 1] : nil))
        }.joined()
        // The underline spans the cells its characters take: two for each wide one.
        let underlined = prefix.count..<min(scalars.count, prefix.count + max(1, diagnostic.length))
        let cells = underlined.reduce(0) { cells, index in
            cells + (scalars[index] == "\t" ? 1 : Self.width(scalars[index], after: index > 0 ? scalars[index - 1] : nil))
        }
        let underline = "^" + String(repeating: "~", count: max(1, cells) - 1)
        let shown = scalars.map { $0 == "\t" ? "\t" : Self.printable($0) }.joined()
        return "\(header)\n\(lead)\(shown)\(diagnostic.sourceLineContinues ? "…" : "")\n\(padding)\(underline)"
    }

    /// `text` with every control character written as an escape (`\x1B`), so that nothing a site
    /// holds (a file name, a quoted line) can move the cursor, retitle or clear the terminal.
    package static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return text.unicodeScalars.map(printable).joined()
    }

    private static func printable(_ scalar: Unicode.Scalar) -> String {
        guard isControl(scalar) else { return String(scalar) }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return scalar.value > 0xFF ? "\\u{\(hex)}" : "\\x" + (hex.count == 1 ? "0" : "") + hex
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators (which some terminals and
    /// editors break lines at), and the bidirectional overrides that reorder what a line shows.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }

    /// How many cells a terminal gives `scalar` after `previous`: an escape's length for a
    /// control character, none for a combining mark, a format character (a joiner), what
    /// follows a zero-width joiner and a skin tone, two for a wide character, else one.
    private static func width(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Int {
        if isControl(scalar) { return printable(scalar).count }
        if previous == "\u{200D}" || (0x1F3FB...0x1F3FF).contains(scalar.value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return isWide(scalar) ? 2 : 1
        }
    }

    /// True for the characters a terminal shows two cells wide: CJK, Hangul, full-width forms, emoji.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// A stretch of text in one style: the `def:` style id without its prefix (`keyword`, `string`,
/// `comment`, …), or the empty string for text no style covers.
package struct TokenRun: Sendable, Hashable, Codable {
    package var style: String
    package var text: String

    package init(style: String, text: String) {
        self.style = style
        self.text = text
    }
}

/// Why a block was left plain.
package enum HighlightProblem: Error, Sendable, Equatable {
    /// No definition is known by that name.
    case unknownLanguage(String)
    /// The definition (or one it includes) did not load.
    case definitionFailed(LanguageLoadError)
    /// A pattern passed PCRE2's match or depth limit, or the block took too many matches.
    case tooComplex(String)
    /// The block is larger than `Highlighter.maximumBlockBytes`.
    case tooLarge(bytes: Int)
    /// A line of the block (its number) is longer than `Highlighter.maximumLineBytes`.
    case lineTooLong(line: Int, bytes: Int)
    /// Highlighting the block took more than `Highlighter.cpuSecondsPerBlock` of CPU time: a
    /// clock, not the text, decided, so the block's page cannot be made the same on every build.
    case tooSlow(String)

    /// Whether the problem is an error: a block left plain by the clock would make a page that
    /// differs from one build to the next.
    package var isError: Bool {
        if case .tooSlow = self { return true }
        return false
    }

    /// A sentence for a warning.
    package var message: String {
        switch self {
        case .unknownLanguage(let name): "unknown language '\(name)': the block is left plain"
        case .definitionFailed(let error): "the definition \(error.path) did not load (\(error.message)): the block is left plain"
        case .tooComplex(let detail): "highlighting stopped at PCRE2's limits (\(detail)): the block is left plain"
        case .tooLarge(let bytes):
            "the block is \((bytes + 1023) / 1024) KiB, more than the \(Highlighter.maximumBlockBytes / 1024) KiB sitegen highlights: it is left plain"
        case .lineTooLong(let line, let bytes):
            "line \(line) of the block is \(bytes) bytes long, more than the \(Highlighter.maximumLineBytes) sitegen highlights (patterns can take time that grows with the square of a line's length): the block is left plain"
        case .tooSlow(let detail):
            "highlighting took \(detail), which a definition this slow cannot be trusted to do the same on every build; shorten the block or mark it as plain text"
        }
    }
}

/// Highlights text with the library's languages.
package struct Highlighter: Sendable {
    package let library: LanguageLibrary

    /// The most steps one pattern match may take, past which the block is left plain, and the
    /// CPU time one block may take, past which it is an error. The time is a guard against a
    /// site's own slow definition: the size limit keeps the system's definitions well within it
    /// (GtkSourceView's shell definition, the slowest found, highlights hostile text at about
    /// 13 µs a byte, under 2 s for the largest block).
    package static let matchLimit = Int(RegexScratch.matchLimit)
    package static let cpuSecondsPerBlock = HighlightRun.cpuSeconds
    /// The largest block highlighted: a larger one is left plain, the same on every build.
    package static let maximumBlockBytes = 128 << 10
    /// The longest line of a block highlighted. One search of one pattern over a line, which
    /// nothing can stop, can take time that grows with the square of the line's length (Rust's
    /// patterns took 2 s over 20,000 letters, and 70 s over 110,000).
    package static let maximumLineBytes = 2_000

    /// The CPU time one block may take here (`cpuSecondsPerBlock` but in tests).
    package let cpuSeconds: Double

    package init(library: LanguageLibrary = LanguageLibrary(), cpuSeconds: Double = Highlighter.cpuSecondsPerBlock) {
        self.library = library
        self.cpuSeconds = cpuSeconds
    }

    /// The runs of `code` in the language `language` names (an id, alias, or glob match):
    /// adjacent runs of one style merged, their texts together exactly `code`.
    package func highlight(_ code: String, language: String) -> Result<[TokenRun], HighlightProblem> {
        guard let id = library.languageID(for: language) else { return .failure(.unknownLanguage(language)) }
        switch library.language(id) {
        case .failure(let error): return .failure(.definitionFailed(error))
        case .success(let compiled): return Self.highlight(code, with: compiled, cpuSeconds: cpuSeconds)
        }
    }

    /// The runs of `code` in a language already loaded.
    package func highlight(_ code: String, with language: CompiledLanguage) -> Result<[TokenRun], HighlightProblem> {
        Self.highlight(code, with: language, cpuSeconds: cpuSeconds)
    }

    /// `maximumBytes`: the largest block highlighted (the engine's comparison with GtkSourceView
    /// reads whole source files).
    static func highlight(
        _ code: String, with language: CompiledLanguage, cpuSeconds: Double = cpuSecondsPerBlock, maximumBytes: Int = maximumBlockBytes,
        maximumLineBytes: Int = maximumLineBytes
    ) -> Result<[TokenRun], HighlightProblem> {
        guard code.utf8.count <= maximumBytes else { return .failure(.tooLarge(bytes: code.utf8.count)) }
        if let long = longLine(in: code, longerThan: maximumLineBytes) { return .failure(.lineTooLong(line: long.line, bytes: long.bytes)) }
        let run = HighlightRun(language: language, text: code, cpuSeconds: cpuSeconds)
        do {
            try run.run()
        } catch {
            return .failure(error.isTime ? .tooSlow(error.message) : .tooComplex(error.message))
        }
        return .success(run.tokenRuns())
    }

    /// The first line of `code` longer than `limit` bytes: its number and length.
    static func longLine(in code: String, longerThan limit: Int) -> (line: Int, bytes: Int)? {
        var line = 1
        var length = 0
        for byte in code.utf8 {
            if byte == 0x0A || byte == 0x0D {
                if length > limit { return (line, length) }
                if byte == 0x0A { line += 1 }
                length = 0
            } else {
                length += 1
            }
        }
        return length > limit ? (line, length) : nil
    }
}

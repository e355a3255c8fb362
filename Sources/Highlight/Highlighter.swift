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

    /// A sentence for a warning.
    package var message: String {
        switch self {
        case .unknownLanguage(let name): "unknown language '\(name)': the block is left plain"
        case .definitionFailed(let error): "the definition \(error.path) did not load (\(error.message)): the block is left plain"
        case .tooComplex(let detail): "highlighting stopped at PCRE2's limits (\(detail)): the block is left plain"
        }
    }
}

/// Highlights text with the library's languages.
package struct Highlighter: Sendable {
    package let library: LanguageLibrary

    /// The most steps one pattern match may take, and the CPU time one block may: past either,
    /// the block is left plain.
    package static let matchLimit = Int(RegexScratch.matchLimit)
    package static let cpuSecondsPerBlock = HighlightRun.cpuSeconds

    package init(library: LanguageLibrary = LanguageLibrary()) {
        self.library = library
    }

    /// The runs of `code` in the language `language` names (an id, alias, or glob match):
    /// adjacent runs of one style merged, their texts together exactly `code`.
    package func highlight(_ code: String, language: String) -> Result<[TokenRun], HighlightProblem> {
        guard let id = library.languageID(for: language) else { return .failure(.unknownLanguage(language)) }
        switch library.language(id) {
        case .failure(let error): return .failure(.definitionFailed(error))
        case .success(let compiled): return Self.highlight(code, with: compiled)
        }
    }

    /// The runs of `code` in a language already loaded.
    package func highlight(_ code: String, with language: CompiledLanguage) -> Result<[TokenRun], HighlightProblem> {
        Self.highlight(code, with: language)
    }

    static func highlight(_ code: String, with language: CompiledLanguage) -> Result<[TokenRun], HighlightProblem> {
        let run = HighlightRun(language: language, text: code)
        do {
            try run.run()
        } catch {
            return .failure(.tooComplex(error.message))
        }
        return .success(run.tokenRuns())
    }
}

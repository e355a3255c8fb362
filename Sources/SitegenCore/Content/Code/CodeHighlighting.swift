import Diagnostics
import Highlight
import Synchronization

/// The highlighter one build shares between its flows: the languages it can load (a site's own
/// `languages/` first, then the system's), each block's runs remembered by language and text, and
/// whether any block asked for a language while no definitions were found at all.
final class CodeHighlighting: Sendable {
    let library: LanguageLibrary
    private let highlighter: Highlighter
    private let state = Mutex(State())

    private struct State {
        var runs: [Key: Result<[TokenRun], HighlightProblem>] = [:]
        var missedDefinitions = false
        /// How many blocks were highlighted, not found in memory.
        var highlighted = 0
    }

    private struct Key: Hashable {
        var language: String
        var code: String
    }

    init(library: LanguageLibrary) {
        self.library = library
        highlighter = Highlighter(library: library)
    }

    /// Whether a block asked for a language while no definition could be found at all.
    var missedDefinitions: Bool { state.withLock { $0.missedDefinitions } }

    /// `; did you mean 'swift'?` for a misspelt language, or the empty string.
    func suggestion(for word: String) -> String {
        Suggestion.didYouMean(word, in: library.names)
    }

    /// How many blocks this build highlighted (each distinct text and language once).
    var highlightedCount: Int { state.withLock { $0.highlighted } }

    /// What the language named `word` makes of `code`: its runs, a problem, or nil when no
    /// definitions are installed (noted, for one warning per build).
    func highlight(_ code: String, language word: String) -> (id: String, result: Result<[TokenRun], HighlightProblem>)? {
        guard !library.languages.isEmpty else {
            state.withLock { $0.missedDefinitions = true }
            return nil
        }
        guard let id = library.languageID(for: word) else { return (word, .failure(.unknownLanguage(word))) }
        let key = Key(language: id, code: code)
        if let known = state.withLock({ $0.runs[key] }) { return (id, known) }
        let result = highlighter.highlight(code, language: id)
        state.withLock { state in
            state.runs[key] = result
            state.highlighted += 1
        }
        return (id, result)
    }
}

import Diagnostics
import Highlight
import Synchronization

/// The highlighter one build shares between its flows: the languages it can load (a site's own
/// `languages/` first, then the system's), each block's runs remembered by a key of what made
/// them (also across builds, through `HighlightStore`), and whether any block asked for a
/// language while no definitions were found at all.
final class CodeHighlighting: Sendable {
    let library: LanguageLibrary
    private let highlighter: Highlighter
    /// What identifies the definitions: the system's files and the site's own.
    private let definitions: String
    /// The blocks earlier builds highlighted, read the first time a block needs them.
    private let loadStored: @Sendable () -> [String: [TokenRun]]
    private let state = Mutex(State())

    private struct State {
        var stored: [String: [TokenRun]]?
        /// The blocks this build showed, by key, and whether any was new.
        var used: [String: [TokenRun]] = [:]
        var failures: [String: HighlightProblem] = [:]
        var added = false
        var missedDefinitions = false
        /// Each info word's language, and each language compiled, as first found.
        var languageIDs: [String: String?] = [:]
        var compiled: [String: Result<CompiledLanguage, LanguageLoadError>] = [:]
        /// The blocks highlighted, neither remembered nor stored (two flows may meet one block at
        /// once and both highlight it; it counts once).
        var highlighted: Set<String> = []
    }

    init(library: LanguageLibrary, definitions: String = "", stored: @escaping @Sendable () -> [String: [TokenRun]] = { [:] }) {
        self.library = library
        self.definitions = definitions
        loadStored = stored
        highlighter = Highlighter(library: library)
    }

    /// Whether a block asked for a language while no definition could be found at all.
    var missedDefinitions: Bool { state.withLock { $0.missedDefinitions } }

    /// How many blocks this build highlighted (each distinct text and language once, and none
    /// that an earlier build had highlighted).
    var highlightedCount: Int { state.withLock { $0.highlighted.count } }

    /// What to keep for the next build, or nil when the store need not change: with `pruning`,
    /// only the blocks this build used (a whole site was built); otherwise those added to the rest.
    func storeToSave(pruning: Bool) -> HighlightStore? {
        state.withLock { state in
            let stored = state.stored ?? (state.used.isEmpty ? [:] : loadStored())
            if pruning {
                guard state.added || Set(stored.keys) != Set(state.used.keys) else { return nil }
                return HighlightStore(entries: state.used)
            }
            guard state.added else { return nil }
            return HighlightStore(entries: stored.merging(state.used) { _, new in new })
        }
    }

    /// `; did you mean 'swift'?` for a misspelt language, or the empty string.
    func suggestion(for word: String) -> String {
        Suggestion.didYouMean(word, in: library.names)
    }

    /// What the language named `word` makes of `code`: its runs, a problem, or nil when no
    /// definitions are installed (noted, for one warning per build).
    func highlight(_ code: String, language word: String) -> (id: String, result: Result<[TokenRun], HighlightProblem>)? {
        guard !library.languages.isEmpty else {
            state.withLock { $0.missedDefinitions = true }
            return nil
        }
        let found = state.withLock { $0.languageIDs[word] }
        let languageID = found ?? library.languageID(for: word)
        if found == nil { state.withLock { $0.languageIDs[word] = .some(languageID) } }
        guard let id = languageID else { return (word, .failure(.unknownLanguage(word))) }
        var hash = ContentHash()
        for part in [SitegenVersion.version, definitions, id, code] { hash.add(part) }
        let key = hash.hex
        let known = state.withLock { state -> Result<[TokenRun], HighlightProblem>? in
            if let runs = state.used[key] { return .success(runs) }
            if let problem = state.failures[key] { return .failure(problem) }
            if state.stored == nil { state.stored = loadStored() }
            // A stored entry counts only if it is this text: a key that collided is highlighted again.
            guard let runs = state.stored?[key], runs.map(\.text).joined() == code else { return nil }
            state.used[key] = runs
            return .success(runs)
        }
        if let known { return (id, known) }
        let language = state.withLock { $0.compiled[id] } ?? library.language(id)
        state.withLock { $0.compiled[id] = language }
        let result: Result<[TokenRun], HighlightProblem>
        switch language {
        case .success(let compiled): result = highlighter.highlight(code, with: compiled)
        case .failure(let error): result = .failure(.definitionFailed(error))
        }
        state.withLock { state in
            state.highlighted.insert(key)
            switch result {
            case .success(let runs):
                state.used[key] = runs
                state.added = true
            case .failure(let problem):
                state.failures[key] = problem
            }
        }
        return (id, result)
    }
}

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
    /// What identifies the definitions (the system's files and the site's own) and the program.
    private let definitions: String
    /// The blocks earlier builds highlighted, read the first time a block needs them.
    private let loadStored: @Sendable () -> [String: HighlightStore.Entry]
    private let state = Mutex(State())

    private struct State {
        var stored: [String: HighlightStore.Entry]?
        /// The blocks this build showed, by key, with the flows that show them, and whether any was new.
        var used: [String: HighlightStore.Entry] = [:]
        var failures: [String: HighlightProblem] = [:]
        var missedDefinitions = false
        /// Each info word's language, and each language compiled, as first found.
        var languageIDs: [String: String?] = [:]
        var compiled: [String: Result<CompiledLanguage, LanguageLoadError>] = [:]
        /// The blocks highlighted, neither remembered nor stored (two flows may meet one block at
        /// once and both highlight it; it counts once).
        var highlighted: Set<String> = []
    }

    init(
        library: LanguageLibrary, definitions: String = "", stored: @escaping @Sendable () -> [String: HighlightStore.Entry] = { [:] }
    ) {
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

    /// What to keep for the next build, or nil when the store need not change. With `rebuilt`
    /// nil, the whole site was built: only the blocks it showed are kept. Otherwise the flows in
    /// `rebuilt` were built again, and what they no longer show goes, unless another flow shows it.
    func storeToSave(rebuilt: Set<String>?) -> HighlightStore? {
        state.withLock { state in
            let stored = state.stored ?? loadStored()
            var entries = state.used
            if let rebuilt {
                for (key, entry) in stored {
                    let others = entry.flows.subtracting(rebuilt)
                    guard !others.isEmpty else { continue }
                    entries[key, default: HighlightStore.Entry(runs: entry.runs, flows: [])].flows.formUnion(others)
                }
            }
            return entries == stored ? nil : HighlightStore(entries: entries)
        }
    }

    /// `; did you mean 'swift'?` for a misspelt language, or the empty string.
    func suggestion(for word: String) -> String {
        Suggestion.didYouMean(word, in: library.names)
    }

    /// What the language named `word` makes of `code`: its runs, a problem, or nil when no
    /// definitions are installed (noted, for one warning per build).
    func highlight(_ code: String, language word: String, flow: String) -> (id: String, result: Result<[TokenRun], HighlightProblem>)? {
        guard !library.languages.isEmpty else {
            state.withLock { $0.missedDefinitions = true }
            return nil
        }
        let found = state.withLock { $0.languageIDs[word] }
        let languageID = found ?? library.languageID(for: word)
        if found == nil { state.withLock { $0.languageIDs[word] = .some(languageID) } }
        guard let id = languageID else { return (word, .failure(.unknownLanguage(word))) }
        var hash = ContentHash()
        for part in [definitions, id, code] { hash.add(part) }
        let key = hash.hex
        let known = state.withLock { state -> Result<[TokenRun], HighlightProblem>? in
            if let entry = state.used[key] {
                state.used[key]?.flows.insert(flow)
                return .success(entry.runs)
            }
            if let problem = state.failures[key] { return .failure(problem) }
            if state.stored == nil { state.stored = loadStored() }
            // A stored entry counts only if it is this text: a key that collided is highlighted again.
            guard let runs = state.stored?[key]?.runs, runs.map(\.text).joined() == code else { return nil }
            state.used[key] = HighlightStore.Entry(runs: runs, flows: [flow])
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
                state.used[key, default: HighlightStore.Entry(runs: runs, flows: [])].flows.insert(flow)
            case .failure(let problem):
                state.failures[key] = problem
            }
        }
        return (id, result)
    }
}

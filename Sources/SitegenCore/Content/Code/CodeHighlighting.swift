import Diagnostics
import Highlight
import Synchronization

/// The highlighter one build shares between its flows: the languages it can load (a site's own
/// `languages/` first, then the system's), each block's runs remembered by a key of what made
/// them (also across builds, each flow's in its own `HighlightStore`), and whether any block asked
/// for a language while no definitions were found at all.
final class CodeHighlighting: Sendable {
    let library: LanguageLibrary
    private let highlighter: Highlighter
    /// Whether any language definition was found: 0 until the first block looks, then 1 or 2.
    private let definitionsFound = Atomic<UInt8>(0)

    /// Whether any language definition was found, looked at once (by the first block), not by
    /// every block under the library's lock.
    private var hasDefinitions: Bool {
        var found = definitionsFound.load(ordering: .relaxed)
        if found == 0 {
            found = library.languages.isEmpty ? 2 : 1
            definitionsFound.store(found, ordering: .relaxed)
        }
        return found == 1
    }
    /// What identifies the definitions (the system's files and the site's own) and the program.
    private let definitions: String
    /// The blocks an earlier build kept for a flow, read the first time that flow needs them.
    private let loadStored: @Sendable (String) -> [String: [TokenRun]]
    private let state = Mutex(State())

    private struct State {
        /// Each flow's kept blocks, as read.
        var stored: [String: [String: [TokenRun]]] = [:]
        /// The blocks each flow showed in this build, by key, and all of them, by key.
        var used: [String: [String: [TokenRun]]] = [:]
        var memory: [String: [TokenRun]] = [:]
        var failures: [String: HighlightProblem] = [:]
        var missedDefinitions = false
        /// Each info word's language, and each language compiled, as first found.
        var languageIDs: [String: String?] = [:]
        var compiled: [String: Result<CompiledLanguage, LanguageLoadError>] = [:]
        /// The blocks highlighted, neither remembered nor kept (two flows may meet one block at
        /// once and both highlight it; it counts once).
        var highlighted: Set<Int> = []
    }

    /// `cpuSeconds`: what one block's highlighting may take (shorter in tests).
    init(
        library: LanguageLibrary, definitions: String = "", cpuSeconds: Double = Highlighter.cpuSecondsPerBlock,
        stored: @escaping @Sendable (String) -> [String: [TokenRun]] = { _ in [:] }
    ) {
        self.library = library
        self.definitions = definitions
        loadStored = stored
        highlighter = Highlighter(library: library, cpuSeconds: cpuSeconds)
    }

    /// Starts indexing the definitions (reading each `.lang` file's header, 10 ms for the
    /// system's 173) on a thread of its own, so that the first blocks do not wait for it under
    /// the library's lock while the build reads its theme and lists its flows.
    func startIndexing() {
        let library = library
        _ = Background { library.languages.count }
    }

    /// Whether a block asked for a language while no definition could be found at all.
    var missedDefinitions: Bool { state.withLock { $0.missedDefinitions } }

    /// How many blocks this build highlighted (each distinct text and language once, and none
    /// that an earlier build had kept).
    var highlightedCount: Int { state.withLock { $0.highlighted.count } }

    /// The blocks `flow` showed in this build, once it is made, and whether they differ from
    /// those an earlier build kept for it (nothing need be written when they do not). The flow's
    /// blocks are let go, so that a build holds the blocks of the flows in hand, not of the site.
    func take(flow: String) -> (store: HighlightStore, changed: Bool) {
        let (now, stored) = state.withLock { state in
            let now = state.used.removeValue(forKey: flow) ?? [:]
            for key in now.keys { state.memory[key] = nil }
            return (now, state.stored.removeValue(forKey: flow))
        }
        // A flow that showed no block read none of its kept ones: they are read (outside the lock) to tell whether any were.
        let before = stored ?? (now.isEmpty ? loadStored(flow) : [:])
        return (HighlightStore(entries: now), now != before)
    }

    /// `; did you mean 'swift'?` for a misspelt language, or the empty string.
    func suggestion(for word: String) -> String {
        Suggestion.didYouMean(word, in: library.names)
    }

    /// What the language named `word` makes of `code` on a page of `flow`: its runs, a problem,
    /// or nil when no definitions are installed (noted, for one warning per build).
    func highlight(_ code: String, language word: String, flow: String) -> (id: String, result: Result<[TokenRun], HighlightProblem>)? {
        guard hasDefinitions else {
            state.withLock { $0.missedDefinitions = true }
            return nil
        }
        // One lock for the language the word names and whether the flow's kept blocks are read.
        let (found, storedRead) = state.withLock { ($0.languageIDs[word], $0.stored[flow] != nil) }
        let languageID = found ?? library.languageID(for: word)
        if found == nil { state.withLock { $0.languageIDs[word] = .some(languageID) } }
        guard let id = languageID else { return (word, .failure(.unknownLanguage(word))) }
        var hash = ContentHash()
        for part in [definitions, id, code] { hash.add(part) }
        let key = hash.hex
        // The flow's kept blocks are read (a pack's range, decoded) outside the lock, which the
        // other cores' blocks wait for.
        if !storedRead {
            let loaded = loadStored(flow)
            state.withLock { state in
                if state.stored[flow] == nil { state.stored[flow] = loaded }
            }
        }
        // One lock for what is known of this block and its language; one more to record a new block.
        let (known, compiled) = state.withLock { state -> (Result<[TokenRun], HighlightProblem>?, Result<CompiledLanguage, LanguageLoadError>?) in
            if let problem = state.failures[key] { return (.failure(problem), nil) }
            // A kept entry counts only if it is this text: a key that collided is highlighted again.
            guard let runs = state.memory[key] ?? state.stored[flow]?[key].flatMap({ $0.map(\.text).joined() == code ? $0 : nil })
            else { return (nil, state.compiled[id]) }
            state.memory[key] = runs
            state.used[flow, default: [:]][key] = runs
            return (.success(runs), nil)
        }
        if let known { return (id, known) }
        let language = compiled ?? library.language(id)
        if compiled == nil { state.withLock { $0.compiled[id] = language } }
        let result: Result<[TokenRun], HighlightProblem>
        switch language {
        case .success(let compiled): result = highlighter.highlight(code, with: compiled)
        case .failure(let error): result = .failure(.definitionFailed(error))
        }
        state.withLock { state in
            state.highlighted.insert(key.hashValue)
            switch result {
            case .success(let runs):
                state.memory[key] = runs
                state.used[flow, default: [:]][key] = runs
            case .failure(let problem):
                state.failures[key] = problem
            }
        }
        return (id, result)
    }
}

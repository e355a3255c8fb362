import Foundation

/// Reads one language and every language it refers to (`ref="def:string"`, `map-to="c:…"`) into
/// one set of context definitions, following GtkSourceView's `.lang` version 2 parser: patterns
/// expanded, keywords joined, references resolved, `<replace>` applied.
struct LanguageLoader {
    /// The file of a language id, from the library's index.
    let locate: (String) -> LanguageFile?

    var definitions: [ContextDefinition] = []
    var indexByID: [String: Int] = [:]
    var styles: [String: String?] = [:]
    var definedRegexes: [String: String] = [:]
    var loaded: Set<String> = []
    var replacements: [(id: String, with: String)] = []
    var warnings: [String] = []

    /// The state of the file being read; a referenced language is read with a fresh one.
    struct FileState {
        var path: String
        var languageID = ""
        var flags = RegexFlags()
        var opening = "\\b"
        var closing = "\\b"
        var cookie = 0
    }

    init(locate: @escaping (String) -> LanguageFile?) { self.locate = locate }

    /// Loads `id` and returns the finished language.
    static func load(_ id: String, locate: @escaping (String) -> LanguageFile?) throws(LanguageLoadError) -> CompiledLanguage {
        var loader = LanguageLoader(locate: locate)
        try loader.parseLanguage(id)
        do { try loader.finish() } catch {
            throw LanguageLoadError(path: locate(id)?.path ?? id, message: error.message)
        }
        guard let root = loader.indexByID["\(id):\(id)"] else {
            throw LanguageLoadError(path: locate(id)?.path ?? id, message: "missing main language definition (id = \"\(id)\")")
        }
        return CompiledLanguage(id: id, definitions: loader.definitions, root: root, styles: loader.styles, warnings: loader.warnings)
    }

    mutating func parseLanguage(_ id: String) throws(LanguageLoadError) {
        guard let file = locate(id) else { throw LanguageLoadError(path: id, message: "unable to resolve language '\(id)'") }
        let data = try file.data()
        let root: XMLNode
        do { root = try XMLNode.parse(data) } catch {
            throw LanguageLoadError(path: file.path, message: "line \(error.line): \(error.message)")
        }
        var state = FileState(path: file.path)
        try visit(root, parent: nil, state: &state)
    }

    mutating func visit(_ node: XMLNode, parent: String?, state: inout FileState) throws(LanguageLoadError) {
        var childParent = parent
        switch node.name {
        case "language":
            guard node["version"] == "2.0" else {
                throw LanguageLoadError(path: state.path, message: "wrong language version '\(node["version"] ?? "(none)")', expected '2.0'")
            }
            state.languageID = node["id"] ?? ""
            loaded.insert(state.languageID)
        case "context":
            guard let defined = try handleContext(node, parent: parent, state: &state) else { return }
            childParent = defined
        case "define-regex": try handleDefineRegex(node, state: &state); return
        case "replace": handleReplace(node, state: state); return
        case "style": try handleStyle(node, state: &state); return
        case "keyword-char-class":
            state.opening = "(?<!\(node.text))(?=\(node.text))"
            state.closing = "(?<=\(node.text))(?!\(node.text))"
            return
        case "default-regex-options": state.flags = RegexFlags().updated(by: node.attributes)
        case "metadata": return
        default: break
        }
        for child in node.children { try visit(child, parent: childParent, state: &state) }
    }

    func decorate(_ id: String, _ state: FileState) -> String {
        Self.languagePart(id) != nil ? id : "\(state.languageID):\(id)"
    }

    /// The language of a decorated id (`c:comment` → `c`); nil for `comment` and `x:*`.
    static func languagePart(_ id: String) -> String? {
        guard let colon = id.firstIndex(of: ":"), id[id.index(after: colon)...] != "*" else { return nil }
        return String(id[..<colon])
    }

    mutating func ensureLoaded(_ language: String, from state: FileState) throws(LanguageLoadError) {
        guard !loaded.contains(language) else { return }
        guard locate(language) != nil else {
            throw LanguageLoadError(path: state.path, message: "unable to resolve language '\(language)'")
        }
        try parseLanguage(language)
    }

    mutating func handleStyle(_ node: XMLNode, state: inout FileState) throws(LanguageLoadError) {
        let id = decorate(node["id"] ?? "", state)
        let mapTo = node["map-to"]
        if let mapTo {
            guard let language = Self.languagePart(mapTo) else {
                throw LanguageLoadError(path: state.path, message: "the map-to attribute '\(mapTo)' for the style '\(id)' lacks the prefix")
            }
            if !language.isEmpty { try ensureLoaded(language, from: state) }
        }
        styles[id] = .some(mapTo)
    }

    mutating func handleDefineRegex(_ node: XMLNode, state: inout FileState) throws(LanguageLoadError) {
        let id = decorate(node["id"] ?? "", state)
        let flags = state.flags.updated(by: node.attributes)
        definedRegexes[id] = try expand(node.text, flags: flags, parentheses: true, state: state)
    }

    mutating func handleReplace(_ node: XMLNode, state: FileState) {
        replacements.append((id: node["id"] ?? "", with: decorate(node["ref"] ?? "", state)))
    }

    /// The longest a pattern may be once its `\%{id}` are expanded. PCRE2 (as Debian builds it)
    /// compiles no pattern past 64 KiB anyway; a `define-regex` that refers twice to one that
    /// refers twice to another, twenty deep, expanded to megabytes before that, and forty deep
    /// to gigabytes.
    static let maximumExpandedPattern = 256 << 10

    /// GtkSourceView's `expand_regex`: `\%{id}`, then `\%[`/`\%]`, then the inline flags.
    func expand(_ pattern: String, flags: RegexFlags, parentheses: Bool, state: FileState) throws(LanguageLoadError) -> String {
        var expanded = pattern.utf8.count
        let withVariables = try PatternExpansion.rewrite(pattern) { command throws(LanguageLoadError) in
            guard case .braces(let body) = command, !body.contains("@") else { return nil }
            let name = body.trimmingCharacters(in: .whitespacesAndNewlines)
            let id = decorate(name, state)
            guard let value = definedRegexes[id] else {
                throw LanguageLoadError(path: state.path, message: "Unknown id “\(id)” in regex “\(pattern)”")
            }
            expanded += value.utf8.count
            guard expanded <= Self.maximumExpandedPattern else {
                throw LanguageLoadError(
                    path: state.path,
                    message: "the regex “\(pattern.prefix(80))” is longer than \(Self.maximumExpandedPattern >> 10) KiB once its \\%{…} are expanded")
            }
            return value
        }
        let withDelimiters = try PatternExpansion.rewrite(withVariables) { command in
            switch command {
            case .open: return state.opening
            case .close: return state.closing
            case .braces: return nil
            }
        }
        var result = parentheses ? "(?:" : ""
        result += flags.inlineGroup + withDelimiters
        if parentheses { result += (flags.extended ? "\n" : "") + ")" }
        return result
    }
}

import Synchronization

/// A loaded language: its context definitions (with those of the languages it includes), the
/// root context, and each style id resolved through its `map-to` chain to a `def:` style.
/// Immutable once made, apart from a lock-protected cache of the combined "any transition"
/// patterns, so one instance serves every thread.
package final class CompiledLanguage: Sendable {
    package let id: String
    let definitions: [ContextDefinition]
    let root: Int
    /// Each definition's children in the order the engine tries them, `x:*` references expanded.
    let flattenedChildren: [[ChildReference]]
    /// The `def:` styles the language's ids end at, without the prefix, in byte order after
    /// the empty name at 0 (none); at most 255 in all, which a painted byte can hold.
    let styleNames: [String]
    /// Style id → its `def:` style's index in `styleNames`; absent for none. Looked up once for
    /// each context a run makes, where resolving the id and naming a run's styles cost more.
    let styleNumbers: [String: UInt8]
    /// Each definition's flags, and the pattern that starts it (a simple context's match, a
    /// container's start), apart from the definitions: the engine reads them at every position
    /// for every child, where copying a whole definition cost more than the look-up.
    let flags: [ContextDefinition.Flags]
    let startPatterns: [Regex?]
    /// The bytes each start pattern's match can begin with (nil for any): most children cannot
    /// start at most positions, and are passed over without asking PCRE2.
    let firstBytes: [ByteSet?]
    package let warnings: [String]
    private let transitionCache = Mutex<[Int: Regex?]>([:])

    init(id: String, definitions: [ContextDefinition], root: Int, styles: [String: String?], warnings: [String]) {
        self.id = id
        self.definitions = definitions
        self.root = root
        self.warnings = warnings
        flattenedChildren = definitions.indices.map { Self.flatten($0, definitions) }
        flags = definitions.map(\.flags)
        startPatterns = definitions.map { definition in
            switch definition.kind {
            case .simple(let match): match
            case .container(let start, _): start
            }
        }
        var resolved: [String: String] = [:]
        var ids = Set(styles.keys)
        for definition in definitions {
            if let style = definition.style { ids.insert(style) }
            for child in definition.children { if let style = child.style { ids.insert(style) } }
            for sub in definition.subPatterns { if let style = sub.style { ids.insert(style) } }
        }
        for styleID in ids {
            if let name = Self.resolve(styleID, styles) { resolved[styleID] = name }
        }
        styleNames = [""] + Set(resolved.values).sorted().prefix(254)
        let numbers = Dictionary(uniqueKeysWithValues: styleNames.enumerated().dropFirst().map { ($0.element, UInt8($0.offset)) })
        styleNumbers = resolved.compactMapValues { numbers[$0] }
        firstBytes = startPatterns.map { $0?.firstBytes }
    }

    static func resolve(_ id: String, _ styles: [String: String?]) -> String? {
        var current = id
        for _ in 0..<32 {
            if current.hasPrefix("def:") { return String(current.dropFirst(4)) }
            guard let next = styles[current], let mapTo = next else { return nil }
            current = mapTo
        }
        return nil
    }

    static func flatten(_ index: Int, _ definitions: [ContextDefinition]) -> [ChildReference] {
        var result: [ChildReference] = []
        var visiting: Set<Int> = [index]
        func walk(_ children: [ChildReference]) {
            for child in children {
                if child.includesChildren {
                    guard child.index >= 0, visiting.insert(child.index).inserted else { continue }
                    walk(definitions[child.index].children)
                    visiting.remove(child.index)
                } else {
                    result.append(child)
                }
            }
        }
        walk(definitions[index].children)
        return result
    }

    /// The definition's own combined pattern when no instance needs one of its own.
    func sharedTransitions(_ index: Int) -> Regex? {
        if let cached = transitionCache.withLock({ $0[index] }) { return cached }
        let made = try? Regex(transitionPattern(index, end: fixedEnd(index), ancestors: []), anchored: false)
        transitionCache.withLock { $0[index] = .some(made) }
        return made
    }

    func fixedEnd(_ index: Int) -> Regex? {
        if case .container(_, .fixed(let end)) = definitions[index].kind { return end }
        return nil
    }

    /// GtkSourceView's `create_reg_all`: the end, the ends of ancestors that may end the
    /// context, and every child's start, as one alternation.
    func transitionPattern(_ index: Int, end: Regex?, ancestors: [String]) -> String {
        var parts: [String] = []
        if let end { parts.append(end.pattern) }
        parts += ancestors
        for child in flattenedChildren[index] {
            switch definitions[child.index].kind {
            case .simple(let match): parts.append(match.pattern)
            case .container(let start?, _): parts.append(start.pattern)
            case .container(nil, _): break
            }
        }
        return "(" + parts.joined(separator: "|") + ")"
    }
}

/// `<context>` elements: definitions, references, sub-patterns, and resolving them at the end.
extension LanguageLoader {
    /// Handles one `<context>`; returns its id when contexts may be defined inside it.
    mutating func handleContext(_ node: XMLNode, parent: String?, state: inout FileState) throws(LanguageLoadError) -> String? {
        let ignoreStyle = node.flag("ignore-style") ?? false
        let styleRef = node["style-ref"].map { decorate($0, state) }
        if let ref = node["ref"] {
            try addReference(ref, node: node, parent: parent, style: ignoreStyle ? nil : styleRef, ignoreStyle: ignoreStyle, state: state)
            return nil
        }
        if ignoreStyle { throw LanguageLoadError(path: state.path, message: "ignore-style used not in a reference to context") }
        let name: String
        if let given = node["id"] { name = given } else {
            name = "unnamed-\(state.cookie)"
            state.cookie += 1
        }
        let id = decorate(name, state)
        if let group = node["sub-pattern"] {
            try addSubPattern(group, place: node["where"], style: styleRef, parent: parent, state: state)
            return nil
        }
        guard indexByID[id] == nil else { throw LanguageLoadError(path: state.path, message: "duplicated context id “\(id)”") }
        let isEmpty = node.children.isEmpty && node.text.allSatisfy(\.isWhitespace)
        let definition: ContextDefinition
        if isEmpty {
            definition = ContextDefinition(id: id, kind: .simple(match: try compile("$^", state: state)), style: nil, flags: [])
        } else {
            definition = try define(node, id: id, style: styleRef, state: state)
        }
        register(definition, parent: parent)
        return isEmpty ? nil : id
    }

    mutating func register(_ definition: ContextDefinition, parent: String?) {
        let index = definitions.count
        definitions.append(definition)
        indexByID[definition.id] = index
        indexByID["@" + definition.id] = index
        if let parent, let parentIndex = indexByID[parent] {
            definitions[parentIndex].children.append(ChildReference(id: definition.id))
        }
    }

    static let flagNames: [(String, ContextDefinition.Flags)] = [
        ("extend-parent", .extendParent), ("end-parent", .endParent), ("end-at-line-end", .endAtLineEnd),
        ("first-line-only", .firstLineOnly), ("once-only", .onceOnly), ("style-inside", .styleInside),
    ]

    /// GtkSourceView's `create_definition`: the patterns of a context, expanded and compiled.
    func define(_ node: XMLNode, id: String, style: String?, state: FileState) throws(LanguageLoadError) -> ContextDefinition {
        var flags: ContextDefinition.Flags = .extendParent
        for (name, flag) in Self.flagNames {
            if let on = node.flag(name) { if on { flags.insert(flag) } else { flags.remove(flag) } }
        }
        var match: (String, RegexFlags)?
        var start: (String, RegexFlags)?
        var end: (String, RegexFlags)?
        var prefix: String?
        var suffix: String?
        var keywords: [String] = []
        for child in node.children {
            let childFlags = state.flags.updated(by: child.attributes)
            switch child.name {
            case "match" where !child.text.isEmpty: match = (child.text, childFlags)
            case "start": start = (child.text, childFlags)
            case "end": end = (child.text, childFlags)
            case "prefix": prefix = child.text
            case "suffix": suffix = child.text
            case "keyword" where !child.text.isEmpty:
                if keywords.isEmpty { keywords.append((prefix ?? state.opening) + "(" + child.text) } else { keywords.append(child.text) }
            default: break
            }
        }
        if !keywords.isEmpty {
            match = (keywords.joined(separator: "|") + ")" + (suffix ?? state.closing), state.flags)
        }
        let kind: ContextDefinition.Kind
        if let (pattern, regexFlags) = match {
            guard start == nil, end == nil else {
                throw LanguageLoadError(path: state.path, message: "insufficient or redundant arguments creating the context '\(id)'")
            }
            let expanded = try expand(pattern, flags: regexFlags, parentheses: false, state: state)
            if PatternExpansion.refersToStart(expanded) {
                throw LanguageLoadError(path: state.path, message: "context “\(id)” cannot contain a \\%{...@start} command")
            }
            kind = .simple(match: try compile(expanded, state: state))
        } else {
            if end != nil, start == nil {
                throw LanguageLoadError(path: state.path, message: "insufficient or redundant arguments creating the context '\(id)'")
            }
            var startRegex: Regex?
            if let (pattern, regexFlags) = start {
                let expanded = try expand(pattern, flags: regexFlags, parentheses: false, state: state)
                if PatternExpansion.refersToStart(expanded) {
                    throw LanguageLoadError(path: state.path, message: "context “\(id)” cannot contain a \\%{...@start} command")
                }
                startRegex = try compile(expanded, state: state)
            }
            var endPattern: ContextDefinition.EndPattern?
            if let (pattern, regexFlags) = end {
                let expanded = try expand(pattern, flags: regexFlags, parentheses: false, state: state)
                endPattern = PatternExpansion.refersToStart(expanded) ? .dependsOnStart(expanded) : .fixed(try compile(expanded, state: state))
            }
            kind = .container(start: startRegex, end: endPattern)
        }
        return ContextDefinition(id: id, kind: kind, style: style, flags: flags)
    }

    func compile(_ pattern: String, state: FileState) throws(LanguageLoadError) -> Regex {
        do { return try Regex(pattern, anchored: true) } catch {
            throw LanguageLoadError(path: state.path, message: "in regex “\(pattern)”: \(error.message)")
        }
    }

    mutating func addReference(
        _ ref: String, node: XMLNode, parent: String?, style: String?, ignoreStyle: Bool, state: FileState
    ) throws(LanguageLoadError) {
        var id: String
        if let language = Self.languagePart(ref) {
            try ensureLoaded(language, from: state)
            id = ref
        } else {
            id = decorate(ref, state)
        }
        var all = false
        if ref.hasSuffix(":*") {
            all = true
            id.removeLast(2)
        }
        let overrides = ignoreStyle || style != nil
        if all, overrides {
            throw LanguageLoadError(path: state.path, message: "style override used with wildcard context reference in ref '\(ref)'")
        }
        guard let parent, let parentIndex = indexByID[parent] else { return }
        guard definitions[parentIndex].isContainer else {
            throw LanguageLoadError(path: state.path, message: "invalid parent type for the context '\(id)'")
        }
        if node.flag("original") ?? false { id = "@" + id }
        definitions[parentIndex].children.append(
            ChildReference(id: id, includesChildren: all, overridesStyle: overrides, style: style, overrideDeep: overrides && style == nil))
    }

    mutating func addSubPattern(_ group: String, place: String?, style: String?, parent: String?, state: FileState) throws(LanguageLoadError) {
        guard let parent, let parentIndex = indexByID[parent] else { return }
        let where_: SubPatternDefinition.Place?
        switch place ?? "" {
        case "", "default": where_ = definitions[parentIndex].isContainer ? nil : .match
        case "start": where_ = definitions[parentIndex].isContainer ? .start : nil
        case "end": where_ = definitions[parentIndex].isContainer ? .end : nil
        default: where_ = nil
        }
        guard let where_ else {
            throw LanguageLoadError(path: state.path, message: "invalid location ('\(place ?? "")') for sub pattern '\(group)'")
        }
        let parsed: SubPatternDefinition.Group = Int(group).map { $0 >= 0 ? .number($0) : .name(group) } ?? .name(group)
        definitions[parentIndex].subPatterns.append(SubPatternDefinition(group: parsed, place: where_, style: style))
    }

    /// `<replace>` elements, then every child reference to the definition it names.
    mutating func finish() throws(LanguageLoadError) {
        for replacement in replacements {
            guard indexByID[replacement.id] != nil else { throw LanguageLoadError(path: "", message: "unknown context “\(replacement.id)”") }
            guard let target = indexByID[replacement.with] else {
                throw LanguageLoadError(path: "", message: "unknown context “\(replacement.with)”")
            }
            indexByID[replacement.id] = target
        }
        for index in definitions.indices {
            for childIndex in definitions[index].children.indices {
                let child = definitions[index].children[childIndex]
                guard let target = indexByID[child.id] else {
                    throw LanguageLoadError(path: "", message: "invalid context reference “\(child.id)”")
                }
                definitions[index].children[childIndex].index = target
                if definitions[target].isPureContainer {
                    if child.overridesStyle {
                        throw LanguageLoadError(path: "", message: "style override used with wildcard context reference in ref “\(child.id)”")
                    }
                    definitions[index].children[childIndex].includesChildren = true
                }
            }
        }
    }
}

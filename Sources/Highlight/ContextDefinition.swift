/// One `<context>` of a language definition, compiled: a simple context (one `match`), or a
/// container (optional `start` and `end`) with child contexts, as GtkSourceView's engine has them.
struct ContextDefinition: Sendable {
    /// The attributes that change how a context starts and ends.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        static let extendParent = Flags(rawValue: 1)
        static let endParent = Flags(rawValue: 2)
        static let endAtLineEnd = Flags(rawValue: 4)
        static let firstLineOnly = Flags(rawValue: 8)
        static let onceOnly = Flags(rawValue: 16)
        static let styleInside = Flags(rawValue: 32)
    }

    /// How a context is matched.
    enum Kind: Sendable {
        case simple(match: Regex)
        /// `end` stays a pattern when it refers to the start match (`\%{…@start}`).
        case container(start: Regex?, end: EndPattern?)
    }

    /// A container's end: compiled, or a pattern completed by each start match.
    enum EndPattern: Sendable {
        case fixed(Regex)
        case dependsOnStart(String)
    }

    var id: String
    var kind: Kind
    /// The style id (`c:comment`), nil for none.
    var style: String?
    var flags: Flags
    var children: [ChildReference] = []
    var subPatterns: [SubPatternDefinition] = []

    var isContainer: Bool {
        if case .container = kind { return true }
        return false
    }

    var isPureContainer: Bool {
        if case .container(nil, _) = kind { return true }
        return false
    }
}

/// An entry of a container's children: a context defined inside it or a `<context ref=…>`.
struct ChildReference: Sendable {
    var id: String
    /// Resolved once the whole language is read.
    var index = -1
    /// `ref="x:*"`, or a reference to a container without `start`: its children are included.
    var includesChildren = false
    /// `style-ref` on a reference, or `ignore-style` (then `style` is nil and `overrideDeep` set).
    var overridesStyle = false
    var style: String?
    var overrideDeep = false
}

/// A `<context sub-pattern=…>`: a group of the parent's match styled on its own.
struct SubPatternDefinition: Sendable {
    /// Where the group is taken from: the simple match, a container's start or its end.
    enum Place: Sendable { case match, start, end }
    enum Group: Sendable {
        case number(Int)
        case name(String)
    }

    var group: Group
    var place: Place
    var style: String?
}

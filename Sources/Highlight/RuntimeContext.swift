/// A context as one highlighting run meets it: a definition under a given parent, with its style
/// after references' overrides, its end pattern (completed from the start match when it refers to
/// it) and the combined pattern it scans with. Child contexts are made once per parent and
/// reused, as GtkSourceView does.
final class RuntimeContext {
    let definition: Int
    let parent: RuntimeContext?
    /// Index into the run's style names; 0 is none.
    let style: UInt8
    /// The style the context's text shows: its own, else the nearest ancestor's.
    let effectiveStyle: UInt8
    let ignoresChildrenStyle: Bool
    let allAncestorsExtend: Bool
    let end: Regex?
    var transitions: Regex?
    /// The contexts made under this one: by definition, and, for those whose end refers to the
    /// start match, by definition and the text of that match.
    var children: [Int: RuntimeContext] = [:]
    var childrenByStart: [StartKey: RuntimeContext] = [:]

    struct StartKey: Hashable {
        var definition: Int
        var text: String
    }
    let flags: ContextDefinition.Flags

    init(definition: Int, parent: RuntimeContext?, style: UInt8, ignoresChildrenStyle: Bool, end: Regex?, flags: ContextDefinition.Flags) {
        self.definition = definition
        self.parent = parent
        self.flags = flags
        self.end = end
        if let parent, parent.ignoresChildrenStyle {
            self.ignoresChildrenStyle = true
            self.style = 0
        } else {
            self.ignoresChildrenStyle = ignoresChildrenStyle
            self.style = style
        }
        effectiveStyle = self.style != 0 ? self.style : (parent?.effectiveStyle ?? 0)
        if let parent {
            allAncestorsExtend = parent.allAncestorsExtend && parent.extendsParent
        } else {
            allAncestorsExtend = true
        }
    }

    /// The root and its children always extend; deeper contexts look at the flag.
    var extendsParent: Bool {
        parent == nil || parent?.parent == nil || flags.contains(.extendParent)
    }

    var ancestorCanEnd: Bool {
        parent != nil && parent?.parent != nil && (!flags.contains(.extendParent) || !allAncestorsExtend)
    }

    var endsParent: Bool {
        parent != nil && parent?.parent != nil && flags.contains(.endParent)
    }

    var endsAtLineEnd: Bool {
        parent != nil && flags.contains(.endAtLineEnd)
    }
}

/// One stretch of text inside a container context: the state the engine is in. It remembers the
/// children it has had, for `once-only` and to stop a zero-length context starting again at once.
final class Segment {
    let context: RuntimeContext
    let parent: Segment?
    var childDefinitions: Set<Int> = []
    var lastChild: (definition: Int, start: Int, end: Int)?
    /// The byte where the segment starts.
    let start: Int

    init(context: RuntimeContext, parent: Segment?, start: Int) {
        self.context = context
        self.parent = parent
        self.start = start
    }
}

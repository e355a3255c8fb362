/// Finding the next context that starts or ends on a line (GtkSourceView's `next_segment`).
extension HighlightRun {
    typealias Line = UnsafeBufferPointer<UInt8>

    func nextSegment(_ state: Segment, _ line: Line, from start: Int) throws(RegexError) -> (Segment, Int)? {
        var position = start
        let context = state.context
        while position <= line.count {
            if let transitions = context.transitions {
                guard let found = try transitions.matchStart(line, length: line.count, from: position, scratch: scratch) else { return nil }
                position = found
            }
            if context.ancestorCanEnd, let ancestor = try ancestorEnding(context, line, at: position) {
                flush(state, to: position)
                var segment = state
                while segment.context !== ancestor, let parent = segment.parent { segment = parent }
                return (segment, position)
            }
            let endMatch = try context.end?.matchStart(line, length: line.count, from: position, scratch: scratch)
            // By index: a child is copied (its strings retained) only once it starts here.
            let children = language.flattenedChildren[context.definition]
            // The byte here, nil at the line's end, where no pattern that needs a byte can match.
            let byte = position < line.count ? line[position] : nil
            for child in children.indices {
                let definition = children[child].index
                let flags = language.flags[definition]
                if !flags.contains(.extendParent), endMatch != nil { continue }
                if flags.contains(.firstLineOnly), lineStart != 0 { continue }
                if flags.contains(.onceOnly), state.childDefinitions.contains(definition) { continue }
                // Passed over as a call that failed, so that a block's budget of calls is spent as before.
                if let first = language.firstBytes[definition], !(byte.map(first.contains) ?? false) {
                    scratch.calls += 1
                    continue
                }
                if let result = try childStarts(children, child, state, line, at: position) { return result }
            }
            if endMatch != nil, let end = context.end,
                let (match, matchEnd) = try applicableMatch(context, end, line, at: position)
            {
                flush(state, to: position)
                let definition = language.definitions[context.definition]
                let outer = definition.flags.contains(.styleInside) ? (state.parent?.context.effectiveStyle ?? 0) : context.effectiveStyle
                fill((lineStart + position)..<(lineStart + matchEnd), outer)
                paintSubPatterns(definition, .end, match, end)
                cursor = max(cursor, lineStart + matchEnd)
                var closing = state
                while closing.context.endsParent, let parent = closing.parent { closing = parent }
                guard let parent = closing.parent else { return nil }
                parent.lastChild?.end = lineStart + matchEnd
                return (parent, matchEnd)
            }
            position = Self.nextCharacter(line, after: position)
            try checkWork()
        }
        return nil
    }

    static func nextCharacter(_ line: Line, after position: Int) -> Int {
        var next = position + 1
        while next < line.count, line[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    /// The innermost ancestor that a context may not extend past and whose end matches here.
    func ancestorEnding(_ context: RuntimeContext, _ line: Line, at position: Int) throws(RegexError) -> RuntimeContext? {
        var candidates: [RuntimeContext] = []
        var current = context
        while current.ancestorCanEnd, let parent = current.parent {
            if !current.extendsParent { candidates.append(parent) }
            current = parent
        }
        for candidate in candidates.reversed() {
            if let end = candidate.end, try end.matchStart(line, length: line.count, from: position, scratch: scratch) != nil {
                return candidate
            }
        }
        return nil
    }

    /// GtkSourceView's `can_apply_match`: a match that an ancestor's end interrupts is matched
    /// again on the text before it, and then ends there. `found` is `regex`'s match here when the
    /// caller has it already; it counts against the budget as the call it saves.
    func applicableMatch(
        _ context: RuntimeContext, _ regex: Regex, _ line: Line, at position: Int, found: RegexMatch? = nil
    ) throws(RegexError) -> (RegexMatch, Int)? {
        let match: RegexMatch
        if let found {
            scratch.calls += 1
            match = found
        } else {
            guard let made = try regex.match(line, length: line.count, from: position, scratch: scratch) else { return nil }
            match = made
        }
        guard context.ancestorCanEnd, position < match.end else { return (match, match.end) }
        var inner = Self.nextCharacter(line, after: position)
        while inner < match.end {
            if try ancestorEnding(context, line, at: inner) != nil {
                guard let shorter = try regex.match(line, length: inner, from: position, scratch: scratch) else { return nil }
                return (shorter, inner)
            }
            inner = Self.nextCharacter(line, after: inner)
        }
        return (match, match.end)
    }
}

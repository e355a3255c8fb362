/// Starting child contexts (GtkSourceView's `simple_context_starts_here` and
/// `container_context_starts_here`), and painting what they match.
extension HighlightRun {
    /// Whether `children[index]` starts at `position`, and the state after it when it does.
    func childStarts(_ children: [ChildReference], _ index: Int, _ state: Segment, _ line: Line, at position: Int) throws(RegexError) -> (Segment, Int)? {
        // Most children do not start here: the child and its definition are copied only for one that does.
        guard let pattern = language.startPatterns[children[index].index],
            let first = try pattern.match(line, length: line.count, from: position, scratch: scratch)
        else { return nil }
        let child = children[index]
        switch language.definitions[child.index].kind {
        case .simple(let regex):
            let definition = language.definitions[child.index]
            let context = childContext(child, of: state.context, start: first, line: line)
            guard let (match, matchEnd) = try applicableMatch(context, regex, line, at: position, found: first) else { return nil }
            if matchEnd == position, !context.endsParent || lineStart + position == state.start { return nil }
            flush(state, to: position)
            var next = state
            if matchEnd != position {
                fill((lineStart + position)..<(lineStart + matchEnd), context.effectiveStyle)
                paintSubPatterns(definition, .match, match, regex)
                cursor = max(cursor, lineStart + matchEnd)
                state.childDefinitions.insert(child.index)
                state.lastChild = (child.index, lineStart + position, lineStart + matchEnd)
            }
            if context.endsParent {
                repeat {
                    guard let parent = next.parent else { break }
                    next = parent
                } while next.context.endsParent
            }
            return (next, matchEnd)
        case .container(let start?, _):
            let definition = language.definitions[child.index]
            let context = childContext(child, of: state.context, start: first, line: line)
            guard let (match, matchEnd) = try applicableMatch(context, start, line, at: position, found: first) else { return nil }
            if matchEnd == position, let last = state.lastChild, last.definition == child.index,
                last.start == last.end, last.start == lineStart + position
            {
                return nil
            }
            flush(state, to: position)
            let segment = Segment(context: context, parent: state, start: lineStart + position)
            state.childDefinitions.insert(child.index)
            state.lastChild = (child.index, lineStart + position, lineStart + matchEnd)
            let shown = definition.flags.contains(.styleInside) ? state.context.effectiveStyle : context.effectiveStyle
            fill((lineStart + position)..<(lineStart + matchEnd), shown)
            paintSubPatterns(definition, .start, match, start)
            cursor = max(cursor, lineStart + matchEnd)
            return (segment, matchEnd)
        case .container(nil, _):
            return nil
        }
    }

    /// The context a child reference makes under `parent`, made once and reused; one whose end
    /// refers to the start match is made once per distinct start text.
    func childContext(_ child: ChildReference, of parent: RuntimeContext, start: RegexMatch, line: Line) -> RuntimeContext {
        let definition = language.definitions[child.index]
        var startText: String?
        var endRegex: Regex?
        switch definition.kind {
        case .container(let startRegex, .dependsOnStart(let pattern)):
            let text = String(decoding: line[start.start..<start.end], as: UTF8.self)
            if let existing = parent.childrenByStart[RuntimeContext.StartKey(definition: child.index, text: text)] { return existing }
            startText = text
            endRegex = resolveEnd(pattern, startRegex: startRegex, start: start, line: line)
        case .container(_, .fixed(let end)):
            endRegex = end
        default: break
        }
        let dependsOnStart = startText != nil
        if !dependsOnStart, let existing = parent.children[child.index] { return existing }
        let styleID = child.overridesStyle ? child.style : definition.style
        let context = RuntimeContext(
            definition: child.index, parent: parent, style: style(styleID),
            ignoresChildrenStyle: child.overridesStyle && child.overrideDeep, end: endRegex, flags: definition.flags)
        if definition.isContainer {
            if context.ancestorCanEnd || dependsOnStart {
                var ancestors: [String] = []
                var current = context
                while current.ancestorCanEnd, let up = current.parent {
                    if !current.extendsParent {
                        if let end = up.end { ancestors.append(end.pattern) } else if up.endsAtLineEnd { ancestors.append("$") }
                    }
                    current = up
                }
                context.transitions = try? Regex(
                    language.transitionPattern(child.index, end: endRegex, ancestors: ancestors), anchored: false)
            } else {
                context.transitions = language.sharedTransitions(child.index)
            }
        }
        if let startText {
            parent.childrenByStart[RuntimeContext.StartKey(definition: child.index, text: startText)] = context
        } else {
            parent.children[child.index] = context
        }
        contexts.append(context)
        return context
    }

    /// Completes an end pattern with the text of the start match's groups (`\%{1@start}`).
    func resolveEnd(_ pattern: String, startRegex: Regex?, start: RegexMatch, line: Line) -> Regex? {
        let resolved = try? PatternExpansion.rewrite(pattern) { command in
            guard case .braces(let body) = command, body.hasSuffix("@start") else { return nil }
            let name = String(body.dropLast(6))
            let group = Int(name) ?? startRegex?.groupNumber(named: name)
            guard let group, let range = start.range(group) else { return "" }
            return PatternExpansion.escape(String(decoding: line[range], as: UTF8.self))
        }
        if let resolved, let regex = try? Regex(resolved, anchored: true) { return regex }
        return try? Regex("$never-match^", anchored: true)
    }

    func paintSubPatterns(_ definition: ContextDefinition, _ place: SubPatternDefinition.Place, _ match: RegexMatch, _ regex: Regex) {
        for sub in definition.subPatterns where sub.place == place {
            let shown = style(sub.style)
            guard shown != 0 else { continue }
            let group: Int?
            switch sub.group {
            case .number(let number): group = number
            case .name(let name): group = regex.groupNumber(named: name)
            }
            guard let group, let range = match.range(group), !range.isEmpty else { continue }
            fill((lineStart + range.lowerBound)..<(lineStart + range.upperBound), shown)
        }
    }
}

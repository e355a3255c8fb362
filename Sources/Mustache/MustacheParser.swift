/// Turns a template's tokens into a tree: drops standalone lines, removes each block's own
/// indentation, and matches sections, parents and blocks with their closing tags.
struct MustacheParser {
    /// A token after the standalone-line pass.
    fileprivate enum Item {
        case text(String)
        case tag(MustacheScanner.TagKind, name: String, location: MustacheLocation, standalone: Bool, indentation: String)
    }

    let file: String

    func parse(_ source: String) throws(MustacheError) -> [MustacheNode] {
        var scanner = MustacheScanner(source)
        var items = Self.removeStandaloneLines(try scanner.tokens())
        Self.dedentBlocks(&items)
        var index = 0
        let nodes = try build(items, &index, closing: nil)
        return nodes
    }

    // MARK: Standalone lines

    /// A line holding only whitespace and tags that print nothing (one such tag, or any number of
    /// parent and block tags) is removed whole: its indentation is kept on the tag, its newline dropped.
    private static func removeStandaloneLines(_ tokens: [MustacheScanner.Token]) -> [Item] {
        var items: [Item] = []
        var line: [MustacheScanner.Token] = []
        var openKinds: [MustacheScanner.TagKind] = []
        func flush() {
            emit(line, into: &items, openKinds: &openKinds)
            line = []
        }
        for token in tokens {
            guard case .text(let text) = token else {
                line.append(token)
                continue
            }
            for piece in text.linesKeepingEndings {
                line.append(.text(String(piece)))
                if piece.endsWithNewline { flush() }
            }
        }
        flush()
        return items
    }

    private static func emit(_ line: [MustacheScanner.Token], into items: inout [Item], openKinds: inout [MustacheScanner.TagKind]) {
        var tags: [(MustacheScanner.TagKind, String, MustacheLocation, closes: MustacheScanner.TagKind?)] = []
        var kinds = openKinds
        var onlyBlanks = true
        var indentation = ""
        for token in line {
            switch token {
            case .text(let text):
                if !text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) { onlyBlanks = false }
                if tags.isEmpty { indentation += text }
            case .tag(let kind, let name, let location):
                var closes: MustacheScanner.TagKind?
                switch kind {
                case .sectionOpen, .invertedOpen, .parentOpen, .blockOpen: kinds.append(kind)
                case .close: closes = kinds.popLast()
                default: break
                }
                tags.append((kind, name, location, closes))
            }
        }
        let printsNothing = tags.allSatisfy { if case .variable = $0.0 { false } else { true } }
        let inheritanceOnly = tags.allSatisfy { tag in
            tag.0 == .parentOpen || tag.0 == .blockOpen || tag.closes == .parentOpen || tag.closes == .blockOpen
        }
        let standalone = onlyBlanks && !tags.isEmpty && printsNothing && (tags.count == 1 || inheritanceOnly)
        openKinds = kinds
        for token in line {
            switch token {
            case .text(let text):
                if !standalone { items.append(.text(text)) }
            case .tag(let kind, let name, let location):
                items.append(.tag(kind, name: name, location: location, standalone: standalone, indentation: standalone ? indentation : ""))
            }
        }
    }

    // MARK: Block indentation

    /// Removes from every line of a standalone block's content the indentation its first line has,
    /// innermost blocks first; a slot keeps, as its own indentation, what its lines get back.
    private static func dedentBlocks(_ items: inout [Item]) {
        var opens: [Int] = []
        for index in items.indices {
            guard case .tag(let kind, _, _, _, _) = items[index] else { continue }
            switch kind {
            case .sectionOpen, .invertedOpen, .parentOpen, .blockOpen:
                opens.append(index)
            case .close:
                guard let open = opens.popLast(),
                    case .tag(.blockOpen, let name, let location, true, let tagIndentation) = items[open]
                else { continue }
                let body = (open + 1)..<index
                let indentation = firstLineIndentation(items[body])
                dedent(&items, body, by: indentation)
                let slotIndentation = body.isEmpty ? tagIndentation : indentation
                items[open] = .tag(.blockOpen, name: name, location: location, standalone: true, indentation: slotIndentation)
            default:
                break
            }
        }
    }

    private static func firstLineIndentation(_ body: ArraySlice<Item>) -> String {
        switch body.first {
        case .text(let text)?: return String(text.prefix { $0 == " " || $0 == "\t" })
        case .tag(_, _, _, true, let indentation)?: return indentation
        default: return ""
        }
    }

    private static func dedent(_ items: inout [Item], _ range: Range<Int>, by indentation: String) {
        guard !indentation.isEmpty else { return }
        var atLineStart = true
        for index in range {
            switch items[index] {
            case .text(let text):
                var result = ""
                for line in text.linesKeepingEndings {
                    result += atLineStart && line.hasPrefix(indentation) ? line.dropFirst(indentation.count) : line
                    atLineStart = line.endsWithNewline
                }
                items[index] = .text(result)
            case .tag(let kind, let name, let location, let standalone, let tagIndentation):
                if standalone, tagIndentation.hasPrefix(indentation) {
                    items[index] = .tag(kind, name: name, location: location, standalone: true,
                                        indentation: String(tagIndentation.dropFirst(indentation.count)))
                }
                atLineStart = standalone
            }
        }
    }

    // MARK: The tree

    /// The deepest sections, parents and blocks may nest in one template: deep enough for any
    /// theme, and a bound on the parser's and the renderer's recursion.
    static let maximumNesting = 100

    private func build(
        _ items: [Item], _ index: inout Int, closing open: (name: String, location: MustacheLocation)?, depth: Int = 0
    ) throws(MustacheError) -> [MustacheNode] {
        if let open, depth > Self.maximumNesting {
            throw MustacheError(
                message: "'\(open.name)' opens a section \(depth) levels deep; sections nest at most \(Self.maximumNesting) deep",
                location: open.location)
        }
        var nodes: [MustacheNode] = []
        while index < items.count {
            let item = items[index]
            index += 1
            switch item {
            case .text(let text):
                if case .text(let previous)? = nodes.last {
                    nodes[nodes.count - 1] = .text(previous + text)
                } else if !text.isEmpty {
                    nodes.append(.text(text))
                }
            case .tag(let kind, let name, let location, let standalone, let indentation):
                let tag = MustacheTag(name: name, location: location, file: file)
                switch kind {
                case .variable(let escaped):
                    nodes.append(.variable(tag, escaped: escaped))
                case .comment, .setDelimiters:
                    break
                case .partial:
                    nodes.append(.partial(tag, indentation: indentation, standalone: standalone))
                case .sectionOpen, .invertedOpen:
                    let children = try build(items, &index, closing: (name, location), depth: depth + 1)
                    nodes.append(.section(tag, inverted: kind == .invertedOpen, children: children))
                case .parentOpen:
                    let children = try build(items, &index, closing: (name, location), depth: depth + 1)
                    var overrides: [String: MustacheBlock] = [:]
                    for case .block(let block) in children { overrides[block.tag.name] = block }
                    nodes.append(.parent(tag, indentation: indentation, standalone: standalone, overrides: overrides))
                case .blockOpen:
                    let children = try build(items, &index, closing: (name, location), depth: depth + 1)
                    let closeStandalone: Bool
                    if case .tag(.close, _, _, let closeIsStandalone, _) = items[index - 1] {
                        closeStandalone = closeIsStandalone
                    } else {
                        closeStandalone = false
                    }
                    nodes.append(.block(MustacheBlock(
                        tag: tag, children: children, standalone: standalone, closeStandalone: closeStandalone,
                        indentation: standalone ? indentation : "")))
                case .close:
                    guard let open else {
                        throw MustacheError(message: "'{{/\(name)}}' closes a section that was never opened", location: location)
                    }
                    guard open.name == name else {
                        throw MustacheError(
                            message: "'{{/\(name)}}' does not close '\(open.name)', opened at \(open.location.line):\(open.location.column)",
                            location: location)
                    }
                    return nodes
                }
            }
        }
        if let open {
            throw MustacheError(message: "section '\(open.name)' opened here is never closed", location: open.location)
        }
        return nodes
    }
}

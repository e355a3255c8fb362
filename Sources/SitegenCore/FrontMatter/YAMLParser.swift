import CYAML

/// Parses YAML with libyaml into `YAMLNode` trees. The only code that touches libyaml.
enum YAMLParser {
    /// A YAML syntax error, at a position relative to the parsed text (1-based).
    struct Failure: Error, Equatable {
        var message: String
        var location: SourceLocation
    }

    /// The most nodes one document may expand to, so that nested aliases cannot exhaust memory.
    static let nodeLimit = 100_000

    /// Parses one YAML document. Returns nil for an empty document.
    static func parseDocument(_ text: String) throws(Failure) -> YAMLNode? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }
        var builder = TreeBuilder()
        var failure: Failure?
        bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                failure = Failure(message: "out of memory while parsing YAML", location: .init(line: 1, column: 1))
                return
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    failure = Self.failure(of: parser)
                    return
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return }
                do throws(Failure) {
                    try builder.handle(event)
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
        return builder.document
    }

    private static func failure(of parser: yaml_parser_t) -> Failure {
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = parser.context {
            message += " \(String(cString: context))"
        }
        let mark = parser.problem_mark
        return Failure(message: message, location: location(of: mark))
    }

    fileprivate static func location(of mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

/// Turns libyaml's event stream into a tree, resolving anchors and aliases.
private struct TreeBuilder {
    /// A collection that has started but not ended yet.
    private struct Open {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var pendingKey: YAMLNode?
        /// How many nodes the collection holds once aliases are expanded, itself included.
        var weight = 1
    }

    private var stack: [Open] = []
    private var anchors: [String: (node: YAMLNode, weight: Int)] = [:]
    private var expandedNodes = 0
    private var documentCount = 0
    private(set) var document: YAMLNode?

    mutating func handle(_ event: yaml_event_t) throws(YAMLParser.Failure) {
        let start = YAMLParser.location(of: event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                throw .init(message: "expected one YAML document, found another", location: start)
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let end = YAMLParser.location(of: event.end_mark)
            let length = end.line == start.line ? end.column - start.column : 1
            let node = YAMLNode(
                kind: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), location: start, length: length)
            try add(node, weight: 1, anchor: Self.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            stack.append(Open(isMapping: false, location: start, anchor: Self.string(event.data.sequence_start.anchor)))
        case YAML_MAPPING_START_EVENT:
            stack.append(Open(isMapping: true, location: start, anchor: Self.string(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return }
            let kind: YAMLNode.Kind = open.isMapping ? .mapping(open.pairs) : .sequence(open.items)
            try add(YAMLNode(kind: kind, location: open.location), weight: open.weight, anchor: open.anchor)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw .init(message: "unknown alias '*\(name)'", location: start)
            }
            var node = anchored.node
            node.location = start
            try add(node, weight: anchored.weight, newNodes: anchored.weight, anchor: nil)
        default:
            break
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// Adds a finished node to the collection that is open, or makes it the document. `weight` is
    /// the node's size with aliases expanded; `newNodes` how many of those this event makes.
    private mutating func add(
        _ node: YAMLNode, weight: Int, newNodes: Int = 1, anchor: String?
    ) throws(YAMLParser.Failure) {
        expandedNodes += newNodes
        if expandedNodes > YAMLParser.nodeLimit {
            throw .init(
                message: "the document expands to more than \(YAMLParser.nodeLimit) values", location: node.location)
        }
        if let anchor { anchors[anchor] = (node, weight) }
        guard var top = stack.popLast() else {
            document = node
            return
        }
        top.weight += weight
        if !top.isMapping {
            top.items.append(node)
        } else if let key = top.pendingKey {
            top.pairs.append(YAMLNode.Pair(key: key, value: node))
            top.pendingKey = nil
        } else {
            top.pendingKey = node
        }
        stack.append(top)
    }
}

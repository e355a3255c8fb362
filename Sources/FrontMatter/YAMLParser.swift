import Diagnostics
import CYAML

/// Parses YAML with libyaml into `YAMLNode` trees. The only code that touches libyaml.
enum YAMLParser {
    /// A YAML syntax error, at a position relative to the parsed text (1-based).
    struct Failure: Error, Equatable {
        var message: String
        var location: SourceLocation
        /// Where libyaml gave up, when that is not `location` (the start of what was left open).
        var foundAt: SourceLocation?

        /// The message, saying where libyaml gave up as a line of a file in which the YAML text
        /// starts `linesBefore` lines down.
        func fullMessage(linesBefore: Int = 0) -> String {
            guard let foundAt else { return message }
            return message + " (found at line \(foundAt.line + linesBefore), column \(foundAt.column))"
        }
    }

    /// The most nodes one document may expand to, so that nested aliases cannot exhaust memory.
    static let nodeLimit = 100_000

    /// The deepest collections may nest. libyaml has no limit, and its time grows with the
    /// square of the depth; settings need a handful of levels.
    static let maximumDepth = 64

    static let tooDeepMessage = "collections nested more than \(maximumDepth) levels deep"

    /// Parses one YAML document. Returns nil for an empty document.
    static func parseDocument(_ text: String) throws(Failure) -> YAMLNode? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }
        let standIns = YAMLLineBreaks.standingIn(bytes)
        if let standIns { bytes = standIns }
        if let offset = YAMLDepthScan.firstOffsetTooDeep(in: bytes, limit: maximumDepth) {
            throw Failure(message: tooDeepMessage, location: location(ofOffset: offset, in: bytes))
        }
        var builder = TreeBuilder()
        builder.putsBreaksBack = standIns != nil
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
                    failure = Self.failure(of: parser, in: bytes)
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

    /// The error libyaml stopped at. The reader (which refuses control characters, for one) says
    /// where by a byte offset into `bytes`; the scanner and parser by a mark.
    ///
    /// A construct left open (a quote, a `[`, a `{`) is found only lines later, often at the
    /// closing `---`: the error is then reported where the construct starts, which is the line
    /// to fix, and says where libyaml gave up.
    private static func failure(of parser: yaml_parser_t, in bytes: [UInt8]) -> Failure {
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            return Failure(message: message, location: location(ofOffset: Int(parser.problem_offset), in: bytes))
        }
        let problem = location(of: parser.problem_mark)
        guard let context = parser.context.map({ String(cString: $0) }) else {
            return Failure(message: message, location: problem)
        }
        message += " \(context)"
        let start = location(of: parser.context_mark)
        // Only a quote or a bracket left open is best fixed where it opens; a block mapping's
        // context is its first key, far from a stray word after a value.
        let opens = ["quoted scalar", "flow sequence", "flow mapping"].contains { context.hasSuffix($0) }
        guard opens, start.line < problem.line else { return Failure(message: message, location: problem) }
        return Failure(message: message + " that starts here", location: start, foundAt: problem)
    }

    fileprivate static func location(of mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The line and column (in Unicode scalars) of a UTF-8 offset; lines end at `\n`, `\r\n` or `\r`.
    static func location(ofOffset offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index == bytes.count || bytes[index] != UInt8(ascii: "\n"))) {
                line += 1
                lineStart = index
            }
        }
        let column = bytes[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(line: line, column: column)
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
        /// How many levels of collections it holds, itself included.
        var height = 1
    }

    /// Whether scalars hold stand-ins for the line breaks YAML 1.2 does not have (`YAMLLineBreaks`).
    var putsBreaksBack = false
    private var stack: [Open] = []
    private var anchors: [String: (node: YAMLNode, weight: Int, height: Int)] = [:]
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
            let isString = try Self.check(tag: scalar.tag, at: start, allowingString: true)
            // Escapes such as "\x01" make control characters libyaml's reader would refuse.
            let value = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            var text = ControlCharacters.replaced(in: value).map { String(decoding: $0, as: UTF8.self) }
                ?? String(decoding: value, as: UTF8.self)
            if putsBreaksBack { text = YAMLLineBreaks.putBack(text) }
            let end = YAMLParser.location(of: event.end_mark)
            let length = end.line == start.line ? end.column - start.column : 1
            let node = YAMLNode(
                kind: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE && !isString), location: start, length: length)
            try add(node, weight: 1, height: 0, anchor: Self.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            try Self.check(tag: event.data.sequence_start.tag, at: start)
            try open(Open(isMapping: false, location: start, anchor: Self.string(event.data.sequence_start.anchor)))
        case YAML_MAPPING_START_EVENT:
            try Self.check(tag: event.data.mapping_start.tag, at: start)
            try open(Open(isMapping: true, location: start, anchor: Self.string(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return }
            let kind: YAMLNode.Kind = open.isMapping ? .mapping(open.pairs) : .sequence(open.items)
            try add(YAMLNode(kind: kind, location: open.location), weight: open.weight, height: open.height, anchor: open.anchor)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw .init(message: "unknown alias '*\(name)'", location: start)
            }
            var node = anchored.node
            node.location = start
            try add(node, weight: anchored.weight, height: anchored.height, newNodes: anchored.weight, anchor: nil)
        default:
            break
        }
    }

    /// Whether a node's tag is `!!str` on a scalar (`!!str true` is the text "true", as if
    /// quoted), the one tag sitegen reads; any other (`!!binary`, `!!int abc`, a local `!thing`)
    /// asks for a meaning sitegen does not give, and was silently read as text.
    @discardableResult
    private static func check(
        tag pointer: UnsafeMutablePointer<yaml_char_t>?, at location: SourceLocation, allowingString: Bool = false
    ) throws(YAMLParser.Failure) -> Bool {
        guard let tag = string(pointer) else { return false }
        if allowingString, tag == "tag:yaml.org,2002:str" { return true }
        let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
        throw .init(message: "the YAML tag '\(shown)' is not supported: sitegen reads plain values (and '!!str', for text), so write the value without it", location: location)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// Starts a collection, unless it would nest deeper than the parser allows (the byte scan
    /// before libyaml should have caught that; this is exact).
    private mutating func open(_ collection: Open) throws(YAMLParser.Failure) {
        if stack.count >= YAMLParser.maximumDepth {
            throw .init(message: YAMLParser.tooDeepMessage, location: collection.location)
        }
        stack.append(collection)
    }

    /// Adds a finished node to the collection that is open, or makes it the document. `weight` is
    /// the node's size with aliases expanded, `height` how many levels of collections it holds;
    /// `newNodes` how many of those nodes this event makes.
    private mutating func add(
        _ node: YAMLNode, weight: Int, height: Int, newNodes: Int = 1, anchor: String?
    ) throws(YAMLParser.Failure) {
        expandedNodes += newNodes
        if expandedNodes > YAMLParser.nodeLimit {
            throw .init(
                message: "the document expands to more than \(YAMLParser.nodeLimit) values", location: node.location)
        }
        if stack.count + height > YAMLParser.maximumDepth {
            throw .init(message: YAMLParser.tooDeepMessage, location: node.location)
        }
        if let anchor { anchors[anchor] = (node, weight, height) }
        guard var top = stack.popLast() else {
            document = node
            return
        }
        top.weight += weight
        top.height = max(top.height, height + 1)
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

import Diagnostics
/// How deeply a YAML text nests, found by one pass over its bytes before libyaml reads it.
/// libyaml has no depth limit, and its time grows with the square of the depth of nested flow
/// collections, so text nested deeper than `YAMLParser.maximumDepth` is refused here first.
///
/// The scan follows flow brackets (`[`, `{`) that open collections, outside quoted scalars,
/// comments, block scalars, tags and anchors, and block collections by their indentation and their
/// `- `, `? ` and `key: ` indicators. It is a close reading of YAML, not a parser: where it
/// misreads, the tree builder still checks the exact depth of what libyaml produces.
struct YAMLDepthScan {
    /// Where the text first nests deeper than the limit.
    struct TooDeep: Error {
        var offset: Int
    }

    private let bytes: [UInt8]
    private let limit: Int
    private var position = 0
    private var lineStart = 0
    /// The block collections open at this point: the column each starts at, and its kind.
    private var blocks: [(column: Int, isSequence: Bool)] = []
    private var flowDepth = 0
    /// The column of the innermost block collection on the current line: a block scalar's lines
    /// are indented past it.
    private var parentColumn = 0

    private init(bytes: [UInt8], limit: Int) {
        self.bytes = bytes
        self.limit = limit
    }

    /// The UTF-8 offset at which `bytes` first nest deeper than `limit` collections, or nil.
    static func firstOffsetTooDeep(in bytes: [UInt8], limit: Int) -> Int? {
        var scan = YAMLDepthScan(bytes: bytes, limit: limit)
        do throws(TooDeep) {
            while scan.position < bytes.count {
                try scan.scanLine()
            }
            return nil
        } catch {
            return error.offset
        }
    }

    // MARK: Block context

    /// One line in block context, from its start to the start of the next (further when a quoted
    /// scalar or flow collection goes on, or for a block scalar's lines).
    private mutating func scanLine() throws(TooDeep) {
        lineStart = position
        var indent = 0
        while byte(at: position) == .space {
            position += 1
            indent += 1
        }
        skipBlanks()
        guard let first = byte(at: position), !Self.isBreak(first), first != .hash else {
            skipLine()
            return
        }
        parentColumn = indent
        if indent == 0, first == .percent {
            skipLine()
            return
        }
        if indent == 0, isDocumentMarker(at: position) {
            blocks.removeAll()
            if first == .dot {
                skipLine()
                return
            }
            position += 3
            parentColumn = 0
            try scanNodes()
            return
        }
        while let top = blocks.last, top.column > indent { blocks.removeLast() }
        while let indicator = byte(at: position), indicator == .dash || indicator == .question || indicator == .colon,
            isBlankOrEnd(at: position + 1)
        {
            try enterBlock(column: position - lineStart, isSequence: indicator == .dash, at: position)
            position += 1
            skipBlanks()
        }
        try scanNodes()
    }

    /// Notes a block collection starting at `column`: a new one, or the next entry of one open.
    private mutating func enterBlock(column: Int, isSequence: Bool, at offset: Int) throws(TooDeep) {
        while let top = blocks.last, top.column > column || (top.column == column && top.isSequence && !isSequence) {
            blocks.removeLast()
        }
        parentColumn = column
        if let top = blocks.last, top.column == column, top.isSequence == isSequence { return }
        blocks.append((column, isSequence))
        try check(blocks.count, at: offset)
    }

    /// The nodes that follow a node start in block context, to the end of the line.
    private mutating func scanNodes() throws(TooDeep) {
        while true {
            skipBlanks()
            guard let first = byte(at: position), !Self.isBreak(first) else { break }
            let start = position
            switch first {
            case .hash:
                skipLine()
                return
            case .openBracket, .openBrace:
                try scanFlow()
            case .doubleQuote, .singleQuote:
                skipQuoted()
            case .pipe, .greater:
                skipBlockScalar()
                return
            case .ampersand, .bang:
                skipProperty()
                continue
            default:
                break
            }
            // The rest of the line is a plain scalar, unless it holds `: ` (the node was a key).
            guard let colon = scanPlain() else {
                skipLine()
                return
            }
            try enterBlock(column: max(0, start - lineStart), isSequence: false, at: start)
            position = colon + 1
        }
        skipLine()
    }

    /// Scans a plain scalar in block context to the end of its line; returns the offset of a
    /// `:` followed by a blank that ends it as a key, or nil when a comment or the line ends it.
    private mutating func scanPlain() -> Int? {
        while let current = byte(at: position), !Self.isBreak(current) {
            if current == .colon, isBlankOrEnd(at: position + 1) { return position }
            if Self.isBlank(current), byte(at: position + 1) == .hash { return nil }
            position += 1
        }
        return nil
    }

    /// Skips a `|` or `>` block scalar: its header line, then every line indented past the
    /// collection it belongs to (the first such line sets the indentation), and blank lines.
    private mutating func skipBlockScalar() {
        var explicitIndent: Int?
        position += 1
        while let current = byte(at: position), !Self.isBreak(current), !Self.isBlank(current) {
            if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(current) { explicitIndent = Int(current - UInt8(ascii: "0")) }
            position += 1
        }
        skipLine()
        var contentIndent = explicitIndent.map { parentColumn + $0 }
        while position < bytes.count {
            var indent = 0
            while byte(at: position + indent) == .space { indent += 1 }
            var end = position + indent
            while let current = byte(at: end), Self.isBlank(current) { end += 1 }
            let isBlankLine = byte(at: end).map(Self.isBreak) ?? true
            if !isBlankLine {
                let required = contentIndent ?? indent
                guard indent > parentColumn, indent >= required else { return }
                contentIndent = required
            }
            lineStart = position
            position = end
            skipLine()
        }
    }

    // MARK: Flow context

    /// Scans a flow collection from its opening bracket to the bracket that closes it.
    private mutating func scanFlow() throws(TooDeep) {
        var inPlain = false
        while let current = byte(at: position) {
            if Self.isBreak(current) {
                skipBreak()
                continue
            }
            if inPlain {
                switch current {
                case .comma, .openBracket, .closeBracket, .openBrace, .closeBrace:
                    inPlain = false
                case .colon where isBlankOrEnd(at: position + 1) || byte(at: position + 1).map(Self.isFlowIndicator) == true:
                    inPlain = false
                    position += 1
                case _ where Self.isBlank(current) && byte(at: position + 1) == .hash:
                    inPlain = false
                    position += 1
                default:
                    position += 1
                }
                continue
            }
            switch current {
            case .openBracket, .openBrace:
                flowDepth += 1
                try check(blocks.count + flowDepth, at: position)
                position += 1
            case .closeBracket, .closeBrace:
                flowDepth -= 1
                position += 1
                if flowDepth == 0 { return }
            case .hash:
                skipToBreak()
            case .doubleQuote, .singleQuote:
                skipQuoted()
            case .ampersand, .bang, .asterisk:
                skipProperty()
            case .space, .tab, .comma, .colon, .question:
                position += 1
            default:
                inPlain = true
                position += 1
            }
        }
    }

    // MARK: Scalars and properties

    /// Skips a quoted scalar, which may go on over several lines, to just after its closing quote.
    private mutating func skipQuoted() {
        let quote = bytes[position]
        position += 1
        while let current = byte(at: position) {
            if Self.isBreak(current) {
                skipBreak()
            } else if quote == .doubleQuote, current == .backslash {
                position += 2
            } else if current == quote {
                position += 1
                guard quote == .singleQuote, byte(at: position) == .singleQuote else { return }
                position += 1
            } else {
                position += 1
            }
        }
    }

    /// Skips an anchor (`&a`), alias (`*a`) or tag (`!t`, `!<t>`), which never opens a collection.
    private mutating func skipProperty() {
        if bytes[position] == .bang, byte(at: position + 1) == .less {
            while let current = byte(at: position), current != .greater, !Self.isBreak(current) { position += 1 }
        }
        while let current = byte(at: position), !Self.isBlank(current), !Self.isBreak(current), !Self.isFlowIndicator(current) {
            position += 1
        }
    }

    // MARK: Reading bytes

    private mutating func check(_ depth: Int, at offset: Int) throws(TooDeep) {
        if depth > limit { throw TooDeep(offset: offset) }
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func isBlankOrEnd(at offset: Int) -> Bool {
        guard let next = byte(at: offset) else { return true }
        return Self.isBlank(next) || Self.isBreak(next)
    }

    /// `---` or `...` at the start of a line, followed by a blank or the line's end.
    private func isDocumentMarker(at offset: Int) -> Bool {
        guard let first = byte(at: offset), first == .dash || first == .dot else { return false }
        return byte(at: offset + 1) == first && byte(at: offset + 2) == first && isBlankOrEnd(at: offset + 3)
    }

    private mutating func skipBlanks() {
        while let current = byte(at: position), Self.isBlank(current) { position += 1 }
    }

    private mutating func skipToBreak() {
        while let current = byte(at: position), !Self.isBreak(current) { position += 1 }
    }

    /// Moves past the line break at `position` (`\n`, `\r\n` or a lone `\r`).
    private mutating func skipBreak() {
        if bytes[position] == .carriageReturn, byte(at: position + 1) == .lineFeed { position += 1 }
        position += 1
        lineStart = position
    }

    /// Moves to the start of the next line.
    private mutating func skipLine() {
        skipToBreak()
        if position < bytes.count { skipBreak() }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == .space || byte == .tab }
    private static func isBreak(_ byte: UInt8) -> Bool { byte == .lineFeed || byte == .carriageReturn }
    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == .comma || byte == .openBracket || byte == .closeBracket || byte == .openBrace || byte == .closeBrace
    }
}

extension UInt8 {
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let bang = UInt8(ascii: "!")
    fileprivate static let doubleQuote = UInt8(ascii: "\"")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let percent = UInt8(ascii: "%")
    fileprivate static let ampersand = UInt8(ascii: "&")
    fileprivate static let singleQuote = UInt8(ascii: "'")
    fileprivate static let asterisk = UInt8(ascii: "*")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let dash = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let less = UInt8(ascii: "<")
    fileprivate static let greater = UInt8(ascii: ">")
    fileprivate static let question = UInt8(ascii: "?")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let pipe = UInt8(ascii: "|")
    fileprivate static let closeBrace = UInt8(ascii: "}")
}

/// Splits a template's text into text and tags, following `{{=<% %>=}}` delimiter changes as it goes.
struct MustacheScanner {
    /// What a tag does, from its sigil.
    enum TagKind: Equatable {
        case variable(escaped: Bool)
        case sectionOpen, invertedOpen, close, comment, partial, parentOpen, blockOpen, setDelimiters
    }

    enum Token: Equatable {
        case text(String)
        case tag(TagKind, name: String, location: MustacheLocation)
    }

    private let bytes: [UInt8]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var position = 0
    private var line = 1
    /// The column of `position`, in Unicode scalars from 1.
    private var column = 1

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    mutating func tokens() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        while position < bytes.count {
            guard let tagStart = find(open, from: position) else {
                tokens.append(.text(text(position, bytes.count)))
                advance(to: bytes.count)
                break
            }
            if tagStart > position {
                tokens.append(.text(text(position, tagStart)))
                advance(to: tagStart)
            }
            tokens.append(try tag())
        }
        return tokens
    }

    private mutating func tag() throws(MustacheError) -> Token {
        let location = currentLocation
        var contentStart = position + open.count
        let triple = contentStart < bytes.count && bytes[contentStart] == UInt8(ascii: "{")
        let closer = triple ? [UInt8(ascii: "}")] + close : close
        if triple { contentStart += 1 }
        guard let contentEnd = find(closer, from: contentStart) else {
            throw MustacheError(message: "tag opened here is never closed; expected '\(String(decoding: closer, as: UTF8.self))'", location: location)
        }
        var content = text(contentStart, contentEnd).trimmingTagBlanks
        advance(to: contentEnd + closer.count)
        if triple { return .tag(.variable(escaped: false), name: try name(content, location), location: location) }
        let sigil = content.first
        let kind: TagKind
        switch sigil {
        case "&": kind = .variable(escaped: false)
        case "#": kind = .sectionOpen
        case "^": kind = .invertedOpen
        case "/": kind = .close
        case "!": return .tag(.comment, name: "", location: location)
        case ">": kind = .partial
        case "<": kind = .parentOpen
        case "$": kind = .blockOpen
        case "=":
            try setDelimiters(content, location)
            return .tag(.setDelimiters, name: "", location: location)
        default: kind = .variable(escaped: true)
        }
        if case .variable(escaped: true) = kind {} else { content = String(content.dropFirst()).trimmingTagBlanks }
        return .tag(kind, name: try name(content, location), location: location)
    }

    private func name(_ content: String, _ location: MustacheLocation) throws(MustacheError) -> String {
        guard !content.isEmpty else { throw MustacheError(message: "tag has no name", location: location) }
        guard !content.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
            throw MustacheError(message: "'\(content)' is not a tag name: names have no spaces", location: location)
        }
        return content
    }

    private mutating func setDelimiters(_ content: String, _ location: MustacheLocation) throws(MustacheError) {
        guard content.count >= 2, content.hasSuffix("=") else {
            throw MustacheError(message: "a delimiter change is written {{=<% %>=}}", location: location)
        }
        let parts = content.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw MustacheError(message: "a delimiter change needs two delimiters without '=' or spaces, such as {{=<% %>=}}", location: location)
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    private var currentLocation: MustacheLocation {
        MustacheLocation(line: line, column: column)
    }

    /// Moves to `end`, counting lines as diagnostics do: ended by `\n`, `\r\n` or a lone `\r`.
    private mutating func advance(to end: Int) {
        while position < end {
            let byte = bytes[position]
            position += 1
            let isLoneCarriageReturn = byte == UInt8(ascii: "\r") && (position == bytes.count || bytes[position] != UInt8(ascii: "\n"))
            if byte == UInt8(ascii: "\n") || isLoneCarriageReturn {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

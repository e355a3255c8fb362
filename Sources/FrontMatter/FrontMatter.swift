import Diagnostics
/// A Markdown file split into its YAML front matter and its body.
package struct FrontMatter: Sendable {
    /// The top-level mapping of the front matter, or nil when the file has none (or it is empty).
    package var fields: YAMLNode?
    /// The Markdown after the front matter: a part of the file's text, not a copy.
    package var body: Substring
    /// The file line on which `body` starts (1-based), for locating Markdown diagnostics.
    package var bodyStartLine: Int
    /// Problems that leave the file usable, such as front matter that does not start the file.
    package var warnings: [Diagnostic] = []

    /// Splits `file` at its `---` lines and parses the YAML between them with libyaml.
    /// Returns the diagnostics instead when the front matter is not closed or is not valid YAML.
    package static func parse(_ file: SourceFile) -> Result<FrontMatter, Diagnostic> {
        var lines = LineSplitter.Lines(text: file.text)
        let firstLine = lines.next()
        guard let first = firstLine, isFence(first.text, closing: false) else {
            let warnings = firstLine.map { line in
                line.text.trimmingBlanks.isEmpty ? misplacedFrontMatter(in: file) : tomlFrontMatter(in: file, opening: line.text)
            } ?? []
            return .success(FrontMatter(fields: nil, body: file.text[...], bodyStartLine: 1, warnings: warnings))
        }
        var closingLine = 1
        var closing: LineSplitter.Line?
        while let line = lines.next() {
            closingLine += 1
            if isFence(line.text, closing: true) {
                closing = line
                break
            }
        }
        guard let closing else {
            return .failure(
                file.error(
                    "front matter opened here is never closed; end it with a line of three dashes (---)",
                    at: SourceLocation(line: 1, column: 1), length: 3))
        }
        let yaml = String(file.text[first.end..<closing.start])
        let body = file.text[closing.end...]
        let bodyStartLine = closingLine + 1
        let node: YAMLNode?
        do {
            node = try YAMLParser.parseDocument(yaml)
        } catch {
            let location = SourceLocation(line: error.location.line + 1, column: error.location.column)
            return .failure(file.error("invalid YAML in front matter: \(error.fullMessage(linesBefore: 1))", at: location))
        }
        guard var node else {
            return .success(FrontMatter(fields: nil, body: body, bodyStartLine: bodyStartLine))
        }
        node.shiftLines(by: 1)
        switch node.kind {
        case .mapping:
            return .success(FrontMatter(fields: node, body: body, bodyStartLine: bodyStartLine))
        case .scalar where node.resolved == .null:
            return .success(FrontMatter(fields: nil, body: body, bodyStartLine: bodyStartLine))
        default:
            return .failure(
                file.error(
                    "front matter must be a mapping of keys to values, not \(node.kindDescription)",
                    at: node.location, length: node.length))
        }
    }

    /// A whole-file YAML document, such as `sitegen.yml`: nil when empty, else its top-level mapping.
    package static func parseYAMLFile(_ file: SourceFile) -> Result<YAMLNode?, Diagnostic> {
        let node: YAMLNode?
        do {
            node = try YAMLParser.parseDocument(file.text)
        } catch {
            return .failure(file.error("invalid YAML: \(error.fullMessage())", at: error.location))
        }
        guard let node, node.resolved != .null else { return .success(nil) }
        guard case .mapping = node.kind else {
            return .failure(
                file.error(
                    "expected a mapping of keys to values, not \(node.kindDescription)", at: node.location,
                    length: node.length))
        }
        return .success(node)
    }

    /// A warning when the file opens with TOML front matter (between `+++` lines, as Hugo reads
    /// it), which sitegen does not read: Markdown would show it as a paragraph.
    private static func tomlFrontMatter(in file: SourceFile, opening: Substring) -> [Diagnostic] {
        guard isLine(opening, "+++") else { return [] }
        var lines = LineSplitter.Lines(text: file.text)
        _ = lines.next()
        guard lines.contains(where: { isLine($0.text, "+++") }) else { return [] }
        return [
            file.warning(
                "TOML front matter (between +++ lines) is not read, so this block is shown as text; write it as YAML between lines of three dashes (---)",
                at: SourceLocation(line: 1, column: 1), length: 3)
        ]
    }

    /// A warning when blank lines come before what looks like front matter (a `---` line, a
    /// `key:` line, and a closing `---` later), which Markdown would show as a rule and a heading.
    private static func misplacedFrontMatter(in file: SourceFile) -> [Diagnostic] {
        var lines = LineSplitter.Lines(text: file.text)
        var number = 0
        while let line = lines.next() {
            number += 1
            if line.text.trimmingBlanks.isEmpty { continue }
            guard isFence(line.text, closing: false), let entry = lines.next(), isKeyLine(entry.text),
                lines.contains(where: { isFence($0.text, closing: true) })
            else { return [] }
            let blank = number == 2 ? "the blank line" : "the \(number - 1) blank lines"
            return [
                file.warning(
                    "front matter must start on the first line; remove \(blank) above it, or this block is read as Markdown",
                    at: SourceLocation(line: number, column: 1), length: 3)
            ]
        }
        return []
    }

    /// True for a line that starts a YAML mapping entry, such as `title: Hello` or `action:`.
    private static func isKeyLine(_ line: Substring) -> Bool {
        let name = line.utf8.prefix { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        let rest = line.utf8.dropFirst(name.count)
        guard !name.isEmpty, rest.first == UInt8(ascii: ":") else { return false }
        let after = rest.dropFirst().first
        return after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t")
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var text = line.utf8[...]
        while let last = text.last, last == 0x20 || last == 0x09 { text = text.dropLast() }
        return text.elementsEqual("---".utf8) || (closing && text.elementsEqual("...".utf8))
    }

    /// Whether `line`, blanks around it aside, is `marker`. Compared as bytes: comparing strings
    /// composes them first, which takes time that grows with the square of a run of combining
    /// marks, and a line of 80,000 of them took 23 s.
    private static func isLine(_ line: Substring, _ marker: String) -> Bool {
        line.trimmingBlanks.utf8.elementsEqual(marker.utf8)
    }
}

extension YAMLNode {
    /// Moves the node and everything in it `offset` lines down, for YAML cut out of a larger file.
    mutating func shiftLines(by offset: Int) {
        location.line += offset
        switch kind {
        case .scalar:
            break
        case .sequence(var items):
            for index in items.indices { items[index].shiftLines(by: offset) }
            kind = .sequence(items)
        case .mapping(var pairs):
            for index in pairs.indices {
                pairs[index].key.shiftLines(by: offset)
                pairs[index].value.shiftLines(by: offset)
            }
            kind = .mapping(pairs)
        }
    }
}

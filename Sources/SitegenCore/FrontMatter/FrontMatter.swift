/// A Markdown file split into its YAML front matter and its body.
public struct FrontMatter: Sendable {
    /// The top-level mapping of the front matter, or nil when the file has none (or it is empty).
    public var fields: YAMLNode?
    public var body: String
    /// The file line on which `body` starts (1-based), for locating Markdown diagnostics.
    public var bodyStartLine: Int

    /// Splits `file` at its `---` lines and parses the YAML between them with libyaml.
    /// Returns the diagnostics instead when the front matter is not closed or is not valid YAML.
    public static func parse(_ file: SourceFile) -> Result<FrontMatter, Diagnostic> {
        var lines = LineSplitter.Lines(text: file.text)
        guard let first = lines.next(), isFence(first.text, closing: false) else {
            return .success(FrontMatter(fields: nil, body: file.text, bodyStartLine: 1))
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
        let body = String(file.text[closing.end...])
        let bodyStartLine = closingLine + 1
        let node: YAMLNode?
        do {
            node = try YAMLParser.parseDocument(yaml)
        } catch {
            let location = SourceLocation(line: error.location.line + 1, column: error.location.column)
            return .failure(file.error("invalid YAML in front matter: \(error.message)", at: location))
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
    public static func parseYAMLFile(_ file: SourceFile) -> Result<YAMLNode?, Diagnostic> {
        let node: YAMLNode?
        do {
            node = try YAMLParser.parseDocument(file.text)
        } catch {
            return .failure(file.error("invalid YAML: \(error.message)", at: error.location))
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

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var text = line
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text == "---" || (closing && text == "...")
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

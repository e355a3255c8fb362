import Diagnostics
/// Reads typed settings out of a YAML mapping. Every key it does not know is reported with a
/// suggestion, every value of the wrong type with its position; nothing is silently ignored.
package struct FieldReader {
    package let file: SourceFile
    /// What the mapping configures, for messages: "page front matter", "flow settings", …
    package let context: String
    /// The mapping's entries with known keys, in document order. Front matter has a handful, so
    /// a scan beats hashing each key.
    private var entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []
    package private(set) var diagnostics: [Diagnostic] = []

    /// A reader over `node` (a mapping, or nil for none) that accepts exactly `keys`.
    package init(_ node: YAMLNode?, keys: [String], file: SourceFile, context: String) {
        self.file = file
        self.context = context
        guard let node else { return }
        guard case .mapping(let pairs) = node.kind else {
            diagnostics.append(
                file.error("\(context) must be a mapping of keys to values, not \(node.kindDescription)",
                    at: node.location, length: node.length))
            return
        }
        for pair in pairs {
            guard let key = pair.key.scalarText else {
                diagnostics.append(file.error("a key in \(context) must be a plain name", at: pair.key.location))
                continue
            }
            if let first = entries.first(where: { $0.key == key })?.keyNode {
                diagnostics.append(
                    file.error("duplicate key '\(key)' in \(context) (first set on line \(first.location.line))",
                        at: pair.key.location, length: pair.key.length))
                continue
            }
            guard keys.contains(key) else {
                diagnostics.append(
                    file.error("unknown key '\(key)' in \(context)\(Suggestion.didYouMean(key, in: keys))",
                        at: pair.key.location, length: pair.key.length))
                continue
            }
            entries.append((key, pair.key, pair.value))
        }
    }

    /// The value node of `key`, unless it is absent or null.
    package func node(_ key: String) -> YAMLNode? {
        guard let node = entries.first(where: { $0.key == key })?.value, !node.isNull else { return nil }
        return node
    }

    package mutating func report(_ message: String, at node: YAMLNode) {
        diagnostics.append(file.error(message, at: node.location, length: node.length))
    }

    /// Any scalar as text (`title: 2024` is the title "2024").
    package mutating func string(_ key: String) -> String? {
        guard let node = node(key) else { return nil }
        guard let text = node.scalarText else {
            report("'\(key)' must be text, not \(node.kindDescription)", at: node)
            return nil
        }
        return text
    }

    /// `string(key)` for text that names something, such as a title: blank text (empty, or
    /// spaces alone) is reported and taken as no value, so the default applies, where the key
    /// `hasDefault`.
    package mutating func nonBlankString(_ key: String, hasDefault: Bool = true) -> String? {
        guard let text = string(key) else { return nil }
        // A zero-width space or joiner shows nothing either.
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint }) else {
            let fix = hasDefault ? "write one, or leave the key out for the default" : "write one"
            if let node = node(key) { report("'\(key)' is blank; \(fix)", at: node) }
            return nil
        }
        return Self.oneLine(text)
    }

    /// A name as one line, for an app that shows the manifest's text as it is: a block scalar's
    /// (`title: |`) line breaks, with the blanks around them, one space, and no whitespace of any
    /// script (an ideographic space, a no-break space) at either end. Most names are returned as
    /// they are, after a look at their ends and for a line break.
    static func oneLine(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace || text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
        else { return text }
        var lines: [String] = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let kept = line.unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
            if !kept.isEmpty { lines.append(String(String.UnicodeScalarView(kept))) }
        }
        return lines.joined(separator: " ")
    }

    package mutating func bool(_ key: String) -> Bool? {
        guard let node = node(key) else { return nil }
        if case .bool(let value) = node.resolved { return value }
        report("'\(key)' must be true or false, not \(describe(node))", at: node)
        return nil
    }

    package mutating func int(_ key: String) -> Int? {
        guard let node = node(key) else { return nil }
        if case .int(let value) = node.resolved { return value }
        report("'\(key)' must be a whole number, not \(describe(node))", at: node)
        return nil
    }

    /// One of an enumeration's raw values, with a suggestion when the value is misspelt.
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        guard let node = node(key) else { return nil }
        let names = Choice.allCases.map(\.rawValue)
        if let text = node.scalarText, let value = Choice(rawValue: text) { return value }
        let list = names.joined(separator: ", ")
        let hint = node.scalarText.map { Suggestion.didYouMean($0, in: names) } ?? ""
        report("'\(key)' must be one of \(list), not \(describe(node))\(hint)", at: node)
        return nil
    }

    /// Reads the mapping under `key` with a reader of its own, keeping its diagnostics.
    package mutating func mapping<Value>(
        _ key: String, keys: [String], read: (inout FieldReader) -> Value
    ) -> Value? {
        guard let node = node(key) else { return nil }
        var nested = FieldReader(node, keys: keys, file: file, context: "'\(key)'")
        let value = read(&nested)
        diagnostics += nested.diagnostics
        return value
    }

    private func describe(_ node: YAMLNode) -> String {
        if let text = node.scalarText { return "'\(text)'" }
        return node.kindDescription
    }
}

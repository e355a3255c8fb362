import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import FrontMatter

@Suite struct YAMLParserTests {
    private func parse(_ text: String) throws(YAMLParser.Failure) -> YAMLNode? {
        try YAMLParser.parseDocument(text)
    }

    private func mapping(_ text: String) throws -> [String: YAMLNode] {
        guard case .mapping(let pairs)? = try parse(text)?.kind else {
            Issue.record("not a mapping: \(text)")
            return [:]
        }
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.key.scalarText ?? "", $0.value) })
    }

    @Test func resolvesPlainScalarsByTheCoreSchema() throws {
        let values = try mapping("a: true\nb: False\nc: 42\nd: -0x1F\ne: 2.5\nf: ~\ng: yes\nh: \"true\"\ni: 0o17\n")
        #expect(values["a"]?.resolved == .bool(true))
        #expect(values["b"]?.resolved == .bool(false))
        #expect(values["c"]?.resolved == .int(42))
        #expect(values["d"]?.resolved == .string("-0x1F"))
        #expect(values["e"]?.resolved == .float(2.5))
        #expect(values["f"]?.resolved == .null)
        #expect(values["g"]?.resolved == .string("yes"), "YAML 1.2: yes is a string")
        #expect(values["h"]?.resolved == .string("true"), "quoted scalars are strings")
        #expect(values["i"]?.resolved == .int(15))
    }

    /// A tag was dropped and its value read as text (`title: !!binary aGVsbG8=` was the title
    /// "aGVsbG8="): only the core schema's tags, which mean what the reader finds anyway, pass.
    @Test(arguments: [
        ("title: !!binary aGVsbG8=\n", "!!binary", 1, 8), ("id: !!python/object:os.system x\n", "!!python/object:os.system", 1, 5),
        ("a: !thing x\n", "!thing", 1, 4), ("list: !!set\n  ? a\n", "!!set", 1, 7), ("a: !<tag:example.com,2026:x> [1]\n", "tag:example.com,2026:x", 1, 4),
        // The core schema's other tags were accepted and not applied (`!!null Tour` was "Tour").
        ("title: !!null Tour\n", "!!null", 1, 8), ("a: !!int abc\n", "!!int", 1, 4), ("a: !!seq [1]\n", "!!seq", 1, 4), ("a: !!str [1]\n", "!!str", 1, 4),
    ])
    func aTagOtherThanStrIsAnError(_ text: String, _ tag: String, _ line: Int, _ column: Int) {
        #expect(throws: YAMLParser.Failure.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.message == "the YAML tag '\(tag)' is not supported: sitegen reads plain values (and '!!str', for text), so write the value without it")
            #expect(error.location == SourceLocation(line: line, column: column), "\(error.location)")
        }
    }

    /// NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR are text in YAML 1.2, not line breaks as
    /// libyaml (YAML 1.1) takes them: every later line was a line further down, and a plain
    /// value holding one was refused (helper-35).
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func unicodeLineSeparatorsAreText(_ separator: String) throws {
        let values = try mapping("title: a\(separator)b\nquoted: \"c\(separator)d\"\nlist: [e\(separator)f]\ndraft: x\n")
        #expect(values["title"]?.scalarText == "a\(separator)b")
        #expect(values["quoted"]?.scalarText == "c\(separator)d")
        guard case .sequence(let items)? = values["list"]?.kind else {
            Issue.record("no list")
            return
        }
        #expect(items.first?.scalarText == "e\(separator)f")
        #expect(values["draft"]?.location == SourceLocation(line: 4, column: 8))
        // A stand-in the text holds already is its own: the text is read as libyaml reads it.
        #expect(try mapping("a: \u{F8F0}\n")["a"]?.scalarText == "\u{F8F0}")
        // An escape makes the character in a quoted value, as before.
        #expect(try mapping("a: \"x\\Ny\"\n")["a"]?.scalarText == "x\u{85}y")
    }

    @Test func strIsTextAsIfQuoted() throws {
        let values = try mapping("a: !!str 42\nb: !!str true\n")
        #expect(values["a"]?.resolved == .string("42"))
        #expect(values["b"]?.resolved == .string("true"))
    }

    @Test func readsQuotedAndMultiLineStrings() throws {
        let values = try mapping("""
            single: 'it''s'
            double: "tab\\tnew\\nline é"
            folded: >
              one
              two
            literal: |
              one
              two
            plain: a
              continued
            """)
        #expect(values["single"]?.scalarText == "it's")
        #expect(values["double"]?.scalarText == "tab\tnew\nline é")
        #expect(values["folded"]?.scalarText == "one two\n")
        #expect(values["literal"]?.scalarText == "one\ntwo\n")
        #expect(values["plain"]?.scalarText == "a continued")
    }

    @Test func readsListsAndNestedMappingsWithPositions() throws {
        let values = try mapping("list: [a, b]\nnested:\n  label: Go\n  href: /x\n")
        guard case .sequence(let items)? = values["list"]?.kind else {
            Issue.record("list is not a sequence")
            return
        }
        #expect(items.map(\.scalarText) == ["a", "b"])
        guard case .mapping(let pairs)? = values["nested"]?.kind else {
            Issue.record("nested is not a mapping")
            return
        }
        #expect(pairs.map(\.key.scalarText) == ["label", "href"])
        #expect(pairs[1].value.location == SourceLocation(line: 4, column: 9))
        #expect(pairs[1].value.length == 2)
    }

    @Test func expandsAliases() throws {
        let values = try mapping("base: &b {label: Go}\ncopy: *b\n")
        #expect(values["copy"]?.kind == values["base"]?.kind)
        #expect(values["copy"]?.location == SourceLocation(line: 2, column: 7))
    }

    @Test func stopsAliasBombs() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        #expect(throws: YAMLParser.Failure.self) { try parse(text) }
    }

    @Test func reportsSyntaxErrorsWithTheirPosition() {
        let error = #expect(throws: YAMLParser.Failure.self) { try parse("title: ok\nbad: a: b\n") }
        #expect(error?.location == SourceLocation(line: 2, column: 7))
        #expect(error?.message == "mapping values are not allowed in this context")
    }

    /// What is left open is found lines later (at the end of the front matter, often): the
    /// error is at the line that opens it, and says where libyaml gave up.
    @Test(arguments: [
        ("title: ok\nbad: [unclosed\n", 2, 6, "did not find expected ',' or ']' while parsing a flow sequence that starts here (found at line 3, column 1)"),
        ("a: {b: c\nd: 1\n", 1, 4, "did not find expected ',' or '}' while parsing a flow mapping that starts here (found at line 2, column 2)"),
        ("title: \"Hello\nsubtitle: x\nalt: y\n", 1, 8, "found unexpected end of stream while scanning a quoted scalar that starts here (found at line 4, column 1)"),
        ("title: 'Hello\n", 1, 8, "found unexpected end of stream while scanning a quoted scalar that starts here (found at line 2, column 1)"),
        ("title: ok\nbad: [a, b", 2, 6, "did not find expected ',' or ']' while parsing a flow sequence that starts here (found at line 3, column 1)"),
    ])
    func openConstructsAreReportedWhereTheyStart(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        let error = #expect(throws: YAMLParser.Failure.self) { try parse(text) }
        #expect(error?.fullMessage() == message)
        #expect(error?.location == SourceLocation(line: line, column: column))
    }

    /// A block mapping's context is its first key: a stray word after a quoted value is
    /// reported where it is, not at the top of the front matter.
    @Test func aStrayWordIsReportedWhereItIs() {
        let error = #expect(throws: YAMLParser.Failure.self) { try parse("id: a\ntitle: Welcome\nimage_alt: \"A phone\" showing the app\n") }
        #expect(error?.location.line == 3)
        #expect(error?.fullMessage() == "did not find expected key while parsing a block mapping")
    }

    /// A problem found on the line its construct starts on is reported where it is found.
    @Test func aProblemOnItsOwnLineStaysWhereItIsFound() {
        let error = #expect(throws: YAMLParser.Failure.self) { try parse("a: [b, c}\n") }
        #expect(error?.location.line == 1)
        #expect(error?.message.hasSuffix("while parsing a flow sequence") == true)
    }

    /// libyaml's reader says where by a byte offset, not a mark: the column used to be 1 always.
    @Test(arguments: [
        ("title: ok\nbad: a\u{1}b\n", 2, 7),
        ("é: xé\u{7F}\n", 1, 6),
        ("a: 1\rb: 2\r\nc: \u{1B}\n", 3, 4),
    ])
    func controlCharactersAreErrorsAtTheirPosition(_ text: String, _ line: Int, _ column: Int) {
        let error = #expect(throws: YAMLParser.Failure.self) { try parse(text) }
        #expect(error?.message == "control characters are not allowed")
        #expect(error?.location == SourceLocation(line: line, column: column))
    }

    @Test func rejectsASecondDocumentAndUnknownAliases() {
        #expect(throws: YAMLParser.Failure.self) { try parse("a: 1\n---\nb: 2\n") }
        #expect(throws: YAMLParser.Failure.self) { try parse("a: *nowhere\n") }
    }

    @Test func emptyTextIsNoDocument() throws {
        #expect(try parse("") == nil)
        #expect(try parse("# only a comment\n") == nil)
    }

    private func expectTooDeep(_ text: String, at location: Diagnostics.SourceLocation, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let error = #expect(throws: YAMLParser.Failure.self, sourceLocation: sourceLocation) { try parse(text) }
        #expect(error?.message == "collections nested more than 64 levels deep", sourceLocation: sourceLocation)
        #expect(error?.location == location, sourceLocation: sourceLocation)
    }

    /// libyaml has no depth limit and its time is quadratic in the depth of flow collections
    /// (40,000 levels took 6.6 s): deep text is refused before libyaml reads it, where it crosses
    /// the limit.
    @Test func deepFlowCollectionsAreRefusedWhereTheyCrossTheLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        expectTooDeep(deep, at: SourceLocation(line: 1, column: 65))
        expectTooDeep("a: " + deep + "\n", at: SourceLocation(line: 1, column: 67))
        expectTooDeep("a:\n  b: " + String(repeating: "{c: ", count: 70) + "d" + String(repeating: "}", count: 70), at: SourceLocation(line: 2, column: 254))
    }

    @Test func deepBlockCollectionsAreRefusedWhereTheyCrossTheLimit() {
        expectTooDeep(String(repeating: "- ", count: 100) + "x\n", at: SourceLocation(line: 1, column: 129))
        let indented = (0..<100).map { String(repeating: "  ", count: $0) + "k\($0):\n" }.joined()
        expectTooDeep(indented, at: SourceLocation(line: 65, column: 129))
        let sequencesUnderKeys = "k0:\n" + (1..<100).map { String(repeating: "  ", count: $0 - 1) + "- k\($0):\n" }.joined()
        expectTooDeep(sequencesUnderKeys, at: SourceLocation(line: 33, column: 65))
    }

    private static let manyBrackets = String(repeating: "[", count: 100)

    /// Brackets in quoted, block and plain scalars, after tags and anchors, and in comments.
    private static let bracketsThatOpenNothing = """
        a: "\(manyBrackets)\\"\(manyBrackets)"
        b: '\(manyBrackets)''{{{{'
        c: |
          \(manyBrackets)
           \(manyBrackets)
        d: text \(manyBrackets)
        # \(manyBrackets)
        e: [x, "\(manyBrackets)", '\(manyBrackets)', y, it's, &a z, !!str w] # \(manyBrackets)
        f: >2
           \(manyBrackets)
        g: !!str &b text \(manyBrackets)
        """

    /// The byte scan alone, which runs before libyaml sees the text.
    @Test func theByteScanMeasuresDepthBeforeLibyaml() {
        func offset(_ text: String, limit: Int = 64) -> Int? {
            YAMLDepthScan.firstOffsetTooDeep(in: Array(text.utf8), limit: limit)
        }
        #expect(offset(String(repeating: "[", count: 100_000)) == 64)
        #expect(offset("a:\r  b: [[[[[", limit: 4) == 10, "a lone \\r ends a line")
        #expect(offset(String(repeating: "- ", count: 100)) == 128)
        #expect(offset("a:\n  b:\n    c:\n", limit: 2) == 12)
        #expect(offset("a:\n  b:\n  c:\n", limit: 2) == nil)
        let text = Self.bracketsThatOpenNothing
        #expect(offset(text, limit: 2) == nil)
        #expect(offset("a: !!seq &b [[x]]", limit: 2) == 13, "after a tag and an anchor, a bracket opens a collection")
        #expect(offset(text + "\nh: [[x]]", limit: 2) == text.utf8.count + 5)
    }

    /// Aliases nest what they repeat deeper than the text does; the tree builder catches that.
    @Test func aliasesCannotNestDeeperThanTheLimit() {
        let forty = String(repeating: "[", count: 40)
        let closing = String(repeating: "]", count: 40)
        expectTooDeep("a: &a \(forty)\(closing)\nb: \(forty)*a\(closing)\n", at: SourceLocation(line: 2, column: 44))
    }

    /// Brackets in quoted scalars, block scalars, plain scalars and comments open nothing.
    @Test func bracketsThatOpenNothingDoNotCount() throws {
        let many = Self.manyBrackets
        let values = try mapping(Self.bracketsThatOpenNothing)
        #expect(values["a"]?.scalarText == many + "\"" + many)
        #expect(values["c"]?.scalarText == many + "\n " + many + "\n")
        #expect(values["d"]?.scalarText == "text " + many)
        guard case .sequence(let items)? = values["e"]?.kind else {
            Issue.record("e is not a list")
            return
        }
        #expect(items.count == 7)
        #expect(values["g"]?.scalarText == "text " + many)
        #expect(try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) != nil, "64 levels are fine")
    }
}

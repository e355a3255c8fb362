import Testing
@testable import SitegenCore

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
        do {
            _ = try parse("title: ok\nbad: [unclosed\n")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.location.line == 3)
            #expect(error.message.contains("flow sequence"))
        }
    }

    @Test func rejectsASecondDocumentAndUnknownAliases() {
        #expect(throws: YAMLParser.Failure.self) { try parse("a: 1\n---\nb: 2\n") }
        #expect(throws: YAMLParser.Failure.self) { try parse("a: *nowhere\n") }
    }

    @Test func emptyTextIsNoDocument() throws {
        #expect(try parse("") == nil)
        #expect(try parse("# only a comment\n") == nil)
    }
}

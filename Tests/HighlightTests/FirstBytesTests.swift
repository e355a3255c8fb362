import Testing

@testable import Highlight

/// The engine passes over a child whose pattern cannot begin with the byte at hand without asking
/// PCRE2: the bytes each pattern may begin with, and highlighting that must not change for it.
@Suite(.serialized) struct FirstBytesTests {
    @Test(arguments: [
        ("\\bimport\\b", Array("iI".utf8) + [0xC3, 0xE2], Array("xm \"".utf8)),
        ("(?i)kelvin", Array("kK".utf8) + [0xE2], Array("ex0".utf8)),
        ("[0-9]+", Array("05".utf8), Array("a ".utf8) + [0xD9]),
        ("(?:foo|bar)", Array("fb".utf8), Array("o".utf8)),
        ("\"", Array("\"".utf8), Array("'".utf8)),
    ])
    func aPatternTellsTheBytesItBeginsWith(pattern: String, admitted: [UInt8], refused: [UInt8]) throws {
        let first = try #require(try Regex(pattern, anchored: true).firstBytes)
        for byte in admitted { #expect(first.contains(byte), "\(pattern) admits \(byte)") }
        for byte in refused { #expect(!first.contains(byte), "\(pattern) refuses \(byte)") }
    }

    /// A pattern that can match nothing may match at a line's end; a class PCRE2 does not tabulate
    /// (`\w` with Unicode properties) may begin with any byte.
    @Test(arguments: ["a?", "$", "\\w+", "(?<=x)", "^"])
    func aPatternThatDoesNotTellMayBeginAnywhere(pattern: String) throws {
        #expect(try Regex(pattern, anchored: true).firstBytes == nil)
    }

    /// Caseless keywords met by a Kelvin sign and a long s, children that match only at a line's
    /// end, and multi-byte text between them: the same runs as GtkSourceView's.
    @Test func childrenPassedOverHighlightAsGtkSourceViewDoes() async throws {
        let definitions = """
            <context id="test"><include>
              <context id="words" style-ref="keyword"><keyword>kelvin</keyword><keyword>sum</keyword></context>
              <context id="end" style-ref="comment"><match>;?$</match></context>
              <context id="number" style-ref="type"><match>[0-9]+</match></context>
              <context id="string" style-ref="string"><start>"</start><end>"</end></context>
            </include></context>
            """
        let folder = try LanguageFolder(["test.lang": LanguageFolder.language(options: "<default-regex-options case-sensitive=\"false\"/>", definitions: definitions)])
        defer { folder.remove() }
        let code = "KELVIN \u{212A}elvin \u{017F}um 42;\n\"é\" Ωsum 7\n\n\u{212A}"
        let actual = try folder.runs(code)
        #expect(actual.contains("keyword:\u{212A}elvin"))
        #expect(actual.contains("keyword:\u{017F}um"))
        #expect(actual == (try await folder.oracleRuns(code)), "GtkSourceView")
    }

    /// A child passed over counts as a call that failed: a block that takes more calls than its
    /// budget is left plain whether or not its children's patterns tell their first bytes.
    @Test func childrenPassedOverSpendTheBudgetAsCallsDo() throws {
        func highlighted(_ keyword: (Int) -> String) throws -> Result<[TokenRun], HighlightProblem> {
            let children = "<context id=\"look\"><match>(?=x)</match></context>"
                + (0..<100).map { "<context id=\"k\($0)\" style-ref=\"keyword\"><match>\(keyword($0))</match></context>" }.joined()
            let folder = try LanguageFolder(["test.lang": LanguageFolder.language(definitions: "<context id=\"test\"><include>\(children)</include></context>")])
            defer { folder.remove() }
            return folder.highlighter.highlight(String(repeating: String(repeating: "x", count: 99) + " z7\n", count: 200), language: "test")
        }
        // The second spelling matches what the first does, but PCRE2 cannot tell its first bytes.
        let told = try highlighted { "z\($0)" }
        let untold = try highlighted { "(?:z\($0)|\\d(?&lt;=z))" }
        for result in [told, untold] {
            guard case .failure(.tooComplex(let detail)) = result else {
                Issue.record("expected the block left plain for too much work, got \(result)")
                continue
            }
            #expect(detail.contains("too much work"))
        }
    }
}

import Testing

@testable import Highlight

/// The system's definitions, end to end: a language found by an alias, its runs.
@Suite struct SmokeTests {
    @Test func pythonByAlias() throws {
        let code = "def f(x):\n  return \"hi\" # c\n"
        let runs = try Highlighter().highlight(code, language: "py").get()
        #expect(runs.map(\.text).joined() == code)
        #expect(runs.first == TokenRun(style: "keyword", text: "def"))
        #expect(runs.contains(TokenRun(style: "string", text: "\"hi\"")))
        #expect(runs.contains(TokenRun(style: "comment", text: "# c")))
    }
}

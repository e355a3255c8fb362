import Testing
@testable import SitegenCore
@testable import Diagnostics

@Suite struct DiagnosticFormatterTests {
    @Test func printsLikeACompilerWithTheLineAndACaret() {
        let file = SourceFile(path: "content/welcome/01-welcome.md", text: "---\n  titel: Hi\n---\n")
        let diagnostic = file.error("unknown key 'titel'", at: SourceLocation(line: 2, column: 3), length: 5)
        #expect(DiagnosticFormatter().format(diagnostic) == """
            content/welcome/01-welcome.md:2:3: error: unknown key 'titel'
              titel: Hi
              ^~~~~
            """)
    }

    @Test func keepsTabsSoTheCaretLinesUp() {
        let file = SourceFile(path: "a.md", text: "\tkey: é x\n")
        let diagnostic = file.warning("here", at: SourceLocation(line: 1, column: 8))
        #expect(DiagnosticFormatter().format(diagnostic) == "a.md:1:8: warning: here\n\tkey: é x\n\t      ^")
    }

    @Test func withoutAPositionPrintsOnlyTheFile() {
        #expect(DiagnosticFormatter().format(.error("flow 'x' has no pages", path: "content/x")) == "content/x: error: flow 'x' has no pages")
    }

    @Test func sortsByFileThenPosition() {
        let a = Diagnostic(.error, "1", path: "a.md", location: SourceLocation(line: 9, column: 1))
        let b = Diagnostic(.error, "2", path: "a.md", location: SourceLocation(line: 10, column: 1))
        let c = Diagnostic(.warning, "3", path: "b.md")
        #expect([c, b, a].sorted() == [a, b, c])
    }

    @Test func suggestsCloseNamesOnly() {
        #expect(Suggestion.closest(to: "tilte", in: ["title", "image"]) == "title")
        #expect(Suggestion.closest(to: "imgae_alt", in: ["image", "image_alt"]) == "image_alt")
        #expect(Suggestion.closest(to: "zzz", in: ["title", "image"]) == nil)
    }
}

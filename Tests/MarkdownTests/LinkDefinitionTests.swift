import Testing
@testable import Markdown

/// Footnotes and table cells, parsed again on their own, are given only the link reference
/// definitions they name, and still resolve every link as `cmark-gfm` does.
@Suite struct LinkDefinitionTests {
    static let pages = [
        // Labels matched case folded (ß and SS meet), across a line, with escapes and spaces.
        "Text [^n].\n\n[^n]: [STRASSE] and [Grüße][grüsse] and [a\\]b] and [ x   y ]\n\n[straße]: /s\n[GRÜSSE]: /g\n[a\\]b]: /e\n[x y]: /xy\n",
        "| a |\n|---|\n| [Foo\nbar] |\n| [foo bar] and [ÁÉ] |\n\n[foo bar]: /fb\n[áé]: /ae \"Title\"\n",
        // The first definition of a label wins, in the body's order.
        "Text [^n].\n\n[^n]: [one]\n\n[one]: /first\n\n[ONE]: /second\n",
        // A title that starts on the next line, a destination on the next line.
        "Text [^n].\n\n[^n]: [t] [d]\n\n[t]: /t\n\"a title\n[x]: on two lines\"\n[d]:\n/d\n",
        // A run that is not only definitions: what follows the text is no definition.
        "Text [^n].\n\n[^n]: [a] [b] [c]\n\n[a]: /a\n[b]: /b\ntext\n[c]: /c\n",
        // Capital sharp s folds to ss; a definition in the text of a setext heading.
        "Body [ss-ref][ẞ], note[^1].\n\n| a |\n|---|\n| [ẞ] |\n\n[^1]: [ẞ]\n\n[ss]: /u/ss\n",
        "Note[^1].\n\n| a |\n|---|\n| [bar] [baz] |\n\n[^1]: [bar] [baz]\n\n[bar]: /u/bar\nBaz\n===\n\n[baz]: /u/baz\nQux\n---\n\nBody [bar].\n",
        // A label defined twice: the first definition wins, in footnotes as in the body.
        "[a] [^1]\n\n[^1]: [a]\n\n[a]: /first\n[a]: /second\n\n[A]: /third\n",
        // Names that a table cell and a footnote share, and some no definition has.
        "| [x] | [y] |\n|---|---|\n| [z] | [^n] |\n\n[^n]: [x][] [q]\n\n[x]: /x\n[y]: /y 'y'\n[z]: </z z>\n",
    ]

    @Test(arguments: pages)
    func rendersLikeCmarkGFM(page: String) throws {
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected)
    }

    /// One label defined thousands of times, named by thousands of footnotes: each was given
    /// every definition of it (16,000 of both took 15 s); only the first is ever used.
    @Test func aLabelDefinedManyTimesIsGivenOnce() {
        let text = (0..<5_000).map { "[a]: /u\($0)\n" }.joined()
        var definitions = LinkDefinitions(Array(text.utf8), flags: 0, budget: 1 << 20)
        let given = definitions.text(for: [SubDocument.Line(bytes: Array("[a]".utf8), line: 1, offset: 0)])
        #expect(given.map { String(decoding: $0, as: UTF8.self) } == "[a]: /u0\n\n")
    }

    @Test func aPieceIsGivenOnlyTheDefinitionsItNames() {
        let text = (0..<1_000).map { "[l\($0)]: /u\($0)\n" }.joined()
        var definitions = LinkDefinitions(Array(text.utf8), flags: 0, budget: 1 << 20)
        let given = definitions.text(for: [SubDocument.Line(bytes: Array("see [L7] and [l999]".utf8), line: 1, offset: 0)])
        #expect(given.map { String(decoding: $0, as: UTF8.self) } == "[l7]: /u7\n\n[l999]: /u999\n\n")
        #expect(definitions.text(for: [SubDocument.Line(bytes: Array("[none]".utf8), line: 1, offset: 0)]) == [])
    }

    /// A run that cmark does not read as definitions piece by piece (here each destination is
    /// on the line after its label, and starts with `[`) stays whole; given to every piece that
    /// names one of its labels, it could make the work grow with the square of the page, so past
    /// a budget the links stay text, with a warning, and the page still renders.
    @Test func pastTheBudgetLinksInFootnotesStayTextWithAWarning() throws {
        let count = 3_000
        let definitions = (0..<count).map { "[l\($0)]:\n[u\($0)]\n" }.joined()
        let footnotes = (0..<count).map { "[^f\($0)]: [l\($0)]\n" }.joined()
        let references = (0..<count).map { "[^f\($0)]" }.joined()
        let page = references + "\n\n" + definitions + "\n" + footnotes
        let rendered = Markdown.render(page, footnotePrefix: "p-")
        #expect(rendered.warnings.contains { $0.message.contains("links in them that use a definition stay text") })
        #expect(rendered.html.contains("href=\"%5Bu0%5D\""))
        #expect(!rendered.html.contains("href=\"%5Bu\(count - 1)%5D\""))
        // Under the budget, the same page renders as cmark-gfm renders it.
        let smallPage = "[^f0][^f1]\n\n[l0]:\n[u0]\n[l1]:\n[u1]\n\n[^f0]: [l0]\n[^f1]: [l1]\n"
        let small = try Oracle.renderings(of: smallPage)
        #expect(small.sitegen == small.cmarkGFM)
    }
}

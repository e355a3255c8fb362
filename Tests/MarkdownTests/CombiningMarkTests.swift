import Testing
@testable import Markdown

/// Markdown whose syntax characters carry a combining mark (U+0301), a joiner or a variation
/// selector renders as `cmark-gfm` renders it. cmark reads bytes; Swift compares characters, in
/// which `>` and a mark after it are one character unequal to `>`, so every check of syntax that
/// sitegen makes itself must look at bytes too.
@Suite struct CombiningMarkTests {
    static let pages = [
        // A table, then a line that only looks like an HTML block to a reader of characters.
        "| a | b |\n|---|---|\n| 1 | 2 |\n<div\u{301}>\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n<p\u{301}>x\n",
        // Cells that start with a mark.
        "| a |\n|---|\n| \u{301}x |\n| <\u{301} |\n| \u{200D}y |\n",
        "## \u{301}Title\n\nText\u{301}.\n\n# >\u{301} quote\n",
        "- [ ] \u{301}task\n- [x] \"\u{301}done\n",
        "Text [^n].\n\n[^n]: \u{301}foot\n",
        "```diff\n+\u{301}added\n-\u{301}removed\n \u{301}same\n```\n",
        "<\u{301}div>\n\n*\u{301}em* _\u{FE0F}x_\n",
        "www.example.com/\u{301}x and https://example.com/\u{301}\n",
    ]

    @Test(arguments: pages)
    func rendersLikeCmarkGFM(page: String) throws {
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected)
    }

    @Test func aHeadingThatStartsWithAMarkHasItsIDOnItsOpeningTag() {
        let html = Markdown.render("## \u{301}Title\n", headingIDPrefix: "p--").html
        #expect(html.utf8.starts(with: "<h2 id=\"p--".utf8), "\(html)")
        #expect(html.utf8.reversed().starts(with: "</h2>\n".utf8.reversed()), "\(html)")
    }
}

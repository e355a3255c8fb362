import Testing
@testable import Markdown

/// cmark-gfm makes no `www.` or URL link while a `[` or `![` of the paragraph is open (it may yet
/// be a link), so `[see https://example.com/b]` is text; sitegen, whose cmark merges such
/// brackets into the text around them, linked it with the `]`. Each page is compared with
/// cmark-gfm's rendering.
@Suite struct AutolinkBracketTests {
    @Test(arguments: [
        "See [the docs at https://example.com/b] now, and [www.example.com] too.\n",
        "An open [bracket https://x.com/c never closed, then www.x.com in the same paragraph.\n\nA new paragraph https://x.com/d.\n",
        "Closed [first] then https://x.com/c, escaped \\[b https://x.com/d, and &#91;e https://x.com/f.\n",
        "After a link [a](https://y.com/) https://x.com/c, and inside [a [b](https://y.com/) https://x.com/c.\n",
        "An image opener ![b https://x.com/c, then ![[x](https://y.com/) https://x.com/d.\n",
        "Mixed [a ![b [x](https://y.com/) https://x.com/c and ![a [b [x](https://y.com/) https://x.com/d.\n",
        "Pointy ![b <https://e.com> https://x.com/c and [b <https://e.com> https://x.com/d.\n",
        "Code `[` https://x.com/c and an address in a bracket [b me@example.com c].\n",
        "A bracket inside a link https://u.com/)![x and then https://x.com/c after.\n",
        "| a | b |\n| --- | --- |\n| [https://e.com/x] | https://e.com/y |\n",
        "# Heading [https://e.com/x] and https://e.com/y\n",
        "Emphasis [b **c** https://x.com/d and *[e https://x.com/__init__.py*.\n",
    ])
    func noLinkIsMadeWhileABracketIsOpen(_ page: String) throws {
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected, "\(page)")
    }
}

/// With smart punctuation on, an apostrophe or a dash in a paragraph made its text differ from
/// its source, and no `www.` or URL link was found in it; now links are found in the text as cmark
/// made it, which keeps its curly quotes. Compared with `cmark-gfm --smart`.
@Suite struct SmartAutolinkTests {
    @Test(arguments: [
        "Don't miss https://example.com/docs or www.acme.example.\n",
        "\"Quoted\" text -- with https://x.com/a and www.b.com... end\n",
        "It's at https://x.com/a and 'www.c.com' --- see [the guide](https://x.com/g).\n",
        "- an item's link https://x.com/item\n- \"another\" www.y.com/z\n",
        "| it's | a table |\n| --- | --- |\n| https://x.com/t | don't www.t.com |\n",
    ])
    func linksAreFoundInTextWithSmartPunctuation(_ page: String) throws {
        let rendered = Oracle.withoutAdditions(Markdown.render(page, options: MarkdownOptions(smart: true), footnotePrefix: "page-").html)
        let expected = Oracle.normalized(try Oracle.cmarkGFM(page, arguments: ["--smart"]), footnotePrefix: "page-")
        #expect(rendered == expected, "\(page)")
    }
}

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

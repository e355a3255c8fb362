import Testing
@testable import Markdown

/// cmark-gfm takes a `www.` or URL link whole while it parses inlines, so a `*`, `_` or `~` inside
/// one pairs with nothing; sitegen, whose cmark pairs them first, joins them back into the link.
/// Links to Python's `__init__.py`, to `~user` pages and to Wikipedia's `Foo_(bar)` are usual in
/// tutorials. Each page is compared with cmark-gfm's rendering.
@Suite struct AutolinkEmphasisTests {
    @Test(arguments: [
        "See https://github.com/python/cpython/blob/main/Lib/__init__.py for the package.\n",
        "Run `python -m` on https://example.com/src/__main__.py, then www.example.com/_private_/x.\n",
        "Links: https://example.com/a*b*c and https://example.com/a**b**c/d here.\n",
        "At the end https://x.com/__init__\n",
        "Trailing https://x.com/a_b_ and www.x.com/__m__ end.\n",
        "Straddle https://x.com/a*b and c* here; **bold https://x.com/q** and *see https://x.com/a*.\n",
        "Tilde pages https://ex.com/~user/a~b~ and ~a https://x.com/~b~ c~ and ~~www.x.com/~y~~.\n",
        "Two on a line: https://a.com/__x__ and https://b.com/__y__/z and http://c.com/_q_.\n",
        "- item https://example.com/__init__.py\n- *emphasis https://example.com/a_b_c* after\n",
        "> quoted https://example.com/_x_/y\n\n# Heading https://example.com/__init__.py\n",
        "| file | link |\n| --- | --- |\n| init | https://example.com/__init__.py |\n",
        "Note[^1].\n\n[^1]: See https://example.com/__init__.py there.\n",
        "A line\nhttps://example.com/__a__\nnext _line_ here.\n",
        "Escaped https://example.com/\\_a\\_ and https://example.com/&#95;b&#95;/c.\n",
        "A link [to __init__](https://x.com/__y__) and `https://x.com/__z__` stay.\n",
        "Strong __around https://x.com/*b* c__.\n",
        "Unicode https://例え.jp/__テスト__/パス and www.пример.рф/_x_ done.\n",
    ])
    func emphasisInsideALinkIsTheLinksText(_ page: String) throws {
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected, "\(page)")
    }
}

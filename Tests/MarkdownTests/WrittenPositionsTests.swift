import Testing
@testable import Markdown

/// Links and images are reported where their `[` or `![` was written, wherever cmark places them
/// (helper-36): with no text of their own to find them by, on lazy continuation lines, after hard
/// breaks and code spans or HTML over two lines, with text over lines that starts with a code
/// span or an image, and after a tab.
@Suite struct WrittenPositionsTests {
    @Test(arguments: [
        ("> first\nlazy ![](pic.svg)", [String](), ["2:6"]),
        ("- first\nlazy ![](pic.svg)", [], ["2:6"]),
        ("a[^1]\n\n[^1]: first\nlazy ![](pic.svg)", [], ["4:6"]),
        ("> first\n\tlazy ![](pic.svg)", [], ["2:7"]),
        ("> x\nab ![](pic.svg) ![](pic.svg)", [], ["2:4", "2:17"]),
        ("> a\\\n> b\\\n> c ![](pic.svg) [x](nope.md)", ["3:18"], ["3:5"]),
        ("- a\\\n  b ![](pic.svg)", [], ["2:5"]),
        ("a\\\nb ![][i]\n\n[i]: pic.svg", [], ["2:3"]),
        ("`a\nb` ![](pic.svg)", [], ["2:4"]),
        ("<span\nx=\"y\"> ![](pic.svg)", [], ["2:8"]),
        ("- a\n\tb ![](pic.svg)", [], ["2:4"]),
        ("a\\\nb ![](pic.svg)\\\nc ![](pic.svg)", [], ["2:3", "3:3"]),
        ("> first\nlazy [](nope.md)", ["2:6"], []),
        ("> first\nlazy [`c`](nope.md)", ["2:6"], []),
        ("> first\nlazy [![a](pic.svg)](nope.md)", ["2:6"], ["2:7"]),
        ("a\\\nb [](nope.md)", ["2:3"], []),
        ("`a\nb` [`c`](nope.md)", ["2:4"], []),
        ("abc [`c`\nz](nope.md)", ["1:5"], []),
        ("abc [![y](pic.svg)\nz](nope.md)", ["1:5"], ["1:6"]),
        ("a [x\ny][r]\n\n[r]: nope.md", ["1:3"], []),
        ("abcdef [x\ny][r]\n\n[r]: nope.md", ["1:8"], []),
        ("abcdef [`x`\ny][r]\n\n[r]: nope.md", ["1:8"], []),
        ("1. a\n\t\tlazy [x](nope.md) ![](pic.svg)", ["2:8"], ["2:21"]),
        ("Plain [a](b.md) and ![c](d.png), then [e\nf](g.md).", ["1:7", "1:39"], ["1:21"]),
    ])
    func eachLinkAndImageIsAtItsMarker(markdown: String, links: [String], images: [String]) {
        var found: [String] = []
        let rendered = Markdown.render(markdown, resolveLink: { link, _ in
            found.append("\(link.line):\(link.byteColumn)")
            return nil
        })
        #expect(found == links, "links in \(markdown)")
        #expect(rendered.images.map { "\($0.line):\($0.byteColumn)" } == images, "images in \(markdown)")
    }
}

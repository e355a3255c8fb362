import Testing
@testable import SitegenCore
@testable import Markdown

@Suite struct MarkdownTests {
    @Test func rawHTMLIsDroppedUnlessTheSiteOptsIn() {
        let markdown = "<script>alert(1)</script>\n\nHi <b>there</b>\n"
        let safe = Markdown.render(markdown).html
        #expect(!safe.contains("<script>"))
        #expect(safe.contains("<!-- raw HTML omitted -->"))
        #expect(Markdown.render(markdown, options: MarkdownOptions(unsafe: true)).html.contains("<script>alert(1)</script>"))
    }

    @Test func findsTheFirstHeadingAsPlainText() {
        let rendered = Markdown.render("Intro\n\n## The *best* `app`\n\n# Later\n")
        #expect(rendered.firstHeading == "The best app")
        #expect(Markdown.render("No heading\n").firstHeading == nil)
        #expect(Markdown.render("#\n\n## \n\nText\n\n## Real *one*\n").firstHeading == "Real one", "empty headings give no title")
        #expect(Markdown.render("#\n").firstHeading == nil)
    }

    /// A title, an indicator's label and a flow's description are read as text: the tags of raw
    /// HTML are not part of it, whether or not the site publishes them.
    @Test(arguments: [false, true])
    func plainTextLeavesOutTheTagsOfRawHTML(unsafe: Bool) {
        let options = MarkdownOptions(unsafe: unsafe)
        let heading = Markdown.render("# Press <kbd>Ctrl</kbd> & <span title=\"x\">go</span>\n", options: options)
        #expect(heading.firstHeading == "Press Ctrl & go")
        #expect(Markdown.render("# A <!-- c --> B\n", options: options).firstHeading == "A B", "one space where a comment was")
        let body = Markdown.render("A <b>bold</b> move.\n\n## Then <i>this</i>\n\n<div>\nblock\n</div>\n", options: options, plainText: true)
        #expect(body.plainText == "A bold move.\n\nThen this")
        #expect(Markdown.render("# <img src=x onerror=alert(1)>\n", options: options).firstHeading == nil, "a heading of tags alone has no text")
    }

    @Test func listsImagesWithTheirPositions() {
        let rendered = Markdown.render("# T\n\nText ![one *a*](a.png \"T\") and\n![](https://x.test/b.png)\n")
        #expect(rendered.images.map(\.url) == ["a.png", "https://x.test/b.png"])
        #expect(rendered.images[0].alt == "one a")
        #expect(rendered.images[0].title == "T")
        #expect(rendered.images[0].line == 3)
        #expect(rendered.images[0].byteColumn == 6)
    }

    @Test func aReplacedImageIsCmarksTagWithTheNewURLAndSize() throws {
        let markdown = "Look: ![A \"quoted\" *alt* & more](shot.png \"Title & co\")\n"
        let rendered = Markdown.render(markdown) { image in
            image.url == "shot.png" ? ImageReplacement(src: "shot.png", width: 640, height: 480) : nil
        }
        let cmark = try cmarkCommand(markdown)
        let expected = cmark.replacingOccurrences(of: "\" />", with: "\" width=\"640\" height=\"480\" />")
        #expect(rendered.html == expected)
    }

    @Test func imagesTheResolverDeclinesStayAsCmarkWroteThem() throws {
        let markdown = "![a](https://example.test/a.png)\n"
        #expect(Markdown.render(markdown) { _ in nil }.html == (try cmarkCommand(markdown)))
    }

    @Test func plainTextJoinsBlocks() {
        #expect(Markdown.render("# Title\n\nOne *two*\nthree\n\n- item\n", plainText: true).plainText == "Title\n\nOne two three\n\nitem")
        #expect(Markdown.render("# Title\n").plainText == "", "only when asked for")
        #expect(Markdown.render(" \n\n").isEmpty && !Markdown.render("---\n").isEmpty)
    }
}

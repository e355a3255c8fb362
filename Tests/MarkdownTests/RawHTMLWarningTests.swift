import Testing
@testable import Markdown

/// Raw HTML that safe mode drops is a warning at its position, naming the tag.
@Suite struct RawHTMLWarningTests {
    private let hint = "; set markdown: {unsafe: true} in sitegen.yml to keep it (only for trusted authors)"

    @Test func eachDroppedBlockAndInlineIsAWarningAtItsPosition() {
        let markdown = "Text <b>bold</b> and <!-- note -->\n\n<table>\n<tr><td>1</td></tr>\n</table>\n\n> <video src=\"a.mp4\">\n"
        let warnings = Markdown.render(markdown).warnings
        #expect(warnings.map { "\($0.line):\($0.byteColumn) \($0.message)" } == [
            "1:6 raw HTML '<b>' is dropped" + hint,
            "1:13 raw HTML '</b>' is dropped" + hint,
            "1:22 raw HTML comment is dropped" + hint,
            "3:1 raw HTML '<table>' is dropped" + hint,
            "7:3 raw HTML '<video>' is dropped" + hint,
        ])
    }

    /// cmark misplaces inline HTML on a lazy continuation line (past the quote's or list's
    /// prefix), and after a backslash hard break, a code span or HTML over two lines (on the line
    /// before, past its end); each is reported where it was written (helper-35).
    @Test(arguments: [
        ("> first\nlazy <b>x</b>", ["2:6 '<b>'", "2:10 '</b>'"]),
        ("- first\n lazy <b>x</b>", ["2:7 '<b>'", "2:11 '</b>'"]),
        ("a\\\nb <b>x</b>", ["2:3 '<b>'", "2:7 '</b>'"]),
        ("`a\nb` <b>x</b>", ["2:4 '<b>'", "2:8 '</b>'"]),
        ("a <span\nclass=\"x\">y</span>", ["1:3 '<span>'", "2:12 '</span>'"]),
        ("<b>x</b> <b>y</b>", ["1:1 '<b>'", "1:5 '</b>'", "1:10 '<b>'", "1:14 '</b>'"]),
    ])
    func inlineHTMLCmarkMisplacesIsWhereItWasWritten(markdown: String, expected: [String]) {
        let warnings = Markdown.render(markdown).warnings
        #expect(warnings.map { "\($0.line):\($0.byteColumn) \($0.message.split(separator: " ")[2])" } == expected)
    }

    /// cmark writes a dropped image as `<img src="">`, which HTML does not allow: its description
    /// is shown instead, with its emphasis as text, in a paragraph, a link, a table and a note.
    @Test func aDroppedImageLeavesItsDescription() {
        let markdown = "A ![the *logo*](javascript:alert(1)) here, [![in link](vbscript:x)](https://example.com).\n\n| a |\n| - |\n| ![cell](file:///etc/passwd) |\n\nNote[^1].\n\n[^1]: ![note](data:text/html,x)\n\n![kept](data:image/png;base64,iVBO)\n"
        let rendered = Markdown.render(markdown, footnotePrefix: "p-")
        #expect(!rendered.html.contains("src=\"\""), "\(rendered.html)")
        #expect(rendered.html.contains("<p>A the logo here, <a href=\"https://example.com\">in link</a>.</p>"), "\(rendered.html)")
        #expect(rendered.html.contains("<td>cell</td>"), "\(rendered.html)")
        #expect(rendered.html.contains("<p>note <a href=\"#fnref-p-1\""), "\(rendered.html)")
        #expect(rendered.html.contains("<img src=\"data:image/png;base64,iVBO\" alt=\"kept\" />"), "\(rendered.html)")
        #expect(rendered.warnings.count == 4, "\(rendered.warnings)")
        #expect(rendered.images.map(\.alt) == ["kept"])
    }

    @Test func theTagIsNamedFromTheLiteral() {
        #expect(RawHTMLWarnings.name(of: "<DIV class=\"x\">\n") == "'<div>'")
        #expect(RawHTMLWarnings.name(of: "</my-widget>") == "'</my-widget>'")
        #expect(RawHTMLWarnings.name(of: "<!DOCTYPE html>") == "declaration")
        #expect(RawHTMLWarnings.name(of: "<?php echo 1 ?>") == "processing instruction")
        #expect(RawHTMLWarnings.name(of: "<![CDATA[x]]>") == "CDATA section")
    }

    @Test func aPageGetsTwentyWarningsAndACount() {
        let warnings = Markdown.render(String(repeating: "<i>x</i>\n", count: 15)).warnings
        #expect(warnings.count == 21)
        #expect(warnings.last?.message == "and 10 more raw HTML tags are dropped on this page")
        #expect(warnings.last?.line == 11 && warnings.last?.byteColumn == 1)
    }

    @Test func unsafeModeKeepsTheHTMLAndWarnsOfNothing() {
        let rendered = Markdown.render("<table>\n</table>\n\nA <b>b</b>\n", options: MarkdownOptions(unsafe: true))
        #expect(rendered.warnings.isEmpty)
        #expect(rendered.html == "<table>\n</table>\n<p>A <b>b</b></p>\n")
    }

    @Test func htmlInCodeOrAnImageDescriptionIsNotDropped() {
        #expect(Markdown.render("`<b>` and ![a <b>c</b>](p.png)\n\n    <div>\n").warnings.isEmpty)
    }

    @Test func itWarnsWithTheExtensionsOffToo() {
        #expect(Markdown.render("<div>\n", options: MarkdownOptions(extensions: .none)).warnings.count == 1)
    }
}

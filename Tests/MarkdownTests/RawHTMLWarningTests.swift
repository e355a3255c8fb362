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

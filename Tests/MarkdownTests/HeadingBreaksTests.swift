import Testing
@testable import Markdown

/// `<wbr>` at the sensible break points of long identifiers in headings, and nowhere else.
@Suite struct HeadingBreaksTests {
    private func html(_ markdown: String) -> String {
        Markdown.render(markdown, options: MarkdownOptions(breaksInHeadings: true)).html
    }

    @Test func camelCaseAcronymsAndDigitsBreakBetweenWords() {
        #expect(html("# UIPageViewControllerDataSource\n") == "<h1>UI<wbr>Page<wbr>View<wbr>Controller<wbr>Data<wbr>Source</h1>\n")
        #expect(HeadingBreaks.split("convertToUTF8String") == ["convert", "To", "UTF", "8", "String"])
    }

    @Test func punctuationBreaksAfterSeparatorsAndBeforeParentheses() {
        #expect(HeadingBreaks.split("onboarding_carousel_page") == ["onboarding_", "carousel_", "page"])
        #expect(HeadingBreaks.split("__init_subclass_hook__ or __init__") == ["__", "init_", "subclass_", "hook__ or __init__"])
        #expect(HeadingBreaks.split("Sources/Markdown/GFM") == ["Sources/", "Markdown/", "GFM"])
        #expect(HeadingBreaks.split("std::vector::push_back(x)") == ["std::", "vector::", "push_", "back", "(x)"])
        #expect(HeadingBreaks.split("document.querySelector") == ["document.", "query", "Selector"])
    }

    @Test func shortWordsAndOtherBlocksAreLeftAlone() {
        #expect(html("## Set up viewDidLoad now\n") == "<h2>Set up viewDidLoad now</h2>\n")
        #expect(html("UIPageViewControllerDataSource\n") == "<p>UIPageViewControllerDataSource</p>\n")
        #expect(Markdown.render("# UIPageViewControllerDataSource\n").html == "<h1>UIPageViewControllerDataSource</h1>\n")
    }

    @Test func codeSpansInHeadingsBreakInsideTheirCode() {
        #expect(html("### Implement `tableView(_:cellForRowAt:)` & \\<x>\n")
            == "<h3>Implement <code>table<wbr>View<wbr>(_:cell<wbr>For<wbr>Row<wbr>At:)</code> &amp; &lt;x&gt;</h3>\n")
    }

    @Test func theFirstHeadingStaysPlainText() {
        let rendered = Markdown.render("# The UIPageViewControllerDataSource protocol\n", options: MarkdownOptions(breaksInHeadings: true))
        #expect(rendered.firstHeading == "The UIPageViewControllerDataSource protocol")
        #expect(rendered.html == "<h1>The UI<wbr>Page<wbr>View<wbr>Controller<wbr>Data<wbr>Source protocol</h1>\n")
    }

    @Test func anImageDescriptionInAHeadingIsNotMarked() {
        #expect(html("# ![UIPageViewControllerDataSource](a.png)\n") == "<h1><img src=\"a.png\" alt=\"UIPageViewControllerDataSource\" /></h1>\n")
    }
}

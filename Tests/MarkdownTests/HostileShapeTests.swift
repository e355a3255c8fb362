import Testing
@testable import Markdown

/// Short inputs that once made a page's rendering take minutes or its HTML a thousand times its
/// size: each stays in proportion to the page, and renders as cmark-gfm where cmark-gfm itself can.
@Suite struct HostileShapeTests {
    /// `www.a.com` and then `)` by the hundred thousand: each `)` at the link's end counted every
    /// parenthesis of the link again.
    @Test func closingParenthesesAfterALinkAreCountedOnce() throws {
        for count in [1, 2, 50, 2_000] {
            for page in ["www.a.com" + String(repeating: ")", count: count), "x https://a.com/(b" + String(repeating: ")", count: count) + " y"] {
                let (rendered, expected) = try Oracle.renderings(of: page + "\n")
                #expect(rendered == expected, "\(count)")
            }
        }
        // cmark-gfm itself takes minutes here; sitegen, a moment.
        let html = Markdown.render("www.a.com" + String(repeating: ")", count: 400_000) + "\n").html
        #expect(html.hasPrefix("<p><a href=\"http://www.a.com\">www.a.com</a>)))"))
        #expect(html.utf8.count == 400_000 + 48, "\(html.utf8.count)")
    }

    /// Each footnote reference makes a link and a link back, some two hundred bytes from five:
    /// with a budget, the references that fit are made, the rest stay as written, and the
    /// rendering says so; with none (the default), all are made, as cmark-gfm makes them.
    @Test func footnoteReferencesStopAtTheirBudget() throws {
        let page = "x[^1] y[^1] z[^1]\n\n[^1]: note\n"
        let all = Markdown.render(page)
        #expect(all.footnotesExceeded == nil)
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected)
        let one = ##"<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>"##
        let two = ##"<sup class="footnote-ref"><a href="#fn-1" id="fnref-1-2" data-footnote-ref>1</a></sup>"##
        let backOne = ##"<a href="#fnref-1" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a>"##
        let backTwo = ##"<a href="#fnref-1-2" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">2</sup></a>"##
        var options = MarkdownOptions()
        options.maximumFootnoteHTML = one.utf8.count + backOne.utf8.count + 1 + two.utf8.count + backTwo.utf8.count + 1
        let twoMade = Markdown.render(page, options: options)
        #expect(twoMade.footnotesExceeded == MarkdownPosition(line: 1, byteColumn: 14), "the third reference's [")
        #expect(twoMade.html.hasPrefix("<p>x\(one) y\(two) z[^1]</p>"), "\(twoMade.html)")
        #expect(twoMade.html.contains("note " + backOne + " " + backTwo + "</p>"))
        options.maximumFootnoteHTML += 300
        #expect(Markdown.render(page, options: options).footnotesExceeded == nil)
        #expect(Markdown.render(page, options: options).html == all.html)
    }

    /// A wide header over many one-cell lines: each row is filled to the header's width, up to
    /// cmark-gfm's limit of empty cells per table; the table ends there, with a warning, and the
    /// rest is text.
    @Test func aTableFillsRowsWithUpToHalfAMillionEmptyCells() {
        let columns = 1_000
        let page = "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n"
            + String(repeating: "x\n", count: 600) + "\nAfter.\n"
        let rendered = Markdown.render(page)
        let rows = Tables.maximumPaddedCells / (columns - 1)
        #expect(rendered.html.components(separatedBy: "<tr>").count - 1 == rows + 1, "the header and \(rows) rows")
        #expect(rendered.warnings.map { "\($0.line) \($0.message)" } == [
            "\(3 + rows) the table ends here: its rows would need more than \(Tables.maximumPaddedCells) empty cells to fill them to its header's \(columns) columns"
        ])
        #expect(rendered.html.hasSuffix("</table>\n<p>" + String(repeating: "x\n", count: 600 - rows - 1) + "x</p>\n<p>After.</p>\n"))
    }
}

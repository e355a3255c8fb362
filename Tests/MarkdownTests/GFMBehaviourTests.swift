import Testing
@testable import Markdown

/// What sitegen does on purpose where cmark-gfm differs or has nothing to compare with.
@Suite struct GFMBehaviourTests {
    @Test func aTableColumnsAlignmentIsAClass() {
        let html = Markdown.render("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n").html
        #expect(html.contains("<th class=\"align-left\">a</th>\n<th class=\"align-center\">b</th>\n<th class=\"align-right\">c</th>"))
        #expect(!html.contains("align=\""))
    }

    @Test func aTaskCheckboxIsNamedByItsItemsText() {
        let html = Markdown.render("- [x] Install *Swift* & `git`\n- [ ] \"Quoted\" <b>\n").html
        #expect(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Install Swift &amp; git\" /> Install"))
        #expect(html.contains("aria-label=\"&quot;Quoted&quot;\""))
    }

    /// A box with nothing after it had no name at all, which a screen reader reads as "checkbox".
    @Test func aTaskCheckboxWithoutTextOfItsOwnIsNamedByItsNestedListOrHidden() throws {
        let html = Markdown.render("- [ ] \n- [x] \n  - Install Swift\n").html
        #expect(html.contains("<input type=\"checkbox\" disabled=\"\" aria-hidden=\"true\" />"), "\(html)")
        #expect(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Install Swift\" />"), "\(html)")
        let (rendered, expected) = try Oracle.renderings(of: "- [ ] \n- [x] \n  - Install Swift\n")
        #expect(rendered == expected)
        // Nested task items give their text without their boxes, a space apart; a box with only
        // a no-break space is as empty as one with nothing.
        let nested = Markdown.render("- [ ] \n  1. [x] one\n  2. [ ] two\n- [x] &nbsp;\n").html
        #expect(nested.contains("<input type=\"checkbox\" disabled=\"\" aria-label=\"one two\" />"), "\(nested)")
        #expect(nested.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-hidden=\"true\" />"), "\(nested)")
    }

    @Test func eachExtensionTurnsOffAlone() {
        let markdown = "| a |\n|---|\n| ~~b~~ www.c.com |\n\n- [ ] d\n"
        let none = Markdown.render(markdown, options: MarkdownOptions(extensions: .none)).html
        #expect(!none.contains("<table>") && !none.contains("<del>") && !none.contains("<a ") && !none.contains("<input"))
        let noTables = Markdown.render(markdown, options: MarkdownOptions(extensions: MarkdownExtensions(tables: false))).html
        #expect(!noTables.contains("<table>") && noTables.contains("<del>b</del>") && noTables.contains("<input"))
        let noStrike = Markdown.render(markdown, options: MarkdownOptions(extensions: MarkdownExtensions(strikethrough: false))).html
        #expect(noStrike.contains("<table>") && noStrike.contains("~~b~~"))
        let noLinks = Markdown.render(markdown, options: MarkdownOptions(extensions: MarkdownExtensions(autolinks: false))).html
        #expect(!noLinks.contains("<a "))
        let noTasks = Markdown.render(markdown, options: MarkdownOptions(extensions: MarkdownExtensions(taskLists: false))).html
        #expect(noTasks.contains("<li>[ ] d</li>"))
    }

    @Test func anImageInATableCellKeepsItsPosition() {
        let rendered = Markdown.render("Intro\n\n| a | b |\n| - | - |\n| x | ![pic](p.png) |\n") { _ in
            ImageReplacement(src: "out/p.png", width: 4, height: 3)
        }
        #expect(rendered.images.map(\.url) == ["p.png"])
        #expect(rendered.images.first?.line == 5)
        #expect(rendered.images.first?.byteColumn == 7)
        #expect(rendered.html.contains("<td><img src=\"out/p.png\" alt=\"pic\" width=\"4\" height=\"3\" /></td>"))
    }

    /// Links that the autolink extension makes are reported where they were written, for the
    /// errors about them (an address cmark-gfm takes as relative, `--mailto:u@v.com`, is looked for
    /// as a file): they had no position and were put before the body's first line.
    @Test(arguments: [
        ("Intro\n\nSee https://a.com/x and *www.b.org* now.\n", ["https://a.com/x@3:5", "http://www.b.org@3:26"]),
        ("Mail me@example.com\nor --mailto:u@v.com today\n", ["mailto:me@example.com@1:6", "--mailto:u@v.com@2:4"]),
        ("~~old~~ x--mailto:u@v.com\n", ["x--mailto:u@v.com@1:9"]),
        ("> - item https://c.com/?q=1\n", ["https://c.com/?q=1@1:10"]),
        ("Intro\n\n| a | b |\n| - | - |\n| x | see https://d.com |\n", ["https://d.com@5:11"]),
        ("Intro\n\n| a | b |\n| - | - |\n| x | mail e@f.com |\n", ["mailto:e@f.com@5:12"]),
        // An escape or an entity reference before an address counts as written.
        ("Intro\n\n  \\*x &amp; me@d.com\n", ["mailto:me@d.com@3:13"]),
        ("Text.[^1]\n\n[^1]: see https://e.com and g@h.com\n", ["https://e.com@3:11", "mailto:g@h.com@3:29"]),
    ])
    func autolinksAreWhereTheyWereWritten(markdown: String, expected: [String]) {
        var found: [String] = []
        _ = Markdown.render(markdown, resolveLink: { link, _ in
            found.append("\(link.url)@\(link.line):\(link.byteColumn)")
            return nil
        })
        #expect(found == expected)
    }

    @Test func tableCellsAreInThePlainText() {
        let text = Markdown.render("| Tool | Use |\n| --- | --- |\n| git | history |\n", plainText: true).plainText
        #expect(text.contains("git") && text.contains("history"))
    }
}

/// Footnotes of two pages shown on one document keep apart by their prefixes.
@Suite struct FootnoteIdTests {
    @Test func thePrefixIsInEveryIdAndLink() {
        let html = Markdown.render("Note[^1] again[^1].\n\n[^1]: Text.\n", footnotePrefix: "p2-").html
        #expect(html.contains("<a href=\"#fn-p2-1\" id=\"fnref-p2-1\" data-footnote-ref>1</a>"))
        #expect(html.contains("id=\"fnref-p2-1-2\""))
        #expect(html.contains("<li id=\"fn-p2-1\">"))
        #expect(html.contains("<a href=\"#fnref-p2-1\" class=\"footnote-backref\""))
        #expect(html.contains("<a href=\"#fnref-p2-1-2\" class=\"footnote-backref\""))
        #expect(!html.contains("\"fn-1\"") && !html.contains("#fnref-1\""))
    }

    @Test func aDefinitionNobodyRefersToIsNotShown() {
        let html = Markdown.render("Text.\n\n[^1]: Unused.\n").html
        #expect(html == "<p>Text.</p>\n")
    }
}

/// A body without an extension's syntax skips that extension; one with it never does.
@Suite struct ExtensionPrefilterTests {
    @Test func aBareLocalURLStillLinks() {
        #expect(Markdown.render("see http://localhost now\n").html == "<p>see <a href=\"http://localhost\">http://localhost</a> now</p>\n")
    }

    @Test func aOneColumnTableNeedsNoPipe() {
        #expect(Markdown.render("a\n:-\nb\n").html.contains("<th class=\"align-left\">a</th>"))
    }
}

/// A paragraph that looks like a table but is not one is a warning with its position.
@Suite struct TableLookalikeTests {
    @Test func aColumnCountThatDiffersIsAWarning() {
        let warnings = Markdown.render("Intro\n\n  | a | b |\n  | - |\n  | c | d |\n").warnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 3 && warnings.first?.byteColumn == 3)
        #expect(warnings.first?.message.contains("2 cells and its delimiter row 1") == true)
    }

    @Test func pipedLinesWithoutADelimiterRowAreAWarning() {
        let warnings = Markdown.render("> | a | b |\n> | c | d |\n").warnings
        #expect(warnings.map(\.line) == [1])
        #expect(warnings.first?.byteColumn == 3)
        #expect(warnings.first?.message.contains("no delimiter row") == true)
    }

    @Test func aTableOrPlainTextIsNoWarning() {
        #expect(Markdown.render("| a |\n| - |\n| b |\n\nNot | a table\n\n| one line |\n").warnings.isEmpty)
        #expect(Markdown.render("| a |\n| b |\n", options: MarkdownOptions(extensions: MarkdownExtensions(tables: false))).warnings.isEmpty)
    }
}

import Testing
@testable import Markdown

/// Every link the autolink extension makes is reported where its text was written, wherever it
/// is (a list, a quote, a heading, a table's cell, a footnote) and whatever is written before it
/// on its line (escapes, entity references, strikethrough, code spans, footnote references, text
/// in other scripts): errors about a link name the column it starts at.
@Suite struct AutolinkPositionTests {
    @Test func randomPagesPlaceEachAutolinkAtItsText() throws {
        var generator = SeededGenerator(seed: 20_261_205_2)
        let pieces = [
            "word", "日本語", "é", "\\*", "\\_", "&amp;", "&#42;", "&copy;", "~~", "~", "*", "_", "`code`", "`a b`", "[^n]", "(",
            ")", "https://a.org/x_y", "https://b.org/p?q=1", "www.c.org/d", "me@e.org", "mailto:f@g.org", "x--mailto:h@i.org",
            "https://j.org/k*l*", "**", "~~s~~",
        ]
        var checked = 0
        for _ in 0..<400 {
            func line() -> String {
                (0..<Int.random(in: 2...10, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined(separator: " ")
            }
            let shapes = [
                line(), "- " + line(), "> " + line(), "1. " + line() + "\n   " + line(), "# " + line(), line() + "\n" + line(),
                "| a | b |\n| - | - |\n| " + line().replacingOccurrences(of: "|", with: "") + " | z |",
                "Note[^n].\n\n[^n]: " + line(),
            ]
            let page = (shapes.randomElement(using: &generator) ?? "") + "\n\n[^n]: " + line() + "\n"
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
            var links: [MarkdownLink] = []
            _ = Markdown.render(page, resolveLink: { link, _ in
                links.append(link)
                return nil
            })
            for link in links {
                let text = link.url.hasPrefix("http://www.") ? String(link.url.dropFirst(7))
                    : link.url.hasPrefix("mailto:") && !page.contains(link.url) ? String(link.url.dropFirst(7)) : link.url
                let written = link.line >= 1 && link.line <= lines.count ? lines[link.line - 1].dropFirst(link.byteColumn - 1) : []
                #expect(written.starts(with: text.utf8), "\(link.url) at \(link.line):\(link.byteColumn) in\n\(page)")
                checked += 1
            }
        }
        #expect(checked > 500)
    }
}

import Testing
@testable import Markdown

/// GitHub's alerts, which cmark-gfm 0.29 does not know: sitegen's own HTML, exactly.
@Suite struct AlertTests {
    private let titles: [AlertKind: String] = [
        .note: "Remarque", .tip: "Astuce", .important: "Important", .warning: "Attention", .caution: "Prudence",
    ]

    private func html(_ markdown: String) -> String {
        Markdown.render(markdown, options: MarkdownOptions(alertTitles: titles)).html
    }

    @Test(arguments: AlertKind.allCases)
    func eachKindIsANoteTitledFromTheOptions(_ kind: AlertKind) throws {
        let title = try #require(titles[kind])
        #expect(html("> [!\(kind.rawValue.uppercased())]\n> Back up *first*.\n") == """
            <div class="sg-alert sg-alert-\(kind.rawValue)" role="note" aria-label="\(title)">
            <p class="sg-alert-title">\(title)</p>
            <p>Back up <em>first</em>.</p>
            </div>

            """)
    }

    @Test func theMarkerIsReadInAnyCaseAndTheBodyMayHaveSeveralBlocks() {
        #expect(html("> [!Tip]\n>\n> One.\n>\n> - two\n\nAfter.\n") == """
            <div class="sg-alert sg-alert-tip" role="note" aria-label="Astuce">
            <p class="sg-alert-title">Astuce</p>
            <p>One.</p>
            <ul>
            <li>two</li>
            </ul>
            </div>
            <p>After.</p>

            """)
    }

    @Test func aTableAndALazyLineStayInTheAlert() {
        #expect(html("> [!warning]\n> | a |\n> | - |\n> | b |\n") == """
            <div class="sg-alert sg-alert-warning" role="note" aria-label="Attention">
            <p class="sg-alert-title">Attention</p>
            <table>
            <thead>
            <tr>
            <th>a</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>b</td>
            </tr>
            </tbody>
            </table>
            </div>

            """)
        #expect(html("> [!NOTE]\nlazy text\n").contains("<p class=\"sg-alert-title\">Remarque</p>\n<p>lazy text</p>\n</div>"))
    }

    @Test func aTitleIsEscapedAndAMissingOneIsTheMarker() {
        let options = MarkdownOptions(alertTitles: [.note: "Note <&> \"x\""])
        #expect(Markdown.render("> [!NOTE]\n> a\n", options: options).html.hasPrefix(
            "<div class=\"sg-alert sg-alert-note\" role=\"note\" aria-label=\"Note &lt;&amp;&gt; &quot;x&quot;\">\n"
                + "<p class=\"sg-alert-title\">Note &lt;&amp;&gt; &quot;x&quot;</p>\n"))
        #expect(Markdown.render("> [!Caution]\n> a\n").html.contains("aria-label=\"Caution\">\n<p class=\"sg-alert-title\">Caution</p>"))
    }

    @Test(arguments: [
        "> [!NOTE] text on the marker's line\n", "> \\[!NOTE]\n> a\n", "> a\n> [!NOTE]\n", "- > [!NOTE]\n  > a\n",
        "> > [!NOTE]\n", "[!NOTE]\n", "> [!NO TE]\n", "> *[!NOTE]*\n",
    ])
    func whatIsNotExactlyAMarkerOnAQuotesFirstLineStaysAsCmarkRendersIt(_ markdown: String) {
        #expect(html(markdown) == Markdown.render(markdown, options: MarkdownOptions(extensions: MarkdownExtensions(alerts: false))).html)
        #expect(Markdown.render(markdown).warnings.isEmpty)
    }

    @Test func anUnknownKindIsAWarningAtItsMarkerAndStaysAQuote() {
        let rendered = Markdown.render("Intro\n\n  > [!DANGER]\n  > Hot.\n")
        #expect(rendered.html == "<p>Intro</p>\n<blockquote>\n<p>[!DANGER]\nHot.</p>\n</blockquote>\n")
        #expect(rendered.warnings == [
            MarkdownWarning(
                message: "'[!DANGER]' is no alert kind; write [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] or [!CAUTION]",
                line: 3, byteColumn: 5)
        ])
    }

    @Test func anUnknownKindBeforeATableIsAWarningAtItsMarkerToo() {
        let warnings = Markdown.render("> [!Danger]\n> | a |\n> | - |\n").warnings
        #expect(warnings.map { "\($0.line):\($0.byteColumn)" } == ["1:3"])
    }

    @Test func alertsTurnOffWithTheOtherExtensions() {
        let off = MarkdownOptions(extensions: MarkdownExtensions(alerts: false), alertTitles: titles)
        #expect(Markdown.render("> [!NOTE]\n> a\n", options: off).html == "<blockquote>\n<p>[!NOTE]\na</p>\n</blockquote>\n")
        #expect(Markdown.render("> [!DANGER]\n", options: off).warnings.isEmpty)
    }
}

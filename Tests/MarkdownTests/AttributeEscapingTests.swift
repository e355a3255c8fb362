import Testing
@testable import Markdown

/// Every attribute value sitegen writes into Markdown's HTML itself (an image's alt text and
/// title, a video's label, a task's label, an alert's title) stays one attribute, whatever the
/// author wrote. A quote followed by a combining mark is a single Swift `Character` that is not
/// equal to `"`, yet a browser reads the quote and ends the attribute: the escaping looks at bytes.
@Suite struct AttributeEscapingTests {
    /// Each special character, alone and followed by a combining acute accent or a
    /// zero-width joiner, between words that would become attributes of their own.
    static let hostile: [String] = ["\"", "<", ">", "&"].flatMap { special in
        [special, special + "\u{301}", special + "\u{200D}", special + "\u{301}\u{302}"]
    }

    @Test(arguments: hostile)
    func anImagesAltAndTitleStayOneAttribute(special: String) {
        let markdown = "![a\(special) onerror=alert(1) x](p.png 't\(special) onload=alert(2)')\n"
        let html = Markdown.render(markdown) { _ in ImageReplacement(src: "out/p.png", width: 4, height: 3) }.html
        Self.expectClosed(html, special: special)
        #expect(html.contains(" alt=\"a\(Self.escaped(special)) onerror=alert(1) x\""))
        #expect(html.contains(" title=\"t\(Self.escaped(special)) onload=alert(2)\""))
    }

    @Test(arguments: hostile)
    func aVideosLabelAndFallbackStayText(special: String) {
        let markdown = "![clip\(special) onplay=alert(1)](v.mp4)\n"
        let video = VideoMarkup(
            poster: "out/p\(special).jpg",
            tracks: [.init(src: "out/c.vtt", language: "en", label: "English\(special) x=1", isDefault: true)])
        let html = Markdown.render(markdown) { _ in ImageReplacement(src: "out/v.mp4", width: 4, height: 3, video: video) }.html
        Self.expectClosed(html, special: special)
        #expect(html.contains(" aria-label=\"clip\(Self.escaped(special)) onplay=alert(1)\""))
    }

    @Test(arguments: hostile)
    func aTasksLabelStaysOneAttribute(special: String) {
        let html = Markdown.render("- [ ] ship\(special) onfocus=alert(1) it\n").html
        Self.expectClosed(html, special: special)
        #expect(html.contains(" aria-label=\"ship\(Self.escaped(special)) onfocus=alert(1) it\""))
    }

    @Test(arguments: hostile)
    func anAlertsTitleStaysOneAttribute(special: String) {
        let options = MarkdownOptions(alertTitles: [.note: "Note\(special) onclick=alert(1)"])
        let html = Markdown.render("> [!NOTE]\n> Body.\n", options: options).html
        Self.expectClosed(html, special: special)
        #expect(html.contains(" aria-label=\"Note\(Self.escaped(special)) onclick=alert(1)\""))
    }

    /// The special character's first byte, as the escape writes it, and what followed it as is.
    private static func escaped(_ special: String) -> String {
        let entity = ["\"": "&quot;", "<": "&lt;", ">": "&gt;", "&": "&amp;"][String(special.unicodeScalars.first!)]!
        return entity + String(special.unicodeScalars.dropFirst())
    }

    /// No special character is left raw before the marks that followed it.
    private static func expectClosed(_ html: String, special: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let marks = String(special.unicodeScalars.dropFirst())
        guard !marks.isEmpty else { return }
        for raw in ["\"", "<", ">"] {
            #expect(!html.contains(raw + marks), "raw \(raw) before the marks in \(html)", sourceLocation: sourceLocation)
        }
        #expect(!html.unicodeScalars.split(separator: "&").dropFirst().contains { $0.starts(with: marks.unicodeScalars) },
                "raw & before the marks in \(html)", sourceLocation: sourceLocation)
    }
}

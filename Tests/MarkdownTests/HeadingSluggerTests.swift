import Testing
@testable import Markdown

/// Heading anchors: the byte-by-byte slug of ASCII text is the one the Unicode rules give.
@Suite struct HeadingSluggerTests {
    @Test func everyASCIICharacterIsSluggedAsTheUnicodeRulesSlugIt() {
        for byte in UInt8(0)..<0x80 {
            let text = "A" + String(UnicodeScalar(byte)) + "z 9"
            #expect(HeadingSlugger.asciiSlug(text) == HeadingSlugger.unicodeSlug(text), "byte \(byte)")
        }
        let heading = "Getting Started: the `swift build` command (v5.10) — UI_Kit & more!"
        #expect(HeadingSlugger.slug(heading) == HeadingSlugger.unicodeSlug(heading))
    }

    @Test func textBeyondASCIIIsLeftToTheUnicodeRules() {
        #expect(HeadingSlugger.asciiSlug("Café") == nil)
        #expect(HeadingSlugger.slug("Café Über") == "café-über")
        #expect(HeadingSlugger.slug("İstanbul") == HeadingSlugger.unicodeSlug("İstanbul"))
    }

    @Test func repeatedHeadingsAreNumbered() {
        var slugger = HeadingSlugger()
        #expect(["Intro", "Intro", "Intro-1", "Intro"].map { slugger.slug($0) } == ["intro", "intro-1", "intro-1-1", "intro-2"])
    }
}

import SitegenTestSupport
import Testing
@testable import SitegenCore

/// What the build writes for embed.js: the flow's script under a strict Content Security Policy,
/// the theme's styles made for a shadow root, the loader's table of flows.
@Suite struct EmbedBuilderTests {
    private func build(_ files: [String: String]) -> MemoryFileSystem {
        let fileSystem = MemoryFileSystem(files)
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions(), tool: SitegenVersion.version).succeeded)
        return fileSystem
    }

    /// A strict policy (no 'unsafe-inline' styles) blocks style attributes in markup: the page's
    /// background travels as data that the loader sets from script.
    @Test func styleAttributesTravelAsData() throws {
        let fileSystem = build([
            "content/tour/01-a.md": "---\nbackground: \"#ffeedd\"\n---\n# A\n\nSay `style=\"x\"` here.\n",
            "content/tour/02-b.md": "# B\n",
        ])
        let script = try #require(fileSystem.text("output/tour/embed.js"))
        #expect(script.hasPrefix("window.sitegen.part({"))
        #expect(script.contains(#"data-sg-style=\"--sg-page-background: #ffeedd"#))
        #expect(!script.contains(#" style=\""#))
        #expect(script.contains("style=&quot;x&quot;"), "text that reads like an attribute stays as it was")
        #expect(fileSystem.text("output/tour/index.html")?.contains(#" style="--sg-page-background: #ffeedd"#) == true)
    }

    @Test func theLoaderListsEachFlowsFirstVisitFacts() throws {
        let fileSystem = build([
            "content/tour/_index.md": "---\nshow_once: true\n---\n",
            "content/tour/01-a.md": "# A\n",
            "content/news/_index.md": "---\nstorage_key: app-news\n---\n",
            "content/news/01-a.md": "# A\n",
        ])
        let loader = try #require(fileSystem.text("output/embed.js"))
        #expect(loader.hasSuffix("\n"))
        #expect(loader.contains(#""news":["sitegen:app-news","#))
        #expect(loader.range(of: #"\"news\":\[\"sitegen:app-news\",\"[0-9a-f]+\",0\],\"tour\":\[\"[^\"]+\",\"[0-9a-f]+\",1\]\},\[\"en\"\],\(preferred, available, source\) => source\);\n$"#, options: .regularExpression) != nil,
            "a site in one language has nothing to choose")
        let translated = build([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# A\n",
        ])
        let withLocales = try #require(translated.text("output/embed.js"))
        #expect(withLocales.contains(#"},["en","ko"],(preferred, available, source) => {"#), "the full resolver, for a site in several")
    }

    @Test func theThemeSpeaksOfTheShadowHostAndInPixels() {
        let css = EmbedBuilder.shadowStylesheet(":root { --a: 1.5rem; }\nhtml { x: 0; }\nbody { margin: 2rem .5rem; }\n:root:not(.sg-js) .sg-bar { display: none; }\n")
        #expect(css == ":host { --a: 24px; }\n:host { x: 0; }\n.sg-embed { margin: 32px 8px; }\n.sg-no-js .sg-bar { display: none; }\n")
    }

    /// The byte-wise rewrite of style attributes writes what `String.replacing` writes, whatever
    /// characters surround them.
    @Test(arguments: [
        "", " style=\"", "a style=\"b\" style=\"c\"", "<p style=\"x\">한국어 style=\"é\u{301}\"</p> style=",
        "🙂 style=\"🙂\"", "style=\"no leading space\"", String(repeating: "<div style=\"a\">é</div>", count: 200),
    ])
    func styleAttributesAreRewrittenLikeReplacing(_ markup: String) {
        #expect(EmbedBuilder.replacingStyleAttributes(in: markup) == markup.replacing(#" style=""#, with: #" data-sg-style=""#))
    }

    /// What the pattern `\d*\.?\d+rem\b` makes of `css`, as the conversion was once written: the
    /// theme's own stylesheets, which hold no string, name or exponent with `rem` in it, convert
    /// as they did.
    private static func remByPattern(_ css: String) -> String {
        css.replacing(#/(?<number>[0-9]*\.?[0-9]+)rem\b/#) { match in
            let pixels = (Double(match.output.number) ?? 0) * 16
            return (pixels.rounded() == pixels ? String(Int(pixels)) : String(pixels)) + "px"
        }
    }

    /// Lengths in `rem` are found as CSS reads them, token by token: the pattern also rewrote
    /// strings (a font named "Grotesk 2rem"), names (`.b2rem`, `--2rem`), the exponent alone of
    /// `1e3rem`, and a unit that only starts with `rem`.
    @Test(arguments: [
        ("", ""), ("1rem", "16px"), (".5rem 1.5rem -2rem +1rem", "8px 24px -32px +16px"), ("2REM 3Rem", "32px 48px"),
        ("1e3rem 1.5e-1rem 1E2rem", "16000px 2.4px 1600px"), ("calc(1rem + -.25rem)", "calc(16px + -4px)"),
        (#"content:"3rem"; font: 'Grotesk 2rem', x"#, #"content:"3rem"; font: 'Grotesk 2rem', x"#),
        ("/* 1rem */ 1rem", "/* 1rem */ 16px"), ("url(a2rem.png) url( 'b1rem' ) 1rem", "url(a2rem.png) url( 'b1rem' ) 16px"),
        (".b2rem, #a2rem, [a-2rem], --2rem: 1rem; @2rem", ".b2rem, #a2rem, [a-2rem], --2rem: 16px; @2rem"),
        ("2rem-x 2rem2 2remé 1.rem 2rems 1px2rem", "2rem-x 2rem2 2remé 1.rem 2rems 1px2rem"),
        ("margin:0 1rem}.x{padding:.5rem}", "margin:0 16px}.x{padding:8px}"),
        (String(repeating: "9", count: 400) + "rem " + String(repeating: "9", count: 308) + ".5rem", String(repeating: "9", count: 400) + "rem " + String(repeating: "9", count: 308) + ".5rem"),
        ("123456789012345678901rem", "1.975308624197531e+21px"), ("a\\32 rem 1rem", "a\\32 rem 16px"), ("'unclosed 1rem\n2rem", "'unclosed 1rem\n32px"),
    ])
    func remLengthsAreConvertedAsCSSReadsThem(_ css: String, _ expected: String) {
        #expect(EmbedBuilder.remInPixels(css) == expected)
    }

    @Test func theThemesStylesheetsConvertAsThePatternConvertedThem() {
        let (theme, _) = Theme.default.compile()
        for stylesheet in [theme.stylesheet, theme.embedStylesheet, theme.codeStylesheet] {
            #expect(stylesheet.contains("rem"))
            #expect(EmbedBuilder.remInPixels(stylesheet) == Self.remByPattern(stylesheet))
        }
    }

    /// A theme's stylesheet may hold any number: one too large for pixels is left in `rem`
    /// (converting it trapped, and the build crashed).
    @Test func aLengthTooLargeForPixelsDoesNotStopTheBuild() {
        let huge = String(repeating: "9", count: 400) + "rem"
        let fileSystem = build([
            "templates/sitegen.css": ".x { margin: \(huge); padding: 123456789012345678901rem; }\n",
            "content/tour/01-a.md": "# A\n",
        ])
        let styles = fileSystem.text("output/assets/embed-styles.js") ?? ""
        #expect(styles.contains(huge))
        #expect(styles.contains("padding: 1.975308624197531e+21px"))
    }
}

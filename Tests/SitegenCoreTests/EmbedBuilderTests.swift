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
}

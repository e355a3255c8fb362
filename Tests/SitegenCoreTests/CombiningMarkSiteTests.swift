import SitegenTestSupport
import Testing
@testable import SitegenCore

/// Names and links whose slashes, dots and signs carry a combining mark (U+0301), or follow a
/// prepended character (U+0600) that joins the next one: Swift reads such a pair as one character,
/// the file system and the browser read the slash, the dot or the sign. Each check below once
/// compared characters, and now compares bytes.
@Suite struct CombiningMarkSiteTests {
    private func build(_ files: [String: String]) -> (SiteBuilder.Result, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem(files)
        return (SiteBuilder(fileSystem: fileSystem).build(BuildOptions()), fileSystem)
    }

    private func messages(_ result: SiteBuilder.Result) -> [String] { result.diagnostics.map(\.message) }

    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"></svg>"

    /// U+0600 joins the slash after it into one character, which hid `.private` from a split by characters.
    @Test func anImageInAHiddenFolderAfterAPrependedCharacterIsRefused() {
        let (result, fileSystem) = build([
            "content/tour/01-a.md": "# A\n\n![x](art/p\u{600}/.private/x.svg)\n",
            "content/tour/art/p\u{600}/.private/x.svg": Self.svg,
        ])
        #expect(messages(result).contains { $0.contains("is in a hidden folder or file") }, "\(messages(result))")
        #expect(fileSystem.kind(of: "output") == nil)
    }

    @Test func anImageInTheOutputFolderIsRefusedWhateverItsNameStartsWith() {
        let (result, _) = build([
            "content/tour/01-a.md": "# A\n\n![x](../../output/\u{301}x.svg)\n",
            "output/\u{301}x.svg": Self.svg, "output/.sitegen-output": "an earlier build's\n",
        ])
        #expect(messages(result).contains { $0.contains("is in the site's output folder 'output'") }, "\(messages(result))")
    }

    /// The image's flow was `tour/<mark>shot.svg` to a split by characters: the cache then never
    /// matched its own records, and every build started over.
    @Test func anImageNamedWithAMarkFirstKeepsTheNextBuildANoOp() {
        let (result, fileSystem) = build([
            "content/tour/01-a.md": "# A\n\n![x](\u{301}shot.svg)\n", "content/tour/\u{301}shot.svg": Self.svg,
        ])
        #expect(result.succeeded, "\(messages(result))")
        #expect(fileSystem.text("output/tour/\u{301}shot.svg") == Self.svg)
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).upToDate)
    }

    @Test func aStaticFileInTheRuntimesFolderIsRefusedWhateverItsNameStartsWith() {
        let (result, _) = build([
            "content/tour/01-a.md": "# A\n", "static/assets/\u{301}x.js": "alert(1)",
        ])
        #expect(messages(result).contains { $0.hasPrefix("this static file would be published as assets/\u{301}x.js") }, "\(messages(result))")
    }

    /// `#` and the mark after it were one character: the link was no link to a page at all.
    @Test func aLinkToAHeadingThatStartsWithAMarkIsChecked() {
        let (good, _) = build([
            "content/tour/01-a.md": "# A\n\n## \u{301}x\n", "content/tour/02-b.md": "# B\n\n[back](01-a.md#\u{301}x)\n",
        ])
        #expect(good.succeeded && good.diagnostics.isEmpty, "\(messages(good))")
        let (bad, _) = build([
            "content/tour/01-a.md": "# A\n\n## \u{301}x\n", "content/tour/02-b.md": "# B\n\n[back](01-a.md#\u{301}y)\n",
        ])
        #expect(messages(bad).contains { $0.contains("finds no heading") }, "\(messages(bad))")
    }

    @Test func aDiffLineWhoseTextStartsWithAMarkIsStillAddedOrRemoved() throws {
        let (result, fileSystem) = build([
            "content/tour/01-a.md": "# A\n\n```diff\n+\u{301}added\n-\u{301}removed\n```\n",
        ])
        #expect(result.succeeded, "\(messages(result))")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains("<ins") && html.contains("<del"), "\(html)")
    }
}

/// Images reached through a link inside the site: the text of the reference names an ordinary
/// folder, the link leads into a hidden one or into the output.
@Suite struct LinkedImageTests {
    @Test func anImageThroughALinkIntoAHiddenFolderIsRefused() {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![x](../../art/p/x.svg)\n", ".private/x.svg": CombiningMarkSiteTests.svg,
        ])
        fileSystem.addLink("art/p", to: "../.private")
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("is really in '.private', a hidden folder") }, "\(messages)")
        #expect(fileSystem.kind(of: "output") == nil)
    }

    @Test func anImageThroughALinkIntoTheOutputIsRefused() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![x](../../art/x.svg)\n", "art/x.svg": CombiningMarkSiteTests.svg,
        ])
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        let published = try #require(fileSystem.snapshot.keys.first { $0.hasPrefix("output/") && $0.hasSuffix(".svg") })
        fileSystem.addLink("art/o", to: "../output")
        fileSystem.add("content/tour/01-a.md", Array("# A\n\n![x](../../art/o/\(published.dropFirst("output/".count)))\n".utf8))
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("is really in the site's output folder 'output'") }, "\(messages)")
    }

    @Test func anImageThroughALinkToAnOrdinaryFolderIsPublished() {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![x](../../art/p/x.svg)\n", "art/q/x.svg": CombiningMarkSiteTests.svg,
        ])
        fileSystem.addLink("art/p", to: "q")
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
    }
}

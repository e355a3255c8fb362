import SitegenTestSupport
import Foundation
import Testing
@testable import SitegenCore

/// Files an author ships besides pages: `static/` copied to the output's root, a favicon the
/// layout links, and a stylesheet of the site's own loaded after the theme's.
@Suite struct StaticFilesTests {
    private static let page = ["content/tour/01-a.md": "# A\n"]

    private func build(_ files: [String: String], bytes: [String: [UInt8]] = [:]) -> (SiteBuilder.Result, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem(Self.page.merging(files) { _, new in new })
        for (path, content) in bytes { fileSystem.add(path, content) }
        return (SiteBuilder(fileSystem: fileSystem).build(BuildOptions()), fileSystem)
    }

    @Test func staticFilesAreCopiedAsTheyAreAndHiddenOnesNever() throws {
        let video: [UInt8] = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0xFF, 0x00]
        let (result, fileSystem) = build(
            ["static/robots.txt": "User-agent: *\n", "static/.gitkeep": "", "static/downloads/.secret": "x", "static/downloads/guide.pdf": "%PDF"],
            bytes: ["static/media/demo.mp4": video])
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(fileSystem.text("output/robots.txt") == "User-agent: *\n")
        #expect(fileSystem.text("output/downloads/guide.pdf") == "%PDF")
        #expect(try fileSystem.readFile("output/media/demo.mp4") == video)
        #expect(fileSystem.status(of: "output/.gitkeep") == nil && fileSystem.status(of: "output/downloads/.secret") == nil)
    }

    @Test func aStaticFileChangedAloneIsPublishedByTheNextBuild() throws {
        let fileSystem = MemoryFileSystem(Self.page.merging(["static/robots.txt": "one\n"]) { _, new in new })
        let builder = SiteBuilder(fileSystem: fileSystem)
        #expect(builder.build(BuildOptions()).succeeded)
        fileSystem.add("static/robots.txt", Array("two\n".utf8))
        fileSystem.add("static/new.txt", Array("new\n".utf8))
        let result = builder.build(BuildOptions())
        #expect(result.succeeded && !result.upToDate)
        #expect(fileSystem.text("output/robots.txt") == "two\n" && fileSystem.text("output/new.txt") == "new\n")
        try fileSystem.remove("static/new.txt")
        #expect(builder.build(BuildOptions()).succeeded)
        #expect(fileSystem.status(of: "output/new.txt") == nil, "a removed static file leaves the output")
    }

    @Test(arguments: [
        ("static/index.html", "index.html"), ("static/manifest.json", "manifest.json"), ("static/embed.js", "embed.js"),
        ("static/assets/sitegen.css", "the theme's assets"), ("static/tour/extra.png", "flow 'tour'"),
        ("static/_site/x.png", "images from outside the flows"), ("static/.sitegen-output", ""),
    ])
    func aStaticFileWhereTheBuildWritesIsAnError(_ path: String, _ what: String) {
        let (result, fileSystem) = build([path: "mine"])
        if what.isEmpty {
            #expect(result.succeeded, "a hidden static file is never published: \(result.diagnostics)")
            #expect(fileSystem.text("output/.sitegen-output") != "mine")
            return
        }
        #expect(result.diagnostics.map { "\($0.path): \($0.message)" }.contains { $0.hasPrefix(path + ": this static file would be published as") && $0.contains("where the build writes \(what)") })
        #expect(!result.succeeded)
    }

    @Test func aStaticLinkOutOfTheSiteIsAnError() throws {
        let site = MemoryFileSystem(["site/content/tour/01-a.md": "# A\n"])
        site.add("/secret/passwd", Array("root:x:0:0".utf8))
        site.addLink("site/static/passwd", to: "/secret/passwd")
        let built = SiteBuilder(fileSystem: site).build(BuildOptions(siteDirectory: "site"))
        #expect(built.diagnostics.contains { $0.isError && $0.path == "site/static/passwd" && $0.message.contains("outside the site folder") })
        #expect(site.status(of: "site/output/passwd") == nil)
    }

    @Test func theLayoutLinksAFaviconOnlyWhenTheSiteHasOne() throws {
        let (_, plain) = build([:])
        let page = try #require(plain.text("output/tour/index.html"))
        #expect(page.contains("<link rel=\"icon\" href=\"data:,\">"), "no favicon: nothing is requested")
        let (_, withIcon) = build(["static/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"])
        #expect(withIcon.text("output/tour/index.html")?.contains("<link rel=\"icon\" href=\"../favicon.svg\">") == true)
        #expect(withIcon.text("output/index.html")?.contains("<link rel=\"icon\" href=\"favicon.svg\">") == true)
    }

    @Test func aSitesOwnStylesheetIsLoadedAfterTheThemes() throws {
        let (plain, plainFiles) = build([:])
        #expect(plain.succeeded)
        #expect(plainFiles.status(of: "output/assets/custom.css") == nil)
        #expect(plainFiles.text("output/tour/index.html")?.contains("custom.css") == false)
        let (result, fileSystem) = build(["templates/custom.css": ".sg-page h1 { letter-spacing: .02em; }\n"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(fileSystem.text("output/assets/custom.css") == ".sg-page h1 { letter-spacing: .02em; }\n")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        let theme = try #require(html.range(of: "href=\"../assets/sitegen.css\""))
        let custom = try #require(html.range(of: "href=\"../assets/custom.css\""))
        #expect(theme.lowerBound < custom.lowerBound)
    }
}

import Foundation
import SitegenTestSupport
import Testing
@testable import SitegenCore

/// The build cache: a rebuild with nothing changed does nothing, and each kind of change rebuilds.
@Suite struct BuildCacheTests {
    let site = [
        "sitegen.yml": "title: T\n",
        "content/tour/01-a.md": "# A\n",
        "content/tour/02-b.md": "# B\n",
        "content/tour/a.svg": "<svg width=\"4\" height=\"3\"></svg>",
    ]

    private func build(_ fileSystem: MemoryFileSystem, _ options: BuildOptions = .init(), tool: String = "1") -> SiteBuilder.Result {
        SiteBuilder(fileSystem: fileSystem).build(options, tool: tool)
    }

    /// A built site, and the result of building it again after `change`.
    private func rebuild(after change: (MemoryFileSystem) throws -> Void, options: BuildOptions = .init(), tool: String = "1")
        throws -> SiteBuilder.Result
    {
        let fileSystem = MemoryFileSystem(site)
        let first = build(fileSystem)
        #expect(first.succeeded && !first.upToDate)
        try change(fileSystem)
        return build(fileSystem, options, tool: tool)
    }

    @Test func aRebuildWithNothingChangedDoesNothing() throws {
        let fileSystem = MemoryFileSystem(site)
        _ = build(fileSystem)
        let before = fileSystem.snapshot
        let again = build(fileSystem)
        #expect(again.upToDate)
        #expect(again.flowCount == 1 && again.pageCount == 2 && again.outputDirectory == "output")
        #expect(fileSystem.snapshot == before, "nothing is written")
        #expect(fileSystem.kind(of: ".sitegen-cache/build-state") == .file)
        #expect(fileSystem.kind(of: "output/.sitegen-cache") == nil, "the cache never lives in the output")
    }

    @Test func aBuildReadsEachInputOnce() throws {
        let fileSystem = MemoryFileSystem(site)
        #expect(build(fileSystem).succeeded)
        for path in site.keys {
            #expect(fileSystem.reads(of: path) == 1, "\(path) is hashed and built from one read")
        }
        fileSystem.add("content/tour/02-b.md", Array("# B2\n".utf8))
        #expect(build(fileSystem).rebuiltFlows == ["tour"])
        #expect(fileSystem.reads(of: "content/tour/02-b.md") == 2)
        #expect(fileSystem.reads(of: "content/tour/01-a.md") == 2, "its flow is rebuilt, but unchanged files are not hashed again")
    }

    @Test func aWriteThatFailsHalfWayLeavesTheOutputAsItWas() throws {
        let fileSystem = MemoryFileSystem(site)
        #expect(build(fileSystem).succeeded)
        let before = fileSystem.snapshot
        fileSystem.add("sitegen.yml", Array("title: Changed\n".utf8))
        let failed = SiteBuilder(fileSystem: FaultyFileSystem(fileSystem, failWritesUnder: ".output.sitegen-staging/tour")).build(.init(), tool: "1")
        #expect(!failed.succeeded)
        #expect(failed.diagnostics.contains { $0.isError && $0.message.contains("cannot write the output") })
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output") } == before.filter { $0.key.hasPrefix("output") })
    }

    @Test func aTouchedButUnchangedFileStaysUpToDate() throws {
        #expect(try rebuild { $0.touch("content/tour/01-a.md") }.upToDate)
    }

    /// Changes to a built site, each of which must make the next build a real one.
    enum Change: String, CaseIterable, Sendable {
        case pageText, newPage, image, config, template, removedPage, outputDeleted, outputReplaced, corruptCache

        func apply(to fileSystem: MemoryFileSystem) throws {
            switch self {
            case .pageText: fileSystem.add("content/tour/01-a.md", Array("# A changed\n".utf8))
            case .newPage: fileSystem.add("content/tour/03-c.md", Array("# C\n".utf8))
            case .image: fileSystem.add("content/tour/a.svg", Array("<svg width=\"5\" height=\"3\"></svg>".utf8))
            case .config: fileSystem.add("sitegen.yml", Array("title: U\n".utf8))
            case .template: fileSystem.add("templates/page.mustache", Array("<p>{{title}}</p>\n".utf8))
            case .removedPage: try fileSystem.remove("content/tour/02-b.md")
            case .outputDeleted: try fileSystem.remove("output")
            case .outputReplaced: fileSystem.touch("output/.sitegen-output")
            case .corruptCache: fileSystem.add(".sitegen-cache/build-state", Array("garbage".utf8))
            }
        }
    }

    @Test(arguments: Change.allCases)
    func eachChangeRebuilds(_ change: Change) throws {
        let result = try rebuild(after: change.apply)
        #expect(!result.upToDate, "\(change) must rebuild")
        #expect(result.succeeded)
    }

    @Test func anImageFromOutsideContentIsFingerprintedToo() throws {
        let fileSystem = MemoryFileSystem(site.merging(["content/tour/03-c.md": "![Logo](../../art/logo.svg)\n", "art/logo.svg": "<svg width=\"2\" height=\"2\"></svg>"]) { a, _ in a })
        #expect(build(fileSystem).succeeded)
        #expect(build(fileSystem).upToDate)
        fileSystem.add("art/logo.svg", Array("<svg width=\"3\" height=\"2\"></svg>".utf8))
        let rebuilt = build(fileSystem)
        #expect(!rebuilt.upToDate, "the image changed")
        #expect(fileSystem.text("output/tour/index.html")?.contains("width=\"3\" height=\"2\"") == true)
    }

    @Test func aChangedPageReachesTheOutput() throws {
        let fileSystem = MemoryFileSystem(site)
        _ = build(fileSystem)
        fileSystem.add("content/tour/01-a.md", Array("# Fresh\n".utf8))
        _ = build(fileSystem)
        #expect(fileSystem.text("output/tour/index.html")?.contains("<h1 id=\"a--fresh\">Fresh</h1>") == true)
        #expect(build(fileSystem).upToDate)
    }

    @Test func aNewBinaryOrOtherOptionsRebuild() throws {
        #expect(try !rebuild(after: { _ in }, tool: "2").upToDate, "a different sitegen")
        #expect(try !rebuild(after: { _ in }, options: BuildOptions(includeDrafts: true)).upToDate)
        #expect(try !rebuild(after: { _ in }, options: BuildOptions(baseURL: BaseURL("/docs/"))).upToDate)
        #expect(try !rebuild(after: { _ in }, options: BuildOptions(outputDirectory: "public")).upToDate)
    }

    /// One output folder named in other words (relative or absolute, through `.` or a link, with
    /// a trailing slash) is the same output: the build after is up to date, where it rebuilt every flow.
    @Test func theSameOutputNamedOtherwiseIsUpToDate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (path, text) in site { try directory.write("site/" + path, text) }
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link", withDestinationPath: directory.path + "/site")
        func build(site: String, output: String? = nil) -> SiteBuilder.Result {
            SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site, outputDirectory: output), tool: "1")
        }
        let root = directory.path
        #expect(!build(site: root + "/site").upToDate)
        for site in [root + "/site/.", root + "/site/", root + "/link", root + "/site/../site"] {
            let again = build(site: site)
            #expect(again.succeeded && again.upToDate, "\(site): \(again.diagnostics)")
        }
        #expect(!build(site: root + "/site", output: root + "/out").upToDate)
        for output in [root + "/out/", root + "/./out", root + "/site/../out"] {
            let again = build(site: root + "/site", output: output)
            #expect(again.succeeded && again.upToDate, "\(output): \(again.diagnostics)")
        }
        #expect(!build(site: root + "/site", output: root + "/elsewhere").upToDate, "another folder is another output")
    }

    @Test func aFailedBuildKeepsTheCacheOfTheLastGoodOne() throws {
        let fileSystem = MemoryFileSystem(site)
        _ = build(fileSystem)
        let cache = fileSystem.text(".sitegen-cache/build-state")
        fileSystem.add("content/tour/01-a.md", Array("---\ntitel: x\n---\n".utf8))
        #expect(!build(fileSystem).succeeded)
        #expect(fileSystem.text(".sitegen-cache/build-state") == cache)
        fileSystem.add("content/tour/01-a.md", Array("# A\n".utf8))
        #expect(build(fileSystem).upToDate, "back to what the output holds")
    }

    /// The warnings a build with nothing to do repeats, and those of the flows a build keeps, name
    /// their files the way this build names the site, not the way the build that found them did
    /// (`content/…` from inside the site, then from elsewhere: a path that led nowhere).
    @Test func repeatedWarningsNameFilesAsThisBuildNamesTheSite() {
        let fileSystem = MemoryFileSystem([
            "site/content/tour/01-a.md": "# A\n\n```nosuchlanguage\nx\n```\n", "site/content/other/01-b.md": "# B\n",
        ])
        let first = runCLI(["build", "--site", "/site"], on: fileSystem)
        #expect(first.err.contains("/site/content/tour/01-a.md:3:4: warning:"), "\(first.err)")
        let again = runCLI(["build", "--site", "site"], on: fileSystem)
        #expect(again.out.hasPrefix("Up to date: 2 flows, 2 pages") && again.out.hasSuffix(" → site/output (1 warning)\n"), "\(again.out)")
        #expect(again.err.hasPrefix("site/content/tour/01-a.md:3:4: warning:"), "\(again.err)")
        fileSystem.add("site/content/other/01-b.md", Array("# B again\n".utf8))
        let kept = runCLI(["build", "--site", "site"], on: fileSystem)
        #expect(kept.out.contains("(rebuilt other)"), "\(kept.out)")
        #expect(kept.err.hasPrefix("site/content/tour/01-a.md:3:4: warning:"), "the kept flow's warning: \(kept.err)")
    }

    @Test func theCommandLineSaysWhenTheSiteIsUpToDate() {
        let fileSystem = MemoryFileSystem(site)
        #expect(runCLI(["build"], on: fileSystem).out.hasPrefix("Built 1 flow, 2 pages"))
        #expect(runCLI(["build"], on: fileSystem).out == "Up to date: 1 flow, 2 pages in 0 ms → output\n")
    }
}

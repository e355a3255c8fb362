import SitegenTestSupport
import Foundation
import Synchronization
import Testing
@testable import SitegenCore

/// Builds that overlap, outputs changed behind sitegen's back, and outputs put where they would
/// destroy or feed the site: each ends in a whole, correct output or a clear error.
@Suite struct BuildSafetyTests {
    static let site: [String: String] = [
        "sitegen.yml": "title: Safe\n",
        "content/welcome/01-hello.md": "# Hello\n",
        "content/welcome/02-more.md": "# More\n",
        "content/news/01-new.md": "# New\n",
    ]

    private func cleanOutput(of site: [String: String]) -> [String: String] {
        let fileSystem = MemoryFileSystem(site)
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        return output(fileSystem)
    }

    private func output(_ fileSystem: MemoryFileSystem) -> [String: String] {
        fileSystem.snapshot.filter { $0.key.hasPrefix("output/") }
    }

    // MARK: One build at a time

    @Test func twoBuildsAtOnceBothSucceedOneAfterTheOther() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var pages = Self.site
        for index in 1...200 { pages["content/flow-\(index % 20)/\(index)-page-\(index).md"] = "# Page \(index)\n\n" + String(repeating: "Text. ", count: 200) }
        for (path, text) in pages { try directory.write(path, text) }
        let options = BuildOptions(siteDirectory: directory.path)
        let notices = Mutex<[String]>([])
        let results = [0, 1].parallelMap { _ in
            SiteBuilder(fileSystem: DiskFileSystem()).build(options) { notice in notices.withLock { $0.append(notice) } }
        }
        for result in results { #expect(result.succeeded, "\(result.diagnostics)") }
        let built = try GoldenTests.files(in: directory.path + "/output")
        try FileManager.default.removeItem(atPath: directory.path + "/output")
        try FileManager.default.removeItem(atPath: directory.path + "/.sitegen-cache")
        #expect(SiteBuilder(fileSystem: DiskFileSystem()).build(options).succeeded)
        #expect(try GoldenTests.files(in: directory.path + "/output") == built, "the same as one build alone")
        #expect(notices.withLock { $0 }.allSatisfy { $0.hasPrefix("Waiting for another sitegen build of the site") })
    }

    @Test func withoutWaitingASecondBuildFailsAtOnceAndTouchesNothing() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        let before = fileSystem.snapshot
        fileSystem.add("content/news/01-new.md", Array("# Changed\n".utf8))
        for lockFile in [".sitegen-cache/lock", ".output.sitegen-lock"] {
            let held = try #require(try fileSystem.lock(lockFile, wait: false))
            let run = runCLI(["build", "--no-wait"], on: fileSystem)
            held.release()
            #expect(run.status == .contentError)
            #expect(run.err.contains("error: another sitegen build of the "), "\(run.err)")
            #expect(output(fileSystem) == before.filter { $0.key.hasPrefix("output/") })
        }
        #expect(runCLI(["build"], on: fileSystem).status == .success)
    }

    @Test func aSecondBuildWaitsForTheFirstAndSaysSo() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        try fileSystem.createDirectory(".sitegen-cache")
        let held = try #require(try fileSystem.lock(".sitegen-cache/lock", wait: false))
        let started = Mutex(false)
        let result = Mutex<SiteBuilder.Result?>(nil)
        let thread = Thread {
            let built = SiteBuilder(fileSystem: fileSystem).build(BuildOptions()) { _ in started.withLock { $0 = true } }
            result.withLock { $0 = built }
        }
        thread.start()
        try #require(eventually(within: 30) { started.withLock { $0 } }, "the second build said it is waiting")
        #expect(result.withLock { $0 } == nil, "it waits")
        held.release()
        try #require(eventually(within: 30) { result.withLock { $0 } != nil }, "the second build ended once the lock was free")
        #expect(result.withLock { $0?.succeeded } == true)
    }

    // MARK: "Up to date" is true

    /// Ways to change an output behind sitegen's back.
    enum Tampering: String, CaseIterable, Sendable {
        case everythingButTheMarkerDeleted, aFlowDeleted, aFileEdited, aFileAdded, aFileReplacedByALink

        func apply(to fileSystem: MemoryFileSystem) throws {
            switch self {
            case .everythingButTheMarkerDeleted:
                for entry in try fileSystem.entries(in: "output") where entry.name != OutputWriter.markerFile {
                    try fileSystem.remove("output/" + entry.name)
                }
            case .aFlowDeleted: try fileSystem.remove("output/welcome")
            case .aFileEdited: fileSystem.add("output/welcome/index.html", Array("defaced".utf8))
            case .aFileAdded: fileSystem.add("output/welcome/index.html.sitegen-new", Array("junk".utf8))
            case .aFileReplacedByALink:
                try fileSystem.remove("output/index.html")
                fileSystem.addLink("output/index.html", to: "/etc/passwd")
            }
        }
    }

    @Test(arguments: Tampering.allCases)
    func anOutputChangedByHandIsRebuiltNotUpToDate(_ tampering: Tampering) throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        let clean = output(fileSystem)
        try tampering.apply(to: fileSystem)
        let again = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(again.succeeded && !again.upToDate)
        #expect(output(fileSystem) == clean)
        #expect(fileSystem.linkStatus(of: "output/index.html")?.kind == .file)
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).upToDate, "and then it is")
    }

    @Test func aStrayFileLeftInTheOutputDoesNotWedgeTheNextBuild() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        fileSystem.add("output/welcome/index.html.sitegen-new", Array("junk\n".utf8))
        fileSystem.add("sitegen.yml", Array("title: Changed\n".utf8))
        let again = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(again.succeeded, "\(again.diagnostics)")
        var changed = Self.site
        changed["sitegen.yml"] = "title: Changed\n"
        #expect(output(fileSystem) == cleanOutput(of: changed))
    }

    // MARK: Outputs that would wedge or destroy

    @Test func anImageNameNearTheLimitOfAFileNameBuildsAgainAndAgain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = String(repeating: "a", count: 251) + ".png"
        try directory.write("content/tour/01-a.md", "![A](\(name))\n")
        try directory.write("content/tour/\(name)", Data(pngBytes(width: 1, height: 1)))
        for title in ["One", "Two", "Three"] {
            try directory.write("sitegen.yml", "title: \(title)\n")
            let run = runCLI(["build", "--site", directory.path], on: DiskFileSystem())
            #expect(run.status == .success, "\(run.err)")
        }
    }

    @Test(arguments: ["content/out", "templates/out", ".sitegen-cache/out", ".", "..", "content"])
    func anOutputThatWouldFeedOrReplaceTheSiteIsRefused(_ output: String) throws {
        let fileSystem = MemoryFileSystem(Self.site)
        try fileSystem.createDirectory("templates")
        let before = fileSystem.snapshot
        let run = runCLI(["build", "--output", output], on: fileSystem)
        #expect(run.status == .contentError)
        #expect(run.err.contains("error: the output folder"), "\(run.err)")
        #expect(fileSystem.snapshot.filter { !$0.key.hasSuffix("lock") } == before)
    }

    @Test func anOutputInTheSiteSettingsIsCheckedToo() throws {
        var site = Self.site
        site["sitegen.yml"] = "output: content/public\n"
        let run = runCLI(["build"], on: MemoryFileSystem(site))
        #expect(run.status == .contentError)
        #expect(run.err.contains("is inside the site's 'content'"), "\(run.err)")
    }
}

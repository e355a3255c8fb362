import SitegenTestSupport
import Testing
@testable import SitegenCore

/// What a build reads from its cache is checked before it is used: a cache that is damaged,
/// edited, or names paths outside the output means a full build, never a wrong one, and nothing
/// outside the site is read, written or removed through it. Also the dependencies a flow's key
/// must hold beyond its own folder.
@Suite struct CacheTamperingTests {
    static let site = IncrementalBuildTests.site

    private func build(_ fileSystem: MemoryFileSystem) -> SiteBuilder.Result {
        SiteBuilder(fileSystem: fileSystem).build(BuildOptions(), tool: SitegenVersion.version)
    }

    private func output(_ fileSystem: MemoryFileSystem) -> [String: String] {
        fileSystem.snapshot.filter { $0.key.hasPrefix("output/") }
    }

    private func cleanBuild(of fileSystem: MemoryFileSystem) -> [String: String] {
        let fresh = MemoryFileSystem(fileSystem.snapshot.filter { !$0.key.hasPrefix("output/") && !$0.key.hasPrefix(".sitegen-cache/") })
        #expect(build(fresh).succeeded)
        return output(fresh)
    }

    private func loader(_ fileSystem: MemoryFileSystem) throws -> SiteLoader {
        try SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get()
    }

    /// Builds, edits the saved cache with `edit`, changes gamma's page so that the others could
    /// be kept, and builds again: the output must be a clean build's.
    private func rebuild(afterEditing edit: (inout BuildCache) -> Void) throws -> MemoryFileSystem {
        let fileSystem = MemoryFileSystem(Self.site.merging(["secret.txt": "TOP SECRET"]) { a, _ in a })
        #expect(build(fileSystem).succeeded)
        var cache = try #require(BuildCache.load(loader: try loader(fileSystem)))
        edit(&cache)
        try cache.save(loader: try loader(fileSystem))
        fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
        let result = build(fileSystem)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(output(fileSystem) == cleanBuild(of: fileSystem))
        #expect(!output(fileSystem).values.contains { $0.contains("TOP SECRET") })
        return fileSystem
    }

    @Test func aPackNameOutsideTheCacheIsNoCache() throws {
        _ = try rebuild { cache in
            cache.body.packs.append(PackFile(name: "../../secret.txt", status: FileStatus(size: 10, modified: 0)))
            cache.body.flows[0].fragment = PackReference(pack: "../../secret.txt", offset: 0, length: 10)
        }
    }

    @Test func aRangeBeyondItsPackIsNoCache() throws {
        _ = try rebuild { cache in cache.body.flows[0].fragment.length = (cache.packs.first?.status.size ?? 0) + 1 }
        _ = try rebuild { cache in cache.body.flows[1].fragment.offset = -1 }
        _ = try rebuild { cache in cache.body.flows[1].highlights = PackReference(pack: cache.flows[1].fragment.pack, offset: Int.max, length: 2) }
    }

    @Test func anOutputPathTheOutputNeverHadIsNoCache() throws {
        let fileSystem = try rebuild { cache in
            if let index = cache.products.firstIndex(where: { $0.name == "theme" }) { cache.body.products[index].outputs.append("../../victim.txt") }
            cache.body.flows[1].outputs[0] = "beta/embed.jx"
        }
        #expect(!fileSystem.snapshot.keys.contains { $0.contains("sitegen-temporary") })
    }

    @Test func anImageTheCacheMovedToAnotherFlowIsNoCache() throws {
        _ = try rebuild { cache in
            cache.body.flows[1].assets = [RecordedAsset(Asset(source: "secret.txt", destination: "gamma/leak.svg", root: "/"))]
        }
    }

    /// One flipped bit anywhere is caught. In the head (the length, a record, its digest) it is
    /// no cache at all; in the body, no cache for a build with something to do (the next test).
    @Test(arguments: [0, 8, 30, -40, -1])
    func aDamagedStateFileMeansAFullBuild(offset: Int) throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        var bytes = try #require(try? fileSystem.readFile(".sitegen-cache/build-state"))
        let headBytes = BuildCache.formatLine.utf8.count + 8 + (try RecordEncoder.encode(try #require(BuildCache.load(loader: try loader(fileSystem))).head).count)
        let position = offset >= 0 ? BuildCache.formatLine.utf8.count + offset : bytes.count + offset
        bytes[position] ^= 0x01
        fileSystem.add(".sitegen-cache/build-state", bytes)
        #expect(BuildCache.load(loader: try loader(fileSystem)) == nil, "the checksum catches one flipped bit")
        if position < headBytes {
            #expect(build(fileSystem).outcome == .builtEverything)
        } else {
            fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
            #expect(build(fileSystem).outcome == .builtEverything)
        }
        #expect(build(fileSystem).upToDate)
    }

    /// The state file's head (all an up-to-date build reads) comes apart from its body, and a
    /// head whose length runs past the file, with a checksum made for it, is no cache.
    @Test func theStateFileHeadReadsAloneAndAForgedLengthIsNoCache() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        let whole = try #require(BuildCache.load(loader: try loader(fileSystem)))
        let loaded = try #require(BuildCache.loadHead(loader: try loader(fileSystem)))
        #expect(loaded.head == whole.head)
        #expect(loaded.complete() == whole)
        #expect(whole.head.flowCount == 3 && whole.head.pageCount == 5)
        #expect(whole.head.warnings == whole.flows.flatMap(\.warnings).sorted())
        let head = try RecordEncoder.encodeInChunks(whole.head)
        let body = try RecordEncoder.encodeInChunks(whole.body)
        let trueLength = head.reduce(0) { $0 + $1.count }
        #expect(Array(BuildCache.stateFile(head: head, length: trueLength, body: body).joined()) == Array(try whole.encoded().joined()))
        for length in [Int.max, 1 << 40, -8, whole.head.entries.count, trueLength - 8, trueLength + 8] {
            fileSystem.add(".sitegen-cache/build-state", Array(BuildCache.stateFile(head: head, length: length, body: body).joined()))
            #expect(BuildCache.loadHead(loader: try loader(fileSystem)) == nil, "\(length)")
            let result = build(fileSystem)
            #expect(result.outcome == .builtEverything, "\(length)")
        }
        #expect(build(fileSystem).upToDate)
        // A damaged body is found when the body is read, and is no cache either.
        var pieces = try #require(BuildCache.load(loader: try loader(fileSystem))).encoded()
        pieces[pieces.count - 2][0] ^= 0x01
        fileSystem.add(".sitegen-cache/build-state", Array(pieces.joined()))
        #expect(BuildCache.loadHead(loader: try loader(fileSystem)) != nil)
        #expect(BuildCache.loadHead(loader: try loader(fileSystem))?.complete() == nil)
        fileSystem.add("content/gamma/01-e.md", Array("# E3\n".utf8))
        #expect(build(fileSystem).outcome == .builtEverything)
    }

    @Test func theCachesFoldersAreNeverFollowedOutOfTheSite() throws {
        let fileSystem = MemoryFileSystem(Self.site.merging(["/elsewhere/precious.txt": "keep me"]) { a, _ in a })
        #expect(build(fileSystem).succeeded)
        try fileSystem.remove(".sitegen-cache/packs")
        fileSystem.addLink(".sitegen-cache/packs", to: "/elsewhere")
        // Where earlier versions kept a file per flow, which a build removes.
        fileSystem.addLink(".sitegen-cache/highlight", to: "/elsewhere")
        fileSystem.addLink(".sitegen-cache/manifest", to: "/elsewhere/precious.txt")
        fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
        #expect(build(fileSystem).succeeded)
        #expect(fileSystem.text("/elsewhere/precious.txt") == "keep me")
        #expect(fileSystem.snapshot.keys.filter { $0.hasPrefix("elsewhere/") } == ["elsewhere/precious.txt"], "nothing written there")
        #expect(fileSystem.kind(of: ".sitegen-cache/packs") == .directory)
        #expect(fileSystem.linkStatus(of: ".sitegen-cache/highlight") == nil && fileSystem.linkStatus(of: ".sitegen-cache/manifest") == nil)
        #expect(output(fileSystem) == cleanBuild(of: fileSystem))
    }

    /// The pack folder moved elsewhere and linked back (as a user tidying a disk does) is not
    /// read through the link: the build makes it a real folder again, so the packs it would have
    /// kept flows from are not there when the manifest is made from them. (The cache folder
    /// itself as a link is an error that names it.)
    @Test func aPackFolderLinkedFromElsewhereIsNoCache() throws {
        let moved = ".sitegen-cache/packs"
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        let copies = fileSystem.snapshot.filter { $0.key.hasPrefix(moved + "/") }
        #expect(!copies.isEmpty)
        for path in copies.keys { fileSystem.add("/elsewhere/" + path.dropFirst(moved.count + 1), try fileSystem.readFile(path)) }
        try fileSystem.remove(moved)
        fileSystem.addLink(moved, to: "/elsewhere")
        fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
        let result = build(fileSystem)
        #expect(result.succeeded && result.rebuiltFlows == ["alpha", "beta", "gamma"], "\(result.outcome) \(result.diagnostics)")
        #expect(output(fileSystem) == cleanBuild(of: fileSystem))
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("elsewhere/") }.count == copies.count, "nothing written there")
        #expect(build(fileSystem).upToDate)
    }

    @Test(arguments: [".sitegen-cache/packs", ".sitegen-cache/build-state"])
    func aFileOrFolderWhereTheCacheWritesIsReplaced(_ taken: String) throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        try fileSystem.remove(taken)
        if taken.hasSuffix("packs") {
            fileSystem.add(taken, Array("a file".utf8))
        } else {
            fileSystem.add(taken + "/left", Array("a folder".utf8))
        }
        fileSystem.add(".sitegen-cache/build-state.new/left", Array("by a stopped build".utf8))
        fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
        let result = build(fileSystem)
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(build(fileSystem).upToDate, "and the cache was saved")
    }

    /// A flow showing an image from another flow's folder is made from that folder too.
    @Test func anImageFromAnotherFlowsFolderIsPartOfTheKey() throws {
        let fileSystem = MemoryFileSystem(Self.site.merging(["content/gamma/01-e.md": "# E\n\n![A](../alpha/a.svg)\n"]) { _, new in new })
        #expect(build(fileSystem).succeeded)
        fileSystem.add("content/alpha/a.svg", Array("<svg width=\"40\" height=\"30\"></svg>".utf8))
        let changed = build(fileSystem)
        #expect(changed.rebuiltFlows == ["alpha", "gamma"], "\(changed.outcome)")
        #expect(output(fileSystem) == cleanBuild(of: fileSystem))
        try fileSystem.remove("content/alpha/a.svg")
        fileSystem.add("content/alpha/01-a.md", Array("# A\n".utf8))
        let removed = build(fileSystem)
        #expect(!removed.succeeded && removed.diagnostics.contains { $0.path.hasSuffix("gamma/01-e.md") })
    }

    @Test func anEmptyFlowFolderIsNoticed() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        try fileSystem.createDirectory("content/empty")
        let result = build(fileSystem)
        #expect(!result.succeeded && result.diagnostics.contains { $0.message.contains("empty") }, "\(result.diagnostics)")
    }

    @Test func theCommandLineSaysWhatARebuildMade() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        _ = runCLI(["build"], on: fileSystem)
        try fileSystem.remove("content/gamma")
        #expect(runCLI(["build"], on: fileSystem).out == "Built 2 flows, 4 pages (rebuilt only the site-wide files) in 0 ms → output\n")
        #expect(BuildOutcome.rebuiltFlows((1...9).map { "f\($0)" }).rebuiltSummary(flowCount: 9) == "every flow")
        #expect(BuildOutcome.rebuiltFlows((1...9).map { "f\($0)" }).rebuiltSummary(flowCount: 20) == "9 flows")
        #expect(BuildOutcome.rebuiltFlows(["a", "b"]).rebuiltSummary(flowCount: 2) == "a, b")
    }
}

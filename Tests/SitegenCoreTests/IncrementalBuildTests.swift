import SitegenTestSupport
import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import Markdown

/// Incremental builds rebuild only the flows whose files changed, and their output is exactly
/// what a clean full build of the same site writes.
@Suite struct IncrementalBuildTests {
    static let site = [
        "sitegen.yml": "title: T\n",
        "content/alpha/_index.md": "---\ntitle: Alpha\n---\nThe first flow.\n",
        "content/alpha/01-a.md": "---\nimage: a.svg\nimage_alt: A\n---\n# A\n",
        "content/alpha/02-b.md": "# B\n",
        "content/alpha/a.svg": "<svg width=\"4\" height=\"3\"></svg>",
        "content/beta/01-c.md": "# C\n\n![Logo](../../art/logo.svg)\n",
        "content/beta/02-d.md": "# D\n",
        "content/gamma/01-e.md": "# E\n",
        "art/logo.svg": "<svg width=\"2\" height=\"2\"></svg>",
    ]

    private func build(_ fileSystem: MemoryFileSystem) -> SiteBuilder.Result {
        SiteBuilder(fileSystem: fileSystem).build(BuildOptions(), tool: SitegenVersion.version)
    }

    /// The output of a clean build of what `fileSystem` holds now.
    private func cleanBuild(of fileSystem: MemoryFileSystem) -> [String: String] {
        let fresh = MemoryFileSystem(fileSystem.snapshot.filter { !$0.key.hasPrefix("output/") && !$0.key.hasPrefix(".sitegen-cache/") })
        #expect(build(fresh).succeeded)
        return fresh.snapshot.filter { $0.key.hasPrefix("output/") }
    }

    enum Edit: String, CaseIterable, Sendable {
        case pageText, pageTitleInIndex, newPage, removedPage, imageInFlow, imageOutside, flowOrder, twoFlows

        func apply(to fileSystem: MemoryFileSystem) throws {
            switch self {
            case .pageText: fileSystem.add("content/beta/02-d.md", Array("# D, edited\n\nMore.\n".utf8))
            case .pageTitleInIndex: fileSystem.add("content/alpha/_index.md", Array("---\ntitle: Alpha renamed\n---\nNew words.\n".utf8))
            case .newPage: fileSystem.add("content/gamma/02-f.md", Array("# F\n".utf8))
            case .removedPage: try fileSystem.remove("content/alpha/02-b.md")
            case .imageInFlow: fileSystem.add("content/alpha/a.svg", Array("<svg width=\"8\" height=\"3\"></svg>".utf8))
            case .imageOutside: fileSystem.add("art/logo.svg", Array("<svg width=\"5\" height=\"2\"></svg>".utf8))
            case .flowOrder: fileSystem.add("content/gamma/_index.md", Array("---\norder: 1\n---\n".utf8))
            case .twoFlows:
                fileSystem.add("content/alpha/02-b.md", Array("# B2\n".utf8))
                fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
            }
        }
    }

    @Test(arguments: Edit.allCases)
    func anIncrementalBuildWritesWhatACleanBuildWrites(_ edit: Edit) throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        try edit.apply(to: fileSystem)
        let result = build(fileSystem)
        #expect(result.succeeded && !result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
        #expect(build(fileSystem).upToDate, "and the cache agrees afterwards")
    }

    /// A site with warnings everywhere a build finds them (a page's, a flow folder's, the theme's,
    /// and one in no flow) says, after each edit, what a clean build says, and again with nothing to do.
    @Test(arguments: Edit.allCases)
    func anIncrementalBuildWarnsAsACleanBuildWarns(_ edit: Edit) throws {
        let fileSystem = MemoryFileSystem(Self.site.merging([
            "content/beta/02-d.md": "# D\n\n![](../../art/logo.svg)\n", "content/alpha/extra/x.md": "# X\n",
            "content/stray.md": "# Stray\n", "templates/notes.txt": "notes\n",
        ]) { _, new in new })
        #expect(build(fileSystem).diagnostics.count == 4)
        try edit.apply(to: fileSystem)
        let clean = MemoryFileSystem(fileSystem.snapshot.filter { !$0.key.hasPrefix("output/") && !$0.key.hasPrefix(".sitegen-cache/") })
        let expected = build(clean).diagnostics
        #expect(build(fileSystem).diagnostics == expected)
        let again = build(fileSystem)
        #expect(again.upToDate && again.diagnostics == expected)
    }

    @Test func onlyTheChangedFlowIsRebuilt() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        _ = build(fileSystem)
        fileSystem.add("content/beta/02-d.md", Array("# D, edited\n".utf8))
        let result = build(fileSystem)
        #expect(result.rebuiltFlows == ["beta"])
        #expect(result.flowCount == 3 && result.pageCount == 5)
        #expect(Set(result.outputs) == ["beta/index.html", "beta/embed.js", "beta/_site/art/logo.svg", "manifest.json", "embed.js"],
                "the index is not rewritten: beta's summary did not change (only its content version, which the loader has)")
        #expect(runCLI(["build"], on: fileSystem).out == "Up to date: 3 flows, 5 pages in 0 ms → output\n")
        fileSystem.add("content/beta/02-d.md", Array("# D, again\n".utf8))
        #expect(runCLI(["build"], on: fileSystem).out == "Built 3 flows, 5 pages (rebuilt beta) in 0 ms → output\n")
    }

    @Test func theIndexIsRewrittenWhenAFlowsSummaryChanges() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        _ = build(fileSystem)
        fileSystem.add("content/beta/_index.md", Array("---\ntitle: Beta renamed\n---\n".utf8))
        let result = build(fileSystem)
        #expect(result.outputs.contains("index.html"))
        #expect(fileSystem.text("output/index.html")?.contains(">Beta renamed</a>") == true)
    }

    @Test func anImageOutsideContentFirstUsedInAnIncrementalBuildIsWatchedToo() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        _ = build(fileSystem)
        fileSystem.add("art/new.svg", Array("<svg width=\"6\" height=\"6\"></svg>".utf8))
        fileSystem.add("content/gamma/01-e.md", Array("# E\n\n![New](../../art/new.svg)\n".utf8))
        #expect(build(fileSystem).rebuiltFlows == ["gamma"])
        fileSystem.add("art/new.svg", Array("<svg width=\"7\" height=\"6\"></svg>".utf8))
        let result = build(fileSystem)
        #expect(!result.upToDate)
        #expect(fileSystem.text("output/gamma/index.html")?.contains("width=\"7\" height=\"6\"") == true)
    }

    @Test func anErrorInTheChangedFlowLeavesTheOutputAsItWas() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        _ = build(fileSystem)
        let before = fileSystem.snapshot.filter { $0.key.hasPrefix("output/") }
        fileSystem.add("content/beta/02-d.md", Array("---\ntitel: x\n---\n".utf8))
        let result = build(fileSystem)
        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.message) == [
            "unknown key 'titel' in page front matter; did you mean 'title'?",
            "the page is empty: give it some Markdown or an image",
        ])
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == before)
        fileSystem.add("content/beta/02-d.md", Array("# D\n".utf8))
        #expect(build(fileSystem).upToDate, "fixed back to what the output holds")
    }

    /// A build that fails after it has written a flow (a link across flows is checked once every
    /// flow is made) has linked files of the current output into its staging folder, which
    /// changes their status time and nothing else: the next build still finds the output as the
    /// last good build left it, and builds no more than what changed since.
    @Test func aBuildThatFailedLateDoesNotMakeTheNextOneStartOver() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        let before = fileSystem.snapshot.filter { $0.key.hasPrefix("output/") }
        fileSystem.add("content/beta/02-d.md", Array("# D\n\n[A](../alpha/02-b.md#nowhere)\n".utf8))
        let failed = build(fileSystem)
        #expect(!failed.succeeded && failed.diagnostics.map(\.message).contains { $0.contains("nowhere") }, "\(failed.diagnostics)")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == before)
        fileSystem.add("content/beta/02-d.md", Array("# D\n".utf8))
        #expect(build(fileSystem).outcome == .upToDate, "fixed back to what the output holds")
        fileSystem.add("content/beta/02-d.md", Array("# D, edited\n".utf8))
        #expect(build(fileSystem).rebuiltFlows == ["beta"])
        fileSystem.add("output/beta/index.html", Array("changed by hand".utf8))
        fileSystem.add("content/beta/02-d.md", Array("# D\n\n[A](../alpha/02-b.md#nowhere)\n".utf8))
        #expect(!build(fileSystem).succeeded)
        fileSystem.add("content/beta/02-d.md", Array("# D, edited again\n".utf8))
        #expect(build(fileSystem).outcome == .builtEverything, "an output changed by hand is still found so after a failed build")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
    }

    /// The warnings of a flow a build keeps are reported again, by every build until they are
    /// fixed, as compilers repeat the warnings of what they do not compile again; `--quiet` and
    /// `check` see the same.
    @Test func theWarningsOfKeptFlowsAreReportedAgain() throws {
        let fileSystem = MemoryFileSystem(Self.site.merging(["content/alpha/02-b.md": "# B\n\n![](a.svg)\n"]) { _, new in new })
        let first = build(fileSystem)
        let warning = "image 'a.svg' has no alt text; describe it in ![…]"
        #expect(first.succeeded && first.diagnostics.map(\.message) == [warning])
        fileSystem.add("content/beta/02-d.md", Array("# D, edited\n".utf8))
        let other = build(fileSystem)
        #expect(other.rebuiltFlows == ["beta"] && other.diagnostics == first.diagnostics, "alpha was kept, its warning reported")
        let same = build(fileSystem)
        #expect(same.outcome == .upToDate && same.diagnostics == first.diagnostics)
        fileSystem.add("content/alpha/02-b.md", Array("# B\n\n![B](a.svg)\n".utf8))
        #expect(build(fileSystem).diagnostics.isEmpty)
        #expect(build(fileSystem).diagnostics.isEmpty, "and fixed stays fixed")
    }

    /// A link into another flow is checked against the flow it names once both are made, so its
    /// warnings are the linking flow's: a build that keeps that flow, rebuilding another, reports
    /// them again, whether the link is in a page, an action, a flow's finish or a translation.
    @Test func theWarningsOfLinksIntoOtherFlowsAreReportedAgain() throws {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "title: T\nlocales: [en, ko]\n",
            "content/a/01-a.md": "# A\n\n## Target\n",
            "content/a/01-a.ko.md": "# 가\n",
            "content/b/_index.md": "---\nfinish: {href: \"../a/01-a.md#target\"}\n---\n",
            "content/b/01-b.md": "---\naction: {label: Go, href: \"../a/01-a.md#target\"}\n---\n# B\n\n[x](../a/01-a.md#target)\n",
            "content/b/01-b.ko.md": "---\naction: {label: 가, href: \"../a/01-a.md#target\"}\n---\n# 나\n\n[x](../a/01-a.md#target)\n",
            "content/b/02-b.md": "# B2\n\n[x](../a/01-a.md#target)\n",
            "content/c/01-c.md": "# C\n",
        ])
        let first = build(fileSystem)
        #expect(first.succeeded, "\(first.diagnostics)")
        let files = first.diagnostics.map { "\(Path.fileName(of: $0.path)):\($0.location?.line ?? 0)" }
        #expect(files == ["01-b.ko.md:2", "01-b.ko.md:6", "02-b.md:3", "_index.md:2"], "\(first.diagnostics)")
        #expect(first.diagnostics.allSatisfy { $0.message.contains("in 'ko', ") && $0.message.contains("finds no heading 'target'") })
        fileSystem.add("content/c/01-c.md", Array("# C, edited\n".utf8))
        let other = build(fileSystem)
        #expect(other.rebuiltFlows == ["c"] && other.diagnostics == first.diagnostics, "\(other.diagnostics)")
        let same = build(fileSystem)
        #expect(same.upToDate && same.diagnostics == first.diagnostics, "\(same.diagnostics)")
        // The flow linked to gains the heading in its translation: the linking flow is made again.
        fileSystem.add("content/a/01-a.ko.md", Array("# 가\n\n## Target\n".utf8))
        let fixed = build(fileSystem)
        #expect(fixed.diagnostics.isEmpty, "\(fixed.diagnostics)")
        fileSystem.add("content/c/01-c.md", Array("# C, again\n".utf8))
        #expect(build(fileSystem).diagnostics.isEmpty, "and fixed stays fixed")
    }

    /// Every build reports the warnings of the whole site, whatever its cache held: those of no
    /// one flow (a page in no flow, a file the theme does not use), and those reading a kept
    /// flow's folder found (a page in a subfolder), after a full build, an incremental one and one
    /// with nothing to do alike; and a clean build reports the same.
    @Test func theSitesWarningsAreReportedByEveryBuild() throws {
        let fileSystem = MemoryFileSystem(Self.site.merging([
            "content/stray.md": "# In no flow\n",
            "content/alpha/extra/03-x.md": "# In a subfolder\n",
            "templates/notes.txt": "not a theme file\n",
        ]) { _, new in new })
        let first = build(fileSystem)
        #expect(first.succeeded && first.outcome == .builtEverything)
        let paths = Set(first.diagnostics.filter { !$0.isError }.compactMap(\.path).map { Path.fileName(of: $0) })
        #expect(paths == ["stray.md", "03-x.md", "notes.txt"], "\(first.diagnostics)")
        fileSystem.add("content/beta/02-d.md", Array("# D, edited\n".utf8))
        let other = build(fileSystem)
        #expect(other.rebuiltFlows == ["beta"] && other.diagnostics == first.diagnostics, "\(other.diagnostics)")
        let same = build(fileSystem)
        #expect(same.outcome == .upToDate && same.diagnostics == first.diagnostics, "\(same.diagnostics)")
        let clean = MemoryFileSystem(fileSystem.snapshot.filter { !$0.key.hasPrefix("output/") && !$0.key.hasPrefix(".sitegen-cache/") })
        #expect(build(clean).diagnostics == first.diagnostics)
        for fixed in ["content/stray.md", "content/alpha/extra/03-x.md", "templates/notes.txt"] { try fileSystem.remove(fixed) }
        #expect(build(fileSystem).diagnostics.isEmpty)
        #expect(build(fileSystem).diagnostics.isEmpty, "and fixed stays fixed")
    }

    /// A flow's manifest fragment is kept in one of the cache's packs; the flows of a pack gone
    /// or changed there are made again, and the others are kept.
    @Test(arguments: ["removed", "edited", "emptied"])
    func aPackTheCacheLostIsMadeAgain(_ damage: String) throws {
        let fileSystem = MemoryFileSystem(Self.site)
        let folder = ".sitegen-cache/" + BuildCache.packFolder + "/"
        _ = build(fileSystem)
        let first = fileSystem.snapshot.keys.filter { $0.hasPrefix(folder) }
        #expect(first.count == 1, "one pack for the whole build")
        fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
        #expect(build(fileSystem).rebuiltFlows == ["gamma"])
        #expect(fileSystem.snapshot.keys.filter { $0.hasPrefix(folder) }.count == 2, "the first pack still holds alpha and beta")
        let pack = try #require(first.first)
        switch damage {
        case "removed": try fileSystem.remove(pack)
        case "edited": fileSystem.add(pack, Array((fileSystem.text(pack) ?? "").replacingOccurrences(of: "\"", with: "'").utf8))
        default: fileSystem.add(pack, [])
        }
        fileSystem.add("content/beta/02-d.md", Array("# D2\n".utf8))
        let result = build(fileSystem)
        #expect(result.succeeded && result.rebuiltFlows == ["alpha", "beta"], "beta, and alpha, whose pack was damaged: \(result.outcome)")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
        let cache = try #require(BuildCache.load(loader: try SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get()))
        #expect(Set(fileSystem.snapshot.keys.filter { $0.hasPrefix(folder) }) == Set(cache.packs.map { folder + $0.name }), "the damaged pack is gone")
    }

    /// Links from a rebuilt flow into flows the build keeps resolve against the kept flows' pages,
    /// worked out only when a link names them: to a page and a flow, and, when wrong, with the
    /// same suggestions a clean build gives.
    @Test func linksIntoKeptFlowsResolveAsInACleanBuild() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        #expect(build(fileSystem).succeeded)
        fileSystem.add("content/beta/02-d.md", Array("# D\n\n[B](../alpha/02-b.md) and [E](../gamma/) and [A](../alpha/01-a.md#a)\n".utf8))
        let rebuilt = build(fileSystem)
        #expect(rebuilt.rebuiltFlows == ["beta"], "\(rebuilt.diagnostics)")
        let page = try #require(fileSystem.text("output/beta/index.html"))
        #expect(page.contains("href=\"../alpha/#b\""), "a kept flow's page, by its id")
        #expect(page.contains("href=\"../gamma/\""))
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
        for (link, message) in [
            ("../alpha/02-c.md", "finds no page '02-c.md' in flow 'alpha'; did you mean '02-b.md'?"),
            ("../gama/", "finds no flow 'gama'; did you mean 'gamma'?"),
        ] {
            fileSystem.add("content/beta/02-d.md", Array("# D\n\n[X](\(link))\n".utf8))
            let failed = build(fileSystem)
            #expect(failed.diagnostics.contains { $0.message.contains(message) }, "\(failed.diagnostics)")
            let clean = SiteBuilder(fileSystem: MemoryFileSystem(fileSystem.snapshot.filter { !$0.key.hasPrefix("output/") && !$0.key.hasPrefix(".sitegen-cache/") }))
                .build(BuildOptions(), tool: SitegenVersion.version)
            #expect(failed.diagnostics.map(\.message) == clean.diagnostics.map(\.message))
        }
    }

    /// A build that reads its flows' front matter again when they are made (a site past the
    /// outline budget) writes byte for byte what one that kept it writes, with the same
    /// diagnostics, each once: problems of a page, of a link across flows, and of a folder.
    @Test func aSitePastTheOutlineBudgetBuildsAlike() throws {
        var files = Self.site
        files["content/beta/03-x.md"] = "# X\n\n[to a](../alpha/02-b.md#b) and [to c](../gamma/01-e.md#e)\n"
        files["content/gamma/05-z.md"] = ""
        files["content/gamma/sub/04-y.md"] = "# Y\n"
        func built(budget: Int) -> (SiteBuilder.Result, [String: String]) {
            let fileSystem = MemoryFileSystem(files)
            var builder = SiteBuilder(fileSystem: fileSystem)
            builder.outlineBudget = budget
            let result = builder.build(BuildOptions(), tool: SitegenVersion.version)
            return (result, fileSystem.snapshot.filter { $0.key.hasPrefix("output/") })
        }
        let (within, output) = built(budget: SiteBuilder.defaultOutlineBudget)
        #expect(within.succeeded && within.diagnostics.count == 2, "\(within.diagnostics)")
        for budget in [0, 300] {
            let (past, pastOutput) = built(budget: budget)
            #expect(past.diagnostics == within.diagnostics)
            #expect(pastOutput == output)
        }
        files["content/beta/03-x.md"] = "# X\n\n[to a](../alpha/02-b.md#nothing)\n"
        for budget in [0, SiteBuilder.defaultOutlineBudget] {
            let (failed, _) = built(budget: budget)
            #expect(!failed.succeeded && failed.diagnostics.filter(\.isError).count == 1, "\(failed.diagnostics)")
        }
    }

    /// However many builds go by, the cache keeps few packs, mostly in use: a pack less than half
    /// in use is copied into the next, and beyond `packLimit` the smallest are.
    @Test func packsStayFewAndMostlyInUse() throws {
        var files: [String: String] = [:]
        for flow in 0..<40 { files["content/f\(flow)/01-a.md"] = "# F\(flow)\n\n" + String(repeating: "Words. ", count: 200) + "\n" }
        let fileSystem = MemoryFileSystem(files)
        #expect(build(fileSystem).succeeded)
        let loader = try SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get()
        for edit in 0..<60 {
            let flow = (edit * 7) % 40
            fileSystem.add("content/f\(flow)/01-a.md", Array("# F\(flow) \(edit)\n\n\(String(repeating: "More. ", count: 200))\n".utf8))
            #expect(build(fileSystem).rebuiltFlows == ["f\(flow)"])
            let cache = try #require(BuildCache.load(loader: loader))
            #expect(cache.packs.count <= SiteBuilder.packLimit + 1)
            var used: [String: Int] = [:]
            for record in cache.flows { used[record.fragment.pack, default: 0] += record.fragment.length }
            for pack in cache.packs { #expect(used[pack.name, default: 0] * 2 >= pack.status.size, "\(pack.name) is mostly in use") }
        }
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
    }

    @Test func aManifestChangedOutsideSitegenIsNotPiecedTogetherAgain() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        _ = build(fileSystem)
        // The flows' fragments are reused from the output's manifest, so one edited by hand
        // must make the next build a full one rather than carry the edit on.
        let manifest = try #require(fileSystem.text("output/manifest.json"))
        fileSystem.add("output/manifest.json", Array(manifest.replacingOccurrences(of: "\"# C", with: "\"# X").utf8))
        fileSystem.add("content/gamma/01-e.md", Array("# E2\n".utf8))
        let result = build(fileSystem)
        #expect(result.succeeded && result.rebuiltFlows == nil, "a full build")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
    }

    @Test func aFlowAddedOrRemovedIsTheOnlyOneBuilt() throws {
        let fileSystem = MemoryFileSystem(Self.site)
        _ = build(fileSystem)
        fileSystem.add("content/delta/01-g.md", Array("# G\n".utf8))
        let added = build(fileSystem)
        #expect(added.rebuiltFlows == ["delta"] && added.flowCount == 4)
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
        #expect(fileSystem.text("output/index.html")?.contains(">Delta</a>") == true)
        try fileSystem.remove("content/delta")
        let removed = build(fileSystem)
        #expect(removed.rebuiltFlows == [] && removed.flowCount == 3)
        #expect(fileSystem.kind(of: "output/delta") == nil)
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == cleanBuild(of: fileSystem))
    }

    /// A rebuild with no input changed finds its output folder from what the last build recorded,
    /// before it reads the settings: the site's own `output` setting, the command line's, and a
    /// copy of the site (cache and all) each keep to their own folder.
    @Test func aRebuildWithNothingChangedKeepsToTheOutputTheSettingsName() throws {
        var site = Self.site
        site["sitegen.yml"] = "title: T\noutput: public\n"
        let fileSystem = MemoryFileSystem(site)
        let first = build(fileSystem)
        #expect(first.succeeded && first.outputDirectory.hasSuffix("public"))
        let again = build(fileSystem)
        #expect(again.upToDate && again.outputDirectory == first.outputDirectory)
        // Changed by hand, the output is made again where the setting says.
        fileSystem.add("public/gamma/index.html", Array("edited".utf8))
        let repaired = build(fileSystem)
        #expect(repaired.succeeded && !repaired.upToDate && repaired.outputDirectory == first.outputDirectory)
        #expect(fileSystem.text("public/gamma/index.html")?.contains("edited") == false)
        #expect(fileSystem.snapshot.keys.contains { $0.hasPrefix("output/") } == false)
        // The command line's folder is another build's, though no input changed.
        let elsewhere = SiteBuilder(fileSystem: fileSystem).build(BuildOptions(outputDirectory: "elsewhere"), tool: SitegenVersion.version)
        #expect(elsewhere.succeeded && !elsewhere.upToDate && elsewhere.outputDirectory.hasSuffix("elsewhere"))
        #expect(fileSystem.text("elsewhere/gamma/index.html") == fileSystem.text("public/gamma/index.html"))
    }

    @Test func aCopyOfASiteWithItsCacheBuildsIntoItsOwnOutput() throws {
        let fileSystem = MemoryFileSystem(Dictionary(uniqueKeysWithValues: Self.site.map { ("a/" + $0.key, $0.value) }))
        let original = SiteBuilder(fileSystem: fileSystem).build(BuildOptions(siteDirectory: "a"), tool: SitegenVersion.version)
        #expect(original.succeeded)
        // Byte for byte, so that the copy's cache is sound and says nothing changed.
        for path in fileSystem.snapshot.keys where path.hasPrefix("a/") && !path.hasSuffix("/lock") {
            fileSystem.add("b/" + path.dropFirst(2), try fileSystem.readFile(path, confinedTo: nil))
        }
        let originalOutput = fileSystem.snapshot.filter { $0.key.hasPrefix("a/output/") }
        fileSystem.add("b/output/gamma/index.html", Array("the copy's, edited".utf8))
        let copy = SiteBuilder(fileSystem: fileSystem).build(BuildOptions(siteDirectory: "b"), tool: SitegenVersion.version)
        #expect(copy.succeeded && !copy.upToDate && copy.outputDirectory.hasSuffix("b/output"), "\(copy.outputDirectory)")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("a/output/") } == originalOutput)
        #expect(fileSystem.text("b/output/gamma/index.html") == fileSystem.text("a/output/gamma/index.html"))
    }

    /// The cache's record of the `output` setting decides only whether there is nothing to do: a
    /// cache that records another setting (copied from elsewhere, or altered) is no cache.
    @Test func aCacheRecordingAnotherOutputSettingIsNoCache() throws {
        var site = Self.site
        site["sitegen.yml"] = "title: T\noutput: public\n"
        let fileSystem = MemoryFileSystem(site)
        #expect(build(fileSystem).succeeded)
        let loader = try SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get()
        var cache = try #require(BuildCache.load(loader: loader))
        cache.head.outputSetting = "elsewhere"
        try cache.save(loader: loader)
        // With the output changed by hand, the build goes past the no-op check to a full build.
        fileSystem.add("public/gamma/index.html", Array("edited".utf8))
        let result = build(fileSystem)
        #expect(result.succeeded && result.outputDirectory.hasSuffix("public"), "\(result.outputDirectory) \(result.diagnostics)")
        #expect(fileSystem.snapshot.keys.contains { $0.hasPrefix("elsewhere") } == false)
        let clean = MemoryFileSystem(site)
        #expect(build(clean).succeeded)
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("public/") } == clean.snapshot.filter { $0.key.hasPrefix("public/") })
        #expect(build(fileSystem).upToDate)
    }

    /// The output the cache names is listed early only where the build may write: not through a
    /// link out of the site, and not a folder that is not sitegen's.
    @Test func anOutputThatLeadsOutOfTheSiteIsNeverListed() throws {
        var site = Self.site
        site["sitegen.yml"] = "title: T\noutput: pub/share\n"
        let memory = MemoryFileSystem(Dictionary(uniqueKeysWithValues: site.map { ("site/" + $0.key, $0.value) }))
        #expect(SiteBuilder(fileSystem: memory).build(BuildOptions(siteDirectory: "site")).succeeded)
        // The folder the output was in now leads outside the site, to another output.
        for (path, text) in memory.snapshot where path.hasPrefix("site/pub/") {
            memory.add("outside/" + path.dropFirst("site/pub/".count), Array(text.utf8))
        }
        try memory.remove("site/pub")
        memory.addLink("site/pub", to: "../outside")
        let spy = FaultyFileSystem(memory)
        let result = SiteBuilder(fileSystem: spy).build(BuildOptions(siteDirectory: "site"))
        #expect(!result.succeeded && result.diagnostics.contains { $0.message.contains("leads outside the site") }, "\(result.diagnostics)")
        #expect(spy.listed.allSatisfy { !$0.contains("pub") && !$0.contains("outside") }, "\(spy.listed.filter { $0.contains("pub") })")
    }
}

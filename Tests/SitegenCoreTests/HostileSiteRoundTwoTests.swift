import SitegenTestSupport
import Foundation
import Testing
@testable import Diagnostics
@testable import Mustache
@testable import SitegenCore
import OnboardingKit

/// What the second attacker round of issue 17 found in the build, each now an error or warning
/// naming the file, never a write outside the site, a hang, a wedge or a silent loss.
@Suite struct HostileSiteRoundTwoTests {
    private static let page = ["content/tour/01-a.md": "# A\n\nText.\n"]

    private func errors(_ result: SiteBuilder.Result) -> [String] {
        result.diagnostics.filter(\.isError).map { "\($0.path): \($0.message)" }
    }

    // MARK: Where the output goes

    /// `pub -> /elsewhere` committed in the site, with `output: pub/www`, made the build replace
    /// another site's output there.
    @Test(arguments: FileSystemFixture.all)
    func aSitesOutputThroughALinkOutOfTheSiteIsRefused(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        try tree.write("elsewhere/www/.sitegen-output", OutputWriter.markerText)
        try tree.write("elsewhere/www/index.html", "another site's page")
        for (link, output) in [("site/pub", "pub/www"), ("site/output", "output"), ("site/deep/er", "deep/er/www")] {
            try tree.write("site/content/tour/01-a.md", "# A\n")
            try tree.link(link, to: tree.path("elsewhere"))
            try tree.write("site/sitegen.yml", "output: \(output)\n")
            let result = SiteBuilder(fileSystem: tree.fileSystem).build(BuildOptions(siteDirectory: tree.path("site")))
            // `output: output` names the default folder, where the link itself is reported.
            let blamed = output == "output" ? tree.path("site/output") + ": the output folder " + tree.path("site/output") + " (the default)" : "sitegen.yml: the output folder"
            #expect(errors(result).contains { $0.contains(blamed) && $0.contains("leads outside the site") }, "\(errors(result))")
            #expect(try tree.fileSystem.readFile(tree.path("elsewhere/www/index.html")) == Array("another site's page".utf8))
            #expect(tree.fileSystem.linkStatus(of: tree.path("elsewhere/.www.sitegen-staging")) == nil, "nothing is made there either")
            try tree.fileSystem.remove(tree.path(link))
        }
        // With no 'output' in sitegen.yml, the default folder is the link, and the message says so there.
        try tree.write("site/sitegen.yml", "title: T\n")
        try tree.link("site/output", to: tree.path("elsewhere/www"))
        let result = SiteBuilder(fileSystem: tree.fileSystem).build(BuildOptions(siteDirectory: tree.path("site")))
        #expect(errors(result).contains { $0.hasPrefix(tree.path("site/output") + ": the output folder") && $0.contains("(the default) leads outside the site") }, "\(errors(result))")
        #expect(try tree.fileSystem.readFile(tree.path("elsewhere/www/index.html")) == Array("another site's page".utf8))
    }

    /// Where the operator builds (`--output`) is theirs to choose, links and all.
    @Test(arguments: FileSystemFixture.all)
    func theOperatorsOutputMayBeAnywhere(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        try tree.write("site/content/tour/01-a.md", "# A\n")
        try tree.fileSystem.createDirectory(tree.path("elsewhere"))
        try tree.link("site/pub", to: tree.path("elsewhere"))
        let result = SiteBuilder(fileSystem: tree.fileSystem).build(
            BuildOptions(siteDirectory: tree.path("site"), outputDirectory: tree.path("site/pub/www")))
        #expect(result.succeeded, "\(errors(result))")
        #expect(tree.fileSystem.status(of: tree.path("elsewhere/www/tour/index.html")) != nil)
    }

    // MARK: Storage keys

    /// `storage_key: token` overwrote the embedding app's `localStorage.token`.
    @Test func storageKeysLiveUnderTheSitegenNamespace() throws {
        var files = [String: String]()
        for (slug, key) in [("a", "token"), ("b", "__proto__"), ("c", "sitegen:kept"), ("d", "constructor")] {
            files["content/\(slug)/_index.md"] = "---\nstorage_key: \"\(key)\"\n---\n"
            files["content/\(slug)/01-a.md"] = "# A\n"
        }
        files["content/e/01-a.md"] = "# A\n"
        let fileSystem = MemoryFileSystem(files)
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded, "\(errors(result))")
        let manifest = try #require(fileSystem.text("output/manifest.json"))
        for key in ["sitegen:token", "sitegen:__proto__", "sitegen:kept", "sitegen:constructor", "sitegen:e"] {
            #expect(manifest.contains("\"storage_key\": \"\(key)\"") || manifest.contains("\"storage_key\":\"\(key)\""), "\(key)")
        }
        #expect(!manifest.contains("sitegen:sitegen:"))
        let loader = try #require(fileSystem.text("output/embed.js"))
        #expect(!loader.contains("[\"token\""))
    }

    @Test(arguments: ["\"\"", "\"a\\nb\"", "\"\(String(repeating: "k", count: 201))\""])
    func aStorageKeyThatIsNoNameIsAnError(_ key: String) {
        let fileSystem = MemoryFileSystem([
            "content/tour/_index.md": "---\nstorage_key: \(key)\n---\n", "content/tour/01-a.md": "# A\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.diagnostics.contains { $0.isError && $0.message.contains("'storage_key' must be") && $0.location?.line == 2 })
    }

    // MARK: A read-only output

    /// A read-only output was swapped into the staging slot, and every later build failed there.
    @Test func aReadOnlyOutputIsRefusedAndNothingIsWedged() throws {
        let fileSystem = MemoryFileSystem(Self.page)
        let builder = SiteBuilder(fileSystem: fileSystem)
        #expect(builder.build(BuildOptions()).succeeded)
        fileSystem.add("content/tour/02-b.md", Array("# B\n".utf8))
        for folder in ["output", "output/tour"] {
            fileSystem.setWritable(folder, false)
            let refused = builder.build(BuildOptions())
            #expect(errors(refused).contains { $0.contains("\(folder) is read-only") && $0.contains("chmod -R u+w output") }, "\(errors(refused))")
            #expect(fileSystem.text("output/tour/index.html")?.contains("B</h1>") == false, "the output is as it was")
            fileSystem.setWritable(folder, true)
        }
        #expect(builder.build(BuildOptions()).succeeded)
        #expect(fileSystem.text("output/tour/index.html")?.contains("B</h1>") == true)
    }

    /// A staging folder left read-only (by an older sitegen) is made anew, not failed on forever.
    @Test func aStagingFolderThatCannotBeWrittenIsMadeAnew() throws {
        let fileSystem = MemoryFileSystem(Self.page)
        let builder = SiteBuilder(fileSystem: fileSystem)
        #expect(builder.build(BuildOptions()).succeeded)
        fileSystem.add("content/tour/02-b.md", Array("# B\n".utf8))
        #expect(builder.build(BuildOptions()).succeeded)
        let staging = OutputWriter.staging(of: "output")
        fileSystem.setWritable(staging + "/tour", false)
        fileSystem.add("content/tour/03-c.md", Array("# C\n".utf8))
        let result = builder.build(BuildOptions())
        #expect(result.succeeded, "\(errors(result))")
        #expect(fileSystem.text("output/tour/index.html")?.contains("C</h1>") == true)
    }

    // MARK: Output bounded by input

    /// Ten partials of 40 KB, each including the one before ten times, expanded to 10¹⁰ bytes.
    @Test func aBreadthWisePartialBombStopsAtTheSizeLimit() throws {
        var templates: [String: MustacheTemplate] = [:]
        let filler = String(repeating: "x", count: 40_000)
        templates["p0"] = try MustacheTemplate.parse(filler, path: "templates/p0.mustache").get()
        for level in 1...10 {
            let text = filler + String(repeating: "{{> p\(level - 1)}}", count: 10)
            templates["p\(level)"] = try MustacheTemplate.parse(text, path: "templates/p\(level).mustache").get()
        }
        templates["root"] = try MustacheTemplate.parse("<{{> p10}}>", path: "templates/root.mustache").get()
        var library = MustacheLibrary(templates)
        library.maximumOutputSize = 4 << 20
        let started = ContinuousClock.now
        #expect {
            _ = try library.renderUTF8("root", .null)
        } throws: { error in
            let failure = error as? MustacheRenderError
            return failure?.path == "templates/root.mustache" && failure?.message.contains("partial 'p10' → 'p9' → 'p8'") == true
                && failure?.message.contains("expands to more than 4 MiB") == true
        }
        #expect(ContinuousClock.now - started < .seconds(10), "stopped at the limit, not at the end of the bomb")
    }

    @Test func aSitesPartialBombIsAnErrorNamingTheTemplate() throws {
        var files = Self.page
        let filler = String(repeating: "y", count: 40_000)
        files["templates/bomb0.mustache"] = filler
        for level in 1...9 {
            files["templates/bomb\(level).mustache"] = filler + String(repeating: "{{> bomb\(level - 1)}}", count: 10)
        }
        files["templates/page.mustache"] = "<section id=\"{{id}}\">{{> bomb9}}</section>\n"
        let fileSystem = MemoryFileSystem(files)
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(errors(result).contains { $0.contains("'bomb9' → 'bomb8'") && $0.contains("expands to more than 64 MiB") }, "\(errors(result))")
        #expect(fileSystem.text("output/tour/index.html") == nil)
    }

    @Test func aPageLargerThanTheLimitIsAnErrorWithoutBeingRendered() {
        let fileSystem = MemoryFileSystem(Self.page)
        fileSystem.add("content/tour/02-big.md", [UInt8](repeating: 0x61, count: SiteLoader.maximumTextFileSize + 1))
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(errors(result) == ["content/tour/02-big.md: the file is larger than 4 MiB, the most a text file of a site may be; split it"])
    }

    @Test func aNULByteIsAWarningWithItsPosition() {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\nText\r\nmore \u{0}\u{0} text\n"])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        let warning = result.diagnostics.first { $0.message.contains("NUL byte") }
        #expect(warning?.severity == .warning)
        #expect(warning?.location == SourceLocation(line: 4, column: 6))
    }

    /// Text that HTML escapes makes up to five times its size: 3.4 MB of `&` made 16.2 MiB of
    /// HTML (and more across the output). A page may make 16 MiB, and the error names the page.
    @Test func aPageThatMakesTooMuchHTMLIsAnErrorAtThePage() {
        let page = "---\ntitle: Notes\n---\n" + String(repeating: "&", count: 3_400_000) + "\n"
        let result = SiteBuilder(fileSystem: MemoryFileSystem(["content/tour/01-a.md": page])).build(BuildOptions())
        #expect(errors(result) == [
            "content/tour/01-a.md: the page makes 16.3 MiB of HTML, more than the 16 MiB a page may (escaped characters, deep nesting or footnotes multiply its text); split it"
        ])
        #expect(result.diagnostics.first(where: \.isError)?.location?.line == 4, "where its body starts")
    }

    /// A footnote referred to 100,000 times in 500 KB would make 24 MiB of HTML, and 800,000 times
    /// 198 MiB, found only after taking 1.2 GB to make it. The references are counted as they are
    /// resolved, each with its link back, and those past what a page may make are never made.
    @Test(arguments: [100_000, 800_000])
    func footnoteReferencesPastWhatAPageMayMakeAreAnErrorBeforeTheyAreMade(_ count: Int) throws {
        let page = "---\ntitle: Notes\n---\n# A\n\n" + String(repeating: "[^a] ", count: count) + "\n\n[^a]: note\n"
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": page])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(errors(result) == [
            "content/tour/01-a.md: the page's footnote references would make more than the 16 MiB of HTML a page may (each makes a link, and a link back from the footnote); those from here on are not made; split the page"
        ])
        // At the first reference not made, some 250 bytes each: the `[` of one of the 60,000s.
        let location = try #require(result.diagnostics.first(where: \.isError)?.location)
        #expect(location.line == 6 && (location.column - 1) % 5 == 0 && (60_000...70_000).contains((location.column - 1) / 5), "\(location)")
        // Just under the budget, every reference is made and the page builds.
        let fewer = "# A\n\n" + String(repeating: "[^a] ", count: 60_000) + "\n\n[^a]: note\n"
        let built = MemoryFileSystem(["content/tour/01-a.md": fewer])
        #expect(SiteBuilder(fileSystem: built).build(BuildOptions()).succeeded)
        let html = try #require(built.text("output/tour/index.html"))
        #expect(html.contains(#"id="fnref-01-a--a-60000" data-footnote-ref>1</a>"#))
        #expect(html.contains(##"<a href="#fnref-01-a--a-60000" class="footnote-backref""##))
    }

    /// A title made from a long heading is cut after whole characters: a family emoji (seven
    /// scalars) at the cut is left out, not split into a man and a joiner.
    @Test func aLongHeadingsTitleIsCutBetweenCharacters() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        let heading = String(repeating: "a", count: 495) + family + String(repeating: "b", count: 10)
        #expect(PageParser.shortTitle(heading) == String(repeating: "a", count: 495) + "…")
        #expect(PageParser.shortTitle(String(repeating: "é", count: 500)) == String(repeating: "é", count: 500), "500 characters fit")
        let decomposed = String(repeating: "e\u{301}", count: 300)
        #expect(PageParser.shortTitle(decomposed) == String(repeating: "e\u{301}", count: 249) + "…", "a letter keeps its accent")
        let oneCharacter = "a" + String(repeating: "\u{301}", count: 600)
        #expect(PageParser.shortTitle(oneCharacter).unicodeScalars.count == 500, "one character longer than a title is cut as it must be")
    }

    // MARK: Runs of combining marks

    /// Comparing or composing text reorders each run of combining marks, in time that grows with
    /// the square of its length: a title of 80,000 marks took minutes. Text is read in
    /// stream-safe form, a joiner after every 30 marks, and so are an anchor's and an id's.
    @Test func longRunsOfCombiningMarksAreMadeStreamSafe() throws {
        let marks = String(repeating: "\u{301}\u{316}", count: 40)
        #expect("a\(marks)".streamSafe == "a" + String(repeating: "\u{301}\u{316}", count: 15) + "\u{34F}" + String(repeating: "\u{301}\u{316}", count: 15) + "\u{34F}" + String(repeating: "\u{301}\u{316}", count: 10))
        let real = "Tiếng Việt, हिन्दी, עִבְרִית, العَرَبِيَّة, ไทย, e\u{301}"
        #expect(real.streamSafe == real, "no language's text changes")
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "---\ntitle: t\(marks)\n---\n# h\(marks)\n\n[x](#h\(String(repeating: "%CC%81%CC%96", count: 40)))\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded, "\(result.diagnostics)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(try #require(fileSystem.text("output/manifest.json")).utf8))
        #expect(manifest.flows.first?.pages.first?.title == "t\(marks)".streamSafe, "the same text, canonically")
        #expect(manifest.flows.first?.pages.first?.title.unicodeScalars.filter { $0 == "\u{34F}" }.count == 2)
        // Character references spell marks the file does not hold: a title made from them is
        // stream-safe too (40,000 of them took 3 s to split at spaces).
        let spelled = MemoryFileSystem(["content/tour/01-a.md": "# a " + String(repeating: "&#x301;&#x316;", count: 40) + "\n"])
        #expect(SiteBuilder(fileSystem: spelled).build(BuildOptions()).succeeded)
        let title = try JSONDecoder().decode(Manifest.self, from: Data(try #require(spelled.text("output/manifest.json")).utf8)).flows.first?.pages.first?.title
        #expect(title == "a \(marks)".streamSafe)
        #expect(title?.unicodeScalars.filter { $0 == "\u{34F}" }.count == 2)
    }

    // MARK: Names that are not UTF-8

    /// `02-\xff\xfe.md` was dropped with exit 0; a flow folder so named failed with "No such file".
    @Test func namesThatAreNotUTF8AreErrorsNamingThem() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "# A\n")
        for bytes: [UInt8] in [Array("content/tour/02-".utf8) + [0xFF, 0xFE] + Array(".md".utf8), Array("content/".utf8) + [0xC3, 0x28]] {
            let path = Array(site.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
            let isFolder = bytes.last != UInt8(ascii: "d")
            let made = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { name in
                    isFolder ? mkdir(name.baseAddress!, 0o755) : open(name.baseAddress!, O_CREAT | O_WRONLY, 0o644)
                }
            }
            #expect(made >= 0)
            if !isFolder { close(made) }
        }
        for command in [["build"], ["check", "--strict"]] {
            let run = try runBinary(command + ["--site", site.path])
            #expect(run.status == 1, "\(run.printed)")
            #expect(run.printed.contains("content/tour/02-\\xFF\\xFE.md: error: has a name that is not UTF-8 text"), "\(run.printed)")
            #expect(run.printed.contains("content/\\xC3(: error: has a name that is not UTF-8 text"), "\(run.printed)")
        }
    }

    // MARK: Diagnostics

    /// One error on a 200 KB line printed 200 KB.
    @Test(arguments: [1, 100_000, 199_999])
    func anErrorQuotesAShortExcerptAroundItsColumn(_ column: Int) {
        let line = String(repeating: "ab", count: 100_000)
        let file = SourceFile(path: "content/tour/01-a.md", text: "# Title\n" + line + "\n")
        let diagnostic = file.error("something is wrong here", at: SourceLocation(line: 2, column: column), length: 3)
        let printed = DiagnosticFormatter().format(diagnostic)
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(printed.utf8.count < 600, "\(printed.utf8.count) bytes")
        #expect(lines.count == 3)
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let expected = Array(line.unicodeScalars)[column - 1]
        #expect(caret.map { Array(lines[1].unicodeScalars)[$0] } == expected, "the caret points at the column's character")
        #expect(lines[2].hasSuffix(column == 199_999 ? "^~" : "^~~") && !lines[2].hasSuffix("^~~~"), "the underline stops at the line's end")
        #expect(lines[1].hasPrefix("…") == (column > 60) && lines[1].hasSuffix("…") == (column < 199_900))
    }

    @Test func aLongMessageIsCutInTheMiddleKeepingWhatItSays() {
        let diagnostic = Diagnostic.error(
            "image '\(String(repeating: "z", count: 100_000))' leaves the site folder; sitegen reads only the site's own files", path: "a.md")
        let printed = DiagnosticFormatter().format(diagnostic)
        #expect(printed.utf8.count < Diagnostic.maximumMessageLength + 100)
        #expect(printed.contains("error: image 'zzz") && printed.contains("z…z"))
        #expect(printed.hasSuffix("' leaves the site folder; sitegen reads only the site's own files"), "the reason, after the quote, is kept")
    }

    // MARK: SITEGEN_JOBS

    @Test(arguments: [
        ("3", 3, false), (" 8 ", 8, false), ("256", 256, false), ("0", 2, true), ("-1", 2, true), ("abc", 2, true), ("", 2, true),
        ("257", 2, true), ("2305843009213693952", 2, true), ("99999999999999999999999", 2, true), ("1.5", 2, true), ("+4", 2, true),
    ])
    func jobCountsAreReadOrSaidToBeWrong(_ text: String, _ jobs: Int, _ isProblem: Bool) {
        let (read, problem) = JobCount.read(text, cores: 2)
        #expect(read == jobs)
        #expect((problem != nil) == isProblem)
        if isProblem { #expect(problem?.contains("SITEGEN_JOBS must be a whole number from 1 to 256") == true) }
        #expect(JobCount.read(nil, cores: 2) == (2, nil))
    }

    /// 2⁶¹ or more crashed build and serve with SIGILL; `abc` was ignored in silence.
    @Test(arguments: ["2305843009213693952", "abc", "9223372036854775807"])
    func anUnusableJobCountIsAWarningNotACrash(_ value: String) throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "# A\n")
        let run = try runBinary(["build", "--site", site.path], environment: ["SITEGEN_JOBS": value])
        #expect(run.status == 0, "\(run.printed)")
        #expect(run.printed.contains("sitegen: warning: SITEGEN_JOBS must be a whole number from 1 to 256"), "\(run.printed)")
        let quiet = try runBinary(["build", "--site", site.path, "--quiet"], environment: ["SITEGEN_JOBS": value])
        #expect(quiet.status == 0 && quiet.printed.isEmpty, "--quiet prints errors only: \(quiet.printed)")
    }

    // MARK: Resource limits

    /// Under `ulimit -f` the build died of SIGXFSZ (exit 153) naming no file. (ThreadSanitizer's
    /// own runtime dies of SIGBUS under the limit, before the build says anything.)
    @Test(.disabled(if: runningSanitizer == "thread", "ThreadSanitizer cannot run under ulimit -f"))
    func aFileSizeLimitIsAnErrorNamingTheFile() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "# A\n")
        #expect(try runBinary(["build", "--site", site.path]).status == 0)
        let before = try GoldenTests.files(in: site.path + "/output")
        try site.write("content/tour/02-b.md", "# B\n\n" + String(repeating: "Long text. ", count: 20_000) + "\n")
        let run = try runBinary(
            ["-c", "ulimit -f 64 && exec \"$0\" build --site \"$1\"", sitegenBinary.path, site.path],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 1, "\(run.printed)")
        #expect(run.printed.contains("error: cannot write the output") && run.printed.contains("ulimit -f"), "\(run.printed)")
        #expect(try GoldenTests.files(in: site.path + "/output") == before, "the previous output is untouched")
    }

    // MARK: Ids

    /// `02-sg-pages.md` got `id="sg-pages"`, the theme's page list's id, which stopped opening.
    @Test func idsFromFileNamesNeverTakeTheThemesOwn() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-sg-pages.md": "# A\n", "content/tour/02-sg-track.md": "# B\n", "content/tour/03-sg.md": "# C\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded, "\(errors(result))")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        for id in ["sg-pages", "sg-track"] {
            #expect(html.components(separatedBy: "id=\"\(id)\"").count <= 2, "at most the theme's element has id \(id)")
            #expect(html.contains("id=\"page-\(id)\""))
        }
    }

    // MARK: Messages

    @Test func aRemovedSiteFolderIsSaidToBeGone() throws {
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        let run = try runBinary(
            ["-c", "mkdir site && cd site && rmdir ../site && exec \"$0\" build", sitegenBinary.path], in: parent.path,
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 1, "\(run.printed)")
        #expect(run.printed.contains("the site folder has been removed or moved away"), "\(run.printed)")
        #expect(!run.printed.contains("is a folder, not a folder"))
    }

    @Test func aLockThatIsNotAFileIsToBeRemovedAndOtherFailuresAreSaidAsTheyAre() {
        let fileSystem = MemoryFileSystem(Self.page)
        try? fileSystem.createDirectory(".output.sitegen-lock")
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.diagnostics.filter(\.isError).map { "\($0.path): \($0.message)" } == [
            ".output.sitegen-lock: it is a folder, not a lock file, so the build cannot take its lock; remove it"
        ])
    }

    @Test func newOntoADanglingLinkNamesTheLink() throws {
        let fileSystem = MemoryFileSystem()
        fileSystem.addLink("site", to: "/nowhere/at/all")
        let run = runCLI(["new", "site"], on: fileSystem)
        #expect(run.status == .usageError, "\(run.err)")
        #expect(run.err.contains("site is a symbolic link to something that does not exist"), "\(run.err)")
    }

    // MARK: Round three: what a fresh attack found after the fixes

    /// Committed links into `.git` published the token a CI checkout leaves in `.git/config`.
    @Test(arguments: FileSystemFixture.all)
    func linksIntoHiddenFoldersAndOutputsAreNeverRead(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        try tree.write("site/content/tour/01-a.md", "# A\n")
        try tree.write("site/.git/config", "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n")
        try tree.write("site/.sitegen-cache/build-state", "x")
        try tree.write("site/output/.sitegen-output", OutputWriter.markerText)
        try tree.write("site/output/index.html", "old")
        try tree.link("site/static/config.txt", to: "../.git/config")
        try tree.link("site/content/tour/02-git.md", to: "../../.git/config")
        try tree.link("site/static/cache", to: "../.sitegen-cache")
        try tree.link("site/static/o", to: "../output")
        try tree.link("site/static/page.html", to: "../output/index.html")
        let result = SiteBuilder(fileSystem: tree.fileSystem).build(BuildOptions(siteDirectory: tree.path("site")))
        let found = errors(result)
        for link in ["static/config.txt", "content/tour/02-git.md", "static/cache"] {
            #expect(found.contains { $0.hasSuffix("site/\(link): is a symbolic link into '\(link == "static/cache" ? ".sitegen-cache" : ".git")', a hidden folder of the site, which sitegen never reads") }, "\(link): \(found)")
        }
        for link in ["static/o", "static/page.html"] {
            #expect(found.contains { $0.contains("site/\(link): is a symbolic link into") && $0.contains("a folder sitegen writes") }, "\(link): \(found)")
        }
        #expect(try tree.fileSystem.readFile(tree.path("site/output/index.html")) == Array("old".utf8))
    }

    /// A link to a folder above the output (`static/b -> ../build`, output `build/out`)
    /// republished the previous output, and each build nested it one level deeper.
    @Test(arguments: FileSystemFixture.all)
    func anOutputBelowALinkedFolderIsNeverRead(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        try tree.write("site/sitegen.yml", "output: build/out\n")
        try tree.write("site/content/tour/01-a.md", "# A\n")
        try tree.write("site/build/out/.sitegen-output", OutputWriter.markerText)
        try tree.write("site/build/out/index.html", "old")
        try tree.write("site/build/notes.txt", "kept")
        try tree.link("site/static/b", to: "../build")
        let result = SiteBuilder(fileSystem: tree.fileSystem).build(BuildOptions(siteDirectory: tree.path("site")))
        #expect(errors(result).contains { $0.hasSuffix("site/static/b/out: is reached through a symbolic link and is a folder sitegen writes, which is never an input") }, "\(errors(result))")
        #expect(try tree.fileSystem.readFile(tree.path("site/build/out/index.html")) == Array("old".utf8))
    }

    /// `static/index.html/a` made the index page a folder, with exit 0; `Index.html` stood beside it.
    @Test(arguments: [
        ("static/index.html/a", "index.html"), ("static/manifest.json/x", "manifest.json"), ("static/Index.HTML", "index.html"),
        ("static/Tour/x.png", "flow 'tour'"), ("static/ASSETS/x.css", "the theme's assets"), ("static/Embed.js", "embed.js"),
    ])
    func staticFilesCannotTakeAGeneratedPlaceInAnySpelling(_ path: String, _ generated: String) {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n", path: "mine"])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(errors(result).contains { $0.hasPrefix(path) && $0.contains("where the build writes \(generated)") }, "\(errors(result))")
    }

    @Test func staticFilesThatDifferOnlyInCaseOrAccentsAreAnError() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "# A\n")
        try site.write("static/Robots.txt", "a")
        try site.write("static/robots.txt", "b")
        // The same name with its accent composed (NFC) and decomposed (NFD): two files on Linux.
        for name in [[0x63, 0x61, 0x66, 0xC3, 0xA9], [0x63, 0x61, 0x66, 0x65, 0xCC, 0x81]] as [[UInt8]] {
            let path = Array((site.path + "/static/").utf8) + name + [0]
            let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let found = errors(SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site.path)))
        #expect(found.filter { $0.contains("differ only in case (or in how an accent is written)") }.count == 2, "\(found)")
    }

    /// Two pages whose names differ only in how the accent is written: one's content stood for
    /// both, and the other's was never read, without a word.
    @Test func pagesWhoseNamesDifferOnlyInHowAnAccentIsWrittenAreAnError() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        for (name, heading) in [([0x63, 0x61, 0x66, 0xC3, 0xA9], "NFC"), ([0x63, 0x61, 0x66, 0x65, 0xCC, 0x81], "NFD")] as [([UInt8], String)] {
            try site.write("content/tour/x", "")
            let path = Array((site.path + "/content/tour/01-").utf8) + name + Array(".md".utf8) + [0]
            let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
            #expect(descriptor >= 0)
            _ = "# \(heading)\n".withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        try FileManager.default.removeItem(atPath: site.path + "/content/tour/x")
        let result = SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site.path))
        #expect(!result.succeeded)
        #expect(errors(result).contains { $0.contains("are one name to Unicode (they differ only in how a character is encoded: an accent composed or not") }, "\(errors(result))")
    }

    /// A name of ASCII alone is equivalent to one that is not: the Kelvin sign (U+212A) is
    /// canonically a K, and the check that skips sites named in ASCII must not skip this pair.
    @Test func aKelvinSignBesideAKIsAnError() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-Key.md", "# Latin\n")
        try site.write("content/tour/01-\u{212A}ey.md", "# Kelvin\n")
        let result = SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site.path))
        #expect(!result.succeeded)
        #expect(errors(result).contains { $0.contains("are one name to Unicode") }, "\(errors(result))")
    }

    /// Five sections nested over 60 flows wrote nothing and ran for hours.
    @Test func sectionsNestedOverLongListsStopAtTheStepLimit() throws {
        let template = try MustacheTemplate.parse("{{#a}}{{#a}}{{#a}}{{#a}}{{#a}}{{/a}}{{/a}}{{/a}}{{/a}}{{/a}}done", path: "templates/index.mustache").get()
        let library = MustacheLibrary(["index": template])
        let started = ContinuousClock.now
        #expect {
            _ = try library.renderUTF8("index", ["a": .array(Array(repeating: .bool(true), count: 61))])
        } throws: { error in
            (error as? MustacheRenderError)?.message.contains("takes more than 20 million steps to render") == true
        }
        // Sanitized builds run many times slower: the bound is for the hours it once took.
        #expect(ContinuousClock.now - started < .seconds(runningSanitizer == nil ? 30 : 300))
    }

    /// Escape sequences in a file name or a quoted line set the terminal's title and cleared it.
    @Test func controlCharactersNeverReachTheTerminal() {
        let text = "title: \"\u{1B}[2J\u{1B}]8;;http://evil\u{1B}\\click\" x"
        let column = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: text.unicodeScalars.firstIndex(of: "x")!) + 1
        let file = SourceFile(path: "content/tour/05-\u{1B}]0;PWNED\u{7}.md", text: text + "\n")
        let printed = DiagnosticFormatter().format(file.error("bad \u{1B}[31mred", at: SourceLocation(line: 1, column: column)))
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(printed.debugDescription)")
        #expect(printed.contains("05-\\x1B]0;PWNED\\x07.md:1:\(column): error: bad \\x1B[31mred"))
        let lines = printed.split(separator: "\n")
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        #expect(caret.map { Array(lines[1])[$0] } == "x", "the caret still points at its character")
    }

    @Test func theCaretCountsWideCharactersAsTwoCells() {
        let line = String(repeating: "한", count: 10) + " oops"
        let file = SourceFile(path: "a.md", text: line + "\n")
        let printed = DiagnosticFormatter().format(file.error("here", at: SourceLocation(line: 1, column: 12)))
        #expect(printed.hasSuffix("\n" + String(repeating: " ", count: 21) + "^"))
    }

    @Test(arguments: ["\"sitegen:\"", "'sitegen:'"])
    func aStorageKeyOfTheNamespaceAloneIsAnError(_ key: String) {
        let fileSystem = MemoryFileSystem(["content/tour/_index.md": "---\nstorage_key: \(key)\n---\n", "content/tour/01-a.md": "# A\n"])
        #expect(errors(SiteBuilder(fileSystem: fileSystem).build(BuildOptions())).contains { $0.contains("'storage_key' must be") })
    }
}

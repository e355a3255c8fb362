import Foundation
import Testing
@testable import SitegenCore

/// Whole builds on a real disk, through the command line: determinism, a failed build keeping the
/// old output, the example site, and the built binary working from any folder.
@Suite struct BuildOnDiskTests {
    /// A copy of a fixture site in a temporary folder, so a test may change it.
    private func copyOfFixture(_ name: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.removeItem(atPath: directory.path)
        try FileManager.default.copyItem(atPath: Repository.fixtures.appendingPathComponent("\(name)/site").path, toPath: directory.path)
        return directory
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let site = Repository.root.path
        for name in ["one", "two"] {
            let run = runCLI(["build", "--site", site, "--output", "\(output.path)/\(name)", "--quiet"], on: DiskFileSystem())
            #expect(run.status == .success, "\(run.err)")
        }
        let one = try GoldenTests.files(in: "\(output.path)/one")
        let two = try GoldenTests.files(in: "\(output.path)/two")
        #expect(one.count >= 12)
        #expect(one == two)
    }

    /// A file named in one Unicode form (`café` decomposed, as macOS names files) and referred
    /// to in the other (composed) are two names to the disk. The build found the bytes the walk
    /// had read by the name written, then failed writing the output with no line; it now says the
    /// image is not found, at the reference, as `check` does, in a first build and a second.
    @Test func anImageNamedInAnotherUnicodeFormIsNotFoundAtItsReference() throws {
        let site = try copyOfFixture("basic")
        defer { site.remove() }
        try site.write("content/shared/cafe\u{301}.png", Data(pngBytes(width: 4, height: 3)))
        try site.write("content/shared/01-a.md", "# A\n\n![Cup](caf\u{E9}.png)\n")
        let expected = "content/shared/01-a.md:3:1: error: image 'caf\u{E9}.png' not found"
        for command in ["check", "build", "build"] {
            let run = runCLI([command, "--site", site.path], on: DiskFileSystem())
            #expect(run.status == .contentError, "\(command)")
            #expect(run.err.contains(expected) && !run.err.contains("cannot write the output"), "\(command): \(run.err)")
        }
        try site.write("content/shared/01-a.md", "# A\n\n![Cup](cafe\u{301}.png)\n")
        #expect(runCLI(["build", "--site", site.path, "--quiet"], on: DiskFileSystem()).status == .success, "named as on disk")
        // A static file is linked as written, and a server looks for those bytes: an error too.
        try site.write("static/dl/se\u{301}.txt", "x")
        try site.write("content/shared/02-b.md", "# B\n\n[s](../dl/s\u{E9}.txt)\n")
        let linked = runCLI(["check", "--site", site.path], on: DiskFileSystem())
        #expect(linked.err.contains("content/shared/02-b.md:3:1: error: link '../dl/s\u{E9}.txt' writes the name of static/dl/se\u{301}.txt in another Unicode form"), "\(linked.err)")
        try site.write("static/cafe\u{301}/index.html", "<h1>Caf\u{E9}</h1>")
        try site.write("content/shared/02-b.md", "# B\n\n[s](../caf\u{E9}/)\n")
        let folder = runCLI(["check", "--site", site.path], on: DiskFileSystem())
        #expect(folder.err.contains("content/shared/02-b.md:3:1: error: link '../caf\u{E9}/' writes the name of static/cafe\u{301} in another Unicode form"), "\(folder.err)")
        // Captions are found beside their video by the bytes of its name; others are said to be unused.
        try site.write("content/shared/02-b.md", "# B\n\n![Clip](ve\u{301}.mp4)\n")
        try site.write("content/shared/ve\u{301}.mp4", Data(VideoHeaderTests.mp4()))
        try site.write("content/shared/v\u{E9}.vtt", "WEBVTT\n")
        let captioned = runCLI(["build", "--site", site.path], on: DiskFileSystem())
        #expect(captioned.status == .success, "\(captioned.err)")
        #expect(captioned.err.contains("v\u{E9}.vtt: warning: captions 'v\u{E9}.vtt' of video 've\u{301}.mp4' are not used: its name writes 've\u{301}' in another Unicode form"), "\(captioned.err)")
    }

    /// A file several pages publish (an image on two pages and as a page's image) is one file of
    /// the output, and a rebuild that links it from the current output never writes through the
    /// link: the current output stays whole, and the new one is a clean build's.
    @Test func aFileSeveralPagesPublishIsWrittenOnceAndNeverThroughALink() throws {
        let site = try copyOfFixture("basic")
        defer { site.remove() }
        let logo = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"></svg>"
        try site.write("content/shared/logo.svg", logo)
        try site.write("content/shared/01-a.md", "---\nimage: logo.svg\nimage_alt: Logo\n---\n# A\n\n![Logo](logo.svg)\n")
        try site.write("content/shared/02-b.md", "# B\n\n![Logo](logo.svg) and ![again](logo.svg)\n")
        #expect(runCLI(["build", "--site", site.path, "--quiet"], on: DiskFileSystem()).status == .success)
        for edit in 1...3 {
            try site.write("content/shared/02-b.md", "# B \(edit)\n\n![Logo](logo.svg) and ![again](logo.svg)\n")
            let run = runCLI(["build", "--site", site.path, "--quiet"], on: DiskFileSystem())
            #expect(run.status == .success, "\(run.err)")
            #expect(try String(contentsOfFile: site.path + "/output/shared/logo.svg", encoding: .utf8) == logo)
        }
        let rebuilt = try GoldenTests.files(in: site.path + "/output")
        try FileManager.default.removeItem(atPath: site.path + "/output")
        try FileManager.default.removeItem(atPath: site.path + "/.sitegen-cache")
        #expect(runCLI(["build", "--site", site.path, "--quiet"], on: DiskFileSystem()).status == .success)
        #expect(try GoldenTests.files(in: site.path + "/output") == rebuilt)
    }

    @Test func anOutputFolderWhoseParentsDoNotExistIsMadeWithThem() throws {
        let site = try copyOfFixture("basic")
        defer { site.remove() }
        let output = site.path + "/not/yet/there"
        let run = runCLI(["build", "--site", site.path, "--output", output, "--quiet"], on: DiskFileSystem())
        #expect(run.status == .success, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
    }

    @Test func theExampleSiteBuildsWithoutWarnings() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let run = runCLI(["build", "--site", Repository.root.path, "--output", output.path + "/out"], on: DiskFileSystem())
        #expect(run.status == .success)
        // Another test builds the same site at the same time; the lock makes one wait, and says so.
        #expect(run.err.split(separator: "\n").allSatisfy { $0.hasPrefix("Waiting for another sitegen build") }, "\(run.err)")
        #expect(run.out.hasPrefix("Built 2 flows, 8 pages in "))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output.path + "/out/manifest.json"))) as? [String: Any]
        let flows = manifest?["flows"] as? [[String: Any]]
        #expect(flows?.compactMap { $0["id"] as? String } == ["welcome", "whats-new"])
        #expect((flows?.first?["pages"] as? [Any])?.count == 6)
    }

    @Test func anIncrementalBuildOnDiskWritesWhatACleanBuildWrites() throws {
        let site = try copyOfFixture("basic")
        defer { site.remove() }
        let build = ["build", "--site", site.path, "--quiet"]
        #expect(runCLI(build, on: DiskFileSystem()).status == .success)
        let page = try #require(
            FileManager.default.enumerator(atPath: site.path + "/content")?.compactMap { $0 as? String }.sorted()
                .first { $0.hasSuffix(".md") && !$0.hasSuffix("_index.md") })
        try site.write("content/" + page, try String(contentsOfFile: site.path + "/content/" + page, encoding: .utf8) + "\nOne more line.\n")
        let incremental = runCLI(["build", "--site", site.path], on: DiskFileSystem())
        #expect(incremental.status == .success && incremental.out.contains("(rebuilt "), "\(incremental.out)")
        let rebuilt = try GoldenTests.files(in: site.path + "/output")
        try FileManager.default.removeItem(atPath: site.path + "/output")
        try FileManager.default.removeItem(atPath: site.path + "/.sitegen-cache")
        #expect(runCLI(build, on: DiskFileSystem()).status == .success)
        #expect(try GoldenTests.files(in: site.path + "/output") == rebuilt)
    }

    @Test func aFailedBuildLeavesThePreviousOutputUntouched() throws {
        let site = try copyOfFixture("basic")
        defer { site.remove() }
        let first = runCLI(["build", "--site", site.path, "--quiet"], on: DiskFileSystem())
        #expect(first.status == .success)
        let before = try GoldenTests.files(in: site.path + "/output")
        #expect(before["tour/index.html"] != nil)

        try site.write("content/tour/03-done.md", "---\ntitle: [broken\n---\n")
        try site.write("content/tour/04-new.md", "# A page the failed build must not publish\n")
        let second = runCLI(["build", "--site", site.path], on: DiskFileSystem())
        #expect(second.status == .contentError)
        #expect(second.err.contains("03-done.md:2:8: error: invalid YAML in front matter"))
        #expect(second.err.contains("sitegen: build failed with 1 error; the output was not changed"))
        #expect(try GoldenTests.files(in: site.path + "/output") == before)
        #expect(!FileManager.default.fileExists(atPath: site.path + "/.output.sitegen-staging"))
    }

    /// A folder of someone else's files, or a file, is refused, and nothing is made beside it
    /// (no lock file, no staging folder).
    @Test func refusesToBuildIntoAFolderOfSomeoneElsesFiles() throws {
        let site = try copyOfFixture("basic")
        defer { site.remove() }
        try site.write("home/diary.txt", "do not delete")
        try site.write("notes.txt", "mine")
        let before = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0 != ".sitegen-cache" }.sorted()
        let run = runCLI(["build", "--site", site.path, "--output", site.path + "/home"], on: DiskFileSystem())
        #expect(run.status == .contentError)
        #expect(run.err.contains("error: the output folder holds files sitegen did not write (diary.txt)"))
        #expect(try String(contentsOfFile: site.path + "/home/diary.txt", encoding: .utf8) == "do not delete")
        let onAFile = runCLI(["build", "--site", site.path, "--output", site.path + "/notes.txt"], on: DiskFileSystem())
        #expect(onAFile.status == .contentError && onAFile.err.contains("the output path is a file, not a folder"), "\(onAFile.err)")
        let after = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0 != ".sitegen-cache" }.sorted()
        #expect(after == before, "nothing beside the refused outputs")
    }

    @Test func theOutputDoesNotDependOnHowManyThreadsBuildIt() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("sitegen.yml", "title: Threads\n")
        for flow in 0..<40 {
            try site.write("content/flow-\(flow)/_index.md", "---\ntitle: Flow \(flow)\norder: \(40 - flow)\n---\n")
            for page in 1...5 {
                try site.write(
                    "content/flow-\(flow)/0\(page)-page-\(page).md",
                    "---\ntitle: Page \(page)\nimage_alt: x\n---\n# Flow \(flow), page \(page)\n\n- *a* `b` \"q\" \u{2028}\n")
            }
        }
        var outputs: [[String: Data]] = []
        for jobs in ["1", "4"] {
            let run = try runBinary(["build", "--site", site.path, "--output", site.path + "/out-\(jobs)"], environment: ["SITEGEN_JOBS": jobs])
            #expect(run.status == 0, "\(run.printed)")
            outputs.append(try GoldenTests.files(in: site.path + "/out-\(jobs)"))
        }
        #expect(outputs[0].count > 40)
        #expect(outputs[0] == outputs[1], "a sequential, cache-less build writes the same bytes")
    }

    /// The binary's allocator is mimalloc (Package.swift), for the C libraries it loads too: every
    /// binding the dynamic linker makes of an allocation function, bound at start-up, is to it.
    /// (A sanitized build's allocator is the sanitizer's, by design: `make sanitize` says so.)
    @Test(.disabled(if: runningSanitizer != nil, "a sanitizer's allocator serves a sanitized build"))
    func theBuiltBinaryAllocatesWithMimalloc() throws {
        let run = try runBinary(
            ["--version"], environment: ["LD_DEBUG": "bindings", "LD_BIND_NOW": "1"], removing: ["LD_DEBUG_OUTPUT", "LD_PRELOAD"])
        #expect(run.status == 0)
        let functions = ["malloc", "free", "calloc", "realloc", "posix_memalign", "aligned_alloc", "malloc_usable_size"]
        let bindings = run.printed.split(separator: "\n").filter { line in functions.contains { line.contains("normal symbol `\($0)'") } }
        for function in ["malloc", "free", "calloc", "realloc"] {
            #expect(bindings.contains { $0.contains("normal symbol `\(function)'") }, "no binding of \(function): \(run.printed.prefix(2000))")
        }
        #expect(bindings.allSatisfy { $0.contains("/libmimalloc.so") }, "\(bindings.filter { !$0.contains("/libmimalloc.so") }.prefix(5))")
    }

    @Test func theBuiltBinaryWorksFromAnyFolder() throws {
        #expect(FileManager.default.isExecutableFile(atPath: sitegenBinary.path), "build the sitegen product first (make test does)")
        let site = try copyOfFixture("basic")
        defer { site.remove() }
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let run = try runBinary(["build", "--site", site.path], in: elsewhere.path)
        #expect(run.status == 0, "\(run.printed)")
        let css = try String(contentsOfFile: site.path + "/output/assets/sitegen.css", encoding: .utf8)
        #expect(css.contains(".sg-carousel"), "the theme comes from the binary, not the checkout")
    }
}

import SitegenTestSupport
import Synchronization
import Testing
@testable import SitegenCore

@Suite struct CommandLineTests {
    let site = ["content/tour/01-a.md": "# A\n", "content/tour/02-b.md": "# B\n"]

    @Test func versionAndHelp() {
        let version = runCLI(["--version"], on: MemoryFileSystem())
        #expect(version.status == .success && version.out == "sitegen \(SitegenVersion.version)\n")
        let help = runCLI(["--help"], on: MemoryFileSystem())
        #expect(help.status == .success && help.out.contains("usage: sitegen <command> [options]"))
        let buildHelp = runCLI(["build", "--help"], on: MemoryFileSystem())
        #expect(buildHelp.status == .success && buildHelp.out.contains("--base-url URL"))
        #expect(runCLI(["help", "check"], on: MemoryFileSystem()).out.contains("--strict"))
    }

    @Test(arguments: [
        ([], "usage: sitegen <command> [options]"),
        (["biuld"], "sitegen: error: unknown command 'biuld'; did you mean 'build'?"),
        (["build", "--ouput", "x"], "sitegen: error: unknown option '--ouput'; did you mean '--output'?"),
        (["build", "--site"], "sitegen: error: --site needs a value"),
        (["build", "extra"], "sitegen: error: unexpected argument 'extra'"),
        (["build", "--quiet", "--verbose"], "sitegen: error: --quiet and --verbose cannot be used together"),
        (["check", "--output", "x"], "sitegen: error: unknown option '--output'"),
        (["build", "--base-url", "example.com"], "sitegen: error: --base-url must be an http(s) URL with a host, or a path starting with '/', not 'example.com'"),
        (["build", "--base-url", "https://"], "sitegen: error: --base-url must be an http(s) URL with a host, or a path starting with '/', not 'https://'"),
        (["build", "--base-url", "https://a@b.test/"], "sitegen: error: --base-url must be an http(s) URL with a host, or a path starting with '/', not 'https://a@b.test/'"),
        (["build", "--output", ""], "sitegen: error: --output needs a value, not an empty string"),
        (["build", "--output="], "sitegen: error: --output needs a value, not an empty string"),
        (["build", "--site", ""], "sitegen: error: --site needs a value, not an empty string"),
        (["check", "--base-url="], "sitegen: error: --base-url needs a value, not an empty string"),
        (["build", "--drafts=false"], "sitegen: error: --drafts takes no value; write --drafts alone"),
        (["check", "--strict=yes"], "sitegen: error: --strict takes no value; write --strict alone"),
        (["new", ""], "sitegen: error: give the name of a new folder, not an empty string"),
        (["build", "--site", "/nonexistent"], "sitegen: error: the site folder '/nonexistent' does not exist"),
        (["check", "--site", "nowhere"], "sitegen: error: the site folder 'nowhere' does not exist"),
        (["build", "--site", "content/tour/01-a.md"], "sitegen: error: the site folder 'content/tour/01-a.md' is a file, not a folder"),
    ])
    func badUsageExitsWithTwo(_ arguments: [String], _ message: String) {
        let run = runCLI(arguments, on: MemoryFileSystem(site))
        #expect(run.status == .usageError)
        #expect(run.err.contains(message))
        #expect(run.out.isEmpty)
    }

    @Test func buildWritesTheSiteAndSummarises() {
        let fileSystem = MemoryFileSystem(site)
        let run = runCLI(["build", "--output=public"], on: fileSystem)
        #expect(run.status == .success)
        #expect(run.out == "Built 1 flow, 2 pages in 0 ms → public\n")
        #expect(fileSystem.text("public/tour/index.html")?.contains("aria-roledescription=\"carousel\"") == true)
        #expect(fileSystem.text("public/manifest.json")?.contains("\"source\":\"tour/02-b.md\"") == true)
    }

    /// A build hands what it worked from to the environment, which the real process keeps until
    /// it exits instead of freeing it: built and up to date alike.
    @Test func aBuildHandsItsDataToTheEnvironmentToKeep() {
        let fileSystem = MemoryFileSystem(site)
        let output = CapturedOutput()
        let kept = Mutex<[SiteBuilder.Result]>([])
        var environment = output.environment(fileSystem)
        environment.keepUntilExit = { value in
            if let result = value as? SiteBuilder.Result { kept.withLock { $0.append(result) } }
        }
        for _ in 0..<2 {
            #expect(CommandLineInterface(arguments: ["build", "--quiet"], environment: environment).run() == .success)
        }
        let results = kept.withLock { $0 }
        #expect(results.map(\.outcome) == [.builtEverything, .upToDate])
        #expect(results.allSatisfy { !$0.remains.isEmpty })
        #expect(results.last?.remains.contains { $0 is SiteInventory } == true)
    }

    @Test func theOutputFolderDefaultsToTheSitesOwn() {
        let fileSystem = MemoryFileSystem(site.merging(["sitegen.yml": "output: dist\n"]) { a, _ in a })
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        #expect(fileSystem.kind(of: "dist/index.html") == .file)
    }

    @Test func quietPrintsNothingAndVerboseListsFiles() {
        let quiet = runCLI(["build", "--quiet"], on: MemoryFileSystem(site))
        #expect(quiet.status == .success && quiet.out.isEmpty && quiet.err.isEmpty)
        let verbose = runCLI(["build", "--verbose"], on: MemoryFileSystem(site))
        #expect(verbose.out.contains("  output/tour/index.html\n"))
    }

    @Test func contentErrorsExitWithOneAndWriteNothing() {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "---\ntitel: x\n---\nBody\n"])
        let run = runCLI(["build"], on: fileSystem)
        #expect(run.status == .contentError)
        #expect(run.err == """
            content/tour/01-a.md:2:1: error: unknown key 'titel' in page front matter; did you mean 'title'?
            titel: x
            ^~~~~
            sitegen: build failed with 1 error; the output was not changed

            """)
        #expect(fileSystem.kind(of: "output") == nil)
    }

    @Test func checkWritesNothingAndStrictFailsOnWarnings() {
        let fileSystem = MemoryFileSystem(site.merging(["content/tour/03-c.md": "\n"]) { a, _ in a })
        let check = runCLI(["check"], on: fileSystem)
        #expect(check.status == .success)
        #expect(check.out == "Checked 1 flow, 3 pages: 0 errors, 1 warning\n")
        #expect(check.err.contains("content/tour/03-c.md:1:1: warning: the page is empty"))
        #expect(fileSystem.kind(of: "output") == nil)
        let strict = runCLI(["check", "--strict"], on: fileSystem)
        #expect(strict.status == .contentError)
        #expect(strict.err.contains("sitegen: check failed: 0 errors, 1 warning (--strict)"))
    }

    /// A template that includes itself forever used to render empty pages, exit 0, and pass
    /// `check --strict`.
    @Test func aTemplateThatIncludesItselfFailsTheBuildAndTheCheck() {
        let fileSystem = MemoryFileSystem(site)
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let before = fileSystem.snapshot
        fileSystem.add("templates/page.mustache", Array("<div>{{title}}</div>\n{{>page}}\n".utf8))
        let build = runCLI(["build"], on: fileSystem)
        #expect(build.status == .contentError)
        #expect(build.err == """
            templates/page.mustache:2:1: error: partial 'page' includes itself more than 100 levels deep
            {{>page}}
            ^~~~~~~~~
            sitegen: build failed with 1 error; the output was not changed

            """)
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("output/") } == before.filter { $0.key.hasPrefix("output/") })
        let check = runCLI(["check", "--strict"], on: fileSystem)
        #expect(check.status == .contentError)
        #expect(check.err.hasPrefix("templates/page.mustache:2:1: error: partial 'page' includes itself more than 100 levels deep\n"))

        let layout = MemoryFileSystem(site.merging(["templates/layout.mustache": "{{<layout}}{{/layout}}\n"]) { a, _ in a })
        let run = runCLI(["build"], on: layout)
        #expect(run.status == .contentError)
        #expect(run.err.hasPrefix("templates/layout.mustache:1:1: error: parent 'layout' extends itself more than 100 levels deep\n"))
        #expect(layout.kind(of: "output") == nil && layout.kind(of: "output.sitegen-new") == nil)
    }

    @Test func drafsAndBaseURLReachTheBuild() {
        let fileSystem = MemoryFileSystem(site.merging(["content/tour/03-c.md": "---\ndraft: true\n---\n# C\n"]) { a, _ in a })
        let run = runCLI(["build", "--drafts", "--base-url", "https://example.test/o"], on: fileSystem)
        #expect(run.out.hasPrefix("Built 1 flow, 3 pages"))
        #expect(fileSystem.text("output/manifest.json")?.contains("\"url\":\"https://example.test/o/tour/\"") == true)
    }

    @Test func secondsAreFormattedForPeople() {
        #expect(ElapsedTime.text(0.0123) == "12 ms")
        #expect(ElapsedTime.text(2.3456) == "2.34 s")
    }
}

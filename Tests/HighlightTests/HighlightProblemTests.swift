import Foundation
import Diagnostics
import Testing

@testable import Highlight

/// What keeps a block plain: a definition that does not load (named in the problem, never a
/// crash), and input that passes PCRE2's limits (a warning, never a hang).
@Suite(.serialized, .timeLimit(.minutes(1))) struct HighlightProblemTests {
    func problem(_ files: [String: String], _ code: String = "x") throws -> HighlightProblem? {
        let folder = try LanguageFolder(files)
        defer { folder.remove() }
        if case .failure(let problem) = folder.highlighter.highlight(code, language: "test") { return problem }
        return nil
    }

    @Test(arguments: [
        (LanguageFolder.language(definitions: "<context id=\"test\"><include><context ref=\"missing\"/></include></context>"), "invalid context reference"),
        (LanguageFolder.language(definitions: "<context id=\"test\"><include><context id=\"x\"><match>(</match></context></include></context>"), "in regex"),
        (LanguageFolder.language(definitions: "<context id=\"other\"/>"), "missing main language"),
        (LanguageFolder.language(definitions: "<context id=\"test\"><include><context ref=\"nolang:x\"/></include></context>"), "unable to resolve"),
        ("<language id=\"test\" version=\"1.0\"></language>", "wrong language version"),
        // Each define-regex twice the one before: forty deep took gigabytes and minutes to expand.
        (
            LanguageFolder.language(
                definitions: "<define-regex id=\"r0\">ab</define-regex>"
                    + (1...40).map { "<define-regex id=\"r\($0)\">\\%{r\($0 - 1)}\\%{r\($0 - 1)}</define-regex>" }.joined()
                    + "<context id=\"test\"><include><context id=\"x\"><match>\\%{r40}</match></context></include></context>"),
            "once its \\%{…} are expanded"
        ),
    ])
    func aDefinitionThatFailsNamesItsFile(text: String, message: String) throws {
        let found = try problem(["test.lang": text])
        guard case .definitionFailed(let error) = found else {
            Issue.record("expected a failed definition, got \(String(describing: found))")
            return
        }
        #expect(error.path.hasSuffix("test.lang") || error.path == "test", "\(error.path)")
        #expect(error.message.contains(message), "\(error.message)")
        #expect(found?.message.contains("left plain") == true)
    }

    @Test(arguments: [
        "<language id=\"test\" version=\"2.0\"><metadata><property name=\"globs\">*.t</metadata>",
        "<language id=\"test\" version=2.0><definitions/></language>",
        "<language id=\"test\" version=\"2.0\">",
    ])
    func aHeaderThatIsNotXMLIsAnIndexProblem(text: String) throws {
        let folder = try LanguageFolder(["test.lang": text])
        defer { folder.remove() }
        let problems = folder.highlighter.library.indexProblems
        #expect(problems.count == 1)
        #expect(problems.first?.path.hasSuffix("test.lang") == true)
        #expect(folder.highlighter.highlight("x", language: "test") == .failure(.unknownLanguage("test")))
    }

    /// The index reads a file only up to its definitions, as GtkSourceView's does: a file broken
    /// after its header is a language that fails to load, naming the file.
    @Test func aFileBrokenAfterItsHeaderFailsToLoad() throws {
        let folder = try LanguageFolder(["test.lang": "<language id=\"test\" version=\"2.0\"><definitions><context id=\"test\">"])
        defer { folder.remove() }
        #expect(folder.highlighter.library.indexProblems.isEmpty)
        guard case .failure(.definitionFailed(let error)) = folder.highlighter.highlight("x", language: "test") else {
            Issue.record("expected a failed definition")
            return
        }
        #expect(error.path.hasSuffix("test.lang"))
    }

    /// libxml2 warns of XML 1.1 and parses on: a header it warned about is read as the loader
    /// reads the file, not refused (the warning stopped the index at the header).
    @Test func aHeaderTheParserWarnsAboutIsIndexed() throws {
        let text = "<?xml version=\"1.1\" encoding=\"UTF-8\"?>\n"
            + "<language id=\"test\" version=\"2.0\"><metadata><property name=\"globs\">*.tst</property></metadata>"
            + "<definitions><context id=\"test\"><include><context style-ref=\"def:keyword\"><keyword>go</keyword></context></include></context></definitions></language>"
        let folder = try LanguageFolder(["test.lang": text])
        defer { folder.remove() }
        #expect(folder.highlighter.library.indexProblems.isEmpty)
        #expect(folder.highlighter.library.languages["test"]?.globs == ["*.tst"])
        #expect(folder.highlighter.highlight("go", language: "test") == .success([TokenRun(style: "keyword", text: "go")]))
    }

    /// A header longer than the first bytes read is read whole, and a header that ends right
    /// where they do is not taken for a truncated one.
    @Test(arguments: [LanguageInfo.headerBytes - 200, LanguageInfo.headerBytes - 60, LanguageInfo.headerBytes, LanguageInfo.headerBytes * 3])
    func aLongHeaderIsReadWhole(padding: Int) throws {
        let comment = "<!--" + String(repeating: "x", count: padding) + "-->"
        let text = "<?xml version=\"1.0\"?>\n" + comment
            + "<language id=\"test\" version=\"2.0\"><metadata><property name=\"globs\">*.tst;*.test</property></metadata>"
            + "<definitions><context id=\"test\"><include><context style-ref=\"def:keyword\"><keyword>go</keyword></context></include></context></definitions></language>"
        let folder = try LanguageFolder(["test.lang": text])
        defer { folder.remove() }
        #expect(folder.highlighter.library.indexProblems.isEmpty)
        #expect(folder.highlighter.library.languages["test"]?.globs == ["*.tst", "*.test"])
        guard case .success(let runs) = folder.highlighter.highlight("go", language: "test") else {
            Issue.record("expected the language to highlight")
            return
        }
        #expect(runs.map(\.style) == ["keyword"])
    }

    @Test func catastrophicBacktrackingIsBounded() throws {
        let definitions = "<context id=\"test\"><include><context id=\"bad\" style-ref=\"keyword\"><match>(a|aa)+$</match></context></include></context>"
        let code = String(repeating: "a", count: 1_900) + "b"
        guard case .tooComplex = try problem(["test.lang": LanguageFolder.language(definitions: definitions)], code) else {
            Issue.record("expected the match limit")
            return
        }
    }

    /// A line past the limit leaves the block plain before any work, whatever its language.
    @Test func sixtyKilobytesOnOneLineAreLeftPlainUnread() throws {
        let code = "let y = 1\n" + String(repeating: "let x = \"a\" // b ", count: 3_800)
        let result = Highlighter().highlight(code, language: "swift")
        #expect(result == .failure(.lineTooLong(line: 2, bytes: 3_800 * 17)))
        if case .failure(let problem) = result { #expect(!problem.isError) }
        let under = String(repeating: "let x = \"a\" // b ", count: 117)
        guard case .success(let runs) = Highlighter().highlight(under, language: "swift") else {
            Issue.record("a line of \(under.utf8.count) bytes is highlighted")
            return
        }
        #expect(runs.map(\.text).joined() == under)
    }

    /// A block past the size limit is left plain before any work, so that no clock decides
    /// what a page holds: such a block was highlighted in some builds and not in others.
    @Test func aBlockLargerThanTheLimitIsLeftPlainUnread() {
        let code = String(repeating: "echo \"$((1 + 2))\" {a,b} | grep -E '[x]' # c\n", count: 3_400)
        #expect(code.utf8.count > Highlighter.maximumBlockBytes)
        let result = Highlighter().highlight(code, language: "sh")
        #expect(result == .failure(.tooLarge(bytes: code.utf8.count)))
        #expect(result == Highlighter().highlight(code, language: "sh"))
        if case .failure(let problem) = result {
            #expect(problem.message == "the block is \((code.utf8.count + 1023) / 1024) KiB, more than the 128 KiB sitegen highlights: it is left plain")
            #expect(!problem.isError)
        }
        let under = String(code.prefix(Highlighter.maximumBlockBytes - 100))
        guard case .success(let runs) = Highlighter().highlight(under, language: "sh") else {
            Issue.record("a block under the limit is highlighted")
            return
        }
        #expect(runs.count > 1)
    }

    @Test func theSystemDefinitionsAllLoad() async {
        let library = LanguageLibrary()
        #expect(library.indexProblems.isEmpty)
        #expect(library.languages.count > 150)
        var failed: [String] = []
        for (id, info) in library.languages.sorted(by: { $0.key < $1.key }) where !info.hidden {
            await Task.yield()
            if case .failure(let error) = library.language(id) { failed.append("\(id): \(error.message)") }
        }
        #expect(failed == [])
    }
}

/// The warning a build gives for a plain block.
@Suite struct HighlightDiagnosticTests {
    /// What a clock stopped is an error: the block's page would not be the same on every build.
    @Test func highlightingStoppedByTheClockIsAnError() {
        let problem = HighlightProblem.tooSlow("more than 10 s of CPU time")
        #expect(problem.isError)
        #expect(problem.diagnostic(path: "content/a.md", location: nil).severity == .error)
        #expect(!HighlightProblem.tooComplex("x").isError && !HighlightProblem.unknownLanguage("x").isError)
    }

    @Test func anUnknownLanguageIsAWarningAtTheBlock() {
        let diagnostic = HighlightProblem.unknownLanguage("cobol").diagnostic(path: "content/a.md", location: SourceLocation(line: 3, column: 1))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location == SourceLocation(line: 3, column: 1))
        #expect(diagnostic.message.contains("cobol"))
    }
}

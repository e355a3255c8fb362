import SitegenTestSupport
import Foundation
import Highlight
import OnboardingKit
import Testing
@testable import Markdown
@testable import SitegenCore

/// Fenced code blocks as pages show them: highlighted tokens, titles, marked and numbered lines,
/// diffs, warnings at the info string, and the manifest's tokens.
@Suite struct CodeBlockTests {
    private func build(_ page: String, files: [String: String] = [:]) -> (SiteBuilder.Result, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem(["content/tour/01-code.md": page].merging(files) { _, new in new })
        return (SiteBuilder(fileSystem: fileSystem).build(BuildOptions()), fileSystem)
    }

    private func body(_ fileSystem: MemoryFileSystem) throws -> String {
        let html = try #require(fileSystem.text("output/tour/index.html"))
        let start = try #require(html.range(of: "<div class=\"sg-body\">"))
        let end = try #require(html.range(of: "<div class=\"sg-controls\">"))
        return String(html[start.upperBound..<end.lowerBound])
    }

    private func manifestBlocks(_ fileSystem: MemoryFileSystem) throws -> [ManifestCodeBlock] {
        let data = Data(try #require(fileSystem.text("output/manifest.json")).utf8)
        return try JSONDecoder().decode(Manifest.self, from: data).flows[0].pages[0].codeBlocks
    }

    @Test(arguments: [
        ("swift", CodeInfo.with(language: "swift", word: "swift")),
        ("swift title=\"App Delegate.swift\" {3,5-7} linenos", CodeInfo.with(language: "swift", word: "swift", title: "App Delegate.swift", marked: [3, 5, 6, 7], numbers: true)),
        ("  js {2}   title='a b'", CodeInfo.with(language: "js", word: "js", title: "a b", marked: [2])),
        ("swift{1}", CodeInfo.with(language: "swift", word: "swift", marked: [1])),
        ("diff-swift", CodeInfo.with(language: "swift", word: "diff-swift", diff: true)),
        ("diff", CodeInfo.with(language: "", word: "diff", diff: true)),
        ("patch", CodeInfo.with(language: "", word: "patch", diff: true)),
        ("title=x.txt", CodeInfo.with(language: "title=x.txt", word: "title=x.txt")),
        ("", CodeInfo.with(language: "", word: "")),
    ])
    func infoStringsAreRead(_ info: String, _ expected: CodeInfo) {
        #expect(CodeInfo(info, lineCount: 8) == expected)
    }

    @Test(arguments: [
        ("swift titel=\"a\"", "unknown code block attribute 'titel' (did you mean 'title'?); sitegen knows title=\"…\", {1,3-5} and linenos", 6),
        ("swift linenos linenos", "'linenos' is given twice; the last one counts", 14),
        ("swift {9}", "line 9 is marked, but the block has 8 lines", 6),
        ("swift {3-1}", "'3-1' is not a line or a range of lines such as 3 or 5-7", 6),
        ("swift {x}", "'x' is not a line or a range of lines such as 3 or 5-7", 6),
        ("swift {1", "'{' opens marked lines but no '}' closes them", 6),
        ("swift title=\"a", "the quoted value of 'title' has no closing \"", 6),
        ("swift title=\"\"", "'title' is empty", 6),
        ("swift linenos=3", "'linenos' takes no value: write it alone", 6),
    ])
    func badInfoStringsAreWarningsWithTheirOffset(_ info: String, _ message: String, _ offset: Int) {
        let read = CodeInfo(info, lineCount: 8)
        #expect(read.problems.map(\.message) == [message])
        #expect(read.problems.map(\.offset) == [offset])
    }

    @Test func aHugeRangeOfMarkedLinesStaysSmall() {
        #expect(CodeInfo("swift {1-999999999}", lineCount: Int.max).markedLines.isEmpty)
    }

    @Test func tokensBecomeSpansAndTheTextIsKeptExactly() throws {
        let code = "import UIKit\nlet a = \"<b>&\" // x\n\tvar é = 0x1F\n"
        let (result, fileSystem) = build("```swift\n\(code)```\n")
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        let html = try body(fileSystem)
        #expect(html.contains("<div class=\"sg-code\">\n<pre><code class=\"language-swift\"><span class=\"hl-preprocessor\">import</span> UIKit\n"))
        #expect(html.contains("<span class=\"hl-string\">&quot;&lt;b&gt;&amp;&quot;</span>"))
        let text = html.replacing(#/<[^>]+>/#, with: "").replacing("&quot;", with: "\"").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
        #expect(text.contains(code))
        let blocks = try manifestBlocks(fileSystem)
        #expect(blocks.count == 1)
        #expect(blocks.first?.text == code)
        #expect(blocks.first?.language == "swift")
        #expect(blocks.first?.tokens.contains(ManifestToken(style: "preprocessor", text: "import")) == true)
        #expect(blocks.first.map { zip($0.tokens, $0.tokens.dropFirst()).allSatisfy { $0.style != $1.style } } == true, "runs are merged")
    }

    @Test func linesAreMarkedNumberedAddedAndRemoved() throws {
        let (result, fileSystem) = build("```diff-swift title=\"Fix.swift\" {1} linenos\n let a = 1\n-let b = 2\n+let b = 3\n```\n")
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        let html = try body(fileSystem)
        #expect(html.contains("<figure class=\"sg-code\">\n<figcaption class=\"sg-code-title\">Fix.swift</figcaption>\n<pre class=\"sg-lines sg-numbered\"><code class=\"language-diff-swift\">"))
        #expect(html.contains("<mark class=\"sg-line\"> <span class=\"hl-type\">let</span>"))
        #expect(html.contains("<del class=\"sg-line\">-<span class=\"hl-type\">let</span> b"))
        #expect(html.contains("<ins class=\"sg-line\">+<span class=\"hl-type\">let</span> b"))
        #expect(html.contains("</ins></code></pre>\n</figure>"))
        let block = try #require(try manifestBlocks(fileSystem).first)
        #expect(block.markedLines == [1] && block.addedLines == [3] && block.removedLines == [2] && block.lineNumbers)
        #expect(block.title == "Fix.swift" && block.language == "swift")
        #expect(block.text == " let a = 1\n-let b = 2\n+let b = 3\n")
    }

    /// A unified diff's file headers name the files: neither removed nor added. A `---` line in a
    /// hunk, or one not followed by `+++`, is a removed line as any other.
    @Test func aDiffsFileHeadersAreNotRemovedOrAddedLines() throws {
        let diff = """
            diff --git a/app.py b/app.py
            --- a/app.py
            +++ b/app.py
            @@ -1,2 +1,2 @@
            --- an SQL comment removed
            +++ one added
             kept
            diff --git a/b.py b/b.py
            --- a/b.py
            +++ b/b.py
            @@ -1 +1 @@
            -old
            +new
            """
        let (result, fileSystem) = build("```diff\n\(diff)\n```\n\n```diff\n--- gone\n-also gone\n```\n")
        #expect(result.succeeded, "\(result.diagnostics)")
        let blocks = try manifestBlocks(fileSystem)
        #expect(blocks.first?.removedLines == [5, 12] && blocks.first?.addedLines == [6, 13])
        #expect(blocks.last?.removedLines == [1, 2] && blocks.last?.addedLines == [])
        let html = try body(fileSystem)
        #expect(html.contains("<span class=\"sg-line\">--- a/app.py\n</span><span class=\"sg-line\">+++ b/app.py\n</span>"), "\(html)")
    }

    @Test func plainBlocksStayAsCmarkWritesThem() throws {
        let (result, fileSystem) = build("```\nx <y>\n```\n\n    indented\n\n```text\nplain\n```\n")
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        let html = try body(fileSystem)
        #expect(html.contains("<pre><code>x &lt;y&gt;\n</code></pre>\n<pre><code>indented\n</code></pre>\n<pre><code class=\"language-text\">plain\n</code></pre>"))
        #expect(try manifestBlocks(fileSystem).map(\.text) == ["x <y>\n", "indented\n", "plain\n"])
        #expect(fileSystem.text("output/tour/index.html")?.contains("assets/code.css") == true, "the flow has code blocks")
    }

    @Test func aFlowWithoutCodeLoadsNoCodeAssets() throws {
        let (result, fileSystem) = build("# No code\n")
        #expect(result.succeeded)
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(!html.contains("code.css") && !html.contains("code.js") && !html.contains("data-copy"))
        #expect(fileSystem.text("output/assets/code.css")?.isEmpty == false, "the assets are there for any flow")
    }

    @Test func anUnknownLanguageIsAWarningAtTheInfoStringAndThePlainBlock() throws {
        let (result, fileSystem) = build("---\ntitle: T\n---\n# Code\n\n> ```swfit\n> x\n> ```\n")
        #expect(result.succeeded)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.message == "unknown language 'swfit': the block is left plain; did you mean 'swift'?")
        #expect(warning.path == "content/tour/01-code.md" && warning.location == .init(line: 6, column: 6))
        #expect(try body(fileSystem).contains("<pre><code class=\"language-swfit\">x\n</code></pre>"))
    }

    @Test func attributeWarningsPointIntoTheInfoString() throws {
        let (result, _) = build("# Code\n\n- item\n\n  ~~~~ js  titel=x {4}\n  a\n  ~~~~\n")
        #expect(result.diagnostics.map(\.location) == [.init(line: 5, column: 12), .init(line: 5, column: 20)])
        #expect(result.diagnostics.map(\.isError) == [false, false])
    }

    @Test func highlightingCanBeTurnedOff() throws {
        let (result, fileSystem) = build("```swift\nlet a = 1\n```\n", files: ["sitegen.yml": "markdown:\n  highlight: false\n"])
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try body(fileSystem).contains("<pre><code class=\"language-swift\">let a = 1\n</code></pre>"))
    }

    /// A site's `languages/` folder adds a language and overrides one of the system's.
    @Test func aSiteLanguageComesBeforeTheSystems() throws {
        let language = { (id: String, word: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <language id="\(id)" name="\(id)" version="2.0" _section="Other">
              <metadata><property name="globs">*.\(id)</property></metadata>
              <styles><style id="kw" name="kw" map-to="def:keyword"/></styles>
              <definitions><context id="\(id)"><include><context id="k" style-ref="kw"><keyword>\(word)</keyword></context></include></context></definitions>
            </language>
            """
        }
        let (result, fileSystem) = build(
            "```tiny\nhello world\n```\n\n```swift\nlet zap\n```\n",
            files: ["languages/tiny.lang": language("tiny", "hello"), "languages/swift.lang": language("swift", "zap")])
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        let html = try body(fileSystem)
        #expect(html.contains("<span class=\"hl-keyword\">hello</span> world"))
        #expect(html.contains("let <span class=\"hl-keyword\">zap</span>"), "the site's swift.lang, not the system's")
    }

    @Test func aBrokenSiteLanguageIsAWarningNamingItsFile() throws {
        let (result, fileSystem) = build(
            "```tiny\nx\n```\n", files: ["languages/tiny.lang": "<language id=\"tiny\"", "languages/notes.txt": "hello"])
        #expect(result.succeeded)
        let messages = result.diagnostics.map { "\($0.path): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("languages/tiny.lang: this language definition cannot be used") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("languages/notes.txt: only .lang files") }, "\(messages)")
        #expect(messages.contains { $0.contains("unknown language 'tiny'") }, "\(messages)")
        #expect(try body(fileSystem).contains("<pre><code class=\"language-tiny\">x\n</code></pre>"))
    }

    @Test func withoutDefinitionsBlocksArePlainAndOneWarningSaysWhy() throws {
        let highlighting = CodeHighlighting(library: LanguageLibrary(searchPaths: [URL(fileURLWithPath: "/nonexistent")]))
        let renderer = CodeBlockRenderer(highlighting: highlighting)
        for index in 0..<3 {
            let rendered = renderer.render(MarkdownCodeBlock(info: "swift", code: "let a = \(index)\n", line: 1, infoByteColumn: 4))
            #expect(rendered.html == nil && rendered.problems.isEmpty)
        }
        #expect(highlighting.missedDefinitions)
        #expect(SiteLanguages.missingDefinitions.message.contains("libgtksourceview-5-common"))
    }

    @Test func pathologicalCodeIsBoundedAndLeftPlain() throws {
        let definitions = """
            <language id="slow" version="2.0"><styles><style id="s" map-to="def:string"/></styles>
            <definitions><context id="slow"><include><context id="bad" style-ref="s"><match>(a|aa)+$</match></context></include></context></definitions></language>
            """
        let (result, fileSystem) = build("```slow\n" + String(repeating: "a", count: 1_900) + "b\n```\n", files: ["languages/slow.lang": definitions])
        #expect(result.succeeded)
        #expect(result.diagnostics.map(\.message).contains { $0.contains("PCRE2's limits") }, "\(result.diagnostics)")
        #expect(try body(fileSystem).contains("<pre><code class=\"language-slow\">aaaa"))
    }

    /// Many matches each just under PCRE2's limit add up: a block stops at its CPU budget,
    /// however long it is (a hostile definition cannot make a build take minutes), and that is an
    /// error at the block, since a block left plain by a clock would make its page differ from
    /// one build to the next. (The budget is 10 s; here a twentieth of a second.)
    @Test func manyCostlyMatchesStopAtTheBlocksBudget() throws {
        let definitions = """
            <language id="slow" version="2.0"><styles><style id="s" map-to="def:string"/></styles>
            <definitions><context id="slow"><include><context id="bad" style-ref="s"><match>(?:a+)+[0-9][0-9]</match></context></include></context></definitions></language>
            """
        let library = LanguageLibrary(files: [LanguageFile(path: "languages/slow.lang", contents: Data(definitions.utf8))])
        let renderer = CodeBlockRenderer(highlighting: CodeHighlighting(library: library, cpuSeconds: 0.05))
        let code = String(repeating: String(repeating: "a", count: 18) + "!\n", count: 3_000)
        #expect(code.utf8.count <= Highlighter.maximumBlockBytes)
        let rendered = renderer.render(MarkdownCodeBlock(info: "slow", code: code, line: 1, infoByteColumn: 4))
        #expect(rendered.error?.hasPrefix("highlighting took more than 0.05 s of CPU time") == true, "\(String(describing: rendered.error))")
        #expect(rendered.problems.isEmpty)
    }

    /// One search over one line, which nothing can stop, took 2 s with Rust's patterns over
    /// 20,000 letters, and 70 s over 110,000: a block with a line that long is left plain, the
    /// same on every build, and lines just under it add up to the block's CPU budget.
    @Test func aLongLineIsLeftPlainAndLongishLinesStopAtTheBudget() throws {
        let renderer = CodeBlockRenderer(highlighting: CodeHighlighting(library: LanguageLibrary(), cpuSeconds: 0.05))
        let long = String(repeating: "a", count: Highlighter.maximumLineBytes + 1)
        let plain = renderer.render(MarkdownCodeBlock(info: "rust", code: "fn main() {}\r\n" + long + "\n", line: 1, infoByteColumn: 4))
        #expect(plain.problems.map(\.message) == [
            "line 2 of the block is 2001 bytes long, more than the 2000 sitegen highlights (patterns can take time that grows with the square of a line's length): the block is left plain"
        ])
        #expect(plain.error == nil && plain.html == nil, "left as cmark writes it")
        let longish = String(repeating: String(repeating: "a", count: Highlighter.maximumLineBytes) + "\n", count: 60)
        let slow = renderer.render(MarkdownCodeBlock(info: "rust", code: longish, line: 1, infoByteColumn: 4))
        #expect(slow.error?.hasPrefix("highlighting took more than 0.05 s of CPU time") == true, "\(String(describing: slow.error))")
    }

    /// A page reports at most 100 errors and 100 warnings, then one that counts the rest: an
    /// info string of 400,000 marks past the block's end printed 103 MB of warnings, and every
    /// later build printed them again from the cache.
    @Test func aPageReportsAHundredOfEachAndCountsTheRest() throws {
        let marks = (2...401).map(String.init).joined(separator: ",")
        let block = "```swift {\(marks)}\nlet a = 1\n```\n\n"
        let links = String(repeating: "[x](nope.md) ", count: 150)
        let (result, _) = build(String(repeating: block, count: 6) + "\(links)\n")
        let warnings = result.diagnostics.filter { !$0.isError }
        let errors = result.diagnostics.filter(\.isError)
        // Each info string reports 20 and counts the rest; of the six, the page shows 100 warnings in order.
        #expect(warnings.count { $0.message == "and 380 more problems in this info string, not shown" } == 4)
        #expect(warnings.count == 101)
        #expect(warnings.contains { $0.message == "and 26 more warnings in this page, not shown" && $0.location?.line == 17 })
        #expect(errors.count == 101)
        #expect(errors.contains { $0.message == "and 50 more errors in this page, not shown" && $0.location?.line == 25 })
    }

    /// Each block is highlighted once per build, however many pages show it.
    @Test func aBlockRepeatedIsHighlightedOnce() throws {
        let highlighting = CodeHighlighting(library: LanguageLibrary())
        let renderer = CodeBlockRenderer(highlighting: highlighting)
        for _ in 0..<5 { _ = renderer.render(MarkdownCodeBlock(info: "swift", code: "let a = 1\n", line: 1, infoByteColumn: 4)) }
        _ = renderer.render(MarkdownCodeBlock(info: "swift {1}", code: "let a = 1\n", line: 1, infoByteColumn: 4))
        #expect(highlighting.highlightedCount == 1)
    }

    /// Blocks are kept between builds: a rebuild after one page changed highlights only that
    /// page's changed blocks, a full build after a template changed highlights none, and a pack
    /// that is not as the cache recorded it is a pack with nothing in it.
    @Test func aRebuildHighlightsOnlyTheBlocksThatChanged() throws {
        var files: [String: String] = [:]
        for flow in 1...3 {
            for page in 1...4 { files["content/f\(flow)/0\(page)-p.md"] = "# P\n\n```swift\nlet f\(flow)p\(page) = 1\n```\n\n```js\nvar same;\n```\n" }
        }
        let fileSystem = MemoryFileSystem(files)
        let builder = SiteBuilder(fileSystem: fileSystem)
        let first = builder.build(BuildOptions())
        #expect(first.succeeded && first.highlightedBlocks == 13, "12 distinct Swift blocks and one JavaScript block")
        fileSystem.add("content/f2/03-p.md", Array("# P\n\n```swift\nlet changed = 2\n```\n\n```js\nvar same;\n```\n".utf8))
        let second = builder.build(BuildOptions())
        #expect(second.rebuiltFlows == ["f2"] && second.highlightedBlocks == 1)
        let loader = try SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get()
        let packs = ".sitegen-cache/" + BuildCache.packFolder
        func record(_ flow: String) -> FlowRecord? {
            BuildCache.load(loader: loader)?.flows.first { $0.slug == flow }
        }
        func kept(_ flow: String) -> Int {
            guard let reference = record(flow)?.highlights, let bytes = PackWriter.read(reference, folder: packs, fileSystem: fileSystem) else { return 0 }
            return HighlightStore(bytes: bytes).entries.count
        }
        #expect(kept("f2") == 5, "the replaced block is gone, so an edit loop does not grow the store")
        #expect(kept("f1") == 5 && kept("f3") == 5)
        fileSystem.add("templates/page.mustache", Array("<div id=\"{{id}}\">{{{html}}}</div>\n".utf8))
        let third = builder.build(BuildOptions())
        #expect(third.outcome == .builtEverything && third.highlightedBlocks == 0)
        #expect(fileSystem.text("output/f2/index.html")?.contains("<span class=\"hl-type\">let</span> changed") == true)
        try fileSystem.remove("content/f1/01-p.md")
        // The pack that holds f3's blocks is replaced by other bytes: every flow whose blocks it holds is highlighted again.
        let shared = try #require(record("f3")?.highlights?.pack)
        let swiftBlocks = ["f1": 3, "f2": 4, "f3": 4]
        let damaged = swiftBlocks.keys.filter { record($0)?.highlights?.pack == shared }
        let expected = damaged.reduce(1) { $0 + swiftBlocks[$1, default: 0] }
        fileSystem.add(packs + "/" + shared, Array("not sitegen's\n".utf8))
        fileSystem.add("sitegen.yml", Array("title: Changed\n".utf8))
        let fourth = builder.build(BuildOptions())
        #expect(fourth.outcome == .builtEverything)
        // The JavaScript block once, unless a flow whose pack is intact has it in hand when the others meet it.
        #expect(fourth.succeeded && ((expected - 1)...expected).contains(fourth.highlightedBlocks), "a damaged pack means highlighting its blocks again, not an error: \(fourth.highlightedBlocks) of \(expected)")
        #expect(kept("f1") == 4 && kept("f3") == 5)
        try fileSystem.remove("content/f3")
        fileSystem.add("sitegen.yml", Array("title: Again\n".utf8))
        #expect(builder.build(BuildOptions()).succeeded)
        let cache = try #require(BuildCache.load(loader: loader))
        #expect(cache.flows.map(\.slug) == ["f1", "f2"])
        #expect(Set(try fileSystem.contentsOfDirectory(packs)) == Set(cache.packs.map(\.name)), "a flow that is gone leaves nothing behind")
    }

    /// Every token colour of the theme, on the code's background and on each line's tint (marked,
    /// added, removed), light and dark: at least 4.5:1.
    @Test func everyTokenColourMeetsWCAGAAOnEveryBackground() throws {
        let theme = try #require(Theme.default.files[Theme.stylesheetFile]?.text)
        let code = try #require(Theme.default.files[Theme.codeStylesheetFile]?.text)
        let palette = ThemePalette.parse(code).merging(ThemePalette.parse(theme)) { own, _ in own }
        let colours = palette.keys.filter { $0.hasPrefix("--sg-hl-") && !["--sg-hl-mark", "--sg-hl-added", "--sg-hl-removed"].contains($0) }
        #expect(colours.count >= 8)
        let backgrounds = try ["--sg-surface", "--sg-hl-mark", "--sg-hl-added", "--sg-hl-removed"].map { try #require(palette[$0]) }
        for name in colours.sorted() + ["--sg-text"] {
            let colour = try #require(palette[name])
            for background in backgrounds {
                let light = try #require(ColorContrast.ratio(colour.light, background.light))
                let (colourDark, backgroundDark) = (try #require(colour.dark), try #require(background.dark))
                let dark = try #require(ColorContrast.ratio(colourDark, backgroundDark))
                #expect(light >= 4.5 && dark >= 4.5, "\(name): \(light) light, \(dark) dark")
            }
        }
        // Every def: style has a rule or is meant to be plain text.
        let plain: Set<String> = ["operator", "heading0"]
        for style in try Self.defStyles() where !plain.contains(style) {
            #expect(code.contains(".hl-\(style)") || (style.hasPrefix("heading") && code.contains("[class^=\"hl-heading\"]")), "no rule for \(style)")
        }
    }

    @Test func theStylesThatBecomeClassesAreDefLangs() throws {
        #expect(CodeBlockRenderer.styles == Set(try Self.defStyles()))
    }

    /// A site's definition may name any style, and the cache may be tampered with: only def: styles
    /// become classes, so no name can write markup into the page.
    @Test func aStyleThatIsNotGtkSourceViewsStaysPlainText() throws {
        let definition = """
            <language id="inj" name="Inj" version="2.0" _section="Other">
              <styles><style id="a" name="A" map-to="def:x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"/></styles>
              <definitions><context id="inj"><include><context id="k" style-ref="a"><keyword>one</keyword></context>
              <context id="k2" style-ref="def:keyword&quot; onclick=&quot;x"><keyword>two</keyword></context></include></context></definitions>
            </language>
            """
        let (result, fileSystem) = build("```inj\none two\n```\n", files: ["languages/inj.lang": definition])
        #expect(result.succeeded)
        let html = try body(fileSystem)
        #expect(!html.contains("<img") && !html.contains("onclick"))
        #expect(html.contains("<code class=\"language-inj\">one two\n</code>"))
        #expect(try manifestBlocks(fileSystem).first?.tokens == [ManifestToken(style: "", text: "one two\n")])
    }

    @Test func aMarkedLineOfADiffIsMarkedToo() throws {
        let (_, fileSystem) = build("```diff {1,3}\n+a\n-b\n c\n```\n")
        let html = try body(fileSystem)
        #expect(html.contains("<ins class=\"sg-line sg-mark\">+a\n</ins><del class=\"sg-line\">-b\n</del><mark class=\"sg-line\"> c\n</mark>"))
        let block = try #require(try manifestBlocks(fileSystem).first)
        #expect(block.addedLines == [1] && block.removedLines == [2] && block.markedLines == [1, 3])
    }

    static func defStyles() throws -> [String] {
        let text = try String(contentsOfFile: "/usr/share/gtksourceview-5/language-specs/def.lang", encoding: .utf8)
        return text.matches(of: #/<style id="([a-z0-9-]+)"/#).map { String($0.output.1) }
    }
}

extension CodeInfo {
    static func with(
        language: String, word: String, title: String? = nil, marked: Set<Int> = [], numbers: Bool = false, diff: Bool = false
    ) -> CodeInfo {
        var info = CodeInfo()
        info.language = language
        info.word = word
        info.title = title
        info.markedLines = marked
        info.lineNumbers = numbers
        info.isDiff = diff
        return info
    }
}

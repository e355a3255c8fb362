import SitegenTestSupport
import Foundation
import Testing
@testable import SitegenCore

/// Links between pages written as they work on GitHub and in an editor become the carousel's
/// addresses, headings get ids unique in their flow's document, and a link to a page, flow or
/// heading the site lacks is an error at the link.
@Suite struct PageLinkTests {
    private static let site: [String: String] = [
        "content/guide/_index.md": "---\ntitle: Guide\n---\n",
        "content/guide/01-start.md": "# Start here\n\n## 설치 방법\n\nText.\n",
        "content/guide/02-setup.md": "---\nid: local-setup\n---\n# Setup\n\n## Install Node\n\n## Install Node\n",
        "content/guide/03-step.md": "# Step\n",
        "content/guide/04-step.md": "# Step again\n",
        "content/guide/05-later.md": "---\ndraft: true\n---\n# Later\n",
        "content/more/01-deep.md": "---\nid: deep\n---\n# Deep dive\n\n### Go *further*: now!\n",
        "content/more/02 two words.md": "# Two\n",
        "content/guide/06-fnord.md": "# Fnord\n",
    ]

    private func build(_ page: String, drafts: Bool = false, more: [String: String] = [:]) -> (SiteBuilder.Result, MemoryFileSystem) {
        let files = Self.site.merging([
            "content/guide/03-step.md": page, "static/downloads/guide.pdf": "%PDF", "content/guide/images/diagram.png": "not read",
            "content/guide/.env": "SECRET=1", "content/guide/index.html": "<h1>Not the carousel</h1>", "content/guide/embed.js": "alert(1)",
            "static/downloads/index.html": "<h1>Downloads</h1>", "static/media/clip.txt": "x", "static/downloads/.htaccess": "Deny",
            "content/guide/page.htm": "<script>alert(1)</script>", "content/guide/drawing.svg": "<svg width=\"4\" height=\"3\"><script>alert(1)</script></svg>",
            "content/guide/plain.svg": "<svg width=\"4\" height=\"3\"></svg>", "content/guide/feed.rss": "<rss/>", "content/guide/art.svgz": "\u{1F}",
            "content/guide/f.mathml": "<math/>", "content/guide/odd.zzz": "\n <doc><h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">x</h:script></doc>",
            "content/guide/README": "<doc><h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">x</h:script></doc>",
            "content/guide/notes.txt": "<script>alert(1)</script> is how a page runs script",
            "content/guide/play.scene": "<scene><line>Read the script aloud.</line></scene>",
        ]) { _, new in new }
            .merging(more) { _, new in new }
        let fileSystem = MemoryFileSystem(files)
        return (SiteBuilder(fileSystem: fileSystem).build(BuildOptions(includeDrafts: drafts)), fileSystem)
    }

    /// A heading and a link to it in the two ways Unicode writes `é` and Hangul (composed, and
    /// decomposed as macOS file names are): the id and the link's fragment are the same bytes,
    /// composed, as a browser compares them, on the page and from another one.
    @Test func aHeadingAndALinkToItMatchHoweverTheirAccentsAreWritten() throws {
        let decomposed = "Cafe\u{301} 설치".decomposedStringWithCanonicalMapping
        let (result, fileSystem) = build(
            "# Step\n\n## \(decomposed)\n\n[here](#café-설치) and [there](#\(decomposed.lowercased().replacingOccurrences(of: " ", with: "-")))\n",
            more: ["content/more/02 two words.md": "# Two\n\n[back](../guide/03-step.md#cafe\u{301}-설치)\n"])
        #expect(result.succeeded, "\(result.diagnostics)")
        let composed = "step-3--café-설치".precomposedStringWithCanonicalMapping
        let guide = try #require(fileSystem.text("output/guide/index.html"))
        #expect(guide.contains("id=\"\(composed)\""))
        let encoded = "step-3--caf%C3%A9-%EC%84%A4%EC%B9%98"
        #expect(guide.components(separatedBy: "href=\"#\(encoded)\"").count == 3, "both links, composed")
        #expect(try #require(fileSystem.text("output/more/index.html")).contains("href=\"../guide/#\(encoded)\""))
    }

    /// The hrefs of the links in the step page's body.
    private func hrefs(_ page: String, drafts: Bool = false) throws -> [String] {
        let (result, fileSystem) = build(page, drafts: drafts)
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try #require(fileSystem.text("output/guide/index.html"))
        let start = try #require(html.range(of: "id=\"step-3\""))
        let body = html[start.upperBound...].prefix { _ in true }
        let end = try #require(body.range(of: "<div class=\"sg-controls\">"))
        return body[..<end.lowerBound].matches(of: #/<a href="([^"]*)"/#).map { String($0.output.1) }
    }

    @Test(arguments: [
        ("[a](02-setup.md)", "#local-setup"),
        ("[a](./02-setup.md)", "#local-setup"),
        ("[a](02-setup.md/)", "#local-setup"),
        ("[a](02-setup.md#install-node)", "#local-setup--install-node"),
        ("[a](02-setup.md#install-node-1)", "#local-setup--install-node-1"),
        ("[a](01-start.md#설치-방법)", "#start--%EC%84%A4%EC%B9%98-%EB%B0%A9%EB%B2%95"),
        ("[a](01-start.md#%EC%84%A4%EC%B9%98-%EB%B0%A9%EB%B2%95)", "#start--%EC%84%A4%EC%B9%98-%EB%B0%A9%EB%B2%95"),
        ("[a](04-step.md)", "#step-4"),
        ("[a](#step)", "#step-3--step"),
        ("[a](#local-setup)", "#local-setup"),
        ("[a](#fnord) [b](#fnord--fnord)", "#fnord #fnord--fnord"),
        ("[a](#local-setup--install-node)", "#local-setup--install-node"),
        ("[a](../more/01-deep.md)", "../more/#deep"),
        ("[a](../more/01-deep.md#go-further-now)", "../more/#deep--go-further-now"),
        ("[a](../more/02%20two%20words.md)", "../more/#two-words"),
        ("[a](<../more/02 two words.md>)", "../more/#two-words"),
        ("[a](../more/)", "../more/"),
        ("[a](../more)", "../more/"),
        ("[a](../more/_index.md)", "../more/"),
        ("[a](../more/#deep)", "../more/#deep"),
        ("[a](_index.md)", "./"),
        ("[a][ref]\n\n[ref]: 02-setup.md#install-node", "#local-setup--install-node"),
        ("| a |\n| - |\n| [b](02-setup.md) |", "#local-setup"),
        ("> [!TIP]\n> See [b](02-setup.md).", "#local-setup"),
        ("- [ ] [b](02-setup.md)\n  - [c](../more/01-deep.md)", "#local-setup ../more/#deep"),
        ("Note[^1].\n\n[^1]: See [b](02-setup.md).", "#fn-03-step--1 #local-setup #fnref-03-step--1"),
        ("Note[^1] [a](#fn-03-step--1).\n\n[^1]: One.", "#fn-03-step--1 #fn-03-step--1 #fnref-03-step--1"),
        ("[a](../more/?replay)", "../more/?replay"),
        ("[a](../more/01-deep.md?replay)", "../more/?replay#deep"),
        ("[a](02-setup.md?tab=2#install-node)", "?tab=2#local-setup--install-node"),
        ("[a](../downloads/)", "../downloads/"),
        ("[home](../) [up](..) [out](../../) [here](.) [again](./?replay)", "../ .. ../../ ./ ?replay"),
        ("[a](../manifest.json)", "../manifest.json"),
        ("## Press <kbd>Ctrl</kbd>+<kbd>C</kbd>\n\n[a](#press-ctrlc)", "#step-3--press-ctrlc"),
    ])
    func pageLinksBecomeCarouselAddresses(_ markdown: String, _ expected: String) throws {
        #expect(try hrefs("# Step\n\n" + markdown + "\n").joined(separator: " ") == expected)
    }

    @Test(arguments: [
        "[a](https://example.com/setup.md)", "[a](mailto:me@example.com)", "[a](//cdn.example.com/x.md)",
        "[a](images/diagram.png)", "[a](../downloads/guide.pdf)", "[a](/robots.txt)", "[a](?tab=2)", "[a](#)",
        "[a](#sg-carousel)", "<https://example.com/x.md>", "www.example.com/x.md",
    ])
    func otherLinksAreLeftAsWritten(_ markdown: String) throws {
        let links = try hrefs("# Step\n\n" + markdown + "\n")
        #expect(links.count == 1)
        let written = try #require(markdown.firstMatch(of: #/\]\(([^)]*)\)|<([^>]*)>|(www\.\S*)/#))
        let url = String(written.output.1 ?? written.output.2 ?? written.output.3 ?? "")
        #expect(links.first == url || links.first == "http://" + url, "\(links)")
    }

    @Test(arguments: [
        ("[a](03-setup.md)", 3, 1, "link '03-setup.md' finds no page '03-setup.md' in this flow; did you mean '02-setup.md'?"),
        ("Go [there](../mroe/01-deep.md).", 3, 4, "link '../mroe/01-deep.md' finds no flow 'mroe'; did you mean 'more'?"),
        ("[a](../more/03-x.md)", 3, 1, "link '../more/03-x.md' finds no page '03-x.md' in flow 'more'"),
        ("[a](#nowhere)", 3, 1, "link '#nowhere' finds no heading 'nowhere' on this page; its headings are 'step'"),
        ("[a](#stpe)", 3, 1, "link '#stpe' finds no heading 'stpe' on this page; did you mean 'step'?"),
        ("[a](02-setup.md#install)", 3, 1, "link '02-setup.md#install' finds no heading 'install' on 02-setup.md; did you mean 'install-node'?"),
        ("x\n\n- [a](../more/01-deep.md#go-further)", 5, 3, "link '../more/01-deep.md#go-further' finds no heading 'go-further' on 01-deep.md; did you mean 'go-further-now'?"),
        ("[a](05-later.md)", 3, 1, "link '05-later.md' points to a draft, which this build leaves out; build with --drafts, or link to it once it is published"),
        ("[a](/guide/02-setup.md)", 3, 1, "link '/guide/02-setup.md' is written from the site root, which moves when the site is deployed under a path; write it relative to the page, such as ../guide/02-setup.md"),
        ("[a](../../README.md)", 3, 1, "link '../../README.md' points outside content/, where no page is"),
        ("[a](notes/extra.md)", 3, 1, "link 'notes/extra.md' is not a page: pages are the Markdown files directly in a flow's folder, such as ../guide/02-setup.md"),
        ("[a](../more/#nothing)", 3, 1, "link '../more/#nothing' finds no page 'nothing' in flow 'more'"),
        ("| a | b |\n| - | - |\n| x | [c](nope.md) |", 5, 7, "link 'nope.md' finds no page 'nope.md' in this flow"),
        ("[a](../nope/)", 3, 1, "link '../nope/' finds no flow 'nope'"),
        ("[a](../nope)", 3, 1, "link '../nope' finds no flow 'nope'"),
        ("[a](../More/#deep)", 3, 1, "link '../More/#deep' finds no flow 'More'; did you mean 'more'?"),
        ("[a](../_shared/)", 3, 1, "link '../_shared/' finds no flow '_shared'"),
        ("[a](/more/01-deep.md)", 3, 1, "link '/more/01-deep.md' is written from the site root, which moves when the site is deployed under a path; write it relative to the page, such as ../more/01-deep.md"),
        ("[a](#fn-bogus)", 3, 1, "link '#fn-bogus' finds no footnote 'fn-bogus' on this page"),
        ("[a](missing.pdf)", 3, 1, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        // cmark misplaces a link: a link whose text runs over lines.
        ("abcdef [x\ny](missing.pdf) z", 3, 8, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("a [x\ny\nzz](missing.pdf)", 3, 3, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        // cmark misplaces a link: on lazy continuation lines.
        ("> first\nlazy [x](missing.pdf)", 4, 6, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("> > first\nlazy [x](missing.pdf)", 4, 6, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("- first\nlazy [x](missing.pdf)", 4, 6, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("1.  first\nlazy [x](missing.pdf)", 4, 6, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("- first\n lazy [x](missing.pdf)", 4, 7, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        // cmark misplaces a link: after a backslash hard break, a code span or HTML over two lines.
        ("a\\\nb [x](missing.pdf)", 4, 3, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("> a\\\n> b [x](missing.pdf)", 4, 5, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("a\n`` ` `` `x\ny` [x](missing.pdf)", 5, 4, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("<span\ntitle=\"漢字\">x</span> [x](missing.pdf)", 4, 21, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("> a\nb *[**x**](missing.pdf)*", 4, 4, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("x ![a\nb](plain.svg%00.png)", 3, 3, "image path 'plain.svg%00.png' holds %00, a NUL byte, which no file name can hold"),
        // Control characters, which Markdown reads as U+FFFD, are one column each.
        ("x\u{07} [a](missing.pdf)", 3, 4, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        ("é\u{01}\u{02}\u{1B}\u{7F} ü [a](missing.pdf)", 3, 9, "link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist"),
        // An address that cmark-gfm links as relative, as GitHub does, is looked for where it was written.
        ("Write to --mailto:u@v.com today", 3, 10, "link '--mailto:u@v.com' finds no file: content/guide/--mailto:u@v.com does not exist"),
        ("~~old~~ and\nnow --mailto:u@v.com", 4, 5, "link '--mailto:u@v.com' finds no file: content/guide/--mailto:u@v.com does not exist"),
        ("| a | b |\n| - | - |\n| x | mail --mailto:u@v.com |", 5, 12, "link '--mailto:u@v.com' finds no file: content/guide/--mailto:u@v.com does not exist"),
        ("x [a](images/nope.png#top)", 3, 3, "link 'images/nope.png#top' finds no file: content/guide/images/nope.png does not exist"),
        ("[a](../more/files/x.zip)", 3, 1, "link '../more/files/x.zip' finds no file: content/more/files/x.zip does not exist"),
        ("[a](../downloads/nope.pdf)", 3, 1, "link '../downloads/nope.pdf' finds no file: static/downloads/nope.pdf does not exist"),
        ("[a](../nowhere/x.pdf)", 3, 1, "link '../nowhere/x.pdf' finds nothing: 'nowhere' is neither a flow nor a folder static/ publishes"),
        ("[a](images/)", 3, 1, "link 'images/' leads to the folder content/guide/images, which is not published; link to a file in it"),
        ("[a](.env)", 3, 1, "link '.env' is in a hidden folder or file, which a build does not read"),
        ("[a](../media/)", 3, 1, "link '../media/' leads to the folder static/media, which has no index.html to show; link to a file in it"),
        ("[a](../downloads/.htaccess)", 3, 1, "link '../downloads/.htaccess' leads into '.htaccess', a hidden folder or file of static/, which a build does not publish"),
        ("[a](page.htm)", 3, 1, "link 'page.htm' leads to a .htm file, which could run script on the site when it is opened; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)"),
        ("[a](drawing.svg)", 3, 1, "link 'drawing.svg' leads to an SVG file that holds a <script> element; sitegen publishes an SVG file that could run script when it is opened, or that could hide script from sitegen, only for sites with markdown: {unsafe: true}"),
        // An XML type a web server gives a +xml type, and a gzipped SVG, whose script the SVG check cannot read.
        ("[a](feed.rss)", 3, 1, "link 'feed.rss' leads to a .rss file, which could run script on the site when it is opened; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)"),
        ("[a](f.mathml)", 3, 1, "link 'f.mathml' leads to a .mathml file, which could run script on the site when it is opened; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)"),
        ("[a](odd.zzz)", 3, 1, "link 'odd.zzz' leads to markup that holds script, which could run on the site if a server gives .zzz an XML type; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)"),
        ("[a](README)", 3, 1, "link 'README' leads to markup that holds script, which could run on the site if a server gives a file with no extension an XML type; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)"),
        ("[a](art.svgz)", 3, 1, "link 'art.svgz' leads to a .svgz file, which could run script on the site when it is opened; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)"),
        // The system reads a path only up to a NUL: checked as a .txt, `page.htm` would be published.
        ("[a](page.htm%00.txt)", 3, 1, "link 'page.htm%00.txt' holds %00, a NUL byte, which no file name can hold"),
        ("[a](page.htm%2500.txt)", 3, 1, "link 'page.htm%2500.txt' finds no file: content/guide/page.htm%00.txt does not exist"),
        ("![a](plain.svg%00.png)", 3, 1, "image path 'plain.svg%00.png' holds %00, a NUL byte, which no file name can hold"),
    ])
    func aLinkToNothingIsAnErrorAtTheLink(_ markdown: String, _ line: Int, _ column: Int, _ message: String) throws {
        let (result, _) = build("# Step\n\n" + markdown + "\n")
        #expect(!result.succeeded)
        let errors = result.diagnostics.filter(\.isError)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.path == "content/guide/03-step.md")
        #expect(error.message == message)
        #expect(error.location == .init(line: line, column: column))
    }

    /// A file of a flow's folder that a page links to (a download, a sample project) is
    /// published beside the flow's pages, as a page shows an image; a change to it rebuilds the
    /// flows that link to it.
    @Test func aLinkedFileOfAFlowsFolderIsPublished() throws {
        let (result, fileSystem) = build(
            "---\naction: {label: Get it, href: files/sample.zip}\n---\n# Step\n\n[zip](files/sample.zip#x) [notes](../more/notes%20one.txt?v=2) [png](images/diagram.png) [text](notes.txt) [play](play.scene)\n",
            more: ["content/guide/files/sample.zip": "PK zip", "content/more/notes one.txt": "notes"])
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try #require(fileSystem.text("output/guide/index.html"))
        for href in ["files/sample.zip#x", "_site/content/more/notes%20one.txt?v=2", "images/diagram.png"] {
            #expect(html.contains("<a href=\"\(href)\">"), "\(href)")
        }
        #expect(html.contains("<a class=\"sg-button\" href=\"files/sample.zip\">Get it</a>"))
        #expect(fileSystem.text("output/guide/files/sample.zip") == "PK zip")
        #expect(fileSystem.text("output/guide/_site/content/more/notes one.txt") == "notes")
        #expect(fileSystem.text("output/guide/images/diagram.png") == "not read")
        #expect(fileSystem.text("output/guide/notes.txt")?.hasPrefix("<script>") == true, "text is served as text, whatever it says")
        #expect(fileSystem.text("output/guide/play.scene") != nil, "markup whose text says 'script' holds none")
        fileSystem.add("content/more/notes one.txt", Array("new notes".utf8))
        let rebuilt = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(rebuilt.rebuiltFlows == ["guide", "more"], "\(rebuilt.outcome)")
        #expect(fileSystem.text("output/guide/_site/content/more/notes one.txt") == "new notes")
        try fileSystem.remove("content/guide/files/sample.zip")
        let broken = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(broken.diagnostics.filter(\.isError).map(\.message) == [
            "'action': link 'files/sample.zip' finds no file: content/guide/files/sample.zip does not exist",
            "link 'files/sample.zip#x' finds no file: content/guide/files/sample.zip does not exist",
        ])
    }

    /// A document that could run script is published from a flow's folder only for a site that
    /// keeps raw HTML; an SVG without script always is.
    @Test func scriptableLinkedFilesNeedAnUnsafeSite() throws {
        let page = "# Step\n\n[a](page.htm) [b](drawing.svg) [c](plain.svg)\n"
        let (safe, safeFiles) = build(page)
        #expect(safe.diagnostics.filter(\.isError).count == 2)
        #expect(safeFiles.text("output/guide/page.htm") == nil)
        let (unsafe, files) = build(page, more: ["sitegen.yml": "markdown: {unsafe: true}\n"])
        #expect(unsafe.succeeded, "\(unsafe.diagnostics)")
        #expect(files.text("output/guide/page.htm") == "<script>alert(1)</script>" && files.text("output/guide/plain.svg") != nil)
        let (plain, plainFiles) = build("# Step\n\n[c](plain.svg)\n")
        #expect(plain.succeeded && plainFiles.text("output/guide/plain.svg") == "<svg width=\"4\" height=\"3\"></svg>")
    }

    /// The last page's finish button links as a page's action does: to a page, heading, flow or
    /// file of the site, or as written; a link to nothing is an error at `finish` in `_index.md`.
    @Test(arguments: [
        ("../more/01-deep.md#go-further-now", "../more/#deep--go-further-now"), ("../more/", "../more/"), ("02-setup.md", "#local-setup"),
        ("files/sample.zip", "files/sample.zip"), ("https://example.com/app", "https://example.com/app"), ("/app", "/app"),
        ("../downloads/guide.pdf", "../downloads/guide.pdf"),
    ])
    func aFlowsFinishLinksLikeAPagesAction(_ href: String, _ expected: String) throws {
        let index = "---\ntitle: Guide\nfinish: {label: Go, href: '\(href)'}\n---\n"
        let (result, fileSystem) = build("# Step\n", more: ["content/guide/_index.md": index, "content/guide/files/sample.zip": "PK"])
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try #require(fileSystem.text("output/guide/index.html"))
        #expect(html.contains("<a class=\"sg-finish sg-button\" href=\"\(expected)\">Go</a>"), "\(href)")
        if href.hasPrefix("files/") { #expect(fileSystem.text("output/guide/files/sample.zip") == "PK") }
    }

    /// A flow's `index.html` and `embed.js` are its page and its embed script, whatever its folder
    /// holds under those names (which is never published over them).
    @Test func linksToAFlowsPageAndEmbedScriptAreTheBuilds() throws {
        let (result, fileSystem) = build("# Step\n\n[a](index.html) [b](../more/index.html) [c](../more/embed.js?x#y)\n")
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try #require(fileSystem.text("output/guide/index.html"))
        #expect(html.contains("<a href=\"index.html\">a</a> <a href=\"../more/index.html\">b</a> <a href=\"../more/embed.js?x#y\">c</a>"))
        #expect(fileSystem.text("output/guide/embed.js")?.hasPrefix("window.sitegen.part(") == true)
    }

    /// A footnote of another page, by the id docs/writing.md gives it (`fn-<file name>--<label>`),
    /// is linked by that id in the flow's document and checked once its page is rendered.
    @Test func aFootnoteOfAnotherPageIsLinkedAndChecked() throws {
        let more = ["content/guide/02-setup.md": "---\nid: local-setup\n---\n# Setup\n\nNode.[^node]\n\n[^node]: Version 20.\n"]
        let (result, fileSystem) = build("# Step\n\n[a](02-setup.md#fn-02-setup--node) [b](../guide/02-setup.md#fnref-02-setup--node)\n", more: more)
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try #require(fileSystem.text("output/guide/index.html"))
        #expect(html.contains(##"<a href="#fn-02-setup--node">a</a> <a href="#fnref-02-setup--node">b</a>"##))
        #expect(html.contains(##"<li id="fn-02-setup--node">"##), "the id linked is the footnote's")
        let (broken, _) = build("# Step\n\n[a](02-setup.md#fn-02-setup--nod)\n", more: more)
        #expect(broken.diagnostics.filter(\.isError).map(\.message) == [
            "link '02-setup.md#fn-02-setup--nod' finds no footnote 'fn-02-setup--nod' on 02-setup.md; did you mean 'fn-02-setup--node'?"
        ])
        // A heading's problem lists headings, not footnotes.
        let (heading, _) = build("# Step\n\n[a](02-setup.md#nope)\n", more: more)
        #expect(heading.diagnostics.filter(\.isError).map(\.message) == ["link '02-setup.md#nope' finds no heading 'nope' on 02-setup.md; its headings are 'setup'"])
    }

    /// A footnote's id is known once its page is rendered: written through the flow's page
    /// (`index.html#fn-…`), in this flow or a translation's folder, it is left as written.
    @Test func aFootnoteReachedThroughTheFlowsPageIsLeftAsWritten() throws {
        let page = "# Step\n\nA note.[^1] [a](#fn-03-step--1) [b](index.html#fn-03-step--1) [c](../guide/index.html#fnref-03-step--1) [d](../ko/guide/#fn-03-step--1)\n\n[^1]: The note.\n"
        let (result, fileSystem) = build(page, more: ["sitegen.yml": "locales: [en, ko]\n"])
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try #require(fileSystem.text("output/guide/index.html"))
        #expect(html.contains(##"<a href="#fn-03-step--1">a</a> <a href="index.html#fn-03-step--1">b</a> <a href="../guide/index.html#fnref-03-step--1">c</a> <a href="../ko/guide/#fn-03-step--1">d</a>"##))
    }

    /// A finish link to nothing is an error at its href in `_index.md`, as is, with `show_once`, one
    /// back into the flow, however written (a visitor who has seen it would be sent back again);
    /// a heading it names is checked as a page's link's is.
    @Test(arguments: [
        ("finish:\n  label: Go\n  href: ../nosuch/", "'finish': link '../nosuch/' finds no flow 'nosuch'", 5),
        ("finish:\n  label: Go\n  href: missing.pdf", "'finish': link 'missing.pdf' finds no file: content/guide/missing.pdf does not exist", 5),
        ("finish:\n  label: Go\n  href: 09-nope.md", "'finish': link '09-nope.md' finds no page '09-nope.md' in this flow", 5),
        ("show_once: true\nfinish: {label: Go, href: 02-setup.md}", "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app", 4),
        ("show_once: true\nfinish: {label: Go, href: ./}", "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app", 4),
        ("show_once: true\nfinish: {label: Go, href: ../guide/index.html}", "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app", 4),
        ("show_once: true\nfinish: {label: Go, href: '../guide/index.html#fn-02-setup--1'}", "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app", 4),
        ("show_once: true\nfinish: {label: Go, href: '../guide/./index.html?replay#local-setup'}", "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app", 4),
        ("finish: {label: Go, href: '../more/index.html#gone'}", "'finish': link '../more/index.html#gone' finds no page 'gone' in flow 'more'", 3),
        ("finish: {label: Go, href: '02-setup.md#nope'}", "'finish': link '02-setup.md#nope' finds no heading 'nope' on 02-setup.md; its headings are 'install-node', 'install-node-1', 'setup'", 3),
        ("finish: {label: Go, href: '../more/01-deep.md#gone'}", "'finish': link '../more/01-deep.md#gone' finds no heading 'gone' on 01-deep.md; its headings are 'deep-dive', 'go-further-now'", 3),
    ])
    func aFinishLinkIsCheckedAsAPagesLinkIs(_ front: String, _ message: String, _ line: Int) {
        let (result, _) = build("# Step\n", more: ["content/guide/_index.md": "---\ntitle: Guide\n\(front)\n---\n"])
        let errors = result.diagnostics.filter(\.isError)
        #expect(errors.map(\.message) == [message])
        #expect(errors.first?.path == "content/guide/_index.md" && errors.first?.location?.line == line)
        let href = try? #require(front.firstRange(of: "href: ")).upperBound
        #expect(href.map { front[front.startIndex..<$0].split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0 }.map { $0 + 1 } == errors.first?.location?.column, "at the href")
    }

    /// A translated site's locale folders (`ko/`) hold its translations at the output's root.
    @Test func linksToATranslationsFolderStayAsWritten() throws {
        let (result, fileSystem) = build("# Step\n\n[ko](../ko/guide/) [ko home](../ko/) [deep](../ko/guide/#step-3)\n", more: ["sitegen.yml": "locales: [en, ko]\n"])
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try #require(fileSystem.text("output/guide/index.html"))
        #expect(html.contains("<a href=\"../ko/guide/\">ko</a> <a href=\"../ko/\">ko home</a> <a href=\"../ko/guide/#step-3\">deep</a>"))
        let (translated, _) = build("# Step\n\n[next](04-step.ko.md) [there](../more/01-deep.ko.md#x)\n", more: ["sitegen.yml": "locales: [en, ko]\n"])
        #expect(translated.diagnostics.filter(\.isError).map(\.message) == [
            "link '04-step.ko.md' names a translation; link to its source, '04-step.md', which each reader sees in their language",
            "link '../more/01-deep.ko.md#x' names a translation; link to its source, '01-deep.md', which each reader sees in their language",
        ])
        let (english, _) = build("# Step\n\n[ko](../ko/guide/)\n")
        #expect(english.diagnostics.filter(\.isError).map(\.message) == ["link '../ko/guide/' finds nothing: 'ko' is neither a flow nor a folder static/ publishes"])
    }

    /// What a locale's folder holds is checked as the source's is: its flows and their pages
    /// (whose ids are the source's), and nothing else. A translation's page writes the same link
    /// one folder deeper, and a page depends on the flow it links to.
    @Test func linksIntoATranslationsFolderAreChecked() throws {
        let locales = ["sitegen.yml": "locales: [en, ko]\n"]
        let (broken, _) = build(
            "# Step\n\n[a](../ko/nope/) [b](../ko/guide/#zzz) [c](../ko/missing.pdf) [d](../ko/downloads/guide.pdf) [e](../ko/more/01-deep.md) [e2](../ko/more/01-deep.ko.md#x) [f](../ko/more/index.html#gone)\n",
            more: locales)
        #expect(broken.diagnostics.filter(\.isError).map(\.message) == [
            "link '../ko/nope/' finds nothing: ko/ holds the site's flows in that language, and nope is no flow",
            "link '../ko/guide/#zzz' finds no page 'zzz' in flow 'guide'",
            "link '../ko/missing.pdf' finds nothing: ko/ holds the site's flows in that language, and missing.pdf is no flow",
            "link '../ko/downloads/guide.pdf' finds nothing: static/ is published once, at the output's root; link to '../downloads/guide.pdf'",
            "link '../ko/more/01-deep.md' names a page in ko/; link to '../more/01-deep.md', which each reader sees in their language",
            "link '../ko/more/01-deep.ko.md#x' names a page in ko/; link to '../more/01-deep.md#x', which each reader sees in their language",
            "link '../ko/more/index.html#gone' finds no page 'gone' in flow 'more'",
        ])
        let page = "# Step\n\n[a](../ko/more/#deep) [b](../ko/more/index.html#deep--go-further-now) [c](../ko/more/embed.js) [d](../ko/index.html)\n"
        let (result, fileSystem) = build(page, more: locales)
        #expect(result.succeeded, "\(result.diagnostics)")
        let links = #"<a href="../ko/more/#deep">a</a> <a href="../ko/more/index.html#deep--go-further-now">b</a> <a href="../ko/more/embed.js">c</a> <a href="../ko/index.html">d</a>"#
        #expect(try #require(fileSystem.text("output/guide/index.html")).contains(links))
        let deeper = links.replacingOccurrences(of: "\"../ko/", with: "\"../../ko/")
        #expect(try #require(fileSystem.text("output/ko/guide/index.html")).contains(deeper), "from the translation's folder")
        // With `show_once`, the flow in another language is the flow itself: one first visit for all.
        for href in ["../ko/guide/", "../ko/guide/index.html", "'../ko/guide/#step-3'"] {
            let (looping, _) = build("# Step\n", more: locales.merging(["content/guide/_index.md": "---\nshow_once: true\nfinish: {label: Go, href: \(href)}\n---\n"]) { _, new in new })
            #expect(looping.diagnostics.filter(\.isError).map(\.message) == [
                "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app"
            ], "\(href)")
        }
        // The linking flow is built again when the linked one changes: the id is gone.
        fileSystem.add("content/more/01-deep.md", Array("---\nid: deeper\n---\n# Deep dive\n".utf8))
        let again = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(again.diagnostics.filter(\.isError).map(\.message).first?.hasPrefix("link '../ko/more/#deep' finds no page 'deep' in flow 'more'") == true, "\(again.diagnostics)")
    }

    @Test func aPagesActionLinksLikeItsBody() throws {
        let (result, fileSystem) = build("---\naction: {label: Set up, href: 02-setup.md#install-node}\n---\n# Step\n")
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(fileSystem.text("output/guide/index.html")?.contains("<a class=\"sg-button\" href=\"#local-setup--install-node\">Set up</a>") == true)
        let (broken, _) = build("---\ntitle: Step\naction: {label: Go, href: 09-nope.md}\n---\n# Step\n")
        #expect(broken.diagnostics.filter(\.isError).map(\.message) == ["'action': link '09-nope.md' finds no page '09-nope.md' in this flow"])
        #expect(broken.diagnostics.filter(\.isError).map(\.location) == [.init(line: 3, column: 27)], "at the href")
        let (block, _) = build("---\ntitle: Step\naction:\n  label: Go\n  href: 09-nope.md\n---\n# Step\n")
        #expect(block.diagnostics.filter(\.isError).map(\.location) == [.init(line: 5, column: 9)], "at the href, not the label")
        // A heading of another page is checked once that page is made: the field is named all the same.
        let (heading, _) = build("---\ntitle: Step\naction: {label: Go, href: '02-setup.md#nope'}\n---\n# Step\n")
        #expect(heading.diagnostics.filter(\.isError).map(\.message).first?.hasPrefix("'action': link '02-setup.md#nope' finds no heading 'nope' on 02-setup.md") == true, "\(heading.diagnostics)")
    }

    /// A page whose front matter is broken has its error; links to it are not a second one.
    @Test func aLinkToAPageThatFailedIsNotASecondError() throws {
        let (result, _) = build("# Step\n\n[a](02-setup.md) [c](#setup)\n", more: ["content/guide/02-setup.md": "---\ntitle: [broken\n---\n"])
        #expect(result.diagnostics.filter(\.isError).map(\.path) == ["content/guide/02-setup.md"], "\(result.diagnostics.map(\.message))")
    }

    /// Footnote ids join the page's prefix and the label with `--`, which no prefix holds, so
    /// `01-a.md`'s `[^b-1]` and `01-a-b.md`'s `[^1]` stay apart.
    @Test func footnoteIdsOfTwoPagesNeverRunTogether() throws {
        let fileSystem = MemoryFileSystem([
            "content/g/01-a.md": "X[^b-1].\n\n[^b-1]: one\n", "content/g/01-a-b.md": "Y[^1].\n\n[^1]: two\n",
        ])
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        let ids = try #require(fileSystem.text("output/g/index.html")).matches(of: #/ id="(fn[^"]*)"/#).map { String($0.output.1) }
        #expect(ids.sorted() == ["fn-01-a--b-1", "fn-01-a-b--1", "fnref-01-a--b-1", "fnref-01-a-b--1"])
    }

    /// Renaming a heading that many links point to is reported quickly: only the first links of a
    /// page get a "did you mean", found by comparing names.
    @Test func onlyTheFirstBrokenLinksOfAPageSuggestATarget() throws {
        let links = (1...60).map { _ in "[x](02-setup.md#install-nod) [y](#stpe)" }.joined(separator: "\n\n")
        let (result, _) = build("# Step\n\n" + links + "\n")
        let messages = result.diagnostics.filter(\.isError).map(\.message)
        #expect(messages.count == 120)
        #expect(messages.filter { $0.contains("did you mean") }.count == 2 * PageParser.suggestedLinkProblems)
    }

    @Test func aDraftIsLinkedWhenDraftsAreBuilt() throws {
        #expect(try hrefs("# Step\n\n[a](05-later.md)\n", drafts: true) == ["#later"])
    }

    @Test func aPageWithFrontMatterCountsLinesFromTheFileStart() throws {
        let (result, _) = build("---\ntitle: Step\n---\n\n[a](nope.md)\n")
        #expect(result.diagnostics.filter(\.isError).map(\.location) == [.init(line: 5, column: 1)])
    }

    /// Every id in a flow's document is unique: pages, headings (repeated ones too), footnotes and
    /// the theme's own, on pages whose file names, headings and footnote labels invite collisions.
    @Test func everyIDInAFlowDocumentIsUnique() throws {
        var files: [String: String] = [:]
        let headings = ["Setup", "Setup", "Setup 1", "Setup-1", "setup", "Step", "fn-1", "Notes", "notes", "sg-track", "", "🙂"]
        for number in 1...12 {
            let name = ["setup", "step", "setup-1", "fn-notes", "sg-track", "notes"][number % 6]
            var body = headings.map { "## \($0)\n\nText[^\(number % 3)] and[^a].\n" }.joined(separator: "\n")
            body += "\n[^\(number % 3)]: One.\n[^a]: Two.\n"
            files["content/flow/\(String(format: "%02d", number))-\(name).md"] = body
        }
        let fileSystem = MemoryFileSystem(files)
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded, "\(result.diagnostics.filter(\.isError))")
        let html = try #require(fileSystem.text("output/flow/index.html"))
        let ids = html.matches(of: #/ id="([^"]*)"/#).map { String($0.output.1) }
        #expect(ids.count > 12 * headings.count)
        let repeated = Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "\(repeated)")
        for href in html.matches(of: #/href="#([^"]*)"/#).map({ String($0.output.1) }) {
            #expect(ids.contains(href.removingPercentEncoding ?? href), "#\(href) names no element")
        }
    }

    /// A link into another flow follows that flow's pages when only that flow changes.
    @Test func aLinkIntoAnotherFlowFollowsItsChanges() throws {
        let fileSystem = MemoryFileSystem(Self.site.merging(["content/guide/03-step.md": "# Step\n\n[a](../more/01-deep.md)\n"]) { _, new in new })
        let builder = SiteBuilder(fileSystem: fileSystem)
        #expect(builder.build(BuildOptions()).succeeded)
        #expect(fileSystem.text("output/guide/index.html")?.contains("href=\"../more/#deep\"") == true)
        fileSystem.add("content/more/01-deep.md", Array("---\nid: renamed\n---\n# Deep dive\n".utf8))
        let renamed = builder.build(BuildOptions())
        #expect(renamed.succeeded, "\(renamed.diagnostics)")
        #expect(fileSystem.text("output/guide/index.html")?.contains("href=\"../more/#renamed\"") == true)
        try fileSystem.remove("content/more/01-deep.md")
        let removed = builder.build(BuildOptions())
        #expect(!removed.succeeded)
        #expect(removed.diagnostics.map(\.path).contains("content/guide/03-step.md"))
        #expect(fileSystem.text("output/guide/index.html")?.contains("href=\"../more/#renamed\"") == true, "a failed build changes nothing")
    }

    /// A flow whose links stay inside it is still rebuilt on its own.
    @Test func aFlowWithOnlyItsOwnLinksIsRebuiltAlone() throws {
        let fileSystem = MemoryFileSystem(Self.site.merging(["content/guide/03-step.md": "# Step\n\n[a](02-setup.md)\n"]) { _, new in new })
        let builder = SiteBuilder(fileSystem: fileSystem)
        #expect(builder.build(BuildOptions()).succeeded)
        fileSystem.add("content/guide/02-setup.md", Array("---\nid: setup-again\n---\n# Setup\n".utf8))
        let result = builder.build(BuildOptions())
        #expect(result.outcome == .rebuiltFlows(["guide"]), "\(result.outcome)")
        #expect(fileSystem.text("output/guide/index.html")?.contains("href=\"#setup-again\"") == true)
    }
}

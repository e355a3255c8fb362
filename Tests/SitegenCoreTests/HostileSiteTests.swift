import SitegenTestSupport
import Foundation
import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import Markdown
@testable import Mustache

/// What an attacker with commit access to a site tried on the containment and safety work of
/// issue 9, each now a clear error (or harmless), never a crash, a published script or a write
/// outside the site.
@Suite struct HostileSiteTests {
    private func build(_ files: [String: String], bytes: [String: [UInt8]] = [:]) -> (SiteBuilder.Result, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem(files)
        for (path, content) in bytes { fileSystem.add(path, content) }
        return (SiteBuilder(fileSystem: fileSystem).build(BuildOptions()), fileSystem)
    }

    private func errors(_ result: SiteBuilder.Result) -> [String] {
        result.diagnostics.filter(\.isError).map(\.message)
    }

    // MARK: Markdown

    @Test func anImageInsideAnImagesDescriptionIsTextNotACrash() {
        var asked: [String] = []
        let rendered = Markdown.render("![![x](inner.png)](outer.png)\n") { image in
            asked.append(image.url)
            return ImageReplacement(src: "images/" + image.url, width: 2, height: 1)
        }
        #expect(asked == ["outer.png"], "only the outer image is an image")
        #expect(rendered.html == "<p><img src=\"images/outer.png\" alt=\"x\" width=\"2\" height=\"1\" /></p>\n")
    }

    @Test func fiftyThousandNestedImagesAreOneImage() {
        let depth = 50_000
        let markdown = String(repeating: "![", count: depth) + "x" + String(repeating: "](a.png)", count: depth) + "\n"
        var asked = 0
        let rendered = Markdown.render(markdown) { _ in
            asked += 1
            return nil
        }
        #expect(asked == 1)
        #expect(rendered.images.count == 1 && rendered.images.first?.alt == "x")
    }

    /// A quote or angle bracket followed by a combining mark or a joiner is one Swift character
    /// that is not `"`; escaping by characters let it through and the browser ended the alt
    /// attribute there, making `onerror=alert(1)` an attribute of the published image.
    @Test(arguments: ["\"\u{301}", "\"\u{200D}", "<\u{301}", "\"\u{301}\u{302}"])
    func aCombiningMarkAfterAQuoteOpensNoAttribute(special: String) throws {
        let (result, fileSystem) = build([
            "content/tour/01-a.md": "# Page\n\n![a\(special) onerror=alert(1) x](a.svg 'b\(special) onload=alert(2)')\n\n- [ ] c\(special) onfocus=alert(3)\n",
            "content/tour/a.svg": Self.svg,
        ])
        #expect(result.succeeded, "\(errors(result))")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        let marks = String(special.unicodeScalars.dropFirst())
        #expect(!html.contains(String(special.unicodeScalars.first!) + marks))
        let entity = special.unicodeScalars.first == "<" ? "&lt;" : "&quot;"  // hasPrefix compares characters
        for handler in ["onerror=alert(1)", "onload=alert(2)", "onfocus=alert(3)"] {
            #expect(html.contains(entity + marks + " " + handler), "\(handler) is text of an attribute")
        }
    }

    // MARK: What an image may be

    static let page = "# Page\n\n![Picture](%@)\n"
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"></svg>"

    @Test(arguments: [
        ("index.html", "<svg width=\"1\" height=\"1\"></svg><script>alert(1)</script>", "'index.html' is not an image or video file"),
        ("images/evil.htm", svg, "'images/evil.htm' is not an image or video file"),
        ("images/picture.png", svg, "image 'images/picture.png' is not a PNG file"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><script>alert(1)</script></svg>", "holds a <script> element"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\" onload=\"alert(1)\"></svg>", "holds an onload attribute"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a href=\"&#106;avascript:alert(1)\">x</a></svg>", "holds a javascript: URL"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><foreignObject><div/></foreignObject></svg>", "holds a <foreignobject> element"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><set attributeName=\"href\" to=\"java\nscript:alert(1)\"/></svg>", "holds a javascript: URL"),
        // An animation gives an attribute its value: an event handler is as good as written.
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><set attributeName=\"onmouseover\" to=\"alert(1)\"/></svg>", "holds an animation of the onmouseover attribute"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><animate attributeName=\"on&#x63;lick\" to=\"alert(1)\"/></svg>", "holds an animation of the onclick attribute"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><svg:set xmlns:svg=\"http://www.w3.org/2000/svg\" attributeName='xlink:ONload' to=\"alert(1)\"/></svg>", "holds an animation of the xlink:onload attribute"),
        // A mark that extends the colon (U+FF9E is also a letter JavaScript accepts) made `:ﾞ` one
        // Swift character, and a search by characters found no "javascript:".
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a href=\"javascript:\u{FF9E}=alert(document.domain)\"><rect/></a></svg>", "holds a javascript: URL"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a href=\"JavaScript&colon;\u{301}x\"><rect/></a></svg>", "holds a javascript: URL"),
        // References with more digits than the twelve characters once read.
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a href=\"&#x0000000006A;avascript:alert(1)\">x</a></svg>", "holds a javascript: URL"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a href=\"&#00000000000106;avascript:alert(1)\">x</a></svg>", "holds a javascript: URL"),
        // An entity the file declares can finish a scheme its neighbours start.
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY j \"javascr\">]><svg width=\"4\" height=\"3\"><a href=\"&j;ipt:alert(1)\">x</a></svg>", "holds a javascript: URL"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a href=\"&j;ipt:alert(1)\">x</a></svg>", "holds the entity reference '&j;'"),
        // A few declarations can stand for gigabytes: a 100 KB file used to take a gigabyte to read.
        (
            "images/a.svg",
            "<!DOCTYPE svg [<!ENTITY a \"" + String(repeating: "x", count: 10_000) + "\">]><svg width=\"4\" height=\"3\"><text>"
                + String(repeating: "&a;", count: 1_000) + "</text></svg>",
            "holds entity references that stand for more than 8 MiB of text in all, which no drawing needs"
        ),
        // What hides markup from a reader of the bytes: quotes inside a comment, a stylesheet
        // that writes elements, declarations that add attributes or elements, another encoding.
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><!-- <x a=\" --><script>alert(1)</script><!-- \" > --></svg>", "holds a <script> element"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><![CDATA[ <x a=\" ]]><script>alert(1)</script><![CDATA[ \" > ]]></svg>", "holds a <script> element"),
        ("images/a.svg", "<?xml version=\"1.0\"?><?xml-stylesheet type=\"text/xsl\" href=\"a.svg\"?><svg width=\"4\" height=\"3\"/>", "holds the processing instruction '<?xml-stylesheet'"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"/><?xml-stylesheet href=\"a.xsl\"?>", "holds the processing instruction '<?xml-stylesheet'"),
        ("images/a.svg", "<!DOCTYPE svg [<!ATTLIST svg onload CDATA \"alert(1)\">]><svg width=\"4\" height=\"3\"/>", "holds the declaration '<!attlist'"),
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY s \"<script>alert(1)</script>\">]><svg width=\"4\" height=\"3\">&s;</svg>", "holds the entity 's', whose text holds markup"),
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY % p SYSTEM \"x.dtd\"> %p;]><svg width=\"4\" height=\"3\"/>", "holds an <!ENTITY> declaration that is not a name and quoted text"),
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY e SYSTEM \"/etc/passwd\">]><svg width=\"4\" height=\"3\">&e;</svg>", "holds an <!ENTITY> declaration that is not a name and quoted text"),
        ("images/a.svg", "<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?><svg width=\"4\" height=\"3\"><\u{1B}(Bscript>alert(1)</script></svg>", "holds the control character U+001B"),
        ("images/a.svg", "<?xml version=\"1.0\" encoding=\"UTF-7\"?><svg width=\"4\" height=\"3\">+ADw-script+AD4-alert(1)+ADw-/script+AD4-</svg>", "holds the encoding 'UTF-7'"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><\u{0}script>alert(1)</script></svg>", "holds the control character U+0000"),
        // UTF-16 without a byte-order mark is named as what it is, in either order of its bytes.
        ("images/a.svg", "<\u{0}s\u{0}v\u{0}g\u{0}>\u{0}", "holds UTF-16 text (save the file as UTF-8); sitegen publishes an SVG file"),
        ("images/a.svg", "\u{0}<\u{0}s\u{0}v\u{0}g\u{0}>", "holds UTF-16 text (save the file as UTF-8)"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a xlink:href=\"x\"ONCLICK=\"alert(1)\"/></svg>", "an attribute needs a space before it"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a ev:onclick=\"alert(1)\"/></svg>", "holds an ev:onclick attribute"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><a title=\"<script>\"/></svg>", "the value of 'title' holds '<'"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\">< script>alert(1)</script></svg>", "a '<' that opens no tag"),
        ("images/a.svg", "<svg width=\"4\" height=\"3\"><h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">alert(1)</h:script></svg>", "holds a <h:script> element"),
        // A declared entity whose name is a known one in another case, or declared twice: XML
        // reads the file's own text, the first declaration of it.
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY Colon \"avascript\">]><svg xmlns:h=\"http://www.w3.org/1999/xhtml\" width=\"4\" height=\"3\"><h:frame src=\"j&Colon;:parent.alert(1)\"/></svg>", "holds a <h:frame> element"),
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY Colon \"avascript\">]><svg width=\"4\" height=\"3\"><a href=\"j&Colon;:alert(1)\"><rect/></a></svg>", "holds a javascript: URL"),
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY AMP \"avascript\">]><svg width=\"4\" height=\"3\"><a href=\"j&AMP;:alert(1)\"><rect/></a></svg>", "holds a javascript: URL"),
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY Tab \"avascript\">]><svg width=\"4\" height=\"3\"><a href=\"j&Tab;:alert(1)\"><rect/></a></svg>", "holds a javascript: URL"),
        ("images/a.svg", "<!DOCTYPE svg [<!ENTITY j \"javascript\"><!ENTITY j \"nothing\">]><svg width=\"4\" height=\"3\"><a href=\"&j;:alert(1)\"><rect/></a></svg>", "holds a javascript: URL"),
    ])
    func onlyImageFilesWithoutScriptArePublished(_ name: String, _ content: String, _ error: String) {
        let (result, fileSystem) = build([
            "content/tour/01-a.md": String(format: Self.page, name), "content/tour/\(name)": content,
        ])
        #expect(errors(result).contains { $0.contains(error) }, "\(errors(result))")
        #expect(fileSystem.kind(of: "output") == nil)
    }

    /// What drawing programs write: Illustrator's namespace entities, an older Latin-1
    /// declaration, a byte-order mark, comments and a CDATA stylesheet.
    @Test(arguments: [
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Generator: Adobe Illustrator 16.0.0 -->\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\" [\n\t<!ENTITY ns_svg \"http://www.w3.org/2000/svg\">\n\t<!ENTITY ns_xlink \"http://www.w3.org/1999/xlink\">\n]>\n<svg version=\"1.1\" xmlns=\"&ns_svg;\" xmlns:xlink=\"&ns_xlink;\" width=\"4\" height=\"3\"><rect width=\"4\" height=\"3\"/></svg>\n",
        "<?xml version='1.0' encoding='ISO-8859-1' standalone='no'?><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"><title>caf\u{E9}</title></svg>",
        "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"><style><![CDATA[ a > b { fill: red } /* <script> */ ]]></style><!-- <script> onload= --></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" width=\"4\" height=\"3\">\n  <g inkscape:label=\"Layer 1\" inkscape:groupmode=\"layer\" data-x = 'a > b'><text>x &lt; y</text></g>\n</svg>",
    ])
    func svgFilesAsDrawingProgramsWriteThemArePublished(_ svg: String) {
        let (result, fileSystem) = build(["content/tour/01-a.md": String(format: Self.page, "a.svg"), "content/tour/a.svg": svg])
        #expect(errors(result).isEmpty, "\(errors(result))")
        #expect(fileSystem.text("output/tour/a.svg") == svg)
    }

    /// An ASCII file is the same bytes in every encoding whose lower half is ASCII, whatever name
    /// its declaration gives it; one that may not be (UTF-16, Shift_JIS, ISO-2022-JP) is refused.
    @Test(arguments: [
        ("UTF-8", true), ("cp1252", true), ("CP1250", true), ("l1", true), ("latin2", true), ("iso_8859-1:1987", true), ("ISO8859-15", true),
        ("IBM819", true), ("csISOLatin1", true), ("ANSI_X3.4-1968", true), ("us", true), ("windows-1251", true),
        ("UTF-16", false), ("Shift_JIS", false), ("ISO-2022-JP", false), ("l", false), ("latin", false), ("lx1", false), ("EBCDIC-US", false),
    ])
    func anASCIISVGIsCheckedUnderEveryNameOfItsEncoding(_ encoding: String, _ published: Bool) {
        let svg = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"><title>cafe</title></svg>"
        let (result, fileSystem) = build(["content/tour/01-a.md": String(format: Self.page, "a.svg"), "content/tour/a.svg": svg])
        if published {
            #expect(errors(result).isEmpty, "\(errors(result))")
            #expect(fileSystem.text("output/tour/a.svg") == svg)
        } else {
            #expect(errors(result).contains { $0.contains("the encoding '\(encoding)'") }, "\(errors(result))")
        }
    }

    /// An SVG whose text is not UTF-8 (a Latin encoding's `é` as 0xE9, whatever it declares)
    /// shows as a broken image in browsers: it is refused, and the error says why.
    @Test(arguments: ["<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "<?xml version=\"1.0\" encoding=\"windows-1252\"?>", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", ""])
    func anSVGThatIsNotUTF8IsRefusedSayingSo(_ declaration: String) {
        let svg = Array("\(declaration)<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\"><text>caf".utf8) + [0xE9] + Array("</text></svg>".utf8)
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": String(format: Self.page, "a.svg")])
        fileSystem.add("content/tour/a.svg", svg)
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(errors(result) == ["image 'a.svg' is not UTF-8 text, which browsers show an SVG image only in; save it as UTF-8"], "\(errors(result))")
    }

    /// Every file cut short, as an editor's crash leaves one, is read to its end without a crash.
    @Test func everyPrefixOfAnSVGIsScannedWithoutACrash() {
        let svg = "\u{FEFF}<?xml version='1.0' encoding='utf-8'?><!DOCTYPE svg [<!-- c --><!ENTITY a \"b\"><!ENTITY % p SYSTEM 'x'><!ATTLIST svg x CDATA 'y'>]>"
            + "<svg a = 'x' b=\"&a;\"><![CDATA[ x ]]><!-- y --><g/><?pi x?></svg>"
        let bytes = Array(svg.utf8)
        var refused = 0
        for end in 0...bytes.count where SVGScript.find(in: Array(bytes[..<end])) != nil { refused += 1 }
        #expect(refused > 0)
        #expect(SVGScript.find(in: bytes)?.contains("<!ENTITY> declaration") == true)
    }

    @Test func anSVGWithOrdinaryReferencesAndTextInOtherScriptsIsPublished() {
        let svg = "<svg width=\"4\" height=\"3\"><title>A &amp; B &#x41;&#66; &lt;ok&gt; — javascript ́: データ</title></svg>"
        let (result, fileSystem) = build(["content/tour/01-a.md": String(format: Self.page, "a.svg"), "content/tour/a.svg": svg])
        #expect(result.succeeded, "\(errors(result))")
        #expect(fileSystem.text("output/tour/a.svg") == svg)
    }

    @Test func aScriptedSVGIsPublishedWhenTheSiteKeepsRawHTML() {
        let (result, fileSystem) = build([
            "sitegen.yml": "markdown: {unsafe: true}\n", "content/tour/01-a.md": String(format: Self.page, "a.svg"),
            "content/tour/a.svg": "<svg width=\"4\" height=\"3\" onload=\"track()\"></svg>",
        ])
        #expect(result.succeeded, "\(errors(result))")
        #expect(fileSystem.text("output/tour/a.svg")?.contains("onload") == true)
    }

    /// Entities that stand for too much text are refused whether or not the site keeps raw
    /// HTML: that limit is not about script, and the classic "billion laughs" nests them.
    @Test func anSVGWhoseEntitiesStandForTooMuchIsRefusedInEverySite() {
        let laughs = "<!DOCTYPE svg [<!ENTITY a \"" + String(repeating: "x", count: 1_000_000) + "\">]><svg width=\"4\" height=\"3\"><text>"
            + String(repeating: "&a;", count: 9) + "</text></svg>"
        let (result, fileSystem) = build([
            "sitegen.yml": "markdown: {unsafe: true}\n", "content/tour/01-a.md": String(format: Self.page, "a.svg"), "content/tour/a.svg": laughs,
        ])
        #expect(errors(result).contains { $0.hasSuffix("image 'a.svg' holds entity references that stand for more than 8 MiB of text in all, which no drawing needs and which would exhaust the memory of whatever reads it; write the text out") }, "\(errors(result))")
        #expect(fileSystem.kind(of: "output") == nil)
    }

    /// Two files whose paths are one text in two Unicode forms collide; the error names them,
    /// and the path, by their bytes' order, the same in every run (a set's order chose them).
    @Test func aCollisionOfTwoUnicodeFormsIsNamedTheSameInEveryRun() {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        let assets: Set<Asset> = [
            Asset(source: "content/t/_site/\(decomposed)/x.svg", destination: "t/_site/\(decomposed)/x.svg", root: "/site"),
            Asset(source: "content/_shared/\(composed)/x.svg", destination: "t/_site/\(composed)/x.svg", root: "/site"),
        ]
        let expected = "two files would be published as t/_site/\(decomposed)/x.svg: content/_shared/\(composed)/x.svg and content/t/_site/\(decomposed)/x.svg; rename one of them"
        let diagnostics = SiteBuilder.collisions(in: assets)
        // Compared by bytes: `==` takes the two forms for one text.
        #expect(diagnostics.map { Array($0.message.utf8) } == [Array(expected.utf8)])
        #expect(diagnostics.map { Array(($0.path ?? "").utf8) } == [Array("content/_shared/\(composed)/x.svg".utf8)])
    }

    @Test func twoImagesThatWouldBePublishedAtOnePathAreAnError() {
        let (result, _) = build([
            "content/tour/01-a.md": "![A](../../art/x.svg) ![B](_site/art/x.svg)\n",
            "art/x.svg": Self.svg, "content/tour/_site/art/x.svg": Self.svg.replacingOccurrences(of: "\"4\"", with: "\"8\""),
        ])
        #expect(errors(result).contains { $0.contains("two files would be published as tour/_site/art/x.svg") }, "\(errors(result))")
    }

    @Test(arguments: [
        ("../../output/tour/a.svg", nil, "image '../../output/tour/a.svg' is in the site's output folder 'output'"),
        ("../../.output.sitegen-staging/tour/a.svg", nil, "image '../../.output.sitegen-staging/tour/a.svg' is in a hidden folder or file"),
        (".hidden/a.svg", nil, "image '.hidden/a.svg' is in a hidden folder or file"),
        // An output other than this build's (`serve` writes its preview elsewhere) is known by its marker.
        ("../../output/tour/a.svg", "preview", "image '../../output/tour/a.svg' is in the site's output folder 'output'"),
    ] as [(String, String?, String)])
    func imagesAreNeverReadFromTheOutputOrHiddenFolders(_ reference: String, _ otherOutput: String?, _ error: String) {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n", "content/tour/a.svg": Self.svg])
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        fileSystem.add("content/tour/.hidden/a.svg", Array(Self.svg.utf8))
        fileSystem.add("content/tour/02-b.md", Array(String(format: Self.page, reference).utf8))
        var options = BuildOptions()
        options.outputDirectory = otherOutput
        let result = SiteBuilder(fileSystem: fileSystem).build(options)
        #expect(errors(result).contains { $0.contains(error) }, "\(errors(result))")
    }

    // MARK: Templates

    @Test(arguments: [true, false])
    func deeplyNestedSectionsAreAnErrorAtTheTag(_ oneLine: Bool) {
        let separator = oneLine ? "" : "\n"
        let template = String(repeating: "{{#a}}" + separator, count: 20_000) + String(repeating: "{{/a}}" + separator, count: 20_000)
        guard case .failure(let diagnostic) = MustacheTemplate.parse(template, path: "page.mustache") else {
            Issue.record("a template nested 20,000 deep parsed")
            return
        }
        #expect(diagnostic.message.contains("sections nest at most 100 deep"))
        #expect(diagnostic.location == MustacheLocation(line: oneLine ? 1 : 101, column: oneLine ? 601 : 1))
    }

    // MARK: Locks, the cache and the output's place

    @Test func aLinkWhereALockGoesStopsTheBuild() {
        for lockFile in [".sitegen-cache/lock", ".output.sitegen-lock"] {
            let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n"])
            fileSystem.addLink(lockFile, to: "/dev/null")
            let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
            #expect(errors(result) == ["it is a symbolic link, not a lock file, so the build cannot take its lock; remove it"], "\(lockFile)")
            #expect(result.diagnostics.first?.path == lockFile, "the error names the lock file")
            #expect(fileSystem.kind(of: "output") == nil)
        }
    }

    /// A link, a file or a dangling link where the cache's folder goes is a cache sitegen cannot
    /// read: removed (never what a link leads to), with a warning, and the site built from scratch.
    @Test(arguments: FileSystemFixture.all, ["link to a folder", "link to a file", "dangling link", "file"])
    func whatIsNotAFolderWhereTheCacheGoesIsReplacedAndNeverWrittenThrough(_ fixture: FileSystemFixture, _ what: String) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("site/content/tour/01-a.md", "# A\n")
        try tree.write("victim/keep", "precious")
        switch what {
        case "link to a folder": try tree.link("site/.sitegen-cache", to: "../victim")
        case "link to a file": try tree.link("site/.sitegen-cache", to: "../victim/keep")
        case "dangling link": try tree.link("site/.sitegen-cache", to: "../nowhere")
        default: try tree.write("site/.sitegen-cache", "not a folder")
        }
        let builder = SiteBuilder(fileSystem: tree.fileSystem)
        let result = builder.build(BuildOptions(siteDirectory: tree.path("site")))
        #expect(result.succeeded && result.outcome == .builtEverything, "\(what): \(result.diagnostics)")
        let kind = what == "file" ? "a file" : "a symbolic link"
        #expect(result.diagnostics.map(\.message) == ["'.sitegen-cache' was \(kind) where sitegen keeps its build cache; it was removed, and the site built from scratch"])
        #expect(result.diagnostics.first?.path == tree.path("site/.sitegen-cache"))
        #expect(try tree.fileSystem.contentsOfDirectory(tree.path("victim")) == ["keep"])
        #expect(try tree.fileSystem.readFile(tree.path("victim/keep")) == Array("precious".utf8))
        #expect(tree.fileSystem.linkStatus(of: tree.path("site/.sitegen-cache"))?.kind == .directory)
        let again = builder.build(BuildOptions(siteDirectory: tree.path("site")))
        #expect(again.upToDate && again.diagnostics.isEmpty, "\(again.diagnostics)")
    }

    /// The preview's cache, a folder inside the site's: the same.
    @Test func aFileWhereThePreviewsCacheGoesIsReplaced() {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n", ".sitegen-cache/preview": "a file"])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions(workspace: .preview))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.diagnostics.map(\.message) == ["'.sitegen-cache/preview' was a file where sitegen keeps its build cache; it was removed, and the site built from scratch"])
        #expect(fileSystem.kind(of: ".sitegen-cache/preview/output/tour/index.html") == .file)
    }

    @Test(arguments: [
        ("/srv/public", "'output' must be a folder inside the site"), ("../public", "'output' must be a folder inside the site"),
        ("content/../../x", "'output' must be a folder inside the site"), (".", "'output' must be a folder inside the site, such as 'public', not '.'"),
    ])
    func theSettingsKeepTheOutputInsideTheSite(_ output: String, _ error: String) {
        let (result, fileSystem) = build(["sitegen.yml": "output: \(output)\n", "content/tour/01-a.md": "# A\n"])
        #expect(errors(result).contains { $0.contains(error) }, "\(errors(result))")
        #expect(!result.succeeded)
        #expect(fileSystem.kind(of: "/srv") == nil && fileSystem.kind(of: "/public") == nil)
    }

    /// `check` passed sites whose `output` a build refuses (inside an input, the cache, `.git`).
    @Test(arguments: ["static", "content/x", "templates", ".sitegen-cache", ".git/x", "../escape", "."])
    func checkRefusesTheOutputsABuildRefuses(_ output: String) {
        let files = ["sitegen.yml": "output: \(output)\n", "content/tour/01-a.md": "# A\n"]
        let (built, _) = build(files)
        let checked = SiteBuilder(fileSystem: MemoryFileSystem(files)).check(BuildOptions())
        #expect(!built.succeeded && !checked.succeeded)
        #expect(errors(checked) == errors(built), "check: \(errors(checked)), build: \(errors(built))")
        // Each at the setting that chose the folder.
        for result in [built, checked] {
            let error = result.diagnostics.first(where: \.isError)
            #expect(error?.path == "sitegen.yml" && error?.location == SourceLocation(line: 1, column: 9), "\(String(describing: error))")
        }
    }

    /// `check` passed an output that is a file, or a folder of someone else's files, which every
    /// build then refused.
    @Test func checkRefusesWhatABuildCannotReplace() throws {
        for (extra, error) in [
            (["sitegen.yml": "output: notes.txt\n", "notes.txt": "mine"], "the output path is a file, not a folder"),
            (["output/thesis.tex": "mine"], "the output folder holds files sitegen did not write (thesis.tex)"),
        ] {
            let files = extra.merging(["content/tour/01-a.md": "# A\n"]) { first, _ in first }
            let (built, _) = build(files)
            let checked = SiteBuilder(fileSystem: MemoryFileSystem(files)).check(BuildOptions())
            #expect(errors(checked).contains { $0.hasPrefix(error) }, "\(errors(checked))")
            #expect(errors(checked) == errors(built), "check: \(errors(checked)), build: \(errors(built))")
        }
    }

    @Test func anOutputAtTheRootKeepsItsStagingAndLockBesideIt() {
        #expect(Path.directory(of: "/out") == "/")
        #expect(OutputWriter.lock(of: "/out") == "/.out.sitegen-lock")
        #expect(OutputWriter.staging(of: "/srv/out") == "/srv/.out.sitegen-staging")
        #expect(OutputWriter.trimmed("output/.") == "output" && OutputWriter.trimmed("output//") == "output")
    }

    /// An output inside another (which a build of that one would replace, with everything in
    /// it), or named as the folders sitegen keeps beside an output, is refused before anything
    /// is written, lock files included; an output holding another build's output says so.
    @Test(arguments: FileSystemFixture.all)
    func outputsNeverNestOrTakeTheNamesOfSitegensOwnFolders(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("site/content/tour/01-a.md", "# A\n")
        let builder = SiteBuilder(fileSystem: tree.fileSystem)
        func build(_ output: String?) -> SiteBuilder.Result {
            builder.build(BuildOptions(siteDirectory: tree.path("site"), outputDirectory: output.map { tree.path("site/" + $0) }))
        }
        #expect(build(nil).succeeded)
        func listing() -> [String] {
            DirectoryWalker(fileSystem: tree.fileSystem, root: nil, includesHidden: true).walk(tree.path("site"), as: "").files.map(\.path)
        }
        let before = listing()
        for nested in ["output/sub", "output/tour/deeper/still", "output/tour"] {
            let result = build(nested)
            #expect(errors(result) == ["the output folder \(tree.path("site/" + nested)) is inside \(tree.path("site/output")), the output of another build, which replaces all of it; choose a folder outside it"])
        }
        for name in [".output.sitegen-staging", ".output.sitegen-lock", ".public.sitegen-staging.previous"] {
            #expect(errors(build(name)) == ["the output folder \(tree.path("site/" + name)) has the name of a folder sitegen keeps beside another output, which a build of that output replaces; choose another name"])
        }
        #expect(listing() == before, "nothing written, not even a lock file")
        // An output made inside a folder that is not one (yet): that folder holds another build's output.
        try tree.write("site/public/.keep", "")
        try tree.fileSystem.remove(tree.path("site/public/.keep"))
        #expect(build("public/v1").succeeded)
        let result = build("public")
        #expect(errors(result) == ["the output folder holds the output of another build (v1), which a build here would replace; choose another folder, or remove that output"])
    }

    // MARK: Walks and reads

    @Test func aTreeOfLinksToFoldersIsBounded() {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n"])
        for folder in 0..<10 {
            fileSystem.add("content/tour/d\(folder)/x.txt", [])
            for other in 0..<10 where other != folder { fileSystem.addLink("content/tour/d\(folder)/l\(other)", to: "../d\(other)") }
        }
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(!result.succeeded)
        #expect(result.diagnostics.count <= DirectoryWalker.maximumFolderLinks + 10, "\(result.diagnostics.count) diagnostics")
        #expect(errors(result).contains { $0.contains("stopped following links to folders") })
    }

    @Test func aFolderThatCannotBeListedIsAnError() {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n", "content/tour/02-b.md": "# B\n"])
        let faulty = FaultyFileSystem(fileSystem, failListing: "content/tour")
        let result = SiteBuilder(fileSystem: faulty).build(BuildOptions())
        #expect(errors(result).contains { $0.contains("cannot list the folder") }, "\(errors(result))")
        #expect(!result.succeeded)
    }

    // MARK: Sizes

    @Test func titlesAndStringsHaveALength() throws {
        let long = String(repeating: "x", count: 600)
        let (front, _) = build(["content/tour/01-a.md": "---\ntitle: \(long)\n---\n# A\n"])
        #expect(errors(front).contains { $0.contains("'title' is 600 characters long; a title is at most 500") })
        let (strings, _) = build(["sitegen.yml": "strings:\n  en: {indicator_label: \(long)}\n", "content/tour/01-a.md": "# A\n"])
        #expect(errors(strings).contains { $0.contains("an interface string is at most 500") })
        let (heading, _) = build(["content/tour/01-a.md": "# \(long)\n"])
        let modelled = SiteBuilder(fileSystem: MemoryFileSystem(["content/tour/01-a.md": "# \(long)\n"])).check(BuildOptions())
        #expect(heading.succeeded)
        let title = try #require(modelled.site?.flows.first?.pages.first?.title)
        #expect(title.count == 500 && title.hasSuffix("…"), "a title made from a long heading is cut short")
    }

    // MARK: Smaller

    @Test func svgSizesAreSVGNumbers() {
        #expect(ImageSize.read(Array("<svg width=\"0x10\" height=\"8\"/>".utf8)) == nil)
        #expect(ImageSize.read(Array("<svg width=\"inf\" height=\"8\"/>".utf8)) == nil)
        #expect(ImageSize.read(Array("<svg width=\"1e2\" height=\"8.4\"/>".utf8)) == .init(width: 100, height: 8))
        // CSS's absolute units, 96 pixels to the inch, as a browser draws an <img> of the file.
        #expect(ImageSize.read(Array("<svg width=\"10cm\" height=\"1in\"/>".utf8)) == .init(width: 378, height: 96))
        #expect(ImageSize.read(Array("<svg width=\"72pt\" height=\"6PC\"/>".utf8)) == .init(width: 96, height: 96))
        #expect(ImageSize.read(Array("<svg width=\"25.4mm\" height=\"101.6Q\"/>".utf8)) == .init(width: 96, height: 96))
        #expect(ImageSize.read(Array("<svg width=\"2in\" viewBox=\"0 0 40 10\"/>".utf8)) == .init(width: 192, height: 48))
        #expect(ImageSize.read(Array("<svg width=\"100%\" height=\"2em\" viewBox=\"0 0 40 10\"/>".utf8)) == .init(width: 40, height: 10), "relative units fall back to the viewBox")
        let late = "<!--" + String(repeating: " ", count: 70_000) + "--><svg width=\"5\" height=\"6\"/>"
        #expect(ImageSize.read(Array(late.utf8)) == .init(width: 5, height: 6), "a root element after 64 KB is found")
    }

    @Test func aContentLinkLeavingTheSiteIsOneClearError() {
        let fileSystem = MemoryFileSystem(["site/sitegen.yml": "", "elsewhere/tour/01-a.md": "# A\n"])
        fileSystem.addLink("site/content", to: "../elsewhere")
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions(siteDirectory: "site"))
        #expect(result.diagnostics.map(\.message).filter { $0.contains("content") && !$0.contains("outside") } == [])
        #expect(errors(result).count == 1)
    }

    @Test func commandLineMistakesAreUsageErrors() {
        let fileSystem = MemoryFileSystem(["afile": "x", "full/y": "z", "content/tour/01-a.md": "# A\n"])
        #expect(runCLI(["new", "afile"], on: fileSystem).status == .usageError)
        #expect(runCLI(["new", "full"], on: fileSystem).status == .usageError)
        let twice = runCLI(["build", "--output", "a", "--output", "b"], on: fileSystem)
        #expect(twice.status == .usageError && twice.err.contains("--output is given twice"))
        #expect(runCLI(["build", "--output", "out/."], on: fileSystem).status == .success)
        #expect(fileSystem.kind(of: "out/.sitegen-output") == .file)
    }

    /// A name is hidden by its first byte, a dot, as the system hides it: a combining mark after
    /// the dot makes it another character, not a name a build reads.
    @Test func aDotWithACombiningMarkStillHidesAName() {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n", "content/tour/.\u{301}02-notes.md": "# Notes\n",
            "content/tour/.\u{301}private/a.svg": Self.svg,
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded && result.pageCount == 1, "\(result.diagnostics)")
        fileSystem.add("content/tour/03-b.md", Array(String(format: Self.page, ".\u{301}private/a.svg").utf8))
        let withImage = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(errors(withImage).contains { $0.contains("hidden") }, "\(errors(withImage))")
    }

    /// A static file or template whose name starts with a combining mark keeps its name, bytes and
    /// all: a `/` and the mark after it are one character, which a count of characters took for
    /// the folder's slash (a folder of that name was published as `/evil.txt`, and looped).
    /// On disk: the in-memory file system splits paths into characters, where the slash and the
    /// mark are one.
    @Test(.timeLimit(.minutes(1))) func aNameStartingWithACombiningMarkKeepsItsBytes() throws {
        let mark = "\u{301}"
        let tree = try FileSystemFixture.disk.make()
        defer { tree.remove() }
        try tree.write("site/content/tour/01-a.md", "# A\n")
        // Folders made first: the fixture finds a file's folder as text, where `/` and the mark are one character.
        for folder in ["site/static", "site/static/\(mark)", "site/templates"] { try tree.fileSystem.createDirectory(tree.path(folder)) }
        try tree.write("site/static/\(mark)/evil.txt", "x")
        try tree.write("site/static/\(mark)y.txt", "y")
        try tree.write("site/static/\(mark)favicon.svg", Self.svg)
        try tree.write("site/templates/\(mark)custom.css", "p { color: red; }")
        let result = SiteBuilder(fileSystem: tree.fileSystem).build(BuildOptions(siteDirectory: tree.path("site")))
        #expect(result.succeeded, "\(result.diagnostics)")
        func text(_ path: String) -> String? {
            (try? tree.fileSystem.readFile(tree.path("site/output/" + path), confinedTo: nil)).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(text("\(mark)/evil.txt") == "x")
        #expect(text("\(mark)y.txt") == "y")
        #expect(text("y.txt") == nil && text("evil.txt") == nil)
        #expect(text("assets/custom.css") == nil, "not the site's custom.css")
        #expect(text("tour/index.html")?.contains("favicon.svg") == false)
    }
}


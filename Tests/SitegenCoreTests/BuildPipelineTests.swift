import SitegenTestSupport
import OnboardingKit
import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import Markdown

/// The pipeline on sites held in memory: what reaches the model, and every error and warning.
@Suite struct BuildPipelineTests {
    private func check(_ files: [String: String], images: [String: [UInt8]] = [:], options: BuildOptions = .init())
        -> SiteBuilder.Result
    {
        let fileSystem = MemoryFileSystem(files)
        for (path, bytes) in images { fileSystem.add(path, bytes) }
        return SiteBuilder(fileSystem: fileSystem).check(options)
    }

    private func messages(_ result: SiteBuilder.Result) -> [String] {
        result.diagnostics.map { d in
            let position = d.location.map { ":\($0.line):\($0.column)" } ?? ""
            return "\(d.path)\(position): \(d.severity.rawValue): \(d.message)"
        }
    }

    @Test func pagesAreOrderedByNumberThenNameUnlessOrderSaysOtherwise() throws {
        let result = check([
            "content/tour/10-ten.md": "# Ten\n",
            "content/tour/2-two.md": "# Two\n",
            "content/tour/alpha.md": "# Alpha\n",
            "content/tour/beta.md": "---\norder: 1\n---\n# Beta\n",
        ])
        let pages = try #require(result.site?.flows.first?.pages)
        #expect(pages.map(\.id) == ["beta", "two", "ten", "alpha"])
        #expect(pages.map(\.index) == [0, 1, 2, 3])
        #expect(pages.map(\.source) == ["tour/beta.md", "tour/2-two.md", "tour/10-ten.md", "tour/alpha.md"])
    }

    /// A page starting with an empty `#` got an empty title (and empty indicator labels).
    @Test func anEmptyHeadingIsNoTitle() throws {
        let result = check(["content/tour/01-get-started.md": "#\n\nText\n", "content/tour/02-b.md": "#\n\n# Second\n"])
        #expect(try #require(result.site?.flows.first?.pages).map(\.title) == ["Get started", "Second"])
    }

    @Test func titlesAndIdsHaveDefaults() throws {
        let result = check([
            "content/tour/01-first-steps.md": "Intro\n\n## The *real* title\n",
            "content/tour/02-no-heading.md": "Just text.\n",
            "content/tour/03-custom.md": "---\ntitle: Custom\nid: mine\n---\n# Ignored\n",
        ])
        let pages = try #require(result.site?.flows.first?.pages)
        #expect(pages.map(\.id) == ["first-steps", "no-heading", "mine"])
        #expect(pages.map(\.title) == ["The real title", "No heading", "Custom"])
    }

    @Test func flowSettingsGetDefaultsAndRightToLeftFollowsTheLocale() throws {
        let result = check([
            "sitegen.yml": "locale: ar\n",
            "content/tour/01-a.md": "# A\n",
            "content/tour/02-b.md": "# B\n",
        ])
        let flow = try #require(result.site?.flows.first)
        #expect(flow.title == "Tour")
        #expect(flow.settings.locale == "ar" && flow.settings.direction == .rtl)
        // The labels are the built-in Arabic ones.
        #expect(flow.settings.skip == SkipSettings(enabled: true, label: "تخطي", target: .last))
        #expect(flow.settings.finish == LinkAction(label: "ابدأ الآن", href: "../"))
        #expect(flow.settings.storageKey == "sitegen:tour" && !flow.settings.showOnce)
        #expect(flow.settings.transition == .slide && flow.settings.orientation == .horizontal)
        #expect(flow.contentVersion.count == 16)
    }

    @Test func flowsAreOrderedByTheirOrderThenSlug() throws {
        let result = check([
            "content/b/01.md": "# B\n", "content/a/01.md": "# A\n",
            "content/c/_index.md": "---\norder: 1\n---\n", "content/c/01.md": "# C\n",
        ])
        #expect(result.site?.flows.map(\.slug) == ["c", "a", "b"])
    }

    @Test func theContentVersionChangesWithTheContent() throws {
        let before = check(["content/tour/01.md": "# A\n"]).site?.flows.first?.contentVersion
        let same = check(["content/tour/01.md": "# A\n"]).site?.flows.first?.contentVersion
        let after = check(["content/tour/01.md": "# B\n"]).site?.flows.first?.contentVersion
        #expect(before == same)
        #expect(before != after)
    }

    @Test func draftsAreLeftOutUnlessAskedFor() throws {
        let files = ["content/tour/01-a.md": "# A\n", "content/tour/02-b.md": "---\ndraft: true\n---\n# B\n"]
        #expect(check(files).site?.flows.first?.pages.map(\.id) == ["a"])
        #expect(check(files, options: BuildOptions(includeDrafts: true)).site?.flows.first?.pages.map(\.id) == ["a", "b"])
    }

    @Test func localImagesAreMeasuredRewrittenAndCopied() throws {
        let result = check(
            [
                "content/tour/01-a.md": "---\nimage: images/hero.png\nimage_alt: Hero\n---\n# A\n\n![Shot](images/shot%201.png) ![Far](https://cdn.test/x.png)\n",
                "content/tour/02-b.md": "![Logo](../_shared/logo.png)\n",
            ],
            images: [
                "content/tour/images/hero.png": pngBytes(width: 400, height: 300),
                "content/tour/images/shot 1.png": pngBytes(width: 320, height: 640),
                "content/_shared/logo.png": pngBytes(width: 64, height: 64),
            ])
        #expect(result.diagnostics.isEmpty)
        let pages = try #require(result.site?.flows.first?.pages)
        #expect(pages[0].image == ManifestImage(src: "images/hero.png", width: 400, height: 300, alt: "Hero"))
        #expect(pages[0].html.contains(#"<img src="images/shot%201.png" alt="Shot" width="320" height="640" />"#))
        #expect(pages[0].html.contains(#"<img src="https://cdn.test/x.png" alt="Far" />"#))
        #expect(pages[1].html.contains(#"<img src="_site/content/_shared/logo.png" alt="Logo" width="64" height="64" />"#))
        #expect(result.site?.assets.map(\.destination) == [
            "tour/_site/content/_shared/logo.png", "tour/images/hero.png", "tour/images/shot 1.png",
        ])
        #expect(result.files.contains(OutputFile(path: "tour/images/hero.png", contents: .copy(from: "content/tour/images/hero.png", confinedTo: "/"))))
    }

    /// Per-page work is linear in the page's images: an image is read and measured once per flow,
    /// however many pages show it and however often (8,000 references on a page took 5.8 s).
    @Test func anImageShownManyTimesIsReadOnce() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "---\nimage: images/a.png\nimage_alt: A\n---\n" + String(repeating: "![x](images/a.png)\n", count: 50),
            "content/tour/02-b.md": String(repeating: "![x](images/a.png) ", count: 50) + "![y](images/missing.png)\n![z](images/missing.png)\n",
        ])
        fileSystem.add("content/tour/images/a.png", pngBytes(width: 4, height: 3))
        let result = SiteBuilder(fileSystem: fileSystem).check(BuildOptions())
        #expect(fileSystem.reads(of: "content/tour/images/a.png") == 1)
        #expect(messages(result) == [
            "content/tour/02-b.md:1:951: error: image 'images/missing.png' not found: content/tour/images/missing.png does not exist",
            "content/tour/02-b.md:2:1: error: image 'images/missing.png' not found: content/tour/images/missing.png does not exist",
        ])
    }

    @Test func errorsNameTheFileAndPosition() {
        let result = check(
            [
                "content/tour/01-yaml.md": "---\ntitle: [oops\n---\n",
                "content/tour/02-key.md": "---\ntitel: Hi\n---\nBody\n",
                "content/tour/03-type.md": "---\ndraft: maybe\n---\nBody\n",
                "content/tour/04-missing.md": "---\nimage: images/nope.png\nimage_alt: x\n---\nText ![alt](images/gone.png)\n",
                "content/tour/05-escape.md": "![a](../../../etc/passwd) ![b](/etc/passwd)\n",
                "content/tour/06-notimage.md": "![a](notes.txt) ![b](notes.png) ![c](<shot #1.png>)\n",
                "content/tour/notes.txt": "hello",
                "content/tour/notes.png": "hello",
            ])
        #expect(result.site == nil)
        #expect(messages(result) == [
            "content/tour/01-yaml.md:2:8: error: invalid YAML in front matter: did not find expected ',' or ']' while parsing a flow sequence that starts here (found at line 3, column 1)",
            "content/tour/02-key.md:2:1: error: unknown key 'titel' in page front matter; did you mean 'title'?",
            "content/tour/03-type.md:2:8: error: 'draft' must be true or false, not 'maybe'",
            "content/tour/04-missing.md:2:8: error: image 'images/nope.png' not found: content/tour/images/nope.png does not exist",
            "content/tour/04-missing.md:5:6: error: image 'images/gone.png' not found: content/tour/images/gone.png does not exist",
            "content/tour/05-escape.md:1:1: error: image path '../../../etc/passwd' leaves the site folder",
            "content/tour/05-escape.md:1:27: error: image path '/etc/passwd' is absolute; write it relative to the page, such as images/screen.png",
            "content/tour/06-notimage.md:1:1: error: 'notes.txt' is not an image or video file: sitegen publishes .png, .jpg, .jpeg, .gif, .webp and .svg images, Lottie animations (.json), and .mp4, .m4v and .webm videos",
            "content/tour/06-notimage.md:1:17: error: image 'notes.png' is not a PNG file",
            "content/tour/06-notimage.md:1:33: error: 'shot #1.png' is not an image or video file (a '#' starts the fragment of an address: write it %23, as in shot %231.png): sitegen publishes .png, .jpg, .jpeg, .gif, .webp and .svg images, Lottie animations (.json), and .mp4, .m4v and .webm videos",
        ])
    }

    @Test func idsChosenInFrontMatterMustDiffer() {
        let result = check([
            "content/tour/01-a.md": "---\nid: hello\n---\n# A\n",
            "content/tour/02-b.md": "---\nid: hello\n---\n# B\n",
        ])
        #expect(messages(result) == [
            "content/tour/02-b.md:2:5: error: page id 'hello' is already used by 01-a.md; give one of them another 'id'"
        ])
    }

    /// `id: setup` on one page silently renamed `02-setup.md` to `setup-2`, so links opened the
    /// wrong page.
    @Test func aChosenIdThatIsAnotherPagesFileNameIdIsAnError() {
        let result = check([
            "content/tour/02-setup.md": "# Setup\n",
            "content/tour/05-local.md": "---\nid: setup\n---\n# Local setup\n",
            "content/tour/06-more.md": "---\nid: step-8\n---\n# More\n",
            "content/tour/07-step.md": "# One\n",
            "content/tour/08-step.md": "# Two\n",
        ])
        #expect(messages(result) == [
            "content/tour/05-local.md:2:5: error: page id 'setup' is the id 02-setup.md gets from its file name; give one of them another 'id'",
            "content/tour/06-more.md:2:5: error: page id 'step-8' is the id 08-step.md gets from its file name; give one of them another 'id'",
        ])
    }

    /// Every page's footnotes are in one flow document: their ids carry the page's file name.
    @Test func footnoteIdsAreUniqueInTheFlowsDocument() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-step.md": "# One\n\nA[^1].\n\n[^1]: First.\n", "content/tour/02-step.md": "# Two\n\nB[^1].\n\n[^1]: Second.\n",
            "content/tour/03-.md": "# Three\n\nC[^1].\n\n[^1]: Third.\n", "content/tour/04-.markdown": "# Four\n\nD[^1].\n\n[^1]: Fourth.\n",
        ])
        #expect(SiteBuilder(fileSystem: fileSystem).build(BuildOptions()).succeeded)
        let html = try #require(fileSystem.text("output/tour/index.html"))
        let ids = html.matches(of: /id="(fn-[^"]+)"/).map { String($0.1) }
        #expect(ids.count == 4 && Set(ids).count == 4, "\(ids)")
        #expect(ids.contains("fn-01-step--1") && ids.contains("fn-02-step--1"))
    }

    @Test func numberedStepsWithOneNameGetTheirNumbers() throws {
        var files: [String: String] = [:]
        for step in 1...60 { files["content/tour/\(step < 10 ? "0" : "")\(step)-step.md"] = "# Step \(step)\n" }
        let result = check(files)
        #expect(result.diagnostics.isEmpty, "\(messages(result))")
        let ids = try #require(result.site?.flows.first?.pages.map(\.id))
        #expect(ids == (1...60).map { "step-\($0)" })
    }

    @Test func fileNameIdsGiveWayToChosenOnesAndToEachOther() throws {
        let result = check([
            "content/tour/01-hello.md": "# A\n",
            "content/tour/02-hello.md": "# B\n",
            "content/tour/03-other.md": "---\nid: hello\n---\n# C\n",
            "content/tour/04-hello-1.md": "# D, whose own name is hello-1\n",
            "content/tour/intro.md": "# E\n",
            "content/tour/Intro.MD": "# F\n",
        ])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let ids = try #require(result.site?.flows.first?.pages.map(\.id))
        #expect(ids == ["hello-1-2", "hello-2", "hello", "hello-1", "intro-1", "intro-2"])
    }

    /// A page without a number among numbered ones of its name takes the first number none of
    /// them has, not its place (which `02-faq.md` has), and not an id another page has.
    @Test func anUnnumberedPageTakesAFreeNumber() throws {
        let result = check([
            "content/tour/02-faq.md": "# A\n", "content/tour/faq.md": "# B\n",
            "content/tour/01-tip.md": "# C\n", "content/tour/tip.md": "# D\n", "content/tour/tip-2.md": "# E, whose own name is tip-2\n",
            "content/tour/zz.md": "---\norder: 9\n---\n# F\n", "content/tour/03-zz.md": "# G\n",
        ])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let ids = try #require(result.site?.flows.first?.pages.map { "\($0.source):\($0.id)" })
        #expect(ids == ["tour/01-tip.md:tip-1", "tour/02-faq.md:faq-2", "tour/03-zz.md:zz-3", "tour/zz.md:zz-1", "tour/faq.md:faq-1", "tour/tip-2.md:tip-2", "tour/tip.md:tip-3"], "\(ids)")
    }

    @Test func aFlowWithNoPagesIsAnError() {
        let result = check([
            "content/empty/_index.md": "---\ntitle: Empty\n---\n",
            "content/drafts/01.md": "---\ndraft: true\n---\n# D\n",
            "content/ok/01.md": "# OK\n",
        ])
        #expect(messages(result) == [
            "content/drafts: error: flow 'drafts' has no pages (1 draft left out; build with --drafts to include them): add a Markdown file such as 01-welcome.md",
            "content/empty: error: flow 'empty' has no pages: add a Markdown file such as 01-welcome.md",
        ])
    }

    @Test func invalidUTF8IsAnErrorAtTheFirstBadByte() {
        let fileSystem = MemoryFileSystem()
        fileSystem.add("content/tour/01.md", Array("# Title\nab".utf8) + [0xC3, 0x28] + Array(" rest\n".utf8))
        let result = SiteBuilder(fileSystem: fileSystem).check(BuildOptions())
        #expect(messages(result) == ["content/tour/01.md:2:3: error: the file is not valid UTF-8 text; save it as UTF-8"])
        #expect(result.diagnostics.first?.sourceLine == "ab")
    }

    /// A page with old Mac line ends (a lone CR) builds exactly as its LF twin, positions included.
    @Test func carriageReturnPagesBuildLikeLineFeedPages() throws {
        let page = "---\ntitle: T\nimage_alt: A\n---\n# H\n\nText ![](nowhere.png)\n"
        let lf = check(["content/tour/01-a.md": page])
        let cr = check(["content/tour/01-a.md": page.replacingOccurrences(of: "\n", with: "\r")])
        #expect(messages(cr) == [
            "content/tour/01-a.md:3:12: warning: 'image_alt' describes the page's image, and the page has none; set 'image', or write the description of an image in the body in its brackets: ![description](file.png)",
            "content/tour/01-a.md:7:6: warning: image 'nowhere.png' has no alt text; describe it in ![…]",
            "content/tour/01-a.md:7:6: error: image 'nowhere.png' not found: content/tour/nowhere.png does not exist",
        ])
        #expect(messages(cr) == messages(lf))
        #expect(cr.diagnostics.map(\.sourceLine) == lf.diagnostics.map(\.sourceLine))
        let fixed = ["content/tour/01-a.md": "---\rtitle: T\r---\r# H\r\rText\r"]
        #expect(check(fixed).site?.flows.first?.pages.first?.title == "T")
        let fileSystem = MemoryFileSystem()
        fileSystem.add("content/tour/01.md", Array("# Title\rab".utf8) + [0xC3, 0x28] + Array(" rest\r".utf8))
        #expect(messages(SiteBuilder(fileSystem: fileSystem).check(BuildOptions())) == [
            "content/tour/01.md:2:3: error: the file is not valid UTF-8 text; save it as UTF-8"
        ])
    }

    @Test func frontMatterAfterBlankLinesIsReportedAtItsFence() {
        let result = check(["content/tour/01-a.md": "\n---\ntitle: Welcome\n---\n# Hello\n", "content/tour/_index.md": "\n\n---\ntitle: Tour\n---\n"])
        #expect(messages(result) == [
            "content/tour/01-a.md:2:1: warning: front matter must start on the first line; remove the blank line above it, or this block is read as Markdown",
            "content/tour/_index.md:3:1: warning: front matter must start on the first line; remove the 2 blank lines above it, or this block is read as Markdown",
        ])
    }

    @Test func aByteOrderMarkIsNotPartOfTheText() throws {
        let fileSystem = MemoryFileSystem()
        fileSystem.add("content/tour/01.md", [0xEF, 0xBB, 0xBF] + Array("---\ntitle: T\n---\n# H\n".utf8))
        let result = SiteBuilder(fileSystem: fileSystem).check(BuildOptions())
        #expect(result.diagnostics.isEmpty)
        #expect(result.site?.flows.first?.pages.first?.title == "T")
    }

    @Test func warningsDoNotStopTheBuild() {
        let result = check(
            [
                "content/tour/01-a.md": "---\nimage: a.png\n---\n# A\n\n![](a.png)\n",
                "content/tour/02-empty.md": "---\ntitle: Nothing\n---\n\n",
            ],
            images: ["content/tour/a.png": pngBytes(width: 2, height: 2)])
        #expect(result.site != nil)
        #expect(messages(result) == [
            "content/tour/01-a.md:2:8: warning: image has no 'image_alt'; describe it for screen readers, or set image_alt: \"\" if it is decorative",
            "content/tour/01-a.md:6:1: warning: image 'a.png' has no alt text; describe it in ![…]",
            "content/tour/02-empty.md:4:1: warning: the page is empty: give it some Markdown or an image",
        ])
    }

    /// A link with no text (or only an image without alt text) is named by nothing but its
    /// address for a screen reader, as axe's `link-name` rule reports: a warning at its `[`.
    @Test func aLinkWithNoTextIsAWarning() {
        let result = check(
            ["content/tour/01-a.md": "# A\n\n[](https://example.com/) and [ ](02-b.md) and [![](a.png)](02-b.md).\n\n[Named](02-b.md) [![Logo](a.png)](02-b.md) <https://example.com>\n\n[&nbsp;](02-b.md) [<!-- c -->](02-b.md)\n",
             "content/tour/02-b.md": "# B\n"],
            images: ["content/tour/a.png": pngBytes(width: 2, height: 2)])
        #expect(result.site != nil)
        let noText = "has no text, so a screen reader reads out only its address; say where it leads in […]"
        #expect(messages(result).filter { $0.contains("has no text") } == [
            "content/tour/01-a.md:3:1: warning: link 'https://example.com/' \(noText)",
            "content/tour/01-a.md:3:30: warning: link '02-b.md' \(noText)",
            "content/tour/01-a.md:3:47: warning: link '02-b.md' \(noText)",
            "content/tour/01-a.md:7:1: warning: link '02-b.md' \(noText)",
            "content/tour/01-a.md:7:19: warning: link '02-b.md' \(noText)",
        ], "\(messages(result))")
    }

    /// Names that differ only in case are one name where the output is served from a host that
    /// folds case (macOS, Windows, some object stores): flow folders, and the files a flow
    /// publishes, images, downloads and its own index.html alike.
    @Test func namesThatDifferOnlyInCaseAreErrors() {
        #expect(messages(check(["content/tour/01-a.md": "# A\n", "content/Tour/01-b.md": "# B\n"])) == [
            "content/tour: error: flow folders 'Tour' and 'tour' differ only in case, so many hosts would serve one of them for both; rename one"
        ])
        let result = check(
            [
                "content/tour/01-a.md": "# A\n\n![a](a.png) ![b](A.png) ![again](a.png) [notes](Index.html)\n",
                "content/tour/Index.html": "<p>notes</p>", "sitegen.yml": "markdown: {unsafe: true}\n",
            ],
            images: ["content/tour/a.png": pngBytes(width: 2, height: 2), "content/tour/A.png": pngBytes(width: 2, height: 2)])
        #expect(messages(result).filter { $0.contains("differ") } == [
            "content/tour/A.png: error: this file would be published as tour/A.png, which differs from tour/a.png only in case, so many hosts would serve one of them for both; rename one",
            "content/tour/Index.html: error: this file would be published as tour/Index.html, which differs from tour/index.html only in case, so many hosts would serve one of them for both; rename one",
        ], "\(messages(result))")
    }

    @Test func siteLevelProblems() {
        #expect(messages(check(["sitegen.yml": "title: X\n"])) == [
            ".: error: no 'content' folder: a site keeps its flows in content/<flow>/"
        ])
        #expect(messages(check(["content/README.txt": "x"])) == [
            "content: error: the site has no flows: make a folder such as content/welcome/ with a page in it"
        ])
        #expect(messages(check([
            "content/assets/01.md": "# A\n", "content/ok/01.md": "# B\n", "content/bad name/01.md": "# C\n", "content/café/01.md": "# D\n", "content/설치/01.md": "# E\n",
            "content/--x/01.md": "# F\n", "content/-/01.md": "# G\n", "content/x-/01.md": "# H\n",
        ])) == [
            // The manifest's schema has a flow's id start with a letter or digit.
            "content/-: error: flow folder '-' starts with '-', which a flow's id may not (the manifest's ids start with a letter or digit); rename the folder",
            "content/--x: error: flow folder '--x' starts with '-', which a flow's id may not (the manifest's ids start with a letter or digit); rename the folder, such as 'x'",
            "content/assets: error: flow folder 'assets' would overwrite the output's own 'assets'; rename the folder",
            "content/bad name: error: flow folder 'bad name' is not a URL-safe name: use ASCII letters and digits (a-z, A-Z, 0-9), '-', '_' and '.', such as 'bad-name'",
            "content/café: error: flow folder 'café' is not a URL-safe name: use ASCII letters and digits (a-z, A-Z, 0-9), '-', '_' and '.', such as 'cafe'",
            "content/설치: error: flow folder '설치' is not a URL-safe name: use ASCII letters and digits (a-z, A-Z, 0-9), '-', '_' and '.'",
        ])
        #expect(messages(check(["content/intro.md": "# A\n", "content/ok/01.md": "# B\n"])) == [
            "content/intro.md: warning: not part of any flow: pages go in a flow folder, such as content/welcome/intro.md"
        ])
    }
}

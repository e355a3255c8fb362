import SitegenTestSupport
import Testing
@testable import SitegenCore

/// A video on a page (`![alt](demo.mp4)`): a `<video>` the size its header says, with its poster
/// and captions from beside it, published with the flow; problems named at their files.
@Suite struct VideoPageTests {
    static func site(_ extra: [String: String] = [:], video: [UInt8] = VideoHeaderTests.mp4(), poster: Bool = true) -> MemoryFileSystem {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# Record\n\n![Recording a note](demo.mp4)\n",
            "content/tour/demo.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\nTap Record.\n",
            "content/tour/demo.ko.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\n녹음을 누르세요.\n",
        ].merging(extra) { _, new in new })
        fileSystem.add("content/tour/demo.mp4", video)
        if poster { fileSystem.add("content/tour/demo.jpg", jpegBytes(width: 1920, height: 1080)) }
        return fileSystem
    }

    /// A JPEG header with a start-of-frame giving its size, a scan (of no real data) and its end.
    static func jpegBytes(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x03]
            + [UInt8](repeating: 0, count: 9) + [0xFF, 0xDA, 0x00, 0x02, 0x00, 0xFF, 0xD9]
    }

    /// Captions named for no language tag (gettext's `zh_TW`, a typo) were left out silently,
    /// where a page named so is an error: each is a warning at its file, with the name to give it.
    @Test func captionsNamedForNoLanguageAreAWarning() {
        let fileSystem = Self.site([
            "content/tour/demo.zh_TW.vtt": "WEBVTT\n", "content/tour/demo.x.vtt": "WEBVTT\n", "content/tour/demo..vtt": "WEBVTT\n", "content/tour/demo.fr.VTT": "WEBVTT\n",
            "content/tour/demo.english.vtt": "WEBVTT\n", "content/tour/demo.jp.vtt": "WEBVTT\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded, "\(result.diagnostics)")
        let warnings = result.diagnostics.filter { $0.message.hasPrefix("captions '") }.map { "\($0.path): \($0.message)" }
        #expect(warnings == [
            "content/tour/demo..vtt: captions 'demo..vtt' of video 'demo.mp4' are not used: '' is not a language code; name the file demo.<language>.vtt, such as demo.fr.vtt",
            "content/tour/demo.english.vtt: captions 'demo.english.vtt' of video 'demo.mp4' are not used: 'english' is not a language code; name the file demo.<language>.vtt, such as demo.fr.vtt",
            "content/tour/demo.fr.VTT: captions 'demo.fr.VTT' of video 'demo.mp4' are not used: its extension is not .vtt in small letters; rename it",
            "content/tour/demo.jp.vtt: captions 'demo.jp.vtt' of video 'demo.mp4' are not used: 'jp' is not a language (ja is meant, most likely); name the file demo.ja.vtt",
            "content/tour/demo.x.vtt: captions 'demo.x.vtt' of video 'demo.mp4' are not used: 'x' is not a language code; name the file demo.<language>.vtt, such as demo.fr.vtt",
            "content/tour/demo.zh_TW.vtt: captions 'demo.zh_TW.vtt' of video 'demo.mp4' are not used: 'zh_TW' is not a language code; name the file demo.<language>.vtt, such as demo.zh-TW.vtt",
        ], "\(warnings)")
        #expect(fileSystem.text("output/tour/demo.x.vtt") == nil)
        // The captions in the site's language, in capitals, alone.
        let capitals = Self.site(["content/tour/demo.VTT": "WEBVTT\n"])
        try? capitals.remove("content/tour/demo.vtt")
        let built = SiteBuilder(fileSystem: capitals).build(BuildOptions())
        #expect(built.diagnostics.contains { $0.path == "content/tour/demo.VTT" && $0.message.hasSuffix("are not used: its extension is not .vtt in small letters; rename it") }, "\(built.diagnostics)")
    }

    /// Captions beside a video were read without asking where their links lead: beside a video
    /// in a folder no walk of the content checks (`art/`), a link into a hidden folder or an
    /// output would publish what it held as captions.
    @Test func captionsThatAreLinksIntoHiddenFoldersOrOutputsAreNeverRead() throws {
        let secret = "WEBVTT\n\n00:00.000 --> 00:02.000\ntoken=s3cret\n"
        let fileSystem = Self.site([
            "content/tour/01-a.md": "# Record\n\n![Recording a note](../../art/demo.mp4)\n",
            "content/tour/02-b.md": "# Other\n\n![Other](../../art/v/demo.mp4)\n",
            ".private/secret.vtt": secret, ".private/v/demo.vtt": secret, "output/.sitegen-output": "", "output/old.vtt": secret,
        ])
        for folder in ["art", ".private/v"] {
            fileSystem.add("\(folder)/demo.mp4", VideoHeaderTests.mp4())
            fileSystem.add("\(folder)/demo.jpg", Self.jpegBytes(width: 1920, height: 1080))
        }
        fileSystem.addLink("art/demo.vtt", to: "../.private/secret.vtt")
        fileSystem.addLink("art/demo.ko.vtt", to: "../output/old.vtt")
        fileSystem.addLink("art/v", to: "../.private/v")
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .contentError, "\(result.err)")
        #expect(result.err.contains("video '../../art/v/demo.mp4' is really in '.private', a hidden folder or file of the site"), "\(result.err)")
        #expect(!result.err.contains("02-b.md: error: captions"), "\(result.err)")
        for file in ["demo.vtt", "demo.ko.vtt"] {
            #expect(fileSystem.text("output/_site/art/\(file)") == nil)
            #expect(fileSystem.text("output/tour/_site/art/\(file)") == nil)
        }
    }

    /// Captions beside a video that are links are captions like any other: used where the link
    /// leads to a file of the site, an error naming them where it leads out of the site or
    /// nowhere, never skipped without a word.
    @Test func captionsThatAreLinksAreFollowedInsideTheSiteAndNamedOtherwise() throws {
        let fileSystem = Self.site(["captions/demo.ko.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\n녹음.\n"])
        try fileSystem.remove("content/tour/demo.ko.vtt")
        fileSystem.addLink("content/tour/demo.ko.vtt", to: "../../captions/demo.ko.vtt")
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        #expect(fileSystem.text("output/tour/index.html")?.contains(#"src="demo.ko.vtt" srclang="ko""#) == true)
        #expect(fileSystem.text("output/tour/demo.ko.vtt")?.contains("녹음.") == true)
        for target in ["../../../outside.vtt", "missing.vtt"] {
            fileSystem.addLink("content/tour/demo.es.vtt", to: target)
            let failed = runCLI(["build"], on: fileSystem)
            #expect(failed.status == .contentError && failed.err.contains("demo.es.vtt"), "\(target): \(failed.err)")
        }
    }

    @Test func aVideoBecomesAVideoElementWithItsPosterAndCaptions() throws {
        let fileSystem = Self.site()
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        #expect(result.err.isEmpty, "\(result.err)")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(
            #"<video src="demo.mp4" width="1920" height="1080" poster="demo.jpg" controls playsinline preload="none" aria-label="Recording a note">"#
                + #"<track kind="captions" src="demo.vtt" srclang="en" label="English" default>"#
                + #"<track kind="captions" src="demo.ko.vtt" srclang="ko" label="한국어">"#
                + #"<a href="demo.mp4">Recording a note</a></video>"#), "\(html)")
        for file in ["demo.mp4", "demo.jpg", "demo.vtt", "demo.ko.vtt"] {
            #expect(fileSystem.text("output/tour/\(file)") != nil, "\(file) is published")
        }
        // The Korean page shows the Korean captions first, from the flow's own copies.
        let korean = try #require(fileSystem.text("output/ko/tour/index.html"))
        #expect(korean.contains(#"<video src="../../tour/demo.mp4" width="1920" height="1080" poster="../../tour/demo.jpg""#))
        #expect(korean.contains(#"src="../../tour/demo.ko.vtt" srclang="ko" label="한국어" default>"#))
    }

    @Test func aTurnedVideoIsLaidOutTurned() throws {
        let rotated = VideoHeaderTests.mp4(tracks: [VideoHeaderTests.track("vide", VideoHeaderTests.trackHeader(width: 1920, height: 1080, matrix: (0, 0x10000, -0x10000, 0)))])
        let fileSystem = Self.site(video: rotated)
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        #expect(try #require(fileSystem.text("output/tour/index.html")).contains(#"width="1080" height="1920""#))
    }

    @Test func aMissingPosterAndBadCaptionsAreWarnings() {
        let result = runCLI(["check"], on: Self.site(["content/tour/demo.vtt": "WEBVTT\n\n00:05.000 --> 00:01.000\nBackwards\n"], poster: false))
        #expect(result.status == .success)
        #expect(result.err.contains("content/tour/01-a.md:3:1: warning: video 'demo.mp4' has no poster: put demo.jpg"), "at the reference: \(result.err)")
        #expect(result.err.contains("content/tour/demo.vtt:3:1: warning: the cue ends (00:01.000) before it starts (00:05.000)"), "\(result.err)")
    }

    @Test(arguments: [
        ("truncated", Array(VideoHeaderTests.mp4().prefix(50)), "content/tour/01-a.md:3:1: error: cannot measure video 'demo.mp4': "),
        ("not a video", Array("hello".utf8), "cannot measure video 'demo.mp4': not an MP4 or WebM video"),
        ("WebM named .mp4", VideoHeaderTests.webm(), "video 'demo.mp4' is not an MP4 file: it is WebM"),
    ])
    func aBrokenVideoIsAnErrorAtItsReference(_ name: String, _ bytes: [UInt8], _ message: String) {
        let result = runCLI(["check"], on: Self.site(video: bytes))
        #expect(result.status == .contentError, "\(name)")
        #expect(result.err.contains(message), "\(name): \(result.err)")
    }

    /// Captions in any language beside the video are published (the site's languages first); a
    /// file without its `WEBVTT` line, which browsers read none of, is not, and of two files in
    /// one language the first is used, each with a warning at the file.
    @Test func captionsInEveryLanguageBesideTheVideoAreTracks() throws {
        let fileSystem = Self.site([
            "content/tour/demo.es.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\nPulsa Grabar.\n",
            "content/tour/demo.en.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\nTap Record, again.\n",
            "content/tour/demo.ko.vtt": "00:00.000 --> 00:02.000\n녹음을 누르세요.\n",
            "content/tour/demo.notes.vtt": "not a language",
        ])
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(
            #"<track kind="captions" src="demo.vtt" srclang="en" label="English" default>"#
                + #"<track kind="captions" src="demo.es.vtt" srclang="es" label="Español">"#
                + #"<a href="demo.mp4">"#), "\(html)")
        #expect(fileSystem.text("output/tour/demo.ko.vtt") == nil && fileSystem.text("output/tour/demo.en.vtt") == nil)
        #expect(result.err.contains("content/tour/demo.ko.vtt:1:1: warning: a WebVTT file starts with a line 'WEBVTT'"), "\(result.err)")
        #expect(result.err.contains("content/tour/demo.en.vtt:1:1: warning: demo.vtt already holds the en captions of video 'demo.mp4'; this file is not used"), "\(result.err)")
    }

    /// Of two captions files for one language, the one whose name writes the tag as the language
    /// is written is used, though the other sorts first; the other gets the warning.
    @Test func theCaptionsNamedAsTheLanguageIsWrittenAreUsed() throws {
        let fileSystem = Self.site([
            "content/tour/demo.KO.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\nKO\n",
            "content/tour/demo.ko.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\nko\n",
            "content/tour/demo.pt-br.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\npt-br\n",
            "content/tour/demo.pt-BR.vtt": "WEBVTT\n\n00:00.000 --> 00:02.000\npt-BR\n",
        ])
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(#"src="demo.ko.vtt" srclang="ko""#) && html.contains(#"src="demo.pt-BR.vtt" srclang="pt-BR""#), "\(html)")
        #expect(fileSystem.text("output/tour/demo.KO.vtt") == nil && fileSystem.text("output/tour/demo.pt-br.vtt") == nil)
        #expect(result.err.contains("content/tour/demo.KO.vtt:1:1: warning: demo.ko.vtt already holds the ko captions"), "\(result.err)")
        #expect(result.err.contains("content/tour/demo.pt-br.vtt:1:1: warning: demo.pt-BR.vtt already holds the pt-BR captions"), "\(result.err)")
    }

    /// `#poster=` names the poster where no image of the video's name is beside it; one that
    /// cannot be used is a warning at the reference.
    @Test(arguments: [
        ("demo.mp4#poster=art/cover.jpg", nil),
        ("demo.mp4#autoplay&poster=missing.jpg", "the poster of video 'demo.mp4#autoplay&poster=missing.jpg' cannot be used: image 'missing.jpg' not found"),
        ("demo.mp4#poster=demo.mp4", "the poster of video 'demo.mp4#poster=demo.mp4' must be an image, and 'demo.mp4' is not; it has none"),
    ])
    func aPosterCanBeNamed(_ reference: String, _ warning: String?) throws {
        let fileSystem = Self.site(["content/tour/01-a.md": "# Record\n\n![Recording a note](\(reference))\n"], poster: false)
        fileSystem.add("content/tour/art/cover.jpg", Self.jpegBytes(width: 1920, height: 1080))
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        if let warning {
            #expect(result.err.contains("content/tour/01-a.md:3:1: warning: " + warning), "\(result.err)")
            #expect(!html.contains("poster="))
        } else {
            #expect(result.err.isEmpty, "\(result.err)")
            #expect(html.contains(#"<video src="demo.mp4" width="1920" height="1080" poster="art/cover.jpg""#))
            #expect(fileSystem.text("output/tour/art/cover.jpg") != nil)
        }
    }

    /// Options after `#` are checked: an unknown one, or a value where none is taken, is a
    /// warning at the reference, and the video does not play by itself.
    @Test(arguments: [
        ("demo.mp4#autoplay=false", "'autoplay' takes no value: write #autoplay for a video that plays by itself; this one does not"),
        ("demo.mp4#AUTOPLAY", "'AUTOPLAY' after '#' is no option of this file, which knows 'autoplay' and 'poster'; it is not used"),
        ("demo.mp4#autoplay&loop", "'loop' after '#' is no option of this file, which knows 'autoplay' and 'poster'; it is not used"),
    ])
    func anOptionAVideoDoesNotKnowIsAWarning(_ reference: String, _ message: String) throws {
        let fileSystem = Self.site(["content/tour/01-a.md": "# Record\n\n![Recording a note](\(reference))\n"])
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success)
        #expect(result.err.contains("content/tour/01-a.md:3:1: warning: " + message), "\(result.err)")
        let autoplays = try #require(fileSystem.text("output/tour/index.html")).contains("data-autoplay")
        #expect(autoplays == reference.hasSuffix("&loop"))
    }

    @Test func aVideoIsNotAPagesPicture() {
        let result = runCLI(["check"], on: Self.site(["content/tour/01-a.md": "---\nimage: demo.mp4\nimage_alt: Demo\n---\n# A\n"]))
        #expect(result.status == .contentError)
        #expect(result.err.contains("'image' is the page's picture, and 'demo.mp4' is a video: show it in the page's Markdown"), "\(result.err)")
    }

    @Test func aMissingVideoSaysSo() {
        let result = runCLI(["check"], on: Self.site(["content/tour/01-a.md": "# A\n\n![Gone](gone.webm)\n"]))
        #expect(result.err.contains("video 'gone.webm' not found"), "\(result.err)")
    }
}

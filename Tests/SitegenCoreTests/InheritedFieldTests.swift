import Diagnostics
import SitegenTestSupport
import Testing

@testable import SitegenCore

/// What a translation takes from its source page's front matter is written in the source's file:
/// a problem with it is reported there, at the value, for the translation's language, and the
/// file a translation shows in its place (`hero.ko.png`) is the one named.
@Suite struct InheritedFieldTests {
    private func messages(_ result: SiteBuilder.Result) -> [String] {
        result.diagnostics.map { diagnostic in
            let position = diagnostic.location.map { ":\($0.line):\($0.column)" } ?? ""
            return "\(diagnostic.path)\(position): \(diagnostic.severity.rawValue): \(diagnostic.message)"
        }
    }

    private func site(_ files: [String: String], images: [String: [UInt8]] = [:]) -> SiteBuilder.Result {
        let fileSystem = MemoryFileSystem(files.merging(["sitegen.yml": "title: T\nlocales: [en, ko]\n"]) { own, _ in own })
        for (path, bytes) in images { fileSystem.add(path, bytes) }
        return SiteBuilder(fileSystem: fileSystem).check(BuildOptions())
    }

    private static let source = "---\ntitle: Start\nimage: hero.png\nimage_alt: Hero\naction: {label: Install, href: \"#install-node\"}\n---\n# Start\n\n## Install node\n"
    private static let hero = ["content/tour/hero.png": pngBytes(width: 4, height: 3)]

    @Test func anInheritedImageIsReportedInTheSourceNamingTheTranslationsFile() {
        let result = site(
            ["content/tour/01-start.md": Self.source, "content/tour/01-start.ko.md": "# 시작\n\n## Node 설치\n"],
            images: ["content/tour/hero.png": pngBytes(width: 4, height: 3), "content/tour/hero.ko.png": Array("GIF89a".utf8)])
        let found = messages(result)
        // Nothing points into the translation, which holds no line 3 or 5 of the source's.
        #expect(found == [
            "content/tour/01-start.md:3:8: error: in 'ko', image 'hero.png' (its 'ko' version, hero.ko.png) is not a PNG file: it is a GIF image",
            "content/tour/01-start.md:5:32: warning: 'action': in 'ko', link '#install-node' finds no heading 'install-node' on this page; its headings are 'node-설치', '시작'; the button does not move the page until action.href in 01-start.ko.md names a heading of the translation",
        ], "\(found)")
    }

    /// A page may stand in for another language's (a `zh` page for `zh-Hant` readers), whose own
    /// image version is the one shown and named; a page shown untranslated names its version too.
    @Test func theLanguageNamedIsTheReadersAndTheImagesVersion() {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "title: T\nlocales: [en, zh-Hant, zh, ko]\n",
            "content/tour/01-a.md": "---\nimage: hero.png\nimage_alt: Hero\n---\n# A\n", "content/tour/01-a.zh.md": "# 甲\n",
        ])
        fileSystem.add("content/tour/hero.png", pngBytes(width: 4, height: 3))
        fileSystem.add("content/tour/hero.zh-Hant.png", Array("GIF89a".utf8))
        fileSystem.add("content/tour/hero.ko.png", Array("GIF89a".utf8))
        // (`zh` has no interface strings of sitegen's: a warning the test leaves aside.)
        let found = messages(SiteBuilder(fileSystem: fileSystem).check(BuildOptions())).filter { $0.contains(": error: ") }
        #expect(found == [
            "content/tour/01-a.md:2:8: error: image 'hero.png' (its 'ko' version, hero.ko.png) is not a PNG file: it is a GIF image",
            "content/tour/01-a.md:2:8: error: in 'zh-Hant', image 'hero.png' (its 'zh-Hant' version, hero.zh-Hant.png) is not a PNG file: it is a GIF image",
        ], "\(found)")
    }

    @Test func anInheritedActionToAHeadingTheTranslationRenamedIsAWarningInTheSource() {
        let result = site(["content/tour/01-start.md": Self.source, "content/tour/01-start.ko.md": "# 시작\n\n## Node 설치\n"], images: Self.hero)
        let found = messages(result)
        #expect(!result.diagnostics.hasErrors, "\(found)")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("content/tour/01-start.md:5:32: warning: 'action': in 'ko', link '#install-node' finds no heading") == true, "\(found)")
        #expect(found.first?.hasSuffix("until action.href in 01-start.ko.md names a heading of the translation") == true, "\(found)")
    }

    /// What the translation writes itself is reported in its own file, as an error.
    @Test func aTranslationsOwnActionIsReportedInTheTranslation() {
        let result = site([
            "content/tour/01-start.md": Self.source,
            "content/tour/01-start.ko.md": "---\naction: {label: 설치, href: \"#nowhere\"}\n---\n# 시작\n\n## Node 설치\n",
        ], images: Self.hero)
        let found = messages(result)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("content/tour/01-start.ko.md:2:27: error: 'action': link '#nowhere' finds no heading") == true, "\(found)")
    }

    /// A translation that sets only the label keeps the source's href, reported where it is written.
    @Test func anInheritedHrefUnderTheTranslationsOwnLabelIsReportedInTheSource() {
        let result = site([
            "content/tour/01-start.md": Self.source,
            "content/tour/01-start.ko.md": "---\naction:\n  label: 설치\n---\n# 시작\n\n## Node 설치\n",
        ], images: Self.hero)
        let found = messages(result)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("content/tour/01-start.md:5:32: warning: 'action': in 'ko'") == true, "\(found)")
    }

    /// A description with no image to describe is a warning at it; a translation that describes
    /// its source's image in its own words is not one.
    @Test func anImageAltWithoutAnImageIsAWarning() {
        let result = site(
            [
                "content/tour/01-a.md": "---\nimage_alt: A cat\n---\n# A\n\n![A cat](a.png)\n",
                "content/tour/02-b.md": "---\nimage: a.png\nimage_alt: A dog\n---\n# B\n", "content/tour/02-b.ko.md": "---\nimage_alt: 개\n---\n# 나\n",
            ],
            images: ["content/tour/a.png": pngBytes(width: 4, height: 3)])
        let found = messages(result)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("content/tour/01-a.md:2:12: warning: 'image_alt' describes the page's image, and the page has none") == true, "\(found)")
    }

    /// An image left out of a translation is not reported twice for a missing description.
    @Test func aMissingDescriptionIsReportedOnceByTheSource() {
        let result = site(
            ["content/tour/01-a.md": "---\nimage: a.png\n---\n# A\n", "content/tour/01-a.ko.md": "# 가\n"],
            images: ["content/tour/a.png": pngBytes(width: 4, height: 3)])
        let found = messages(result)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("content/tour/01-a.md:2:8: warning: image has no 'image_alt'") == true, "\(found)")
    }
}

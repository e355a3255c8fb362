import Foundation
import OnboardingKit
import SitegenTestSupport
import Testing
@testable import SitegenCore

/// A site in several languages: translations beside their sources, page-by-page fallback along
/// the BCP 47 chain, per-locale images and outputs, and `sitegen translations`.
@Suite struct TranslationTests {
    static let site: [String: String] = [
        "sitegen.yml": "title: Notes\nlocales: [en, ko, zh-Hant, zh-Hant-TW, ar]\n",
        "content/tour/_index.md": "---\ntitle: Tour\nfinish: {label: Start, href: \"https://app.example/\"}\n---\n",
        "content/tour/_index.ko.md": "---\ntitle: 둘러보기\nfinish: {label: 시작}\n---\n",
        "content/tour/01-one.md": "---\nimage: hero.png\nimage_alt: Hero\n---\n# One\n\nSee [two](02-two.md), [terms](../terms.txt) and [help](../help/).\n",
        "content/tour/01-one.ko.md": "---\nimage_alt: 영웅\n---\n# 하나\n\n[둘](02-two.md).\n",
        "content/tour/01-one.zh-Hant.md": "# 一\n",
        "content/tour/02-two.md": "---\naction: {label: Go, href: \"https://app.example/go\"}\n---\n# Two\n",
        "content/tour/02-two.ar.md": "# اثنان\n",
        "content/help/01-help.md": "# Help\n",
        "static/terms.txt": "terms\n",
    ]

    static func fileSystem(_ files: [String: String] = site, images: [String: [UInt8]] = [:]) -> MemoryFileSystem {
        let fileSystem = MemoryFileSystem(files)
        fileSystem.add("content/tour/hero.png", pngBytes(width: 4, height: 3))
        for (path, bytes) in images { fileSystem.add(path, bytes) }
        return fileSystem
    }

    static func manifest(_ fileSystem: MemoryFileSystem) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(try #require(fileSystem.text("output/manifest.json")).utf8))
    }

    @Test func eachLocaleHasItsOwnAddressesAndTheSourceKeepsItsOwn() throws {
        let fileSystem = Self.fileSystem()
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        for prefix in ["", "ko/", "zh-Hant/", "zh-Hant-TW/", "ar/"] {
            #expect(fileSystem.text("output/\(prefix)index.html") != nil, "\(prefix)index.html")
            #expect(fileSystem.text("output/\(prefix)tour/index.html") != nil)
            #expect(fileSystem.text("output/\(prefix)tour/embed.js") != nil)
            #expect(fileSystem.text("output/\(prefix)help/index.html") != nil)
        }
        let english = try #require(fileSystem.text("output/tour/index.html"))
        #expect(english.contains(#"<html lang="en" dir="ltr">"#))
        #expect(english.contains(#"<link rel="alternate" hreflang="zh-Hant-TW" href="../zh-Hant-TW/tour/">"#))
        #expect(english.contains(#"<link rel="alternate" hreflang="x-default" href="../tour/">"#))
        #expect(english.contains(#"data-redirect="true""#))
        let arabic = try #require(fileSystem.text("output/ar/tour/index.html"))
        #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(arabic.contains(#"data-redirect="false""#))
        #expect(arabic.contains(#"<a href="../../ko/tour/" hreflang="ko" lang="ko" dir="ltr">한국어</a>"#))
        #expect(arabic.contains(#"aria-current="page">العربية</a>"#))
    }

    @Test func pagesFallBackPageByPageAlongTheChainAndSayTheirLanguage() throws {
        let fileSystem = Self.fileSystem()
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let tour = try #require(try Self.manifest(fileSystem).flows.first { $0.id == "tour" })
        #expect(tour.locales == ["en", "ko", "zh-Hant", "zh-Hant-TW", "ar"])
        func pages(_ locale: String) -> [String] {
            let flow = tour.translations.first { $0.settings.locale == locale }
            return flow?.pages.map { "\($0.lang)\($0.fallback ? "*" : ""):\($0.source)" } ?? []
        }
        #expect(tour.pages.map { "\($0.lang):\($0.source)" } == ["en:tour/01-one.md", "en:tour/02-two.md"])
        #expect(pages("ko") == ["ko:tour/01-one.ko.md", "en*:tour/02-two.md"])
        #expect(pages("zh-Hant-TW") == ["zh-Hant*:tour/01-one.zh-Hant.md", "en*:tour/02-two.md"], "zh-Hant-TW → zh-Hant → en")
        #expect(pages("ar") == ["en*:tour/01-one.md", "ar:tour/02-two.ar.md"])
        let korean = try #require(tour.translations.first { $0.settings.locale == "ko" })
        #expect(korean.title == "둘러보기" && korean.url == "ko/tour/")
        #expect(korean.settings.finish == LinkAction(label: "시작", href: "https://app.example/"), "the translation sets the label only")
        #expect(korean.pages[1].settings.action?.label == "Go", "a fallback page keeps its source's settings")
        #expect(korean.settings.skip.label == "건너뛰기", "the built-in Korean strings")
        #expect(Set(tour.translations.map(\.contentVersion) + [tour.contentVersion]).count == 5)
        let html = try #require(fileSystem.text("output/ko/tour/index.html"))
        #expect(html.contains(#"<div class="sg-body" lang="en" dir="ltr">"#), "the fallback page says it is English")
        let arabic = try #require(fileSystem.text("output/ar/tour/index.html"))
        #expect(arabic.contains(#"<div class="sg-media" lang="en" dir="ltr"><img src="../../tour/hero.png" alt="Hero""#), "so is its image's text")
        #expect(!html.contains(#"<div class="sg-media" lang="#), "a translated page's image is in its language")
        #expect(html.contains(#"data-content-versions="\#(tour.contentVersion) \#(korean.contentVersion) "#))
    }

    /// A translated `_index.md`'s body is the flow's description in its language, over the
    /// source's `description` setting (which is in the source's language); its own setting wins.
    @Test func aTranslatedIndexBodyIsTheDescriptionInItsLanguage() throws {
        var files = Self.site
        files["content/tour/_index.md"] = "---\ntitle: Tour\ndescription: A hands-on guide.\n---\n"
        files["content/tour/_index.ko.md"] = "---\ntitle: 둘러보기\n---\n실습 안내서.\n"
        files["content/tour/_index.ar.md"] = "---\ntitle: جولة\ndescription: دليل عملي.\n---\nنص آخر.\n"
        let fileSystem = Self.fileSystem(files)
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let tour = try #require(try Self.manifest(fileSystem).flows.first { $0.id == "tour" })
        func description(_ locale: String) -> String? { tour.translations.first { $0.settings.locale == locale }?.description }
        #expect(tour.description == "A hands-on guide.")
        #expect(description("ko") == "실습 안내서.")
        #expect(description("ar") == "دليل عملي.", "its own setting")
        #expect(description("zh-Hant") == "A hands-on guide.", "no translated index: the source's")
        #expect(fileSystem.text("output/ko/index.html")?.contains("실습 안내서.") == true)
    }

    @Test func linksAndImagesReachTheSameFilesFromATranslation() throws {
        let fileSystem = Self.fileSystem(images: ["content/tour/hero.ar.png": pngBytes(width: 6, height: 3)])
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let english = try #require(fileSystem.text("output/tour/index.html"))
        #expect(english.contains(#"<img src="hero.png""#) && english.contains(#"href="../terms.txt""#))
        // A fallback page in a translation, one folder deeper: the static file from the root,
        // the flow's own image, other flows and pages in the same language.
        let arabic = try #require(fileSystem.text("output/ar/tour/index.html"))
        #expect(arabic.contains(#"href="../../terms.txt""#))
        #expect(arabic.contains(#"<img src="../../tour/hero.ar.png""#) && arabic.contains(#"width="6""#), "hero.ar.png replaces hero.png")
        #expect(arabic.contains(#"href="../help/""#))
        let korean = try #require(fileSystem.text("output/ko/tour/index.html"))
        #expect(korean.contains(#"<img src="../../tour/hero.png""#) && korean.contains(#"alt="영웅""#))
        #expect(fileSystem.text("output/tour/hero.ar.png") != nil && fileSystem.text("output/ar/tour/hero.png") == nil)
        let index = try #require(fileSystem.text("output/ko/index.html"))
        #expect(index.contains(#"<a href="tour/">"#) && index.contains("둘러보기"))
        #expect(index.contains(#"<img src="../tour/hero.png""#), "the card's image, from ko/: \(index)")
    }

    @Test(arguments: [
        ("content/tour/03-new.ko.md", "a translation with no source page: content/tour/03-new.md does not exist"),
        ("content/tour/01-one.kr.md", "the file is named as a translation of 01-one.md into 'kr' (did you mean 'ko'?), but the site's locales are en, ko, zh-Hant, zh-Hant-TW, ar"),
        ("content/tour/01-one.en.md", "the file is named for 'en', the site's source locale: its content belongs in 01-one.md"),
        ("content/tour/01-one.pt-BR.md", "the file is named as a translation of 01-one.md into 'pt-BR', but the site's locales are en, ko, zh-Hant, zh-Hant-TW, ar"),
        ("content/tour/_index.ja.md", "the file is named as a translation of _index.md into 'ja', but the site's locales are en, ko, zh-Hant, zh-Hant-TW, ar"),
        // As gettext, Android and iOS write a locale; a country, or a withdrawn code, for a language.
        ("content/tour/01-one.ko_KR.md", "the file is named as a translation of 01-one.md into 'ko_KR' (did you mean 'ko'?), but the site's locales are en, ko, zh-Hant, zh-Hant-TW, ar"),
        ("content/tour/01-one.zh_Hant.md", "the file is named as a translation of 01-one.md into 'zh_Hant' (did you mean 'zh-Hant'?), but the site's locales are"),
        ("content/tour/01-one.pt_BR.md", "the file is named as a translation of 01-one.md into 'pt_BR' (did you mean 'pt-BR'?), but the site's locales are"),
        ("content/tour/01-one.jp.md", "the file is named as a translation of 01-one.md into 'jp' (did you mean 'ja'?), but the site's locales are"),
        ("content/tour/01-one.cn.md", "the file is named as a translation of 01-one.md into 'cn' (did you mean 'zh-Hant'?), but the site's locales are"),
        ("content/tour/01-one.iw.md", "the file is named as a translation of 01-one.md into 'iw' (did you mean 'he'?), but the site's locales are"),
        ("content/tour/01-one.zh_TW.md", "the file is named as a translation of 01-one.md into 'zh_TW' (did you mean 'zh-Hant'?), but the site's locales are"),
        ("content/tour/01-one.de.md", "the file is named as a translation of 01-one.md into 'de', but the site's locales are"),
    ])
    func aBadlyNamedTranslationIsAnError(_ path: String, _ message: String) {
        var files = Self.site
        files[path] = "# X\n"
        let result = runCLI(["check"], on: Self.fileSystem(files))
        #expect(result.status == .contentError)
        #expect(result.err.contains("\(path): error: \(message)"), "\(result.err)")
    }

    @Test func aSiteInOneLanguageSaysHowToAddOne() {
        let result = runCLI(["check"], on: MemoryFileSystem(["content/tour/01-a.md": "# A\n", "content/tour/01-a.ko.md": "# 가\n"]))
        #expect(result.status == .contentError)
        #expect(result.err.contains("the site is in 'en' only: list its languages in sitegen.yml, such as locales: [en, ko]"), "\(result.err)")
        // Dots that are no language are names like any other; `in` is Indonesian only in a site in Indonesian.
        let plain = runCLI(["check"], on: MemoryFileSystem(["content/tour/01-v1.2.md": "# A\n", "content/tour/02-draft.notes.md": "# B\n", "content/tour/03-log.in.md": "# C\n"]))
        #expect(plain.status == .success, "\(plain.err)")
    }

    @Test(arguments: [
        ("locales: en\n", "'locales' must list language tags, the source first, such as [en, ko, ja]"),
        ("locales: []\n", "'locales' must list language tags, the source first, such as [en, ko, ja]"),
        ("locales: [en, ko, KO]\n", "'KO' is listed twice in 'locales'"),
        ("locales: [en, 'not a tag']\n", "'not a tag' in 'locales' is not a language tag such as 'en' or 'pt-BR'"),
        ("locales: [en, null]\n", "'null' in 'locales' is not a language tag such as 'en' or 'pt-BR'"),
        ("locale: fr\nlocales: [en, ko]\n", "'locale' is 'fr' but 'locales' starts with 'en': the first of 'locales' is the source locale; drop 'locale'"),
    ])
    func badLocalesAreErrors(_ config: String, _ message: String) {
        let result = runCLI(["check"], on: MemoryFileSystem(["sitegen.yml": config, "content/tour/01-a.md": "# A\n"]))
        #expect(result.status == .contentError)
        #expect(result.err.contains("error: \(message)"), "\(result.err)")
    }

    @Test func aFlowOfATranslatedSiteDoesNotSetItsOwnLocale() {
        var files = Self.site
        files["content/tour/_index.md"] = "---\nlocale: ko\n---\n"
        let result = runCLI(["check"], on: Self.fileSystem(files))
        #expect(result.status == .contentError)
        #expect(result.err.contains("content/tour/_index.md:2:9: error: a site in several languages"), "\(result.err)")
    }

    @Test func aLocaleWithoutStringsIsAWarningNotSilentEnglish() {
        let result = runCLI(["check"], on: MemoryFileSystem(["sitegen.yml": "locales: [en, tlh]\n", "content/tour/01-a.md": "# A\n"]))
        #expect(result.err.contains("sitegen.yml:1:15: warning: sitegen has no interface strings for 'tlh'"), "\(result.err)")
        let single = runCLI(["check"], on: MemoryFileSystem(["sitegen.yml": "title: T\nlocale: tlh\n", "content/tour/01-a.md": "# A\n"]))
        #expect(single.err.contains("sitegen.yml:2:9: warning: sitegen has no interface strings for 'tlh'"), "\(single.err)")
        let covered = runCLI(["check"], on: MemoryFileSystem(["sitegen.yml": "locales: [en, tlh]\nstrings:\n  tlh: {next: ghoS}\n", "content/tour/01-a.md": "# A\n"]))
        #expect(!covered.err.contains("no interface strings"), "\(covered.err)")
        let flow = runCLI(["check"], on: MemoryFileSystem(["content/tour/_index.md": "---\nlocale: yo\n---\n", "content/tour/01-a.md": "# A\n"]))
        #expect(flow.err.contains("content/tour/_index.md:2:9: warning: sitegen has no interface strings for 'yo'"), "\(flow.err)")
    }

    @Test(arguments: ["ar", "de", "es", "fa", "fr", "he", "hi", "id", "it", "ja", "ko", "nl", "pl", "pt", "pt-BR", "ru", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant", "ur"])
    func everyRequiredLocaleHasEveryStringBuiltIn(_ locale: String) throws {
        let strings = Theme.default.compile().0.strings
        let own = try #require(strings.locales[locale], "\(locale) is built in")
        #expect(Set(own.keys) == Set(strings.keys))
        let english = strings.strings(for: "en")
        // Some words are the same in English (French "Note", Dutch "Flows"), but not most.
        let translated = strings.keys.filter { own[$0] != english[$0] }
        #expect(translated.count >= strings.keys.count * 3 / 4, "\(locale): only \(translated.count) of \(strings.keys.count) differ from English")
        for key in strings.keys {
            let placeholders = { (text: String) in Set(text.matches(of: /\{[a-z]+\}/).map { String($0.output) }) }
            #expect(placeholders(own[key] ?? "") == placeholders(english[key] ?? ""), "\(locale).\(key) keeps its placeholders")
        }
        #expect(strings.strings(for: "zh-TW")["next"] == strings.locales["zh-Hant"]?["next"], "Taiwan reads the traditional strings")
    }

    // MARK: sitegen translations

    static func stamped(_ source: String, _ translation: String) -> String {
        "---\nsource: \(SourceStamp(of: Array(source.utf8)).hex)\n---\n" + translation
    }

    /// A page's `title` is text in the source's language: a translation that does not set its own
    /// is titled by its first heading, and by the source's title only when it has no heading.
    @Test func aTranslationIsTitledInItsOwnLanguage() throws {
        var files = Self.site
        files["content/tour/02-two.md"] = "---\ntitle: Record\n---\n# Record with one tap\n"
        files["content/tour/02-two.ko.md"] = "# 한 번에 녹음\n"
        files["content/tour/02-two.ar.md"] = "---\ntitle: تسجيل\n---\n# سجّل بنقرة واحدة\n"
        files["content/tour/02-two.zh-Hant.md"] = "只有文字。\n"
        let fileSystem = Self.fileSystem(files)
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let tour = try #require(try Self.manifest(fileSystem).flows.first { $0.id == "tour" })
        func title(_ locale: String) -> String? { tour.translations.first { $0.settings.locale == locale }?.pages[1].title }
        #expect(tour.pages[1].title == "Record")
        #expect(title("ko") == "한 번에 녹음", "its own heading, not the source's title")
        #expect(title("ar") == "تسجيل", "its own title")
        #expect(title("zh-Hant") == "Record", "no heading: the source's title")
        #expect(fileSystem.text("output/ko/tour/index.html")?.contains("aria-label=\"2페이지: 한 번에 녹음\"") == true)
    }

    /// A translation with neither a title nor a heading takes its source's title, made from the
    /// source's heading when the source sets none, never its id made into words.
    @Test func aTranslationWithoutWordsOfItsOwnForATitleTakesTheSourcesHeading() throws {
        var files = Self.site
        files["content/tour/01-one.md"] = "---\nimage: hero.png\nimage_alt: Hero\n---\n# The first step\n"
        files["content/tour/01-one.ar.md"] = "نص فقط.\n"
        let fileSystem = Self.fileSystem(files)
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let tour = try #require(try Self.manifest(fileSystem).flows.first { $0.id == "tour" })
        #expect(tour.translations.first { $0.settings.locale == "ar" }?.pages[0].title == "The first step")
    }

    /// Words a translation shows unchanged from its source (a flow with no `_index.<locale>.md`, a
    /// page whose front matter sets no `image_alt` or action) say they are in the source's
    /// language, as a fallback page does, so that they are read in it; a translation's own words,
    /// and labels the theme words in the locale, do not.
    @Test func wordsTakenFromTheSourceSayTheirLanguage() throws {
        var files = Self.site
        files["content/tour/_index.md"] = "---\ntitle: Tour\nskip: {label: Skip the tour}\nfinish: {label: Start, href: \"https://app.example/\"}\n---\n"
        let fileSystem = Self.fileSystem(files)
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        let arabic = try #require(fileSystem.text("output/ar/tour/index.html"))
        #expect(arabic.contains("<h1 class=\"sg-visually-hidden\" lang=\"en\" dir=\"ltr\">Tour</h1>"), "\(arabic)")
        #expect(arabic.contains("<a class=\"sg-skip-link\" href=\"#two\" lang=\"en\" dir=\"ltr\">Skip the tour</a>"))
        #expect(arabic.contains("<a class=\"sg-bar-skip\" href=\"#two\" lang=\"en\" dir=\"ltr\">Skip the tour</a>"))
        #expect(arabic.contains("<a class=\"sg-finish sg-button\" href=\"https://app.example/\" lang=\"en\" dir=\"ltr\">Start</a>"))
        // 02-two.ar.md sets no action: the source's, in English.
        #expect(arabic.contains("<p class=\"sg-action\" lang=\"en\" dir=\"ltr\"><a class=\"sg-button\" href=\"https://app.example/go\">Go</a></p>"))
        // The zh-Hant page sets no image_alt: the source's, on the image.
        let chinese = try #require(fileSystem.text("output/zh-Hant/tour/index.html"))
        #expect(chinese.contains("<div class=\"sg-media\" lang=\"en\" dir=\"ltr\"><img src=\"../../tour/hero.png\""), "\(chinese)")
        // Korean has its own _index and image_alt; a fallback page is marked once, as a whole.
        let korean = try #require(fileSystem.text("output/ko/tour/index.html"))
        #expect(korean.contains("<h1 class=\"sg-visually-hidden\">둘러보기</h1>"))
        #expect(korean.contains("<div class=\"sg-media\"><img"))
        #expect(korean.contains(">시작</a>") && !korean.contains("lang=\"en\" dir=\"ltr\">시작"))
        #expect(!korean.contains("lang=\"en\" dir=\"ltr\" lang="))
        #expect(korean.contains("<p class=\"sg-action\" lang=\"en\" dir=\"ltr\"><a"), "the fallback page's action, once")
        // A label the site's strings give in the locale is the locale's, whatever the source says.
        var worded = files
        worded["sitegen.yml"] = "title: Notes\nlocales: [en, ko, zh-Hant, zh-Hant-TW, ar]\nstrings:\n  ar: {finish: Start}\n"
        let wordedSite = Self.fileSystem(worded)
        #expect(runCLI(["build"], on: wordedSite).status == .success)
        #expect(try #require(wordedSite.text("output/ar/tour/index.html")).contains("<a class=\"sg-finish sg-button\" href=\"https://app.example/\">Start</a>"))
        // The source says nothing of its own language beyond the document's.
        let english = try #require(fileSystem.text("output/tour/index.html"))
        #expect(english.contains("<h1 class=\"sg-visually-hidden\">Tour</h1>") && english.contains("<a class=\"sg-skip-link\" href=\"#two\">Skip the tour</a>"))
        #expect(english.contains("<p class=\"sg-action\"><a") && english.contains("<div class=\"sg-media\"><img"), "\(english)")
    }

    /// What a body gains (a footnote's link back, an alert's title) is in the language the body
    /// is in: a fallback page's English body, marked `lang="en"`, does not speak Korean inside.
    @Test func aFallbackPagesOwnWordsAreInItsLanguage() throws {
        var files = Self.site
        files["content/tour/02-two.md"] = "# Two\n\nA claim.[^1]\n\n> [!NOTE]\n> Noted.\n\n[^1]: A source.\n"
        let fileSystem = Self.fileSystem(files)
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let korean = try #require(fileSystem.text("output/ko/tour/index.html"))
        #expect(korean.contains("aria-label=\"Back to content\">↩</a>"))
        #expect(korean.contains("<p class=\"sg-alert-title\">Note</p>"))
        #expect(!korean.contains("본문으로 돌아가기"))
    }

    @Test func theStatusSaysWhatIsTranslatedMissingOutdatedAndNotStamped() {
        var files = Self.site
        files["content/tour/01-one.ko.md"] = Self.stamped(files["content/tour/01-one.md"] ?? "", "# 하나\n")
        files["content/tour/02-two.ar.md"] = Self.stamped("an older source\n", "# اثنان\n")
        let result = runCLI(["translations"], on: Self.fileSystem(files))
        #expect(result.status == .contentError)
        #expect(result.out.contains("tour\n  ko: 1 of 3 translated\n    not stamped  _index.md (content/tour/_index.ko.md has no 'source:'; stamp it after review)\n    missing      02-two.md\n"), "\(result.out)")
        #expect(result.out.contains("  zh-Hant: 0 of 3 translated\n    missing      _index.md\n    not stamped  01-one.md (content/tour/01-one.zh-Hant.md has no 'source:'; stamp it after review)\n    missing      02-two.md\n"))
        #expect(result.out.contains("    not stamped  01-one.md (content/tour/01-one.zh-Hant.md has no 'source:'; stamp it after review)\n    missing      02-two.md\n  ar:"), "zh-Hant-TW reads zh-Hant")
        #expect(result.out.contains("    out of date  02-two.md (content/tour/02-two.ar.md was made from source "))
        #expect(result.out.contains("help\n  ko: 0 of 1 translated\n    missing      01-help.md\n"), "a flow whose _index has no words has none to translate")
        #expect(result.out.hasSuffix("11 missing, 1 out of date, 3 not stamped\n"), "\(result.out)")
    }

    @Test func aDraftOrABadlyStampedTranslationIsNotCountedCurrent() {
        let files: [String: String] = [
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# A\n",
            "content/tour/01-a.ko.md": "---\ndraft: true\nsource: \(SourceStamp(of: Array("# A\n".utf8)).hex)\n---\n# 가\n",
            "content/tour/02-b.md": "# B\n",
            "content/tour/02-b.ko.md": "---\nsource: \"0123\\nmissing 99-fake.md\"\n---\n# 나\n",
        ]
        let result = runCLI(["translations"], on: MemoryFileSystem(files))
        #expect(result.status == .contentError)
        #expect(result.out == "tour\n  ko: 0 of 2 translated\n    missing      01-a.md\n    bad stamp    02-b.md (content/tour/02-b.ko.md has a 'source:' that is not a stamp; stamp it again)\n1 missing, 0 out of date, 0 not stamped, 1 with a bad stamp\n", "\(result.out)")
        let build = runCLI(["check"], on: MemoryFileSystem(files))
        #expect(build.status == .contentError && build.err.contains("02-b.ko.md:2:9: error: 'source' must be the first 12 hex digits"), "\(build.err)")
    }

    /// A draft is not published, so no translation of it is missing; pages are listed in their
    /// flow's order, which `order:` may set.
    @Test func theStatusListsPublishedPagesInTheirFlowsOrder() {
        let files: [String: String] = [
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "---\norder: 3\n---\n# A\n",
            "content/tour/02-b.md": "# B\n",
            "content/tour/03-draft.md": "---\ndraft: true\n---\n# Not yet\n",
            "content/tour/10-c.md": "# C\n",
        ]
        let result = runCLI(["translations"], on: MemoryFileSystem(files))
        #expect(result.status == .contentError)
        #expect(result.out == "tour\n  ko: 0 of 3 translated\n    missing      02-b.md\n    missing      01-a.md\n    missing      10-c.md\n3 missing, 0 out of date, 0 not stamped\n", "\(result.out)")
    }

    @Test func aFileNameCannotForgeALineOfTheReport() {
        let result = runCLI(["translations"], on: MemoryFileSystem([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/03-a\n    translated   FAKE.md": "# A\n",
            "content/tour/04-b\u{1B}[31m\u{2028}.md": "# B\n",
        ]))
        #expect(!result.out.contains("\n    translated   FAKE.md"), "\(result.out)")
        #expect(result.out.contains("    missing      03-a\\x0A    translated   FAKE.md\n"), "\(result.out)")
        #expect(!result.out.contains("\u{1B}") && !result.out.contains("\u{2028}") && result.out.contains("\\x1B[31m\\u{2028}"))
    }

    @Test func aCompleteSiteExitsZeroAndStampingMakesATranslationCurrent() throws {
        let files: [String: String] = [
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# A\n",
            "content/tour/01-a.ko.md": "# 가\n",
            "content/tour/02-b.md": "---\ntitle: B\n---\n# B\n",
            "content/tour/02-b.ko.md": "---\ntitle: 나\nsource: 0123456789ab\n---\n# 나\n",
        ]
        let fileSystem = MemoryFileSystem(files)
        let before = runCLI(["translations"], on: fileSystem)
        #expect(before.status == .contentError && before.out.contains("0 missing, 1 out of date, 1 not stamped"), "\(before.out)")
        let stamp = runCLI(["translations", "--stamp", "content/tour/01-a.ko.md", "content/tour/02-b.ko.md"], on: fileSystem)
        #expect(stamp.status == .success && stamp.out == "Stamped 2 translations\n", "\(stamp.err)")
        #expect(fileSystem.text("content/tour/01-a.ko.md") == Self.stamped("# A\n", "# 가\n"))
        #expect(fileSystem.text("content/tour/02-b.ko.md") == "---\ntitle: 나\nsource: \(SourceStamp(of: Array(files["content/tour/02-b.md"]!.utf8)).hex)\n---\n# 나\n")
        let after = runCLI(["translations"], on: fileSystem)
        #expect(after.status == .success && after.out == "tour\n  ko: 2 of 2 translated\n0 missing, 0 out of date, 0 not stamped\n", "\(after.out)")
        // The source changes: its translation is out of date, until stamped again.
        try fileSystem.writeFile("content/tour/01-a.md", Array("# A, changed\n".utf8))
        #expect(runCLI(["translations"], on: fileSystem).out.contains("out of date  01-a.md"))
        #expect(runCLI(["build"], on: fileSystem).status == .success, "an out-of-date translation still builds")
    }

    /// The build reads text in stream-safe form; stamping writes the translator's own bytes back,
    /// the `source:` line aside.
    @Test func stampingKeepsEveryOtherByteOfTheFile() throws {
        let marks = String(repeating: "\u{301}", count: 35)
        let translation = "---\ntitle: x\n---\n# B\(marks)\n\nテキスト\n"
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "locales: [en, ja]\n", "content/tour/01-a.md": "# A\n", "content/tour/01-a.ja.md": translation,
        ])
        let result = runCLI(["translations", "--stamp", "content/tour/01-a.ja.md"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        let stamped = try #require(fileSystem.text("content/tour/01-a.ja.md"))
        #expect(stamped.utf8.elementsEqual(("---\nsource: \(SourceStamp(of: Array("# A\n".utf8)).hex)\ntitle: x\n---\n# B\(marks)\n\nテキスト\n").utf8))
    }

    /// A translation that records `source:` twice has no one stamp: the build says where, the
    /// report counts it as badly stamped, and stamping refuses it rather than leave the other.
    @Test func aTranslationStampedTwiceIsAnError() {
        let stamp = SourceStamp(of: Array("# A\n".utf8)).hex
        let files: [String: String] = [
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# A\n",
            "content/tour/01-a.ko.md": "---\nsource: \(stamp)\ntitle: 가\nsource: 222222222222\n---\n# 가\n",
            "content/tour/_index.md": "---\ntitle: Tour\n---\n",
            "content/tour/_index.ko.md": "---\nsource: 111111111111\nsource: 222222222222\n---\n",
        ]
        let fileSystem = MemoryFileSystem(files)
        let check = runCLI(["check"], on: fileSystem)
        #expect(check.status == .contentError)
        #expect(check.err.contains("content/tour/01-a.ko.md:4:1: error: duplicate key 'source' in the translation's front matter (first set on line 2)"), "\(check.err)")
        #expect(check.err.contains("content/tour/_index.ko.md:3:1: error: duplicate key 'source' in the translation's front matter (first set on line 2)"), "\(check.err)")
        let report = runCLI(["translations"], on: fileSystem)
        #expect(report.status == .contentError && report.out.contains("    bad stamp    01-a.md (content/tour/01-a.ko.md sets 'source:' twice; remove one, then stamp it again)"), "\(report.out)")
        let stamping = runCLI(["translations", "--stamp", "content/tour/01-a.ko.md"], on: fileSystem)
        #expect(stamping.status == .contentError)
        #expect(stamping.err.contains("cannot stamp the translation: it sets 'source' twice, on lines 2 and 4; remove one"), "\(stamping.err)")
        #expect(fileSystem.text("content/tour/01-a.ko.md") == files["content/tour/01-a.ko.md"], "nothing is written")
    }

    /// A translated `_index.md` whose flow has none was never looked at by the report, so a stamp
    /// the build refuses passed it: it is a bad stamp there too.
    @Test func aTranslatedIndexWithoutASourceIsReportedWhenBadlyStamped() {
        let files: [String: String] = [
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# A\n",
            "content/tour/01-a.ko.md": "---\nsource: \(SourceStamp(of: Array("# A\n".utf8)).hex)\n---\n# 가\n",
            "content/tour/_index.ko.md": "---\ntitle: 투어\nsource: 1\n---\n",
        ]
        let fileSystem = MemoryFileSystem(files)
        #expect(runCLI(["check"], on: fileSystem).err.contains("content/tour/_index.ko.md:3:9: error: 'source' must be"))
        let report = runCLI(["translations"], on: fileSystem)
        #expect(report.status == .contentError)
        #expect(report.out.contains("    bad stamp    _index.md (content/tour/_index.ko.md has a 'source:' that is not a stamp; stamp it again)"), "\(report.out)")
        fileSystem.add("content/tour/_index.ko.md", Array("---\ntitle: 투어\n---\n".utf8))
        let unstamped = runCLI(["translations"], on: fileSystem)
        #expect(unstamped.status == .success && !unstamped.out.contains("_index.md"), "nothing to be current with: \(unstamped.out)")
        let stamping = runCLI(["translations", "--stamp", "content/tour/_index.ko.md"], on: fileSystem)
        #expect(stamping.status == .contentError)
        #expect(stamping.err.contains("content/tour/_index.ko.md: error: cannot stamp the translation: its source, _index.md, is not beside it"), "\(stamping.err)")
    }

    @Test func stampingRefusesWhatIsNotATranslation() {
        let fileSystem = MemoryFileSystem(["sitegen.yml": "locales: [en, ko]\n", "content/tour/01-a.md": "# A\n", "notes/x.ko.md": "x"])
        let result = runCLI(["translations", "--stamp", "content/tour/01-a.md", "notes/x.ko.md", "content/tour/missing.ko.md"], on: fileSystem)
        #expect(result.status == .contentError)
        #expect(result.err.contains("content/tour/01-a.md: error: not a translation"), "\(result.err)")
        #expect(result.err.contains("notes/x.ko.md: error: not a page of the site's content/ folder"))
        #expect(fileSystem.text("content/tour/01-a.md") == "# A\n", "nothing else is touched")
        #expect(runCLI(["translations", "--stamp"], on: fileSystem).status == .usageError)
        #expect(runCLI(["translations", "content/tour/01-a.md"], on: fileSystem).status == .usageError)
    }

    @Test func checkStrictFailsOnMissingTranslationsWhenTheSiteAsks() {
        var files = Self.site
        files["sitegen.yml"] = "locales: [en, ko]\nrequire_translations: true\n"
        files = files.filter { !$0.key.contains(".zh-") && !$0.key.contains(".ar.") }
        let strict = runCLI(["check", "--strict"], on: Self.fileSystem(files))
        #expect(strict.status == .contentError)
        #expect(strict.err.contains("content/tour/02-two.md: warning: no translation into 'ko'"), "\(strict.err)")
        files["sitegen.yml"] = "locales: [en, ko]\n"
        #expect(runCLI(["check", "--strict"], on: Self.fileSystem(files)).status == .success)
    }

    @Test func sha256MatchesTheStandardsExamples() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sha256AgreesWithSha256sum() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SystemRandomNumberGenerator()
        // Lengths around the block and padding boundaries, and a multi-byte text.
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 4097] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try directory.write("f", Data(bytes))
            let (status, printed) = try runBinary(["/usr/bin/sha256sum", directory.path + "/f"], executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(status == 0)
            #expect(String(printed.prefix(64)) == SHA256.hex(bytes), "length \(length)")
        }
    }
}

/// What a site in several languages may not do: outputs that would collide, settings that make
/// a flow one flow in every language set in a translation, two translations of one page.
@Suite struct TranslationCollisionTests {
    static func check(_ files: [String: String]) -> (status: SitegenCore.ExitStatus, out: String, err: String) {
        runCLI(["check"], on: MemoryFileSystem(["content/tour/01-a.md": "# A\n"].merging(files) { _, new in new }))
    }

    @Test(arguments: [
        (["sitegen.yml": "locales: [en, ko]\n", "content/ko/01-a.md": "# A\n"],
            "content/ko: error: flow folder 'ko' has the name of the site's locale 'ko', whose pages are published in ko/: rename the folder"),
        (["sitegen.yml": "locales: [en, tour]\n"], "content/tour: error: flow folder 'tour' has the name of the site's locale 'tour'"),
        (["sitegen.yml": "locales: [en, assets]\n"], "sitegen.yml:1:15: error: 'assets' in 'locales' would put its pages over the output's own 'assets'"),
        (["sitegen.yml": "locales: [en, ko]\n", "static/ko/tour/index.html": "x"],
            "static/ko/tour/index.html: error: this static file would be published as ko/tour/index.html, where the build writes the site's pages in 'ko'"),
        (["sitegen.yml": "locales: [en, KO]\n", "static/ko/x.txt": "x"], "where the build writes the site's pages in 'ko'"),
        (["sitegen.yml": "locales: [en, \(String(repeating: "abcdefgh-", count: 5))x]\n"], "characters long; a language tag is at most 35"),
        (["sitegen.yml": "locales: [en, ko]\n", "content/tour/01-a.ko.md": "# 가\n", "content/tour/01-a.KO.md": "# 가\n"],
            "error: a second translation of 01-a.md into 'ko', besides 01-a.KO.md: keep one"),
        (["sitegen.yml": "locales: [en, ko]\n", "content/tour/_index.ko.md": "---\nshow_once: true\nstorage_key: mine\n---\n"],
            "content/tour/_index.ko.md:2:1: error: 'show_once' is the same in every language of the flow: set it in _index.md"),
        (["sitegen.yml": "locales: [en, ko]\n", "content/tour/_index.ko.md": "---\nfinish: {label: 시작, href: https://elsewhere.example/}\n---\n"],
            "content/tour/_index.ko.md:2:27: error: 'finish.href' is the same in every language: set it in _index.md, and translate only the label here"),
        (["sitegen.yml": "locales: [en, ko]\n", "content/tour/_index.ko.md": "---\nskip: false\n---\n"],
            "content/tour/_index.ko.md:2:7: error: whether the flow has Skip is the same in every language"),
        (["sitegen.yml": "locales: [en, ko]\n", "content/tour/_index.ko.md": "---\nsource: zzz\n---\n"],
            "content/tour/_index.ko.md:2:9: error: 'source' must be the first 12 hex digits"),
        (["sitegen.yml": "locales: [en, ko]\n", "content/tour/01-a.ko.md": "---\nid: other\n---\n# 가\n"],
            "content/tour/01-a.ko.md:2:5: error: 'id' comes from the source page, the same in every language: set it there"),
    ])
    func isAnError(_ files: [String: String], _ message: String) {
        let result = Self.check(files)
        #expect(result.status == .contentError)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test(arguments: [("KO", "ko"), ("zh-hant-tw", "zh-Hant-TW"), ("PT-br", "pt-BR"), ("sr-latn", "sr-Latn"), ("de-DE-u-co-phonebk", "de-DE-u-co-phonebk"), ("en-x-ab", "en-x-ab")])
    func localesAreWrittenAsBCP47WritesThem(_ written: String, _ canonical: String) {
        #expect(SiteSettings.canonical(written) == canonical)
    }

    @Test func aLocaleListedInCapitalsIsPublishedInLowerCase() {
        let fileSystem = MemoryFileSystem(["sitegen.yml": "locales: [en, KO]\n", "content/tour/01-a.md": "# A\n", "content/tour/01-a.KO.md": "# 가\n"])
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        #expect(fileSystem.text("output/ko/tour/index.html")?.contains(#"<html lang="ko""#) == true)
        #expect(fileSystem.text("output/KO/tour/index.html") == nil)
    }

    @Test func aPageNamedWithAWordThatIsALanguageCodeIsAPage() {
        // `to` is Tonga's code, but no `how.md` is beside `how.to.md`.
        let result = Self.check(["sitegen.yml": "locales: [en, ko]\n", "content/tour/02-how.to.md": "# How to\n", "content/tour/03-sign.in.md": "# Sign in\n"])
        #expect(result.status == .success, "\(result.err)")
        #expect(result.out.contains("3 pages"), "\(result.out)")
        #expect(!result.err.contains("warning"), "\(result.err)")
    }

    /// A translation's errors are reported in the same build as its source's, not once those are
    /// fixed (helper-36): the translations are assembled even where the source has errors.
    @Test func aTranslationsErrorsAreReportedBesideItsSourcesErrors() {
        let result = Self.check([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/_index.md": "---\nfinish: {href: nowhere.md}\n---\n",
            "content/tour/01-a.md": "# A\n\n[x](nope.md)\n",
            "content/tour/01-a.ko.md": "# 가\n\n[x](nope2.md)\n",
        ])
        #expect(result.status == .contentError)
        for expected in [
            "content/tour/01-a.md:3:1: error: link 'nope.md'", "content/tour/01-a.ko.md:3:1: error: link 'nope2.md'",
            "content/tour/_index.md:2:16: error: 'finish': link 'nowhere.md'",
        ] {
            #expect(result.err.contains(expected), "\(expected) in \(result.err)")
        }
        let fixed = Self.check([
            "sitegen.yml": "locales: [en, ko]\n", "content/tour/01-a.md": "# A\n", "content/tour/01-a.ko.md": "# 가\n",
        ])
        #expect(fixed.status == .success, "\(fixed.err)")
    }

    /// A file named for a locale the site does not list, with no source page beside it, is a page
    /// of its own, but one named as sites name locales (`ko_KR`), or for a language whose code is
    /// no English word (`fr`, `kr`), was most likely meant as a translation: a warning says so
    /// (helper-35).
    @Test func aPageNamedForAnUnlistedLocaleWithNoSourceIsWarnedAbout() {
        let result = Self.check([
            "sitegen.yml": "locales: [en, ko, ar]\n", "content/tour/01-a.md": "# A\n", "content/tour/03-x.kr.md": "# x\n",
            "content/tour/05-z.fr.md": "# z\n", "content/tour/06-y.pt_BR.md": "# y\n",
        ])
        #expect(result.status == .success, "\(result.err)")
        for (file, hint) in [("03-x.kr.md", " (did you mean 'ko'?)"), ("05-z.fr.md", ""), ("06-y.pt_BR.md", " (did you mean 'pt-BR'?)")] {
            let locale = file.split(separator: ".")[1]
            let source = file.replacingOccurrences(of: ".\(locale)", with: "")
            #expect(result.err.contains(
                "content/tour/\(file): warning: the file is named as a translation of \(source) into '\(locale)'\(hint), but the site's locales are en, ko, ar; "
                    + "with no \(source) beside it, it is a page of its own"), "\(result.err)")
        }
        // In a site in one language too; a word is a word.
        let single = Self.check(["content/tour/05-z.fr.md": "# z\n", "content/tour/06-how.to.md": "# How to\n"])
        #expect(single.err.contains("content/tour/05-z.fr.md: warning: the file is named as a translation of 05-z.md into 'fr'"), "\(single.err)")
        #expect(!single.err.contains("how.to"), "\(single.err)")
    }

    @Test func sharedSettingsStayTheSourcesInEveryLanguage() throws {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "locales: [en, ar]\n",
            "content/tour/_index.md": "---\nshow_once: true\ntransition: fade\nfinish: {label: Start, href: ../help/}\n---\n",
            "content/tour/_index.ar.md": "---\ntitle: جولة\nfinish: {label: ابدأ}\ndir: ltr\n---\n",
            "content/tour/01-a.md": "# A\n",
            "content/help/01-a.md": "# A\n",
        ])
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        let manifest = try TranslationTests.manifest(fileSystem)
        let tour = try #require(manifest.flows.first { $0.id == "tour" })
        let arabic = try #require(tour.translations.first)
        #expect(arabic.settings.showOnce && arabic.settings.transition == .fade && arabic.settings.storageKey == tour.settings.storageKey)
        #expect(arabic.settings.finish == LinkAction(label: "ابدأ", href: "../help/"))
        #expect(arabic.settings.direction == .ltr, "a translation may set its own direction")
    }

    @Test func withABaseURLEveryTranslationsAddressesAreAbsolute() throws {
        let fileSystem = TranslationTests.fileSystem()
        #expect(runCLI(["build", "--base-url", "https://example.com/onboarding/"], on: fileSystem).status == .success)
        let tour = try #require(try TranslationTests.manifest(fileSystem).flows.first { $0.id == "tour" })
        #expect(tour.url == "https://example.com/onboarding/tour/")
        #expect(tour.pages[0].image?.src == "https://example.com/onboarding/tour/hero.png")
        let korean = try #require(tour.translations.first { $0.settings.locale == "ko" })
        #expect(korean.url == "https://example.com/onboarding/ko/tour/")
        #expect(korean.pages[0].image?.src == "https://example.com/onboarding/tour/hero.png")
    }

    @Test func aTranslatedHeadingThatLosesItsAnchorIsAWarningNamingTheTranslation() {
        let result = Self.check([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# A\n\n## Install Node\n",
            "content/tour/01-a.ko.md": "# 가\n\n## Node 설치\n",
            "content/tour/02-b.md": "# B\n\nSee [install](01-a.md#install-node).\n",
        ])
        #expect(result.status == .success, "\(result.err)")
        #expect(result.err.contains("content/tour/02-b.md:3:5: warning: in 'ko', link '01-a.md#install-node' finds no heading 'install-node' on the translation of 01-a.md"), "\(result.err)")
        #expect(result.err.contains("so it opens that page at its top"))
        // The source's own broken anchor stays an error.
        let broken = Self.check(["content/tour/02-b.md": "# B\n\nSee [install](01-a.md#nowhere).\n"])
        #expect(broken.status == .contentError)
    }

    /// A translation's link to a heading that neither the page nor its translation has was
    /// only a warning: the leniency is for headings the translation renamed.
    @Test func aTranslationsLinkToAHeadingNoVersionHasIsAnError() {
        let result = Self.check([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/01-a.md": "# A\n\n[x](02-b.md#install)\n",
            "content/tour/02-b.md": "# B\n\n## Install\n",
            "content/tour/01-a.ko.md": "# 가\n\n[x](02-b.md#nowhere)\n",
        ])
        #expect(result.status == .contentError, "\(result.err)")
        #expect(result.err.contains("content/tour/01-a.ko.md:3:1: error: in 'ko', link '02-b.md#nowhere' finds no heading 'nowhere' on 02-b.md nor on its translation"), "\(result.err)")
    }

    @Test func aTranslationsEmbedKnowsItsOwnFolder() throws {
        let fileSystem = TranslationTests.fileSystem()
        #expect(runCLI(["build"], on: fileSystem).status == .success)
        #expect(try #require(fileSystem.text("output/ko/tour/embed.js")).contains(#""folder":"ko/tour/""#))
        #expect(try #require(fileSystem.text("output/tour/embed.js")).contains(#""folder":"tour/""#))
    }
}

/// `sitegen translations --stamp` on the files translators really have.
@Suite struct StampTests {
    static let stamp = SourceStamp(hex: "0123456789ab")

    @Test(arguments: [
        ("# 가\n", "---\nsource: 0123456789ab\n---\n# 가\n"),
        ("---\ntitle: 가\n---\n# 가\n", "---\nsource: 0123456789ab\ntitle: 가\n---\n# 가\n"),
        ("---\r\ntitle: 둘\r\n---\r\n# Two\r\n", "---\r\nsource: 0123456789ab\r\ntitle: 둘\r\n---\r\n# Two\r\n"),
        ("---\rtitle: 둘\r---\r# Two\r", "---\rsource: 0123456789ab\rtitle: 둘\r---\r# Two\r"),
        ("\u{FEFF}---\ntitle: 가\n---\n", "\u{FEFF}---\nsource: 0123456789ab\ntitle: 가\n---\n"),
        ("---\ntitle: 가\nsource: ffffffffffff\n---\n", "---\ntitle: 가\nsource: 0123456789ab\n---\n"),
        ("---\n---\n# 가\n", "---\nsource: 0123456789ab\n---\n# 가\n"),
    ])
    func stampsInPlaceKeepingLineBreaksAndTheByteOrderMark(_ text: String, _ stamped: String) throws {
        let result = try TranslationStatus.stamped(Array(text.utf8), with: Self.stamp, path: "x.ko.md").get()
        #expect(String(decoding: result, as: UTF8.self) == stamped)
    }

    @Test(arguments: [
        "---\n", "---\ntitle: [unclosed\n---\n", "---\nsource: |\n  0123\n---\n",
        "---\n{title: 가, source: 000000000000}\n---\n# 가\n", "---\n{title: 가,\n source: 000000000000}\n---\n",
    ])
    func refusesWhatItCannotStampSafely(_ text: String) {
        if case .success = TranslationStatus.stamped(Array(text.utf8), with: Self.stamp, path: "x.ko.md") {
            Issue.record("stamped \(text.debugDescription)")
        }
    }

    @Test func stampsEachFileOnceAndSaysWhatIsMissing() {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/_index.md": "---\ntitle: Tour\n---\n", "content/tour/_index.ko.md": "---\ntitle: 투어\n---\n",
            "content/tour/01-a.md": "# A\n", "content/tour/01-a.ko.md": "# 가\n",
        ])
        let result = runCLI(
            ["translations", "--stamp", "content/tour/01-a.ko.md", "content/tour/01-a.ko.md", "content/tour/_index.ko.md", "content/tour/02-b.ko.md"],
            on: fileSystem)
        #expect(result.out == "Stamped 2 translations\n")
        #expect(result.err.contains("content/tour/02-b.ko.md: error: cannot stamp the translation: it does not exist"), "\(result.err)")
        #expect(runCLI(["build"], on: fileSystem).status == .success, "a stamped _index still builds")
        #expect(runCLI(["translations"], on: fileSystem).out.hasSuffix("0 missing, 0 out of date, 0 not stamped\n"))
    }
}

/// The shared locale vectors (`Tests/Vectors/locale-resolution.json`) run through the build: a
/// page missing in a locale comes from the first locale along the vector's chain that has it.
@Suite struct BuildLocaleVectorTests {
    struct Vector: Decodable, CustomTestStringConvertible {
        var name: String
        var available: [String]
        var locale: String
        var chain: [String]
        var testDescription: String { name }
    }

    static func vectors() throws -> [Vector] {
        struct File: Decodable { var cases: [Vector] }
        let url = Repository.root.appendingPathComponent("Tests/Vectors/locale-resolution.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases.filter { $0.locale != $0.available[0] }
    }

    @Test(arguments: try vectors())
    func aMissingPageFallsBackAlongTheVectorsChain(_ vector: Vector) throws {
        var files = [
            "sitegen.yml": "locales: [\(vector.available.joined(separator: ", "))]\n",
            "content/tour/01-a.md": "# Source\n",
        ]
        // Every locale of the chain between the locale itself and the source has the page.
        let fallbacks = vector.chain.dropFirst().dropLast()
        for locale in fallbacks { files["content/tour/01-a.\(locale).md"] = "# \(locale)\n" }
        let fileSystem = MemoryFileSystem(files)
        let result = runCLI(["build"], on: fileSystem)
        #expect(result.status == .success, "\(result.err)")
        let tour = try #require(try TranslationTests.manifest(fileSystem).flows.first)
        let shown = try #require(tour.translations.first { $0.settings.locale == vector.locale })
        #expect(shown.pages[0].lang == (fallbacks.first ?? vector.available[0]))
        #expect(shown.pages[0].fallback)
        #expect(tour.localized(for: [vector.locale]).settings.locale == vector.locale)
    }
}

import SitegenTestSupport
import Foundation
import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import Mustache

@Suite struct ThemeTests {
    let site = [
        "content/tour/01-a.md": "---\nimage: a.svg\nimage_alt: A\n---\n# First\n",
        "content/tour/02-b.md": "# Second\n",
        "content/tour/a.svg": "<svg width=\"4\" height=\"3\"></svg>",
    ]

    private func build(_ extra: [String: String], strict: Bool = false) -> (SiteBuilder.Result, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem(site.merging(extra) { _, new in new })
        let builder = SiteBuilder(fileSystem: fileSystem)
        return (strict ? builder.check(BuildOptions(), strict: true) : builder.build(BuildOptions()), fileSystem)
    }

    /// The default palette: text and links at least 4.5:1 and indicators at least 3:1, in both schemes.
    @Test func theDefaultPaletteMeetsWCAGAAInBothSchemes() throws {
        let css = try #require(Theme.default.files[Theme.stylesheetFile]?.text)
        var light: [String: String] = [:]
        var dark: [String: String] = [:]
        for line in css.split(separator: "\n") where line.contains("light-dark(#") {
            let name = String(line.split(separator: ":")[0].trimmingBlanks.dropFirst(5))
            let colours = line.split(separator: "(")[1].split(separator: ")")[0].split(separator: ",").map { $0.trimmingBlanks }
            light[name] = colours[0]
            dark[name] = colours[1]
        }
        #expect(light.count >= 7)
        let pairs: [(String, String, Double)] = [
            ("text", "background", 4.5), ("muted", "background", 4.5), ("accent", "background", 4.5),
            ("text", "surface", 4.5), ("muted", "surface", 4.5), ("accent-text", "accent", 4.5),
            ("indicator", "background", 3), ("accent", "surface", 3),
        ]
        for palette in [light, dark] {
            for (front, back, minimum) in pairs {
                let foreground = try #require(palette[front])
                let background = try #require(palette[back])
                let ratio = try #require(ColorContrast.ratio(foreground, background))
                #expect(ratio >= minimum, "\(front) on \(back): \(ratio)")
            }
        }
    }

    /// Each alert's title, marker and bar are in its kind's colour, on the page's background or a
    /// surface: at least 4.5:1 in both schemes, and the marker's glyph is the background on it.
    @Test func everyAlertColourMeetsWCAGAAInBothSchemes() throws {
        let css = try #require(Theme.default.files[Theme.stylesheetFile]?.text)
        let palette = ThemePalette.parse(css)
        let backgrounds = try ["--sg-background", "--sg-surface"].map { try #require(palette[$0]) }
        for kind in ["note", "tip", "important", "warning", "caution"] {
            let colour = try #require(palette["--sg-alert-\(kind)"])
            #expect(css.contains(".sg-alert-\(kind) { --sg-alert: var(--sg-alert-\(kind)); }") || kind == "note")
            let colourDark = try #require(colour.dark)
            for background in backgrounds {
                let backgroundDark = try #require(background.dark)
                let light = try #require(ColorContrast.ratio(colour.light, background.light))
                let dark = try #require(ColorContrast.ratio(colourDark, backgroundDark))
                #expect(light >= 4.5 && dark >= 4.5, "\(kind): \(light) light, \(dark) dark")
            }
        }
    }

    @Test func contrastIsComputedAsWCAGDefinesIt() {
        #expect(ColorContrast.ratio("#000", "#ffffff").map { ($0 * 100).rounded() / 100 } == 21)
        #expect(ColorContrast.ratio("#777777", "#fff").map { ($0 * 100).rounded() / 100 } == 4.48)
        #expect(ColorContrast.ratio("rgb(255, 255, 255)", "#fff") == 1)
        #expect(ColorContrast.ratio("tomato", "#fff") == nil)
    }

    @Test func aSiteOverridesOneTemplateAndKeepsTheRest() throws {
        let (result, fileSystem) = build(["templates/page.mustache": "<article id=\"{{id}}\">{{title}}</article>\n"])
        #expect(result.diagnostics.isEmpty)
        let flow = try #require(fileSystem.text("output/tour/index.html"))
        #expect(flow.contains("<article id=\"a\">First</article>\n<article id=\"b\">Second</article>\n"))
        #expect(flow.contains("aria-roledescription=\"carousel\""), "flow.mustache still comes from the default theme")
        #expect(fileSystem.text("output/index.html")?.contains("sg-flow-card") == true)
    }

    @Test func aBrokenSiteTemplateIsAnErrorAtItsPosition() {
        let (result, fileSystem) = build(["templates/page.mustache": "<div>\n{{#pages}}\n  {{title}}\n"])
        #expect(result.diagnostics.map(DiagnosticFormatter().format) == [
            "./templates/page.mustache:2:1: error: section 'pages' opened here is never closed\n{{#pages}}\n^"
        ].map { $0.replacingOccurrences(of: "./", with: "") })
        #expect(fileSystem.kind(of: "output") == nil)
    }

    @Test func filesTheThemeDoesNotUseAreWarnedAbout() {
        let (result, _) = build(["templates/notes.txt": "todo"])
        #expect(result.diagnostics.map(\.message) == ["not used by the theme: a theme holds .mustache templates, sitegen.css, custom.css, sitegen.js and strings.yml"])
    }

    /// A footnote's link back is named in the page's language, as the theme's other interface
    /// text is, and a site may name it otherwise.
    @Test func footnoteLinksBackAreNamedInThePagesLanguage() throws {
        let page = "content/tour/04-notes.md"
        let (japanese, japaneseFiles) = build(["sitegen.yml": "locale: ja\n", page: "# Notes\n\nA claim.[^1]\n\n[^1]: A source.\n"])
        #expect(japanese.diagnostics.isEmpty)
        #expect(try #require(japaneseFiles.text("output/tour/index.html")).contains("data-footnote-backref aria-label=\"本文に戻る\">↩</a>"))
        let (overridden, overriddenFiles) = build([
            "sitegen.yml": "locale: de\nstrings:\n  de: {footnote_back: \"Zurück <zum> Text\"}\n", page: "# Notes\n\nA[^1] B[^1]\n\n[^1]: A source.\n",
        ])
        #expect(overridden.diagnostics.isEmpty)
        let html = try #require(overriddenFiles.text("output/tour/index.html"))
        #expect(html.contains("aria-label=\"Zurück &lt;zum&gt; Text\">↩</a> "))
        #expect(html.contains("aria-label=\"Zurück &lt;zum&gt; Text\">↩<sup class=\"footnote-ref\">2</sup></a>"))
        #expect(!html.contains("Back to content"))
    }

    @Test func stringsComeFromTheThemeAndTheSitePerLocale() throws {
        let (result, fileSystem) = build([
            "templates/strings.yml": "en:\n  next: Continue\nfr:\n  next: Suivant\n",
            "sitegen.yml": "locale: fr-CA\nstrings:\n  fr-CA: {skip: Passer}\n",
        ])
        #expect(result.diagnostics.isEmpty)
        let flow = try #require(fileSystem.text("output/tour/index.html"))
        #expect(flow.contains("<html lang=\"fr-CA\" dir=\"ltr\">"))
        #expect(flow.contains(">Suivant</a>"), "fr-CA falls back to fr from the site's strings.yml")
        #expect(flow.contains(">Passer</a>"), "sitegen.yml's strings win")
        #expect(flow.contains(">Précédent</a>"), "what neither translated comes from the built-in French")
    }

    /// A site's strings.yml was read whatever it held: a misspelt key was silently unused, and a
    /// placeholder sitegen never fills was published as written. It may set the theme's keys and
    /// keys its own templates use, with the placeholders the theme's English string has.
    @Test func aSitesStringsAreTheThemesKeysAndPlaceholders() throws {
        let (result, _) = build([
            "templates/strings.yml": "en:\n  page_status: \"Page {n} of {count}\"\n  status: \"Page {n} of {bogus}\"\n  tagline: Hello\n",
            "sitegen.yml": "strings:\n  ko: {status: \"{count}쪽 중 {page}쪽\"}\n",
        ])
        let messages = result.diagnostics.filter(\.isError).map(\.message)
        #expect(messages.contains("unknown key 'page_status' in strings for 'en'"), "\(messages)")
        #expect(messages.contains { $0.contains("unknown key 'tagline'") }, "\(messages)")
        #expect(messages.contains("the string 'status' has the placeholder {bogus}, which sitegen does not fill there; it fills {count} and {n}"), "\(messages)")
        #expect(messages.contains("the string 'status' has the placeholder {page}, which sitegen does not fill there; it fills {count} and {n}"), "\(messages)")
        // A key the site's own template names is the site's to define.
        let (custom, fileSystem) = build([
            "templates/strings.yml": "en:\n  tagline: Hello\nko:\n  tagline: 안녕\n",
            "templates/layout.mustache": try #require(Theme.default.files["layout.mustache"]?.text).replacingOccurrences(of: "<body", with: "<!-- {{strings.tagline}} --><body"),
        ])
        #expect(custom.succeeded, "\(custom.diagnostics.map(\.message))")
        #expect(fileSystem.text("output/index.html")?.contains("<!-- Hello -->") == true)
    }

    /// A site's strings.yml may add only a language (the theme has every English string); a
    /// locale is read as BCP 47 writes it, its strings merged; a string may not be empty or
    /// longer than the limit however its letters are written (marks piled on one letter).
    @Test func aSitesStringsAddLanguagesAndAreNeverEmptyOrHuge() throws {
        let (french, fileSystem) = build([
            "templates/strings.yml": "fr: {skip: Passer}\n",
            "sitegen.yml": "locale: pt-BR\nstrings:\n  pt-br: {skip: X}\n  PT-BR: {next: Y}\n",
        ])
        #expect(french.succeeded, "\(french.diagnostics.map(\.message))")
        let flow = try #require(fileSystem.text("output/tour/index.html"))
        #expect(flow.contains(">X</a>") && flow.contains(">Y</a>"), "pt-br and PT-BR are pt-BR")
        let piled = String(repeating: "e" + String(repeating: "\u{301}", count: 20), count: 30)
        let (bad, _) = build(["templates/strings.yml": "en:\n  skip: \"\"\n  next: \"\(piled)\"\n"])
        let messages = bad.diagnostics.filter(\.isError).map(\.message)
        #expect(messages.contains { $0.hasPrefix("the string 'skip' is empty") }, "\(messages)")
        #expect(messages.contains("the string 'next' is 630 characters long; an interface string is at most 500"), "\(messages)")
    }

    /// Each of the built-in theme's translations has only the placeholders its English has.
    @Test func theBuiltInTranslationsFillWhatTheEnglishFills() throws {
        let file = try #require(Theme.default.files[Theme.stringsFile])
        let (table, problems) = StringTable.parse(SourceFile(path: file.path, text: file.text))
        #expect(problems.isEmpty)
        let english = table.placeholders
        for (locale, strings) in table.locales {
            for (key, value) in strings {
                let extra = Set(StringPattern(value).placeholders).subtracting(english[key] ?? [])
                #expect(extra.isEmpty, "\(locale).\(key): \(extra)")
            }
        }
        #expect(english["status"] == ["n", "count"])
    }

    @Test func theThemeSettingsReachTheStylesheet() throws {
        let (_, fileSystem) = build(["sitegen.yml": "theme:\n  accent: {light: \"#0a5\", dark: \"#7fd\"}\n  radius: 0\n  scheme: light\n"])
        let css = try #require(fileSystem.text("output/assets/sitegen.css"))
        let themeCSS = try #require(Theme.default.files[Theme.stylesheetFile]?.text)
        // The theme's rules, served without their comments.
        #expect(css.hasPrefix(ThemeStylesheet.withoutComments(themeCSS)))
        #expect(!css.contains("/* The language switcher") && css.contains(".sg-languages {"))
        #expect(css.hasSuffix("""
            /* From sitegen.yml */
            :root {
              --sg-accent: light-dark(#0a5, #7fd);
              --sg-radius: 0;
              color-scheme: light;
            }

            """))
    }

    @Test func pageBackgroundAndClassReachTheMarkup() throws {
        let (_, fileSystem) = build(["content/tour/02-b.md": "---\nbackground: \"#fde\"\nclass: hero wide\n---\n# Second\n"])
        let flow = try #require(fileSystem.text("output/tour/index.html"))
        #expect(flow.contains("<div class=\"sg-page hero wide\" id=\"b\" role=\"group\" aria-roledescription=\"slide\" aria-label=\"2 of 2\" data-skip=\"false\" style=\"--sg-page-background: #fde; color-scheme: light\">"))
    }

    @Test func strictChecksReportNamesTheDataNeverHas() {
        let templates = ["templates/page.mustache": "<p>{{titel}}</p>\n{{#image}}{{source}}{{/image}}{{>footer}}\n"]
        let (plain, _) = build(templates)
        // Without --strict, unknown names render empty as Mustache says; a partial the theme does
        // not have is known from the templates alone, and every build warns of it.
        #expect(plain.diagnostics.map { "\($0.path):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
            "templates/page.mustache:2:31: the theme has no template 'footer.mustache'"
        ])
        let (strict, _) = build(templates, strict: true)
        #expect(strict.diagnostics.map { "\($0.path):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
            "templates/page.mustache:1:4: 'titel' is never in the data this template is rendered with",
            "templates/page.mustache:2:11: 'source' is never in the data this template is rendered with",
            "templates/page.mustache:2:31: the theme has no template 'footer.mustache'",
        ])
    }

    @Test func theDefaultThemeUsesOnlyNamesItsDataHas() {
        let (result, _) = build([:], strict: true)
        #expect(result.diagnostics.isEmpty)
    }
}

@Suite struct ScaffoldTests {
    @Test(arguments: [false, true])
    func aNewSiteBuildsWithoutWarnings(_ withTemplates: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let site = directory.path + "/my-site"
        var arguments = ["new", site]
        if withTemplates { arguments.append("--with-templates") }
        let created = runCLI(arguments, on: DiskFileSystem())
        #expect(created.status == .success)
        let files = EmbeddedScaffold.files.count + (withTemplates ? Theme.default.files.count : 0)
        #expect(created.out.hasPrefix("Created a site with \(files) files in \(site)\n"))
        #expect(FileManager.default.fileExists(atPath: site + "/templates/page.mustache") == withTemplates)
        let ignored = try String(contentsOfFile: site + "/.gitignore", encoding: .utf8)
        #expect(ignored.contains("/.sitegen-cache/") && ignored.contains("/output/*"))
        let check = runCLI(["check", "--strict", "--site", site], on: DiskFileSystem())
        #expect(check.status == .success)
        #expect(check.err.isEmpty)
        let build = runCLI(["build", "--site", site], on: DiskFileSystem())
        #expect(build.status == .success && build.err.isEmpty)
        #expect(FileManager.default.fileExists(atPath: site + "/output/welcome/images/hello.svg"))
    }

    @Test func refusesAFolderThatIsNotEmpty() {
        let fileSystem = MemoryFileSystem(["mine/notes.txt": "keep"])
        let run = runCLI(["new", "mine"], on: fileSystem)
        #expect(run.status == .usageError)
        #expect(run.err.hasPrefix("sitegen: error: mine is not empty; sitegen new only writes into a new or empty folder\nusage: sitegen new"))
        #expect(fileSystem.snapshot == ["mine/notes.txt": "keep"])
        #expect(runCLI(["new"], on: fileSystem).status == .usageError)
    }
}

/// The default scripts as the output serves them: the leading comment, comment lines and
/// indentation go; code, and a last line without a break, stay as written.
@Suite struct RuntimeScriptTests {
    @Test(arguments: [
        ("/* The runtime.\n   Two lines. */\n\n(function () {\n  // a note\n  var x = \"//é\";\n})();\n", "(function () {\nvar x = \"//é\";\n})();\n"),
        ("a();\n    // indented note\nb(); // after code\n", "a();\nb(); // after code\n"),
        ("a();\nb();", "a();\nb();"),
        ("/* never closed\nx();\n", "/* never closed\nx();\n"),
        ("", ""),
        // Bytes, not characters: a CR LF line is a line, and `*/` must follow `/*` whole.
        ("a();\r\n// note\r\nb();\r\n", "a();\r\nb();\r\n"),
        ("/*/ x */\ncode();\n", "code();\n"),
    ])
    func commentLinesGoAndCodeStays(_ script: String, _ served: String) {
        #expect(RuntimeScript.withoutComments(script) == served)
    }
}

@Suite struct ThemeStylesheetTests {
    @Test(arguments: [
        ("a { x: 1; }\n/* alone */\nb { y: 2; }\n", "a { x: 1; }\nb { y: 2; }\n"),
        ("  /* indented,\n  over lines */\nb {}\n", "b {}\n"),
        ("a { x: 1; } /* after a rule */\n", "a { x: 1; } \n"),
        ("a { /* inside */ x: 1; }\n", "a {  x: 1; }\n"),
        ("a {}\n/* never closed\n", "a {}\n/* never closed\n"),
        ("no comments at all\n", "no comments at all\n"),
        ("/**/a {}\n", "a {}\n"),
        ("a { }\r\n/* c */\nb { }\n", "a { }\r\nb { }\n"),
        ("p::before { content: \"é → ü\"; } /* ünïcode */\n", "p::before { content: \"é → ü\"; } \n"),
    ])
    func commentsGoAndRulesStay(_ css: String, _ served: String) {
        #expect(ThemeStylesheet.withoutComments(css) == served)
    }

    @Test func theDefaultStylesheetLosesOnlyComments() throws {
        let text = try #require(Theme.default.files[Theme.stylesheetFile]?.text)
        let served = ThemeStylesheet.withoutComments(text)
        #expect(!served.contains("/*") && !served.contains("*/"))
        // Every rule and declaration is still there, in order: only comments and blanks differ.
        let squeezed = { (css: String) in css.filter { !$0.isWhitespace } }
        #expect(squeezed(served) == squeezed(text.replacing(/\/\*[\s\S]*?\*\//, with: "")))
        #expect(served.utf8.count < text.utf8.count * 9 / 10)
    }
}

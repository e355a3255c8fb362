import OnboardingKit
import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import FrontMatter
@testable import Markdown

@Suite struct PageFrontMatterTests {
    private func read(_ yaml: String) -> (PageFrontMatter, [Diagnostic]) {
        let file = SourceFile(path: "content/f/01-a.md", text: "---\n\(yaml)---\n")
        guard case .success(let split) = FrontMatter.parse(file) else {
            Issue.record("front matter did not parse")
            return (PageFrontMatter(), [])
        }
        return PageFrontMatter.read(split.fields, file: file)
    }

    @Test func readsEveryKey() {
        let (page, diagnostics) = read("""
            title: "Hello: world"
            image: images/a.png
            image_alt: A picture
            order: 3
            id: hello
            draft: true
            skip: false
            action: {label: Allow, href: "#next"}
            advance: action
            background: "#ffeedd"
            class: hero wide

            """)
        #expect(diagnostics.isEmpty)
        #expect(page.title == "Hello: world")
        #expect(page.image == "images/a.png" && page.imageAlt == "A picture")
        #expect(page.order == 3 && page.id == "hello" && page.settings.draft && page.settings.skip == false)
        #expect(page.settings.action == LinkAction(label: "Allow", href: "#next"))
        #expect(page.settings.advance == .action)
        #expect(page.settings.background == "#ffeedd" && page.settings.cssClass == "hero wide")
    }

    @Test func anUnknownKeyIsAnErrorWithASuggestion() {
        let (_, diagnostics) = read("titel: Hi\n")
        #expect(diagnostics.map(\.message) == ["unknown key 'titel' in page front matter; did you mean 'title'?"])
        #expect(diagnostics.first?.location == SourceLocation(line: 2, column: 1))
        #expect(diagnostics.first?.length == 5)
        #expect(diagnostics.first?.sourceLine == "titel: Hi")
    }

    @Test func aFarOffUnknownKeyGetsNoSuggestion() {
        let (_, diagnostics) = read("colour_scheme: dark\n")
        #expect(diagnostics.map(\.message) == ["unknown key 'colour_scheme' in page front matter"])
    }

    @Test(arguments: [
        ("draft: yes\n", "'draft' must be true or false, not 'yes'"),
        ("order: first\n", "'order' must be a whole number, not 'first'"),
        ("title: [a, b]\n", "'title' must be text, not a list"),
        ("advance: click\n", "'advance' must be one of auto, action, not 'click'"),
        ("advance: acton\naction: {label: A, href: b}\n", "'advance' must be one of auto, action, not 'acton'; did you mean 'action'?"),
        ("id: Hello World\n", "'id' must be letters, digits, '-' and '_', starting with a letter or digit, not 'Hello World'"),
        ("id: sg-main\n", "'id' may not start with 'sg-', which sitegen uses for its own ids"),
        ("id: fn-1\n", "'id' may not start with 'fn-', which sitegen uses for its own ids"),
        ("id: fnref-x\n", "'id' may not start with 'fnref-', which sitegen uses for its own ids"),
        ("id: set--up\n", "'id' may not hold '--' or end with '-': a heading's id is its page's id, '--' and its anchor"),
        ("id: setup-\n", "'id' may not hold '--' or end with '-': a heading's id is its page's id, '--' and its anchor"),
        ("class: \"a;b\"\n", "'class' must be CSS class names separated by spaces, not 'a;b'"),
        ("background: \"red; color: blue\"\n", "'background' is not a CSS value sitegen can use: 'red; color: blue'"),
        ("background: \"url(https://x.test/a.png)\"\n", "'background' is not a CSS value sitegen can use: 'url(https://x.test/a.png)'"),
        // A comment whose `*` carries a combining mark: two characters to Swift, a comment to CSS.
        ("background: \"red /*\u{301}\"\n", "'background' is not a CSS value sitegen can use: 'red /*\u{301}'"),
        ("background: \"/*\u{301}\\\"*/\u{301}url(https://x.test/b)/*\u{301}\\\"*/\u{301}\"\n",
         "'background' is not a CSS value sitegen can use: '/*\u{301}\"*/\u{301}url(https://x.test/b)/*\u{301}\"*/\u{301}'"),
        ("action: {label: Go}\n", "'action' needs both a 'label' and an 'href'"),
        ("action: {label: Go, href: \"javascript:alert(1)\"}\n", "'href' may not use a javascript: URL"),
        // A combining mark after the colon makes `:́` one Swift character, which a character
        // comparison with "javascript:" missed; the scheme is still javascript to a browser.
        ("action: {label: Go, href: \"javascript:\u{301}alert(1)\"}\n", "'href' may not use a javascript: URL"),
        ("action: {label: Go, href: \"DATA:\u{200D}text/html,x\"}\n", "'href' may not use a data: URL"),
        ("action: {label: Go, url: x}\n", "unknown key 'url' in 'action'"),
        ("advance: action\n", "'advance: action' needs an 'action' on the page, whose button moves on"),
        ("title: A\ntitle: B\n", "duplicate key 'title' in page front matter (first set on line 2)"),
    ])
    func wrongValuesAreErrors(_ yaml: String, _ message: String) {
        let (_, diagnostics) = read(yaml)
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.allSatisfy { $0.isError && $0.location != nil })
    }
}

@Suite struct FlowFrontMatterTests {
    private func read(_ yaml: String) -> (FlowFrontMatter, [Diagnostic]) {
        let file = SourceFile(path: "content/f/_index.md", text: "---\n\(yaml)---\n")
        guard case .success(let split) = FrontMatter.parse(file) else { return (FlowFrontMatter(), []) }
        return FlowFrontMatter.read(split.fields, file: file)
    }

    @Test func readsEveryKey() {
        let (flow, diagnostics) = read("""
            title: Tour
            description: A tour
            order: 2
            skip: {label: Not now, target: exit}
            finish: {label: Go, href: /app}
            show_once: true
            storage_key: tour-v1
            transition: fade
            orientation: vertical
            locale: ar-EG
            dir: rtl

            """)
        #expect(diagnostics.isEmpty)
        #expect(flow.title == "Tour" && flow.description == "A tour" && flow.order == 2)
        let settings = flow.settings
        #expect(settings.skip == SkipSettings(enabled: true, label: "Not now", target: .exit))
        #expect(settings.finish == LinkAction(label: "Go", href: "/app"))
        #expect(settings.showOnce && settings.storageKey == "sitegen:tour-v1")
        #expect(settings.transition == .fade && settings.orientation == .vertical)
        #expect(settings.locale == "ar-EG" && settings.direction == .rtl)
    }

    static let loops = "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app"

    /// A finish link to anywhere else is fine, and so is one back to the flow when it is not shown once.
    @Test func aFinishLinkBackToTheFlowIsAnErrorOnlyWithShowOnce() {
        #expect(read("show_once: true\nfinish: {href: ../}\n").1.isEmpty)
        #expect(read("show_once: true\nfinish: {href: /app}\n").1.isEmpty)
        #expect(read("finish: {href: ./}\n").1.isEmpty)
    }

    @Test func skipMayBeABooleanOrALabel() {
        #expect(read("skip: false\n").0.settings.skip.enabled == false)
        #expect(read("skip: Later\n").0.settings.skip.label == "Later")
        #expect(read("finish: Done\n").0.settings.finish.label == "Done")
    }

    @Test(arguments: [
        ("transition: slid\n", "'transition' must be one of slide, fade, none, not 'slid'; did you mean 'slide'?"),
        ("skip: {target: first}\n", "'target' must be one of last, exit, not 'first'"),
        ("skip: [a]\n", "'skip' must be true, false, a label or a mapping with 'label' and 'target', not a list"),
        ("locale: english!\n", "'locale' must be a language tag such as 'en' or 'pt-BR', not 'english!'"),
        ("dir: right\n", "'dir' must be one of ltr, rtl, auto, not 'right'"),
        ("show_onc: true\n", "unknown key 'show_onc' in flow settings; did you mean 'show_once'?"),
        ("show_once: true\nfinish: {href: ''}\n", FlowFrontMatterTests.loops),
        ("show_once: true\nfinish: {label: Go, href: ./}\n", FlowFrontMatterTests.loops),
        ("show_once: true\nfinish: {href: '#done'}\n", FlowFrontMatterTests.loops),
        ("show_once: true\nfinish: {href: index.html?x=1}\n", FlowFrontMatterTests.loops),
    ])
    func wrongValuesAreErrors(_ yaml: String, _ message: String) {
        #expect(read(yaml).1.map(\.message) == [message])
    }
}

@Suite struct SiteSettingsTests {
    private func read(_ yaml: String) -> (SiteSettings, [Diagnostic]) {
        SiteSettings.read(SourceFile(path: "sitegen.yml", text: yaml), stringKeys: ["next", "skip"])
    }

    @Test func defaultsWithoutAFile() {
        let (settings, diagnostics) = SiteSettings.read(nil, stringKeys: [])
        #expect(diagnostics.isEmpty)
        #expect(settings.title == "Onboarding" && settings.locale == "en" && settings.baseURL == nil)
        #expect(settings.outputDirectory == "output" && settings.markdown == MarkdownOptions(breaksInHeadings: true))
    }

    @Test func readsEveryKey() {
        let (settings, diagnostics) = read("""
            title: Murmur
            description: Hi
            base_url: https://example.test/onboarding
            locale: fr
            output: public
            markdown: {smart: true, hardbreaks: true, unsafe: true}
            theme: {accent: "#ff0000", radius: 4px, font: "'Inter', sans-serif"}

            """)
        #expect(diagnostics.isEmpty)
        #expect(settings.title == "Murmur" && settings.description == "Hi" && settings.locale == "fr")
        #expect(settings.baseURL?.text == "https://example.test/onboarding/", "a slash is added")
        #expect(settings.outputDirectory == "public")
        #expect(settings.markdown == MarkdownOptions(smart: true, hardBreaks: true, unsafe: true, breaksInHeadings: true))
        #expect(read("markdown: {tables: false, footnotes: false}\n").0.markdown.extensions
            == MarkdownExtensions(tables: false, footnotes: false), "GitHub's extensions are on unless turned off")
        #expect(read("markdown: {alerts: false}\n").0.markdown.extensions == MarkdownExtensions(alerts: false))
        #expect(settings.theme.css == """

            /* From sitegen.yml */
            :root {
              --sg-accent: #ff0000;
              --sg-radius: 4px;
              --sg-font: 'Inter', sans-serif;
            }

            """)
    }

    @Test func coloursMayDifferPerSchemeAndTheSchemeMayBeFixed() {
        let (settings, diagnostics) = read("theme:\n  scheme: dark\n  text: {light: \"#111\", dark: \"#eee\"}\n")
        #expect(diagnostics.isEmpty)
        #expect(settings.theme.css.contains("  --sg-text: light-dark(#111, #eee);\n"))
        #expect(settings.theme.css.contains("  color-scheme: dark;\n"))
        #expect(read("theme: {}\n").0.theme.css == "", "nothing set, nothing written")
    }

    @Test func lowContrastColoursAreWarnedAbout() {
        let (_, diagnostics) = read("theme:\n  background: {light: \"#ffffff\", dark: \"#121212\"}\n  text: {light: \"#777\", dark: \"#eee\"}\n  accent: \"#1f5fbf\"\n")
        #expect(diagnostics.map(\.message) == [
            "theme 'text' #777 on background #ffffff has a contrast of 4.4:1 in the light scheme; WCAG AA asks for 4.5:1",
            "theme 'accent' #1f5fbf on background #121212 has a contrast of 3.0:1 in the dark scheme; WCAG AA asks for 4.5:1; "
                + "'accent' is written once, so the dark scheme uses it too: write {light: …, dark: …}",
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        // Each at the colour concerned, not at the theme's first key (helper-34), and at the
        // scheme's colour of one written per scheme (helper-35).
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 3, column: 17), SourceLocation(line: 4, column: 11)])
        let (_, block) = read("theme:\n  background:\n    light: \"#ffffff\"\n    dark: \"#000000\"\n  text:\n    light: \"#000\"\n    dark: \"#111\"\n")
        #expect(block.map(\.message) == ["theme 'text' #111 on background #000000 has a contrast of 1.1:1 in the dark scheme; WCAG AA asks for 4.5:1"])
        #expect(block.map(\.location) == [SourceLocation(line: 7, column: 11)])
        // Only what was written once is said to be.
        let (_, mixed) = read("theme:\n  background: \"#ffffff\"\n  accent: {light: \"#1f5fbf\", dark: \"#8fb0ff\"}\n")
        #expect(mixed.map(\.message) == [
            "theme 'accent' #8fb0ff on background #ffffff has a contrast of 2.1:1 in the dark scheme; WCAG AA asks for 4.5:1; "
                + "'background' is written once, so the dark scheme uses it too: write {light: …, dark: …}"
        ])
        #expect(mixed.map(\.location) == [SourceLocation(line: 3, column: 36)])
    }

    @Test func siteColoursAreMeasuredAgainstTheThemesOwn() throws {
        let css = try #require(Theme.default.files[Theme.stylesheetFile]?.text)
        let defaults = ThemePalette.parse(css)
        #expect(defaults["--sg-background"] == ThemeSettings.Value(light: "#ffffff", dark: "#12151c"))
        let (_, diagnostics) = SiteSettings.read(
            SourceFile(path: "sitegen.yml", text: "theme:\n  accent: \"#0a7d55\"\n"), stringKeys: [], themeDefaults: defaults)
        #expect(diagnostics.map(\.message) == [
            "theme 'accent' #0a7d55 on the theme's background #12151c has a contrast of 3.5:1 in the dark scheme; WCAG AA asks for 4.5:1; "
                + "'accent' is written once, so the dark scheme uses it too: write {light: …, dark: …}"
        ])
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 2, column: 11)])
        // A background alone, written once, is the dark scheme's too: the theme's own colours fall
        // short on it there, which is said as theirs, at the background.
        let (_, background) = SiteSettings.read(
            SourceFile(path: "sitegen.yml", text: "title: T\ntheme:\n  radius: 4px\n  background: \"#ffffff\"\n"), stringKeys: [], themeDefaults: defaults)
        let advice = "WCAG AA asks for 4.5:1; 'background' is written once, so the dark scheme uses it too: write {light: …, dark: …}"
        #expect(background.map(\.message) == [
            "the theme's 'text' #eef1f6 on background #ffffff has a contrast of 1.1:1 in the dark scheme; \(advice)",
            "the theme's 'accent' #8fb0ff on background #ffffff has a contrast of 2.1:1 in the dark scheme; \(advice)",
        ])
        #expect(background.allSatisfy { $0.location == SourceLocation(line: 4, column: 15) }, "\(background)")
        let (_, none) = SiteSettings.read(
            SourceFile(path: "sitegen.yml", text: "theme:\n  radius: 4px\n"), stringKeys: [], themeDefaults: defaults)
        #expect(none.isEmpty, "the theme's own colours are not the site's to answer for")
    }

    @Test func readsInterfaceStringsPerLocale() {
        let (settings, diagnostics) = read("strings:\n  fr: {next: Suivant, skip: Passer}\n  ar: {next: التالي}\n")
        #expect(diagnostics.isEmpty)
        #expect(settings.strings == ["fr": ["next": "Suivant", "skip": "Passer"], "ar": ["next": "التالي"]])
    }

    @Test(arguments: [
        ("base_url: ftp://x\n", "'base_url' must be an http(s) URL with a host, or a path starting with '/', not 'ftp://x'"),
        ("theme: {accent: \"red;}body{x:y\"}\n", "'accent' is not a CSS value sitegen can use: 'red;}body{x:y'"),
        ("theme: {accnt: red}\n", "unknown key 'accnt' in 'theme'; did you mean 'accent'?"),
        ("markdown: {smart: 1}\n", "'smart' must be true or false, not '1'"),
        ("- a\n", "expected a mapping of keys to values, not a list"),
        ("strings: {fr: {nxt: Suivant}}\n", "unknown key 'nxt' in strings for 'fr'; did you mean 'next'?"),
        ("strings: {fr_FR: {next: Suivant}}\n", "'fr_FR' is not a language tag such as 'en' or 'pt-BR'"),
        ("theme: {scheme: night}\n", "'scheme' must be one of auto, light, dark, not 'night'; did you mean 'light'?"),
        ("theme: {radius: {light: 1px, dark: 2px}}\n", "'radius' must be text, not a mapping"),
        ("theme: {radius: 12}\n", "'radius' must be a CSS length with its unit, such as 12px or 0.75rem, not '12'"),
        ("theme: {radius: 12 px}\n", "'radius' must be a CSS length with its unit, such as 12px or 0.75rem, not '12 px'"),
        ("theme: {radius: round}\n", "'radius' must be a CSS length with its unit, such as 12px or 0.75rem, not 'round'"),
        ("theme: {radius: 1.px}\n", "'radius' must be a CSS length with its unit, such as 12px or 0.75rem, not '1.px'"),
        ("theme: {radius: -3px}\n", "'radius' must be a CSS length with its unit, such as 12px or 0.75rem, not '-3px'"),
        ("theme: {accent: {light: red}}\n", "'accent' needs both a 'light' and a 'dark' colour, or one colour for both"),
        ("theme: {accent: {light: red, drak: blue}}\n", "unknown key 'drak' in 'accent'; did you mean 'dark'?"),
    ])
    func wrongValuesAreErrors(_ yaml: String, _ message: String) {
        let (_, diagnostics) = read(yaml)
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.path == "sitegen.yml")
    }

    /// A radius is any length CSS reads: a unit in any case, a fraction, an exponent, zero, a function.
    @Test(arguments: ["0", "12PX", ".75rem", "1e3px", "2.5E-1em", "50%", "1Q", "2cqw", "calc(1rem + 2px)", "var(--r)", "+4px"])
    func aRadiusIsAnyCSSLength(_ radius: String) {
        let (settings, diagnostics) = read("theme: {radius: \"\(radius)\"}\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.theme.values["radius"]?.light == radius)
    }

    /// A theme value goes into the stylesheet as is: it must not open a comment or a string that
    /// swallows the declarations after it, nor fetch anything.
    @Test(arguments: [
        "red /* x", "red */", "'a\"b", "\"Noto Sans", "rgb(0 0 0", "rgb(0 0 0))", "a]", "(a]",
        "url(https://x.test/a.png)", "URL(x)", "image-set(\"a.png\" 1x)", "-webkit-image-set(\"a.png\" 1x)",
        "src(\"a\")", "image(\"a.png\")", "expression(alert(1))", "red; x: y", "a\u{7F}b", "\\75rl(x)",
    ])
    func unsafeCSSValuesAreRefused(_ value: String) {
        #expect(!Validation.isSafeCSSValue(value))
    }

    @Test(arguments: [
        "system-ui, \"Noto Sans\", sans-serif", "light-dark(#fff, #000)", "linear-gradient(90deg, #fff 0%, rgb(0 0 0 / 50%) 100%)",
        "12px", "#1f5fbf", "'Inter', sans-serif", "calc(100% - 2 * var(--x, 4px))", "\"a (b\"", "'O''Brien'",
    ])
    func realCSSValuesAreAccepted(_ value: String) {
        #expect(Validation.isSafeCSSValue(value))
    }

    /// `https://` was accepted, and the flow's name became the host of every manifest URL.
    @Test(arguments: [
        "https://", "http://", "https:///docs/", "https://:8080/", "https://user@example.com/", "https://user:pw@example.com/",
        "https://example.com:/", "https://example.com:80a/", "https://example.com:123456/", "https://exa mple.com/",
        "https://example.com/a b/", "https://ex\"ample.com/", "https://example.com/<x>/", "https://example.com\\x/",
        "https://example.com/\u{1}/", "https://[::1/", "https://[zz::1]/", "https://[::1]x/", "https://example.com/?q=1",
        "https://example.com/#top", "https://ex'ample.com/", "//evil.test/", "ftp://x", "example.com", "",
        // Issue 17: a port of 0, dot segments in any spelling, malformed escapes.
        "https://example.com:0/", "https://example.com:00080/", "http://[::1]:0/", "https://example.com/./../x/",
        "https://example.com/a/../", "https://example.com/./", "/docs/../", "/./", "/a/%2e%2E/", "/a/.%2e/b/",
        "https://example.com/%2e/", "https://example.com/%zz/", "/a%2/",
        // Round three: encoded slashes and controls, malformed host labels.
        "/%2F/evil.com/", "/%5Cevil.com/", "https://a.com/%00/", "https://a..com/", "https://-a.com/", "https://a-.com/",
        "https://\(String(repeating: "a", count: 64)).com/", "https://\(String(repeating: "abc.", count: 70))com/",
    ])
    func badBaseURLsAreRefused(_ url: String) {
        #expect(BaseURL(url) == nil)
    }

    @Test(arguments: [
        ("https://example.com", "https://example.com/"), ("HTTP://Example.COM:8080/Docs", "http://example.com:8080/Docs/"),
        ("HTTPS://[2001:DB8::1]/", "https://[2001:db8::1]/"), ("https://example.com/a.b/..c/", "https://example.com/a.b/..c/"),
        ("https://[2001:db8::1]:443/o/", "https://[2001:db8::1]:443/o/"), ("http://localhost:4000/", "http://localhost:4000/"),
        ("https://bücher.example/", "https://bücher.example/"), ("https://my_host.internal/a%20b/", "https://my_host.internal/a%20b/"),
        ("/docs/", "/docs/"), ("/", "/"),
    ])
    func goodBaseURLsEndInASlash(_ url: String, _ normalized: String) {
        #expect(BaseURL(url)?.text == normalized)
    }

    @Test func aBaseURLWithoutAHostIsAnErrorInTheSettingsToo() {
        #expect(read("base_url: \"https://\"\n").1.map(\.message) == ["'base_url' must be an http(s) URL with a host, or a path starting with '/', not 'https://'"])
        #expect(read("base_url: https://user@example.com/\n").1.count == 1)
    }

    @Test func aValueThatWouldSwallowLaterDeclarationsIsAnError() {
        let (settings, diagnostics) = read("theme:\n  accent: \"red /* x\"\n  font: 'a\"b'\n  radius: 4px\n")
        #expect(diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" } == [
            "2: 'accent' is not a CSS value sitegen can use: 'red /* x'",
            "3: 'font' is not a CSS value sitegen can use: 'a\"b'",
        ])
        #expect(settings.theme.css.contains("--sg-radius: 4px;") && !settings.theme.css.contains("red"))
    }
}

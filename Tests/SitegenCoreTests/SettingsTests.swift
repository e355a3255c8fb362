import OnboardingKit
import Testing
@testable import SitegenCore

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
        #expect(page.order == 3 && page.id == "hello" && page.draft && page.skip == false)
        #expect(page.action == LinkAction(label: "Allow", href: "#next"))
        #expect(page.advance == .action)
        #expect(page.background == "#ffeedd" && page.cssClass == "hero wide")
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
        ("id: sg-main\n", "'id' may not start with 'sg-', which the theme uses for its own ids"),
        ("class: \"a;b\"\n", "'class' must be CSS class names separated by spaces, not 'a;b'"),
        ("background: \"red; color: blue\"\n", "'background' is not a CSS value sitegen can use: 'red; color: blue'"),
        ("background: \"url(https://x.test/a.png)\"\n", "'background' is not a CSS value sitegen can use: 'url(https://x.test/a.png)'"),
        ("action: {label: Go}\n", "'action' needs both a 'label' and an 'href'"),
        ("action: {label: Go, href: \"javascript:alert(1)\"}\n", "'href' may not use a javascript: URL"),
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
        #expect(flow.skipLabel == "Not now" && flow.skipTarget == .exit && flow.skipEnabled == nil)
        #expect(flow.finishLabel == "Go" && flow.finishHref == "/app")
        #expect(flow.showOnce == true && flow.storageKey == "tour-v1")
        #expect(flow.transition == .fade && flow.orientation == .vertical)
        #expect(flow.locale == "ar-EG" && flow.direction == .rtl)
    }

    @Test func skipMayBeABooleanOrALabel() {
        #expect(read("skip: false\n").0.skipEnabled == false)
        #expect(read("skip: Later\n").0.skipLabel == "Later")
        #expect(read("finish: Done\n").0.finishLabel == "Done")
    }

    @Test(arguments: [
        ("transition: slid\n", "'transition' must be one of slide, fade, none, not 'slid'; did you mean 'slide'?"),
        ("skip: {target: first}\n", "'target' must be one of last, exit, not 'first'"),
        ("skip: [a]\n", "'skip' must be true, false, a label or a mapping with 'label' and 'target', not a list"),
        ("locale: english!\n", "'locale' must be a language tag such as 'en' or 'pt-BR', not 'english!'"),
        ("dir: right\n", "'dir' must be one of ltr, rtl, auto, not 'right'"),
        ("show_onc: true\n", "unknown key 'show_onc' in flow settings; did you mean 'show_once'?"),
    ])
    func wrongValuesAreErrors(_ yaml: String, _ message: String) {
        #expect(read(yaml).1.map(\.message) == [message])
    }
}

@Suite struct SiteSettingsTests {
    private func read(_ yaml: String) -> (SiteSettings, [Diagnostic]) {
        SiteSettings.read(SourceFile(path: "sitegen.yml", text: yaml))
    }

    @Test func defaultsWithoutAFile() {
        let (settings, diagnostics) = SiteSettings.read(nil)
        #expect(diagnostics.isEmpty)
        #expect(settings.title == "Onboarding" && settings.locale == "en" && settings.baseURL == nil)
        #expect(settings.outputDirectory == "output" && settings.markdown == MarkdownOptions())
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
        #expect(settings.baseURL == "https://example.test/onboarding/", "a slash is added")
        #expect(settings.outputDirectory == "public")
        #expect(settings.markdown == MarkdownOptions(smart: true, hardBreaks: true, unsafe: true))
        #expect(settings.theme.customProperties.map(\.name) == ["--sg-accent", "--sg-radius", "--sg-font"])
    }

    @Test(arguments: [
        ("base_url: ftp://x\n", "'base_url' must be an http(s) URL or a path starting with '/', not 'ftp://x'"),
        ("theme: {accent: \"red;}body{x:y\"}\n", "'accent' is not a CSS value sitegen can use: 'red;}body{x:y'"),
        ("theme: {accnt: red}\n", "unknown key 'accnt' in 'theme'; did you mean 'accent'?"),
        ("markdown: {smart: 1}\n", "'smart' must be true or false, not '1'"),
        ("- a\n", "expected a mapping of keys to values, not a list"),
    ])
    func wrongValuesAreErrors(_ yaml: String, _ message: String) {
        let (_, diagnostics) = read(yaml)
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.path == "sitegen.yml")
    }
}

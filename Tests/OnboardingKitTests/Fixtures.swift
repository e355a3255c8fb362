import OnboardingKit

func makeFlow(pages: Int = 3, showOnce: Bool = true, skipEnabled: Bool = true, target: SkipTarget = .last,
              pageSkip: [Bool]? = nil, version: String = "0000000000000001") -> ManifestFlow {
    ManifestFlow(
        id: "welcome", title: "Welcome", description: "", url: "welcome/", contentVersion: version,
        settings: FlowSettings(
            skip: SkipSettings(enabled: skipEnabled, label: "Skip", target: target),
            finish: LinkAction(label: "Start", href: "../"), showOnce: showOnce, storageKey: "test:welcome",
            transition: .slide, orientation: .horizontal, locale: "en", direction: .ltr),
        pages: (0..<pages).map { index in
            ManifestPage(
                id: "p\(index)", index: index, title: "Page \(index)", html: "<p>\(index)</p>\n", image: nil,
                source: "welcome/0\(index).md", settings: PageSettings(skip: pageSkip?[index] ?? true),
                codeBlocks: index == 0
                    ? [
                        ManifestCodeBlock(
                            language: "swift", title: "App.swift",
                            tokens: [.init(style: "keyword", text: "let"), .init(style: "", text: " x = 1\n")], markedLines: [1])
                    ] : [])
        })
}

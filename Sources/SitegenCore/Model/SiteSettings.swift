import Markdown

/// The settings of `sitegen.yml`, with defaults for everything left out.
package struct SiteSettings: Sendable, Equatable {
    package var title = "Onboarding"
    package var description = ""
    /// The URL the site is served from, ending in `/`; nil to link everything relatively.
    package var baseURL: BaseURL?
    /// The default locale of every flow.
    package var locale = "en"
    /// The output folder, relative to the site folder.
    package var outputDirectory = "output"
    package var markdown = MarkdownOptions(breaksInHeadings: true)
    /// Whether fenced code blocks are highlighted (`markdown: {highlight: false}` turns it off).
    package var highlight = true
    package var theme = ThemeSettings()
    /// Interface strings the site sets, by locale, over the theme's.
    package var strings: [String: [String: String]] = [:]
    /// The favicon the site publishes from `static/`, from the output's root; found, not set.
    package var favicon: String?

    package init() {}

    static let keys = ["title", "description", "base_url", "locale", "output", "markdown", "theme", "strings"]
}

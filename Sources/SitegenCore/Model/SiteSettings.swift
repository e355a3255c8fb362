import Diagnostics
import Markdown

/// The settings of `sitegen.yml`, with defaults for everything left out.
package struct SiteSettings: Sendable, Equatable {
    package var title = "Onboarding"
    package var description = ""
    /// The URL the site is served from, ending in `/`; nil to link everything relatively.
    package var baseURL: BaseURL?
    /// The source locale: the language the site is written in, and the default of every flow.
    package var locale = "en"
    /// The languages the site is translated into (`locales:` after its first), in order.
    package var translatedLocales: [String] = []
    /// Whether `check` warns of each missing or out-of-date translation (so `--strict` fails on them).
    package var requireTranslations = false
    /// The output folder, relative to the site folder.
    package var outputDirectory = "output"
    /// Where `sitegen.yml` sets it, for an error about the folder it names.
    package var outputSettingLocation: SourceLocation?
    /// Where `sitegen.yml` names each locale (`locale:` or an entry of `locales:`), for a warning about it.
    package var localeLocations: [String: SourceLocation] = [:]
    package var markdown = MarkdownOptions(breaksInHeadings: true)
    /// Whether fenced code blocks are highlighted (`markdown: {highlight: false}` turns it off).
    package var highlight = true
    /// Whether raster images wider than a page shows them get smaller versions at the widths it
    /// shows them (`images: {responsive: false}` turns it off).
    package var responsiveImages = true
    package var theme = ThemeSettings()
    /// Interface strings the site sets, by locale, over the theme's.
    package var strings: [String: [String: String]] = [:]
    /// The favicon the site publishes from `static/`, from the output's root; found, not set.
    package var favicon: String?

    package init() {}

    /// Every language of the site, the source first.
    package var locales: [String] { [locale] + translatedLocales }

    static let keys = ["title", "description", "base_url", "locale", "locales", "require_translations", "output", "markdown", "images", "theme", "strings"]
}

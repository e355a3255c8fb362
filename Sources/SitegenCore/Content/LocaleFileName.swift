import Diagnostics
import Foundation

/// How a file says which language it is in: the locale before its extension, as in
/// `02-tour.ko.md`, `_index.ja.md` and `hero.ar.png`. A translation sits beside its source
/// (`02-tour.md`, `_index.md`, `hero.png`).
struct LocaleFileName: Sendable, Equatable {
    /// The source's file name: `02-tour.md` for `02-tour.ko.md`.
    var sourceName: String
    /// The locale as the site lists it.
    var locale: String

    /// What a file name says about its language, given the site's `locales`.
    enum Reading: Sendable, Equatable {
        /// An ordinary file, in the source language.
        case source
        /// A translation of `sourceName` into a listed locale.
        case translation(LocaleFileName)
        /// A name that looks like a translation into a locale the site does not list.
        case unlisted(locale: String, sourceName: String)
    }

    /// Reads `name` (a page or `_index.md`, or an image): a part before the extension that is a
    /// listed locale makes a translation; one that is a language code the site does not list (an
    /// ISO 639 language, with or without subtags, also as gettext, Android and iOS write them,
    /// `pt_BR`; or a country or a former code taken for a language, `jp`, `iw`) is a problem.
    /// Anything else (`v1.2.md`) is a name like any other.
    static func read(_ name: String, locales: [String]) -> Reading {
        guard let lastDot = name.lastIndex(of: "."), lastDot != name.startIndex else { return .source }
        let stem = name[..<lastDot]
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return .source }
        let suffix = String(stem[stem.index(after: dot)...])
        let sourceName = String(stem[..<dot] + name[lastDot...])
        if let listed = locales.first(where: { $0.caseInsensitiveCompare(suffix) == .orderedSame }) {
            return .translation(LocaleFileName(sourceName: sourceName, locale: listed))
        }
        return isLanguageCode(tag(suffix)) ? .unlisted(locale: suffix, sourceName: sourceName) : .source
    }

    /// True for a language tag whose language is a known ISO 639 code (`ko`, `kr`, `pt-br`, `zh-TW`),
    /// or a code often taken for one (`jp`, `iw`).
    static func isLanguageCode(_ text: String) -> Bool {
        guard Validation.isLanguageTag(text), let language = text.split(separator: "-").first?.lowercased() else { return false }
        return isoLanguages.contains(language) || takenForLanguages[language] != nil
    }

    /// `text` as a language tag: `pt_BR` and `zh_Hans` (gettext's, Android's and iOS's way) are `pt-BR` and `zh-Hans`.
    private static func tag(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "-")
    }

    private static let isoLanguages: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })

    /// Codes that are not languages but are often written for one, with the language meant:
    /// countries (`jp` for Japan, where `ja` is spoken) and ISO 639's withdrawn codes (`iw`).
    private static let takenForLanguages: [String: String] = [
        "jp": "ja", "cn": "zh", "gr": "el", "dk": "da", "cz": "cs", "ua": "uk", "iw": "he", "ji": "yi", "jw": "jv",
    ]

    /// The error for a file named for a locale the site does not list.
    static func unlistedProblem(locale: String, sourceName: String, locales: [String]) -> String {
        // `kr`, `jp` and `cn` are countries: the listed language spoken there is the likely meaning.
        let written = tag(locale).lowercased()
        let language = written.split(separator: "-").first.map(String.init) ?? written
        let exactly = locales.first { $0.lowercased() == written }
        let spokenThere = locales.first { listed in
            Locale.Language(identifier: listed).maximalIdentifier.lowercased().hasSuffix("-" + written)
        }
        let meant = takenForLanguages[language] ?? language
        let sameLanguage = locales.first { $0.split(separator: "-").first?.lowercased() == meant }
        let guess = exactly ?? spokenThere ?? sameLanguage ?? Suggestion.closest(to: locale, in: locales)
        let hint = guess.map { " (did you mean '\($0)'?)" } ?? ""
        let listed = locales.count == 1
            ? "the site is in '\(locales[0])' only: list its languages in sitegen.yml, such as locales: [\(locales[0]), \(locale)]"
            : "the site's locales are \(locales.joined(separator: ", "))"
        return "the file is named as a translation of \(sourceName) into '\(locale)'\(hint), but \(listed)"
    }
}

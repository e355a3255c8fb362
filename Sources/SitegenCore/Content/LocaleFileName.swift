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
        // An ASCII name with fewer than two dots, most pages' (`01-intro.md`), is a source,
        // told by its bytes: looking for dots character by character cost 1% of a build.
        if name.utf8.allSatisfy({ $0 < 0x80 }), name.utf8.lazy.filter({ $0 == UInt8(ascii: ".") }).count < 2 { return .source }
        guard let lastDot = name.lastIndex(of: "."), lastDot != name.startIndex else { return .source }
        let stem = name[..<lastDot]
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return .source }
        let suffix = String(stem[stem.index(after: dot)...])
        let sourceName = String(stem[..<dot] + name[lastDot...])
        if let listed = locales.first(where: { $0.caseInsensitiveCompare(suffix) == .orderedSame }) {
            return .translation(LocaleFileName(sourceName: sourceName, locale: listed))
        }
        let language = tag(suffix).split(separator: "-").first?.lowercased() ?? ""
        // `in` is a word (`log.in.md`) as much as Indonesian's withdrawn code: a mistake only in a site in Indonesian.
        let isWord = wordsTakenForLanguages[language].map { meant in !locales.contains { $0.lowercased().hasPrefix(meant) } } ?? false
        return !isWord && isLanguageCode(tag(suffix)) ? .unlisted(locale: suffix, sourceName: sourceName) : .source
    }

    /// True for a language tag whose language is a known ISO 639 code (`ko`, `kr`, `pt-br`, `zh-TW`),
    /// or a code often taken for one (`jp`, `iw`).
    static func isLanguageCode(_ text: String) -> Bool {
        guard Validation.isLanguageTag(text), let language = text.split(separator: "-").first?.lowercased() else { return false }
        return isoLanguages.contains(language) || takenForLanguages[language] != nil || wordsTakenForLanguages[language] != nil
    }

    /// Whether `text` reads as a locale rather than as a word: a code often taken for a language
    /// (`kr`, `jp`), or a language with subtags (`ko_KR`, `pt-BR`, `zh-Hant`).
    static func isLocaleShaped(_ text: String) -> Bool {
        let parts = tag(text).split(separator: "-")
        guard let language = parts.first?.lowercased() else { return false }
        return takenForLanguages[language] != nil || (parts.count > 1 && isLanguageCode(tag(text)))
    }

    /// Whether `text` is two letters of an ISO 639 language that are not also an English word
    /// a file name might hold (`fr`, `ko`; not `to`, `in`, `is`).
    static func isLikelyLanguage(_ text: String) -> Bool {
        text.utf8.count == 2 && isoLanguages.contains(text.lowercased()) && !englishWords.contains(text.lowercased())
    }

    /// Two-letter ISO 639 codes that are English words (or common in file names, `id`).
    private static let englishWords: Set<String> = [
        "am", "an", "as", "be", "bo", "do", "go", "he", "hi", "id", "ie", "in", "io", "is", "it", "me", "my", "no", "of", "on",
        "or", "os", "so", "to", "ts", "uk", "us", "we",
    ]

    /// Whether `tag`'s language is one ISO 639 knows (`ko`, `pt-BR`, not `english`, `xx` or `jp`).
    static func isKnownLanguage(_ tag: String) -> Bool {
        tag.split(separator: "-").first.map { isoLanguages.contains($0.lowercased()) } ?? false
    }

    /// The tag meant by one whose language is a country or a withdrawn code (`ja-JP` for `jp-JP`).
    static func languageMeant(by tag: String) -> String? {
        let parts = tag.split(separator: "-").map(String.init)
        guard let first = parts.first, let meant = takenForLanguages[first.lowercased()] else { return nil }
        return ([meant] + parts.dropFirst()).joined(separator: "-")
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

    /// Withdrawn codes that are also English words, taken for a language only in a site that
    /// lists the language meant.
    private static let wordsTakenForLanguages: [String: String] = ["in": "id"]

    /// The error for a file named for a locale the site does not list.
    static func unlistedProblem(locale: String, sourceName: String, locales: [String]) -> String {
        // `kr`, `jp` and `cn` are countries: the listed language spoken there is the likely meaning.
        let written = tag(locale).lowercased()
        let language = written.split(separator: "-").first.map(String.init) ?? written
        let meant = takenForLanguages[language] ?? wordsTakenForLanguages[language] ?? language
        let corrected = ([meant] + written.split(separator: "-").dropFirst().map(String.init)).joined(separator: "-")
        func maximal(_ tag: String) -> String { Locale.Language(identifier: tag).maximalIdentifier.lowercased() }
        let exactly = locales.first { $0.lowercased() == corrected }
        // The same language and script (`zh_TW` is `zh-Hant`), then a country's language (`kr`: `ko`).
        let sameScript = locales.first { maximal($0).split(separator: "-").prefix(2) == maximal(corrected).split(separator: "-").prefix(2) }
        let spokenThere = locales.first { maximal($0).hasSuffix("-" + written) }
        let sameLanguage = locales.first { $0.split(separator: "-").first?.lowercased() == meant }
        // Else the code meant, written as a tag, when that is not what was written (`ja` for `jp`, `ko-KR` for `ko_KR`).
        let meantTag = corrected == locale.lowercased() ? nil : ([meant] + tag(locale).split(separator: "-").dropFirst().map(String.init)).joined(separator: "-")
        let guess = exactly ?? sameScript ?? spokenThere ?? sameLanguage ?? meantTag
        let hint = guess.map { " (did you mean '\($0)'?)" } ?? ""
        let listed = locales.count == 1
            ? "the site is in '\(locales[0])' only: list its languages in sitegen.yml, such as locales: [\(locales[0]), \(locale)]"
            : "the site's locales are \(locales.joined(separator: ", "))"
        return "the file is named as a translation of \(sourceName) into '\(locale)'\(hint), but \(listed)"
    }
}

import Diagnostics
import FrontMatter
import OnboardingKit

/// The theme's interface strings by locale, from its `strings.yml` and the site's `strings:`.
/// English is complete; every other locale falls back to its language, then to English.
package struct StringTable: Sendable, Equatable {
    package static let baseLocale = "en"

    /// Strings by locale, then by key.
    package private(set) var locales: [String: [String: String]]

    package init(locales: [String: [String: String]]) {
        self.locales = locales
    }

    /// The keys the English table defines: the only keys any locale may set.
    package var keys: [String] { (locales[Self.baseLocale] ?? [:]).keys.sorted() }

    /// The placeholders each English string has: what sitegen fills in it, and so the only ones
    /// another table's string for that key may have.
    package var placeholders: [String: Set<String>] {
        (locales[Self.baseLocale] ?? [:]).mapValues { Set(StringPattern($0).placeholders) }
    }

    /// Every string for `locale`, each from the first table along the locale's fallback chain
    /// that has it (`LocaleResolver.chain`: `zh-Hant-TW`, `zh-Hant`, `zh`), then English.
    package func strings(for locale: String) -> [String: String] {
        var result = locales[Self.baseLocale] ?? [:]
        // Asked for once or more per flow: English, the usual case, needs no chain.
        if locale == Self.baseLocale { return result }
        for tag in chain(for: locale).reversed() where tag != Self.baseLocale {
            result.merge(locales[tag] ?? [:]) { _, specific in specific }
        }
        return result
    }

    /// Whether any table along `locale`'s chain has strings of its own: a locale without is shown
    /// with English buttons, which a build warns about.
    package func hasStrings(for locale: String) -> Bool {
        locale.split(separator: "-").first?.lowercased() == Self.baseLocale
            || chain(for: locale).contains { $0 != Self.baseLocale && locales[$0]?.isEmpty == false }
    }

    /// The warning for a locale with no interface strings of its own.
    package static func missingProblem(_ locale: String) -> String {
        "sitegen has no interface strings for '\(locale)', so its buttons and labels (Skip, Next, Previous…) would be in English; add them under strings: {\(locale): {skip: …, next: …}} in sitegen.yml"
    }

    private func chain(for locale: String) -> [String] {
        LocaleResolver.chain(for: locale, available: Array(locales.keys).sorted(), source: Self.baseLocale)
    }

    /// This table with `other`'s strings in place of its own.
    func overridden(by other: [String: [String: String]]) -> StringTable {
        var merged = locales
        for (locale, strings) in other {
            merged[locale, default: [:]].merge(strings) { _, site in site }
        }
        return StringTable(locales: merged)
    }

    /// Reads a theme's `strings.yml`: a mapping of locales to mappings of keys to strings. A
    /// site's file is read against the `contract` of the theme it changes: it may set the
    /// theme's keys, with no placeholder the theme's English string lacks, and keys its
    /// templates use (`usedKeys`), nothing else.
    package static func parse(_ file: SourceFile, contract: StringTable? = nil, usedKeys: Set<String> = []) -> (StringTable, [Diagnostic]) {
        switch FrontMatter.parseYAMLFile(file) {
        case .failure(let diagnostic):
            return (StringTable(locales: [:]), [diagnostic])
        case .success(let root):
            var diagnostics: [Diagnostic] = []
            let keys = contract.map { Array(Set($0.keys).union(usedKeys)).sorted() }
            let locales = readLocales(
                root, keys: keys, placeholders: contract?.placeholders ?? [:], file: file, context: "strings.yml", diagnostics: &diagnostics)
            // A site's file adds to the theme's, which has every English string already.
            if contract == nil, locales[baseLocale] == nil {
                diagnostics.append(file.error("strings.yml must define every string for '\(baseLocale)'", at: SourceLocation(line: 1, column: 1)))
            }
            return (StringTable(locales: locales), diagnostics)
        }
    }

    /// The longest interface string: strings are repeated for every page and indicator.
    static let maximumLength = 500

    /// Reads `locale: {key: string}` mappings; with `keys`, only those keys are accepted, and a
    /// string of a key in `placeholders` may hold only the placeholders given for it.
    static func readLocales(
        _ node: YAMLNode?, keys: [String]?, placeholders: [String: Set<String>] = [:], file: SourceFile, context: String,
        diagnostics: inout [Diagnostic]
    ) -> [String: [String: String]] {
        guard let node, case .mapping(let pairs) = node.kind else {
            if let node { diagnostics.append(file.error("\(context) must map locales to strings", at: node.location)) }
            return [:]
        }
        var locales: [String: [String: String]] = [:]
        for pair in pairs {
            // A tag as BCP 47 writes it (`pt-br` is `pt-BR`), as flows' locales are.
            guard let written = pair.key.scalarText, Validation.isLanguageTag(written) else {
                diagnostics.append(
                    file.error("'\(pair.key.scalarText ?? "")' is not a language tag such as 'en' or 'pt-BR'",
                        at: pair.key.location, length: pair.key.length))
                continue
            }
            let locale = Validation.canonicalLanguageTag(written)
            let allowed = keys ?? pair.value.mappingKeys
            var reader = FieldReader(pair.value, keys: allowed, file: file, context: "strings for '\(locale)'")
            var strings: [String: String] = [:]
            for key in allowed {
                guard let node = reader.node(key), let value = reader.string(key) else { continue }
                let unknown = placeholders[key].map { allowed in StringPattern(value).placeholders.filter { !allowed.contains($0) } } ?? []
                // Scalars, not characters: marks piled on one letter make one character of any size.
                if value.unicodeScalars.count > maximumLength {
                    reader.report("the string '\(key)' is \(value.unicodeScalars.count) characters long; an interface string is at most \(maximumLength)", at: node)
                } else if value.allSatisfy(\.isWhitespace) {
                    reader.report("the string '\(key)' is empty; a button or label without words has no name a reader could hear", at: node)
                } else if let name = unknown.first, let allowed = placeholders[key] {
                    let fills = allowed.isEmpty ? "it fills none" : "it fills " + allowed.sorted().map { "{\($0)}" }.joined(separator: " and ")
                    reader.report("the string '\(key)' has the placeholder {\(name)}, which sitegen does not fill there; \(fills)", at: node)
                } else {
                    strings[key] = value
                }
            }
            diagnostics += reader.diagnostics
            locales[locale, default: [:]].merge(strings) { _, later in later }
        }
        return locales
    }
}

extension YAMLNode {
    /// The keys of a mapping, in order; empty for anything else.
    var mappingKeys: [String] {
        guard case .mapping(let pairs) = kind else { return [] }
        return pairs.compactMap(\.key.scalarText)
    }
}

extension StringTable {
    /// Fills `{name}` placeholders in a string; a placeholder with no value stays as it is.
    static func format(_ pattern: String, _ values: KeyValuePairs<String, String>) -> String {
        StringPattern(pattern)(values)
    }
}

/// Chooses the language a reader sees, by BCP 47 lookup (RFC 4647, section 3.4): each preferred
/// language in turn, then ever shorter forms of it (`zh-Hant-TW`, `zh-Hant`, `zh`), then the
/// source locale. The build uses the same rules for each page's fallback, and the web runtime
/// has the same function in JavaScript; `Tests/Vectors/locale-resolution.json` holds both to them.
public enum LocaleResolver {
    /// The best of `available` for a reader who prefers `preferred` (most preferred first, as
    /// `Locale.preferredLanguages` or `navigator.languages` give them); `source` when none fits.
    public static func resolve(preferred: [String], available: [String], source: String) -> String {
        let index = Dictionary(available.map { (normalized($0), $0) }) { first, _ in first }
        for language in preferred {
            for candidate in candidates(language) {
                if let found = index[candidate] { return found }
            }
        }
        return source
    }

    /// Where the content of `locale` comes from, best first: the locale itself and each shorter
    /// form of it that is available, then `source`. A page missing in one is looked for in the next.
    public static func chain(for locale: String, available: [String], source: String) -> [String] {
        let index = Dictionary(available.map { (normalized($0), $0) }) { first, _ in first }
        var chain: [String] = []
        for candidate in candidates(locale) {
            if let found = index[candidate], !chain.contains(found) { chain.append(found) }
        }
        if !chain.contains(source) { chain.append(source) }
        return chain
    }

    /// A tag compared without regard to case, with `_` (as Android and POSIX write it) read as `-`.
    static func normalized(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// The forms of `tag` to look for, longest first. Chinese without a script gets the script
    /// its region writes (`zh-TW` is looked for as `zh-Hant-TW` and `zh-Hant` before `zh`), as
    /// Apple's and Android's language settings do.
    static func candidates(_ tag: String) -> [String] {
        var subtags = normalized(tag).split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = subtags.first, !language.isEmpty, language != "*", subtags.allSatisfy({ !$0.isEmpty }) else { return [] }
        var result: [String] = []
        if language == "zh", subtags.count >= 2, subtags[1].count != 4 {
            result.append(subtags.joined(separator: "-"))
            let script = traditionalRegions.contains(subtags[1]) ? "hant" : "hans"
            subtags.insert(script, at: 1)
        }
        while !subtags.isEmpty {
            let candidate = subtags.joined(separator: "-")
            if !result.contains(candidate) { result.append(candidate) }
            subtags.removeLast()
            // A singleton (`x`, `u`) introduces an extension and is never a tag's last subtag.
            if let last = subtags.last, last.count == 1 { subtags.removeLast() }
        }
        return result
    }

    /// The regions that write Chinese in traditional characters.
    static let traditionalRegions: Set<String> = ["tw", "hk", "mo"]
}

import OnboardingKit

extension TextDirection {
    /// Languages written right to left, by their primary subtag.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The direction a locale's script is written in.
    static func of(locale: String) -> TextDirection {
        let language = locale.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return rightToLeftLanguages.contains(language) ? .rtl : .ltr
    }
}

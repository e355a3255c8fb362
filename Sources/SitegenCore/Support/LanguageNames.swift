import Foundation

/// The name of each language in itself (한국어, 日本語, العربية), from the system's locale data,
/// as a language switcher shows it.
enum LanguageNames {
    /// `locale`'s own name for itself, its first letter capitalized as that language would; the
    /// tag itself when the system knows no name for it.
    static func native(_ locale: String) -> String {
        let own = Locale(identifier: locale)
        guard let name = own.localizedString(forIdentifier: locale), !name.isEmpty else { return locale }
        return name.prefix(1).uppercased(with: own) + name.dropFirst()
    }
}

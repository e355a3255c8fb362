/// Checks on values that end up in URLs, HTML attributes and CSS.
enum Validation {
    /// A base URL ending in `/`, or nil when `text` is not an http(s) URL or a root-relative path.
    static func baseURL(_ text: String) -> String? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || text.hasPrefix("/"),
            !text.contains(where: { $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// True for a BCP 47 language tag such as `en`, `pt-BR` or `zh-Hant-TW`.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// True for a slug usable as an HTML id and URL fragment: letters, digits, `-` and `_`.
    static func isSlug(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return text.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    /// True for a CSS value that cannot break out of its declaration.
    static func isSafeCSSValue(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { scalar in
            ";{}<>\\\n\r".unicodeScalars.contains(scalar) || scalar.value < 0x20
        } && !text.lowercased().contains("url(") && !text.lowercased().contains("expression(")
    }

    /// True for class names separated by spaces.
    static func isClassList(_ text: String) -> Bool {
        let names = text.split(separator: " ")
        return !names.isEmpty && names.allSatisfy { name in
            guard let first = name.unicodeScalars.first, isAlphanumeric(first) || first == "_" || first == "-" else {
                return false
            }
            return name.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" }
        }
    }

    /// The scheme of an href that must never be followed, such as `javascript:`, or nil.
    static func dangerousScheme(_ href: String) -> String? {
        let compact = String(href.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        for scheme in ["javascript:", "vbscript:", "file:", "data:"] where compact.hasPrefix(scheme) {
            return scheme
        }
        return nil
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

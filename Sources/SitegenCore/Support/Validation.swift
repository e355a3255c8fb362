/// Checks on values that end up in URLs, HTML attributes and CSS.
enum Validation {
    /// The start of every id the theme gives its own elements; no page id may have it.
    static let themeIDPrefix = "sg-"
    /// The starts of the ids of footnotes and of their references (`fn-…`, `fnref-…`).
    static let footnoteIDPrefixes = ["fn-", "fnref-"]
    /// The starts of ids sitegen gives elements of a flow's document other than pages: the
    /// theme's, and footnotes' and their references'. No page id may have them.
    static let reservedIDPrefixes = [themeIDPrefix] + footnoteIDPrefixes

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

    /// A language tag in the case BCP 47 writes it (`KO` is `ko`, `zh-hant-tw` is `zh-Hant-TW`).
    static func canonicalLanguageTag(_ tag: String) -> String {
        var afterSingleton = false
        return tag.split(separator: "-", omittingEmptySubsequences: false).enumerated().map { index, part in
            let lower = part.lowercased()
            defer { if part.count == 1 { afterSingleton = true } }
            guard index > 0, !afterSingleton else { return lower }
            if part.count == 4, part.allSatisfy(\.isLetter) { return lower.prefix(1).uppercased() + lower.dropFirst() }
            if part.count == 2, part.allSatisfy(\.isLetter) { return lower.uppercased() }
            return lower
        }.joined(separator: "-")
    }

    /// True for a slug usable as an HTML id and URL fragment: letters, digits, `-` and `_`.
    static func isSlug(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return text.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    /// Functions that make a browser fetch something, which a theme value may not call.
    private static let resourceFunctions: Set<String> = ["url", "src", "image", "image-set", "expression"]

    /// True for a CSS value that stays inside its declaration and loads nothing: no `;`, braces,
    /// angle brackets, backslashes or control characters; no comment; every quote closed and every
    /// parenthesis and bracket closed in order; no function that fetches a resource (`url()`,
    /// `image-set()` and its prefixed forms, …).
    /// Whether `text` is a CSS length that is not negative: `0`, a number with a unit (`12px`,
    /// `.75rem`, `1e3px`, `50%`), or a function that makes one (`calc(…)`, `min(…)`, `max(…)`,
    /// `clamp(…)`, `var(…)`, `env(…)`).
    static func isCSSLength(_ text: String) -> Bool {
        let value = String(text.lowercased().drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if ["calc(", "min(", "max(", "clamp(", "var(", "env("].contains(where: value.hasPrefix) { return value.hasSuffix(")") }
        if value == "0" { return true }
        // CSS's number: digits, or digits after a point (a point needs some), then an exponent.
        var rest = Substring(value)
        if rest.first == "+" { rest = rest.dropFirst() }
        let whole = rest.prefix(while: \.isASCIIDigit)
        rest = rest.dropFirst(whole.count)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix(while: \.isASCIIDigit)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        } else if whole.isEmpty {
            return false
        }
        if rest.first == "e", let next = rest.dropFirst().first, next.isASCIIDigit || ((next == "+" || next == "-") && rest.dropFirst(2).first?.isASCIIDigit == true) {
            rest = rest.dropFirst(2).drop(while: \.isASCIIDigit)
        }
        return cssLengthUnits.contains(String(rest))
    }

    private static let cssLengthUnits: Set<String> = [
        "px", "rem", "em", "%", "ex", "ch", "lh", "rlh", "vw", "vh", "vmin", "vmax", "svw", "svh", "lvw", "lvh", "dvw", "dvh",
        "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax", "pt", "pc", "cm", "mm", "q", "in",
    ]

    static func isSafeCSSValue(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        var quote: Unicode.Scalar?
        var closers: [Unicode.Scalar] = []
        var name = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || ";{}<>\\".unicodeScalars.contains(scalar) { return false }
            // A comment's start or end, found scalar by scalar: `/*` + U+0301 is two characters
            // to Swift, `/` and `*́`, and a search for "/*" by characters missed it.
            if (previous == "/" && scalar == "*") || (previous == "*" && scalar == "/") { return false }
            previous = scalar
            if let open = quote {
                if scalar == open { quote = nil }
                continue
            }
            switch scalar {
            case "\"", "'":
                quote = scalar
            case "(":
                if resourceFunctions.contains(unprefixed(name.lowercased())) { return false }
                closers.append(")")
            case "[":
                closers.append("]")
            case ")", "]":
                guard closers.popLast() == scalar else { return false }
            default:
                break
            }
            let isNamePart = isAlphanumeric(scalar) || scalar == "-" || scalar == "_" || !scalar.isASCII
            name = isNamePart ? name + String(scalar) : ""
        }
        return quote == nil && closers.isEmpty
    }

    /// A CSS function name without its vendor prefix: `-webkit-image-set` is `image-set`.
    private static func unprefixed(_ name: String) -> String {
        guard name.hasPrefix("-"), let dash = name.dropFirst().firstIndex(of: "-") else { return name }
        return String(name[name.index(after: dash)...])
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
        for scheme in ["javascript:", "vbscript:", "file:", "data:"] where compact.utf8.starts(with: scheme.utf8) {
            return scheme
        }
        return nil
    }

    /// An ASCII letter or digit.
    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

extension Character {
    /// Whether this is one of the digits 0 to 9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

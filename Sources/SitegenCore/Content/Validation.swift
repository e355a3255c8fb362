/// Checks on values that end up in URLs, HTML attributes and CSS.
enum Validation {
    /// A base URL ending in `/`, or nil when `text` is neither an http(s) URL with a host nor a
    /// root-relative path (`/docs/`, but not `//host`). The host is a name or an IPv6 literal in
    /// brackets, with an optional port of digits; user info, a query or fragment (which the paths
    /// appended to the base would land in), spaces, quotes, angle brackets, backslashes and
    /// control characters are refused.
    static func baseURL(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: isForbiddenInBaseURL) else { return nil }
        if text.hasPrefix("/") {
            guard !text.hasPrefix("//") else { return nil }
        } else {
            let lowered = text.lowercased()
            guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }),
                isAuthority(text.dropFirst(scheme.count).prefix { $0 != "/" })
            else { return nil }
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    private static func isForbiddenInBaseURL(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace
            || "\"'<>\\`?#".unicodeScalars.contains(scalar)
    }

    /// True for `host` or `host:port`, where the host is a name or a bracketed IPv6 address.
    private static func isAuthority(_ authority: Substring) -> Bool {
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                port = rest.dropFirst()
            }
            let address = host.dropFirst().dropLast()
            guard address.contains(":"), address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        } else {
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            }
            guard host.contains(where: { $0 != "." }), host.unicodeScalars.allSatisfy(isHostScalar) else { return false }
        }
        guard let port else { return true }
        guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port) else { return false }
        return number <= 65535
    }

    /// Letters, digits, `-`, `.` and `_`, or a letter or digit of another script (internationalised names).
    private static func isHostScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isAlphanumeric(scalar) || scalar == "-" || scalar == "." || scalar == "_" }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
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

    /// Functions that make a browser fetch something, which a theme value may not call.
    private static let resourceFunctions: Set<String> = ["url", "src", "image", "image-set", "expression"]

    /// True for a CSS value that stays inside its declaration and loads nothing: no `;`, braces,
    /// angle brackets, backslashes or control characters; no comment; every quote closed and every
    /// parenthesis and bracket closed in order; no function that fetches a resource (`url()`,
    /// `image-set()` and its prefixed forms, …).
    static func isSafeCSSValue(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains("/*"), !text.contains("*/") else { return false }
        var quote: Unicode.Scalar?
        var closers: [Unicode.Scalar] = []
        var name = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || ";{}<>\\".unicodeScalars.contains(scalar) { return false }
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
        for scheme in ["javascript:", "vbscript:", "file:", "data:"] where compact.hasPrefix(scheme) {
            return scheme
        }
        return nil
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

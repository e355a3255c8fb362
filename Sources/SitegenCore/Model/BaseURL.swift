/// The URL a site is served from, always ending in `/`: an http(s) URL with a host, or a path
/// from the root. `sitegen.yml`'s `base_url` and the `--base-url` option are both read with it, so
/// the rule and its wording live here alone.
package struct BaseURL: Sendable, Hashable, CustomStringConvertible {
    package let text: String

    /// The base URL `text` names, or nil when it is not one (see `requirement`).
    package init?(_ text: String) {
        guard let normalized = Self.normalized(text) else { return nil }
        self.text = normalized
    }

    package var description: String { text }

    /// What a base URL must be, for error messages.
    static let requirement = "an http(s) URL with a host, or a path starting with '/'"

    /// Why `text` is not a base URL, naming where it was given (`'base_url'`, `--base-url`).
    static func problem(_ text: String, givenAs name: String) -> String {
        "\(name) must be \(requirement), not '\(text)'"
    }

    /// `text` ending in `/`, or nil when it is neither an http(s) URL with a host nor a
    /// root-relative path (`/docs/`, but not `//host`). The host is a name or an IPv6 literal in
    /// brackets, with an optional port from 1 to 65535; user info, a query or fragment (which the
    /// paths appended to the base would land in), `.` and `..` segments (in any spelling), a
    /// malformed `%` escape, spaces, quotes, angle brackets, backslashes and control characters are
    /// refused. The scheme and host are case-insensitive and written in lower case.
    private static func normalized(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: isForbiddenInBaseURL) else { return nil }
        var origin = ""
        var path = Substring(text)
        if text.hasPrefix("/") {
            guard !text.hasPrefix("//") else { return nil }
        } else {
            let lowered = text.lowercased()
            guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
            let authority = text.dropFirst(scheme.count).prefix { $0 != "/" }
            guard isAuthority(authority) else { return nil }
            origin = scheme + authority.lowercased()
            path = text.dropFirst(scheme.count + authority.count)
        }
        guard path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy(isPlainSegment) else { return nil }
        let joined = origin + path
        return joined.hasSuffix("/") ? joined : joined + "/"
    }

    /// False for `.` and `..` however they are spelled (`%2e`, `.%2E`), for a segment whose `%`
    /// escapes are malformed, and for one that decodes to a `/`, a `\` or a control character
    /// (`/%2F/evil.test/` reads as `//evil.test/` to some servers and browsers).
    private static func isPlainSegment(_ segment: Substring) -> Bool {
        guard let decoded = Path.percentDecoded(String(segment)) else { return false }
        return decoded != "." && decoded != ".."
            && !decoded.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "/" || $0 == "\\" }
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
            guard host.unicodeScalars.allSatisfy(isHostScalar), host.utf8.count <= 253 else { return false }
            // Labels of 1 to 63 characters, neither starting nor ending with `-`; a final `.` is allowed.
            let labels = (host.hasSuffix(".") ? host.dropLast() : host).split(separator: ".", omittingEmptySubsequences: false)
            guard labels.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 63 && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else { return false }
        }
        guard let port else { return true }
        guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port) else { return false }
        return (1...65535).contains(number) && !(port.hasPrefix("0"))
    }

    /// Letters, digits, `-`, `.` and `_`, or a letter or digit of another script (internationalised names).
    private static func isHostScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return Validation.isAlphanumeric(scalar) || scalar == "-" || scalar == "." || scalar == "_" }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// Which `Host` headers the preview answers: `localhost` (and names under it), IP addresses, and
/// the name it was told to listen on. A page on another site cannot reach the preview through a
/// name of its own that it points at 127.0.0.1 (DNS rebinding): such a request names that site.
struct HostCheck: Sendable {
    /// Names allowed besides `localhost` and IP addresses, lowercased.
    let names: Set<String>

    init(listeningOn host: String) {
        names = [host.lowercased()]
    }

    func allows(_ sent: String?) -> Bool {
        guard let sent else { return false }
        let header = sent.trimmingSpaces
        guard !header.isEmpty else { return false }
        let host: Substring
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return false }
            let rest = header[header.index(after: close)...]
            guard rest.isEmpty || Self.isPort(rest) else { return false }
            let address = header[header.index(after: header.startIndex)..<close]
            // `[::]`, the unspecified address, reaches the preview without the browser counting
            // it as loopback, so it sends no Fetch Metadata: only a name the preview listens on.
            if address.allSatisfy({ $0 == "0" || $0 == ":" || $0 == "." }) { return names.contains(address.lowercased()) }
            return !address.isEmpty && address.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        if let colon = header.lastIndex(of: ":") {
            guard Self.isPort(header[colon...]) else { return false }
            host = header[..<colon]
        } else {
            host = header[...]
        }
        let name = host.lowercased()
        // 0.0.0.0 (and 0.x.x.x) likewise, unless the preview was told to listen on it.
        if Self.isIPv4(name), name.hasPrefix("0.") { return names.contains(name) }
        return name == "localhost" || name.hasSuffix(".localhost") || Self.isIPv4(name) || names.contains(name)
    }

    /// `:` and a port number.
    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && (1...5).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
            && (Int(digits) ?? 65536) <= 65535
    }

    private static func isIPv4(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber } && (Int(part) ?? 256) <= 255
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs (optional whitespace in a header).
    fileprivate var trimmingSpaces: String {
        var text = self[...]
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

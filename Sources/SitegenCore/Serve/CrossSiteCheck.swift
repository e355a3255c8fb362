import HTTPServer

/// Which requests the preview refuses because a browser marks them as made by another site's
/// page (Fetch Metadata). CORS and the Host check do not stop a page elsewhere from running the
/// preview's scripts with `<script src>` (each flow's `embed.js` carries its pages, drafts
/// included), and to a browser another port of this machine is the same site, not the same
/// origin: so anything but the preview's own pages (`same-origin`) and what the user opened
/// (`none`) is refused, except a top-level navigation, whose page the site it came from cannot
/// read. A browser sends no Fetch Metadata to an address it does not count as trustworthy
/// (`0.0.0.0`, which the Host check refuses for that reason, or a `--host` on the network); there,
/// a request whose `Origin` or `Referer` names another origin than `host` is refused unless it asks
/// for a page (`/`, `.html`), which a page elsewhere cannot read without CORS. A request with none
/// of these headers (curl, other tools) is answered.
enum CrossSiteCheck {
    static func refuses(_ fetch: FetchMetadata, host: String? = nil, target: String = "/") -> Bool {
        guard let site = fetch.site.map(normalized) else { return comesFromElsewhere(fetch, host: host, target: target) }
        if site == "same-origin" || site == "none" { return false }
        // `cross-site`, `same-site`, or a value this check does not know.
        return !(fetch.mode.map(normalized) == "navigate" && fetch.destination.map(normalized) == "document")
    }

    /// True when `Origin` or `Referer` names another origin than the preview's `host` and the
    /// request is for anything but a page.
    private static func comesFromElsewhere(_ fetch: FetchMetadata, host: String?, target: String) -> Bool {
        guard let host = host?.lowercased() else { return false }
        let path = target.prefix { $0 != "?" }
        if path.hasSuffix("/") || path.hasSuffix(".html") { return false }
        func isElsewhere(_ url: String) -> Bool {
            guard let scheme = url.range(of: "://") else { return true }
            return String(url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }).lowercased() != host
        }
        return [fetch.origin, fetch.referer].compactMap { $0 }.contains(where: isElsewhere)
    }

    private static func normalized(_ value: String) -> String {
        var text = Substring(value)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text.lowercased()
    }
}

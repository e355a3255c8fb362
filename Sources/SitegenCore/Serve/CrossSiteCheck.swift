import HTTPServer

/// Which requests the preview refuses because a browser marks them as made by another site's
/// page (Fetch Metadata). CORS and the Host check do not stop a page elsewhere from running the
/// preview's scripts with `<script src>` (each flow's `embed.js` carries its pages, drafts
/// included), and to a browser another port of this machine is the same site, not the same
/// origin: so anything but the preview's own pages (`same-origin`) and what the user opened
/// (`none`) is refused, except a top-level navigation, whose page the site it came from cannot
/// read. A request without the headers (curl, other tools) is answered.
enum CrossSiteCheck {
    static func refuses(_ fetch: FetchMetadata) -> Bool {
        guard let site = fetch.site.map(normalized) else { return false }
        if site == "same-origin" || site == "none" { return false }
        // `cross-site`, `same-site`, or a value this check does not know.
        return !(fetch.mode.map(normalized) == "navigate" && fetch.destination.map(normalized) == "document")
    }

    private static func normalized(_ value: String) -> String {
        var text = Substring(value)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text.lowercased()
    }
}

import Diagnostics

/// What a link on a page becomes.
enum PageLink: Equatable, Sendable {
    /// Not a link to a page of the site (another site, a file, an address the author wrote for
    /// the output): left as written.
    case unchanged
    /// A page, a heading or a flow of the site, at its address in the output. `check` names a
    /// heading on another page, which must exist once every page is rendered.
    case resolved(href: String, flow: String, check: (page: String, anchor: String)?)
    /// A page, heading or flow the site does not have; `flow` is the flow it was looked for in.
    case broken(String, flow: String?)

    static func == (lhs: PageLink, rhs: PageLink) -> Bool {
        switch (lhs, rhs) {
        case (.unchanged, .unchanged): true
        case let (.resolved(a, f, c), .resolved(b, g, d)): a == b && f == g && c?.page == d?.page && c?.anchor == d?.anchor
        case let (.broken(a, f), .broken(b, g)): a == b && f == g
        default: false
        }
    }
}

/// Turns the links an author writes between pages, as they work on GitHub and in an editor
/// (`04-setup.md`, `04-setup.md#install`, `../other-flow/02-tour.md`, `#a-heading`), into the
/// carousel's addresses (`#setup`, `#setup--install`, `../other-flow/#tour`); a link to a page,
/// flow or heading the site lacks is a problem, never a dead link.
struct PageLinkResolver: Sendable {
    let directory: PageDirectory
    /// The flow and id of the page the links are on.
    let flow: String
    let pageID: String

    /// What the link to `url` becomes; `headings` are the anchors of this page's headings.
    func resolve(_ url: String, headings: Set<String>) -> PageLink {
        guard !url.isEmpty, !url.hasPrefix("//"), !Self.hasScheme(url) else { return .unchanged }
        let hash = url.firstIndex(of: "#")
        let fragment = hash.map { String(url[url.index(after: $0)...]) }
        let pathPart = String(url[..<(hash ?? url.endIndex)].prefix { $0 != "?" })
        if pathPart.isEmpty {
            return hash == nil ? .unchanged : onThisPage(fragment ?? "", written: url, headings: headings)
        }
        let decodedPath = Path.percentDecoded(pathPart)
        let isPageFile = PageNaming.isPageFile(Path.fileName(of: decodedPath ?? pathPart))
        if pathPart.hasPrefix("/") {
            return isPageFile
                ? .broken(
                    "link '\(url)' is written from the site root, which moves when the site is deployed under a path; "
                        + "write it relative to the page, such as ../\(flow)/\(Path.fileName(of: pathPart))", flow: nil)
                : .unchanged
        }
        guard let decodedPath else {
            return isPageFile ? .broken("link '\(url)' has a malformed %-escape", flow: nil) : .unchanged
        }
        guard let target = Path.normalize(Path.join(flow, decodedPath)) else {
            return isPageFile ? .broken("link '\(url)' points outside content/, where no page is", flow: nil) : .unchanged
        }
        let parts = target.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let anchor = fragment.flatMap { Path.percentDecoded($0) ?? $0 } ?? ""
        switch parts.count {
        case 1 where directory.flows[parts[0]] != nil:
            return toFlow(parts[0], anchor: anchor, written: url)
        case 2 where parts[1] == ContentLayout.flowIndexFile:
            guard directory.flows[parts[0]] != nil else { return missingFlow(parts[0], written: url) }
            return toFlow(parts[0], anchor: anchor, written: url)
        case 2 where isPageFile:
            return toPage(parts[1], in: parts[0], anchor: anchor, written: url)
        default:
            guard isPageFile else { return .unchanged }
            return .broken(
                "link '\(url)' is not a page: pages are the Markdown files directly in a flow's folder, such as ../\(flow)/02-setup.md",
                flow: parts.count > 1 ? parts[0] : nil)
        }
    }

    /// `#anchor` on this page: a heading of it, or an id the flow's document has.
    private func onThisPage(_ fragment: String, written: String, headings: Set<String>) -> PageLink {
        let anchor = Path.percentDecoded(fragment) ?? fragment
        if anchor.isEmpty { return .unchanged }
        if headings.contains(anchor) {
            return .resolved(href: "#" + PageDirectory.headingID(pageID: pageID, anchor: anchor), flow: flow, check: nil)
        }
        let pages = directory.flows[flow] ?? .init()
        if let known = idInFlow(anchor, pages) { return known.map { .resolved(href: "#" + anchor, flow: flow, check: $0) } ?? .unchanged }
        return .broken("link '\(written)' finds no heading '\(anchor)' on this page\(Self.hint(anchor, headings: headings))", flow: flow)
    }

    /// Whether `anchor` is an id of a flow's document that a link may name as it is: a page's id,
    /// a heading's (`page--anchor`, with the heading to check), a footnote's or the theme's.
    /// Nil when it is none of them; `.some(nil)` when there is nothing further to check.
    private func idInFlow(_ anchor: String, _ pages: PageDirectory.FlowPages) -> (page: String, anchor: String)?? {
        if pages.ids.values.contains(anchor) { return .some(nil) }
        if ["fn-", "fnref-", Validation.themeIDPrefix].contains(where: anchor.hasPrefix) { return .some(nil) }
        if let separator = anchor.range(of: PageDirectory.headingSeparator),
            let file = pages.ids.first(where: { $0.value == anchor[..<separator.lowerBound] })?.key
        {
            return .some((file, String(anchor[separator.upperBound...])))
        }
        return nil
    }

    private func toFlow(_ slug: String, anchor: String, written: String) -> PageLink {
        let address = slug == flow ? "" : Self.flowAddress(slug)
        guard !anchor.isEmpty else { return .resolved(href: address.isEmpty ? "./" : address, flow: slug, check: nil) }
        let pages = directory.flows[slug] ?? .init()
        guard let known = idInFlow(anchor, pages) else {
            return .broken(
                "link '\(written)' finds no page '\(anchor)' in flow '\(slug)'\(Suggestion.didYouMean(anchor, in: pages.ids.values.sorted()))",
                flow: slug)
        }
        return .resolved(href: address + "#" + anchor, flow: slug, check: known)
    }

    private func toPage(_ name: String, in slug: String, anchor: String, written: String) -> PageLink {
        guard let pages = directory.flows[slug] else { return missingFlow(slug, written: written) }
        guard let id = pages.ids[name] else {
            if pages.drafts.contains(name) {
                return .broken(
                    "link '\(written)' points to a draft, which this build leaves out; build with --drafts, or link to it once it is published",
                    flow: slug)
            }
            let place = slug == flow ? "this flow" : "flow '\(slug)'"
            return .broken(
                "link '\(written)' finds no page '\(name)' in \(place)\(Suggestion.didYouMean(name, in: pages.ids.keys.sorted()))", flow: slug)
        }
        let address = slug == flow ? "" : Self.flowAddress(slug)
        guard !anchor.isEmpty else { return .resolved(href: address + "#" + id, flow: slug, check: nil) }
        return .resolved(
            href: address + "#" + PageDirectory.headingID(pageID: id, anchor: anchor), flow: slug, check: (name, anchor))
    }

    private func missingFlow(_ slug: String, written: String) -> PageLink {
        .broken(
            "link '\(written)' finds no flow '\(slug)'\(Suggestion.didYouMean(slug, in: directory.flows.keys.sorted()))", flow: slug)
    }

    /// What to say after "finds no heading": the anchor likely meant, or the ones there are.
    static func hint(_ anchor: String, headings: Set<String>) -> String {
        let sorted = headings.sorted()
        // A heading's anchor holds all of its words: one written shorter is likely its start.
        if let close = Suggestion.closest(to: anchor, in: sorted) ?? sorted.first(where: { !anchor.isEmpty && $0.hasPrefix(anchor) }) {
            return "; did you mean '\(close)'?"
        }
        if sorted.isEmpty { return "; the page has no headings" }
        let shown = sorted.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        return "; its headings are \(shown)\(sorted.count > 5 ? " and \(sorted.count - 5) more" : "")"
    }

    /// Another flow's address, from a page of this one.
    static func flowAddress(_ slug: String) -> String {
        "../" + Path.urlEncoded(slug) + "/"
    }

    /// True for `https:`, `mailto:` and any other scheme.
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        return scheme.first?.isASCII == true && scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

import Diagnostics
import Foundation
import Markdown

/// What a link on a page becomes.
enum PageLink: Sendable {
    /// Not a link to a page of the site (another site, a file, an address the author wrote for
    /// the output): left as written.
    case unchanged
    /// A link left as written that was checked against `flow`, whose pages it depends on: one
    /// into a translation's folder (`../ko/tour/#welcome`), or to a footnote through the flow's
    /// page (`../tour/index.html#fn-…`).
    case checked(flow: String)
    /// A page, a heading or a flow of the site, at its address in the output. `check` names a
    /// heading on another page, which must exist once every page is rendered.
    case resolved(href: String, flow: String, check: (page: String, anchor: String)?)
    /// A file of a flow's folder that is not a page (a download, a sample project), at its path
    /// in the site, to publish beside the flow's pages; `flow` is the flow whose folder holds it.
    case file(sitePath: String, flow: String)
    /// A page, heading or flow the site does not have; `flow` is the flow it was looked for in.
    case broken(String, flow: String?)

    /// The link with `query` (`?replay`, as written) before its fragment.
    func withQuery(_ query: String) -> PageLink {
        guard !query.isEmpty, case .resolved(let href, let flow, let check) = self else { return self }
        let parts = URLParts(href)
        let address = parts.path == "./" ? "" : parts.path
        return .resolved(href: address + query + (parts.fragment.map { "#" + $0 } ?? ""), flow: flow, check: check)
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

    /// The heading id a link's fragment names: percent-decoded, and composed (NFC) as heading ids
    /// are, since a fragment pasted decomposed (from a macOS file name, say) is equal to Swift but
    /// not to a browser; made stream-safe first, so that composing it takes linear time.
    static func anchor(_ fragment: String) -> String {
        (Path.percentDecoded(fragment) ?? fragment).streamSafe.precomposedStringWithCanonicalMapping
    }

    /// What the link to `url` becomes; `anchors` are this page's headings and footnotes. Without
    /// `suggesting`, a problem names no likely target (a page with very many broken links would
    /// otherwise spend its time comparing names).
    func resolve(_ url: String, anchors: MarkdownAnchors, suggesting: Bool = true) -> PageLink {
        guard !url.isEmpty, !url.utf8.starts(with: "//".utf8), !Self.hasScheme(url) else { return .unchanged }
        let written = URLParts(url)
        let fragment = written.fragment
        let pathPart = written.path
        // A query (`?replay`) is the author's and stays, before the fragment.
        let query = written.query
        let resolver = Suggesting(resolver: self, suggesting: suggesting)
        if pathPart.isEmpty {
            guard fragment != nil else { return .unchanged }
            return resolver.onThisPage(fragment ?? "", written: url, anchors: anchors).withQuery(query)
        }
        let decodedPath = Path.percentDecoded(pathPart)
        let lastPart = Path.components(of: decodedPath ?? pathPart).last.map(String.init) ?? ""
        let isPageFile = PageNaming.isPageFile(lastPart)
        if pathPart.utf8.first == UInt8(ascii: "/") {
            var fromRoot = pathPart.drop { $0 == "/" }
            if fromRoot.hasPrefix(ContentLayout.directory + "/") { fromRoot = fromRoot.dropFirst(ContentLayout.directory.count + 1) }
            return isPageFile
                ? .broken(
                    "link '\(url)' is written from the site root, which moves when the site is deployed under a path; "
                        + "write it relative to the page, such as ../\(fromRoot)", flow: nil)
                : .unchanged
        }
        guard let decodedPath else {
            if Path.holdsEncodedNUL(pathPart) { return .broken("link '\(url)' holds %00, a NUL byte, which no file name can hold", flow: nil) }
            return isPageFile ? .broken("link '\(url)' has a malformed %-escape", flow: nil) : .unchanged
        }
        guard let target = Path.normalize(Path.join(flow, decodedPath)) else {
            return isPageFile ? .broken("link '\(url)' points outside content/, where no page is", flow: nil) : .unchanged
        }
        let parts = Path.components(of: target).map(String.init)
        let anchor = fragment.map(Self.anchor) ?? ""
        if parts.count > 1, directory.locales.contains(parts[0]) {
            return resolver.inLocale(Array(parts.dropFirst()), locale: parts[0], anchor: anchor, written: url)
        }
        switch parts.count {
        case 1 where directory.hasFlow(parts[0]):
            return resolver.toFlow(parts[0], anchor: anchor, written: url).withQuery(query)
        case 1 where !isPageFile:
            // `../name/` is a flow, or a folder or file the site publishes at the output's root.
            return resolver.otherFile(parts, written: url)
        case 2 where parts[1] == ContentLayout.flowIndexFile:
            guard directory.hasFlow(parts[0]) else { return resolver.missingFlow(parts[0], written: url) }
            return resolver.toFlow(parts[0], anchor: anchor, written: url).withQuery(query)
        case 2 where parts[1] == ContentLayout.flowPageFile && directory.hasFlow(parts[0]):
            // The page the build writes for a flow is the flow, checked as `../tour/` is, and left as written.
            // A footnote's id there is known only once its page is rendered: it is left as written.
            if Self.isFootnoteID(anchor) { return .checked(flow: parts[0]) }
            let link = resolver.toFlow(parts[0], anchor: anchor, written: url)
            guard case .resolved(_, let target, let check) = link else { return link }
            return .resolved(href: url, flow: target, check: check)
        case 2 where isPageFile:
            return resolver.toPage(parts[1], in: parts[0], anchor: anchor, written: url).withQuery(query)
        default:
            guard isPageFile else { return resolver.otherFile(parts, written: url) }
            return .broken(
                "link '\(url)' is not a page: pages are the Markdown files directly in a flow's folder, such as ../\(flow)/02-setup.md",
                flow: parts.count > 1 ? parts[0] : nil)
        }
    }

    /// A link left as written, as a translation's page (one folder deeper, `ko/tour/`) must
    /// write it to reach the same file: `../guide.pdf` becomes `../../guide.pdf`. The site index
    /// (`../`) and other flows stay, since each locale has its own; nil for a link that needs
    /// no change (another site, a fragment, a path from the root).
    static func fromTranslation(_ url: String, flow: String) -> String? {
        guard let first = url.utf8.first, !"#?/".utf8.contains(first), !hasScheme(url) else { return nil }
        let parts = URLParts(url)
        let pathPart = parts.path
        let rest = parts.suffix
        // Paths are compared decoded but written as the author wrote them.
        guard let target = Path.normalize(Path.join(Path.urlEncoded(flow), pathPart)) else { return "../" + url }
        if target.isEmpty { return nil }
        return "../../" + target + (pathPart.utf8.last == UInt8(ascii: "/") ? "/" : "") + rest
    }

    /// The resolver's lookups, naming likely targets in problems only when `suggesting`.
    private struct Suggesting {
        let resolver: PageLinkResolver
        let suggesting: Bool
        var directory: PageDirectory { resolver.directory }
        var flow: String { resolver.flow }
        var pageID: String { resolver.pageID }

        func didYouMean(_ name: String, in candidates: [String]) -> String {
            suggesting ? Suggestion.didYouMean(name, in: candidates) : ""
        }

        func hint(_ anchor: String, headings: Set<String>) -> String {
            suggesting ? PageLinkResolver.hint(anchor, headings: headings) : ""
        }

        /// A file that is not a page, at `parts` below `content/`: one in a flow's folder, or one
        /// `static/` publishes (the build's own files and the translations' folders are not
        /// checked); a problem where there is neither a flow nor anything `static/` publishes of
        /// that name.
        func otherFile(_ parts: [String], written: String) -> PageLink {
            // `../` is the site's index.
            guard let first = parts.first else { return .unchanged }
            let path = parts.joined(separator: "/")
            if parts.count > 1, directory.hasFlow(first) {
                // A flow's page and its embed script are the build's, whatever its folder holds.
                if parts.count == 2, ContentLayout.flowOwnFiles.contains(parts[1]) { return .unchanged }
                return .file(sitePath: Path.join(ContentLayout.directory, path), flow: first)
            }
            // The build's own files, and the folders of the site's translations (`../ko/tour/`).
            if ContentLayout.reservedSlugs.contains(first) || directory.locales.contains(first) { return .unchanged }
            guard directory.published.contains(first) else {
                if parts.count == 1 { return missingFlow(first, written: written) }
                return .broken("link '\(written)' finds nothing: '\(first)' is neither a flow nor a folder static/ publishes\(didYouMean(first, in: directory.slugs.sorted()))", flow: first)
            }
            if let problem = otherForm(of: path, in: directory.staticFiles, written: written) ?? otherForm(of: path, in: directory.staticFolders, written: written) {
                return problem
            }
            if directory.staticFiles.contains(path) { return .unchanged }
            if let hidden = parts.first(where: Path.isHidden) {
                return .broken("link '\(written)' leads into '\(hidden)', a hidden folder or file of static/, which a build does not publish", flow: nil)
            }
            if directory.staticFolders.contains(path) {
                // A host serves a folder's index.html for the folder.
                if directory.staticFiles.contains(Path.join(path, ContentLayout.flowPageFile)) { return .unchanged }
                return .broken("link '\(written)' leads to the folder static/\(path), which has no index.html to show; link to a file in it", flow: nil)
            }
            return .broken("link '\(written)' finds no file: static/\(path) does not exist", flow: nil)
        }

        /// The error for a link that writes the name of a file or folder `names` holds (as Swift
        /// compares names) in another Unicode form (an accent composed or not): a server compares
        /// their bytes.
        func otherForm(of path: String, in names: Set<String>, written: String) -> PageLink? {
            guard let index = names.firstIndex(of: path), !names[index].utf8.elementsEqual(path.utf8) else { return nil }
            return .broken(
                "link '\(written)' writes the name of static/\(names[index]) in another Unicode form (an accent composed or not), which a web server does not find; write it as it is named",
                flow: nil)
        }

        /// A link into a translation's folder (`../ko/tour/#welcome`), `parts` below it: to a flow,
        /// its page, or a page there (whose ids are the source's). Checked, and left as written;
        /// nothing else is there.
        func inLocale(_ parts: [String], locale: String, anchor: String, written: String) -> PageLink {
            // The locale's own site index.
            if parts == [ContentLayout.flowPageFile] { return .unchanged }
            // A flow's script there is the build's, as `../tour/embed.js` is.
            if parts.count == 2, parts[1] == ContentLayout.flowEmbedFile, directory.hasFlow(parts[0]) { return .unchanged }
            let isFlowPage = parts.count == 1 || (parts.count == 2 && parts[1] == ContentLayout.flowPageFile)
            guard let slug = parts.first, isFlowPage, directory.hasFlow(slug) else {
                let path = parts.joined(separator: "/")
                if directory.hasFlow(parts[0]), parts.count == 2, PageNaming.isPageFile(parts[1]) {
                    var page = parts[1]
                    if case .translation(let translated) = LocaleFileName.read(page, locales: directory.locales.sorted()) { page = translated.sourceName }
                    let fragment = URLParts(written).fragment.map { "#" + $0 } ?? ""
                    return .broken(
                        "link '\(written)' names a page in \(locale)/; link to '../\(parts[0])/\(page)\(fragment)', which each reader sees in their language", flow: parts[0])
                }
                if directory.published.contains(parts[0]) {
                    return .broken("link '\(written)' finds nothing: static/ is published once, at the output's root; link to '../\(path)'", flow: nil)
                }
                let said = parts.count == 1 ? "is no flow" : "is not the page of a flow"
                return .broken(
                    "link '\(written)' finds nothing: \(locale)/ holds the site's flows in that language, and \(path) \(said)"
                        + (directory.hasFlow(parts[0]) ? "" : didYouMean(parts[0], in: directory.slugs.sorted())),
                    flow: directory.hasFlow(parts[0]) ? parts[0] : nil)
            }
            guard !anchor.isEmpty, !PageLinkResolver.isFootnoteID(anchor), parts.count == 1 || parts[1] == ContentLayout.flowPageFile else {
                return .checked(flow: slug)
            }
            // The page is checked; a heading's anchor is the translation's own, made from its words.
            if case .broken(let message, let target) = toFlow(slug, anchor: anchor, written: written) { return .broken(message, flow: target) }
            return .checked(flow: slug)
        }

        /// `#anchor` on this page: a heading of it, or an id the flow's document has.
        func onThisPage(_ fragment: String, written: String, anchors: MarkdownAnchors) -> PageLink {
            let anchor = PageLinkResolver.anchor(fragment)
            if anchor.isEmpty { return .unchanged }
            if anchors.headings.contains(anchor) {
                return .resolved(href: "#" + PageDirectory.headingID(pageID: pageID, anchor: anchor), flow: flow, check: nil)
            }
            if anchors.footnotes.contains(fragment) || anchors.footnotes.contains(anchor) { return .unchanged }
            let pages = directory.pages(of: flow) ?? .init()
            if let known = idInFlow(anchor, pages) {
                return known.map { .resolved(href: "#" + anchor, flow: flow, check: $0) } ?? .unchanged
            }
            if PageLinkResolver.isFootnoteID(anchor) {
                return .broken("link '\(written)' finds no footnote '\(anchor)' on this page", flow: flow)
            }
            return .broken(
                "link '\(written)' finds no heading '\(anchor)' on this page\(hint(anchor, headings: anchors.headings))", flow: flow)
        }

        /// Whether `anchor` is an id of a flow's document that a link may name as it is: a page's id,
        /// a heading's (`page--anchor`, with the heading to check), a footnote's or the theme's.
        /// Nil when it is none of them; `.some(nil)` when there is nothing further to check.
        func idInFlow(_ anchor: String, _ pages: PageDirectory.FlowPages) -> (page: String, anchor: String)?? {
            if pages.ids.values.contains(anchor) { return .some(nil) }
            if anchor.hasPrefix(Validation.themeIDPrefix) || pages.unreadableIDs.contains(anchor) { return .some(nil) }
            // Found in the bytes: `--` + a combining mark is no `--` to a search by characters.
            if let separator = anchor.utf8.firstRange(of: PageDirectory.headingSeparator.utf8) {
                let page = String(decoding: anchor.utf8[..<separator.lowerBound], as: UTF8.self)
                if let file = pages.ids.first(where: { $0.value == page })?.key {
                    return .some((file, String(decoding: anchor.utf8[separator.upperBound...], as: UTF8.self)))
                }
            }
            return nil
        }

        func toFlow(_ slug: String, anchor: String, written: String) -> PageLink {
            let address = slug == flow ? "" : PageLinkResolver.flowAddress(slug)
            guard !anchor.isEmpty else { return .resolved(href: address.isEmpty ? "./" : address, flow: slug, check: nil) }
            let pages = directory.pages(of: slug) ?? .init()
            guard let known = idInFlow(anchor, pages) else {
                return .broken(
                    "link '\(written)' finds no page '\(anchor)' in flow '\(slug)'\(didYouMean(anchor, in: pages.ids.values.sorted()))",
                    flow: slug)
            }
            return .resolved(href: address + "#" + anchor, flow: slug, check: known)
        }

        func toPage(_ name: String, in slug: String, anchor: String, written: String) -> PageLink {
            guard let pages = directory.pages(of: slug) else { return missingFlow(slug, written: written) }
            guard let id = pages.ids[name] else {
                if pages.unreadable.contains(name) { return .unchanged }
                if pages.drafts.contains(name) {
                    return .broken(
                        "link '\(written)' points to a draft, which this build leaves out; build with --drafts, or link to it once it is published",
                        flow: slug)
                }
                let place = slug == flow ? "this flow" : "flow '\(slug)'"
                // A translation (`02-tour.ko.md`) is shown where its source is, in its reader's language.
                if case .translation(let translated) = LocaleFileName.read(name, locales: directory.locales.sorted()), pages.ids[translated.sourceName] != nil {
                    return .broken(
                        "link '\(written)' names a translation; link to its source, '\(translated.sourceName)', which each reader sees in their language",
                        flow: slug)
                }
                return .broken(
                    "link '\(written)' finds no page '\(name)' in \(place)\(didYouMean(name, in: pages.ids.keys.sorted()))", flow: slug)
            }
            let address = slug == flow ? "" : PageLinkResolver.flowAddress(slug)
            guard !anchor.isEmpty else { return .resolved(href: address + "#" + id, flow: slug, check: nil) }
            // A footnote's id is the flow document's own, checked on its page once that is rendered.
            if PageLinkResolver.isFootnoteID(anchor) { return .resolved(href: address + "#" + anchor, flow: slug, check: (name, anchor)) }
            return .resolved(
                href: address + "#" + PageDirectory.headingID(pageID: id, anchor: anchor), flow: slug, check: (name, anchor))
        }

        func missingFlow(_ slug: String, written: String) -> PageLink {
            .broken(
                "link '\(written)' finds no flow '\(slug)'\(didYouMean(slug, in: directory.slugs.sorted()))", flow: slug)
        }
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

    /// Whether `anchor` is a footnote's id or one of its references' (`fn-…`, `fnref-…`), which
    /// no page id or heading's anchor on another page may be.
    static func isFootnoteID(_ anchor: String) -> Bool {
        Validation.footnoteIDPrefixes.contains(where: anchor.hasPrefix)
    }

    /// Another flow's address, from a page of this one.
    static func flowAddress(_ slug: String) -> String {
        "../" + Path.urlEncoded(slug) + "/"
    }

    /// True for `https:`, `mailto:` and any other scheme.
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = url.utf8[..<colon].map(Unicode.Scalar.init)
        return scheme.first.map { $0.properties.isAlphabetic && $0.isASCII } == true
            && scheme.allSatisfy { Validation.isAlphanumeric($0) || "+-.".unicodeScalars.contains($0) }
    }
}

import Diagnostics
import FrontMatter
import Markdown
import OnboardingKit

extension FlowAssembler {
    /// The flow's finish link as its last page links it: to a page, heading or flow of the site
    /// (their carousel addresses), to a file of a flow's folder (published, as a page's link
    /// publishes it), or as written; a link to nothing is an error at `finish` in `_index.md`.
    /// The site index, the default, is not looked up.
    func resolveFinish(
        _ settings: inout FlowSettings, of outline: Outline, lastPage: ParsedPage?, directory: PageDirectory, assets: inout [Asset],
        linkedFlows: inout Set<String>
    ) -> [Diagnostic] {
        let href = settings.finish.href
        let source = outline.source
        guard href != Self.defaultFinishHref, let lastPage else { return [] }
        let links = PageLinkResolver(directory: directory, flow: source.slug, pageID: lastPage.id)
        func problem(_ message: String) -> [Diagnostic] {
            guard let index = source.index else { return [.error("'finish': " + message, path: outline.displayDirectory)] }
            let node = Self.finishHrefNode(in: outline.indexFields)
            return [index.error("'finish': " + message, at: node?.location, length: node?.length ?? 1)]
        }
        switch links.resolve(href, anchors: MarkdownAnchors()) {
        case .unchanged:
            if source.translation != nil, let translated = PageLinkResolver.fromTranslation(href, flow: source.slug) { settings.finish.href = translated }
        case .resolved(let resolved, let target, _):
            linkedFlows.insert(target)
            settings.finish.href = resolved
        case .file(let sitePath, let target):
            linkedFlows.insert(target)
            switch parser.resolver.download(sitePath, written: href, in: source) {
            case .success(let (src, asset)):
                assets.append(asset)
                settings.finish.href = src + PageParser.queryAndFragment(of: href)
            case .failure(let failure):
                return problem(failure.message)
            }
        case .broken(let message, let target):
            if let target { linkedFlows.insert(target) }
            return problem(message)
        }
        return []
    }

    /// Where `finish`'s href is written in `_index.md`'s front matter: `finish: {href: …}`'s value.
    private static func finishHrefNode(in fields: YAMLNode?) -> YAMLNode? {
        guard case .mapping(let pairs)? = fields?.kind, let finish = pairs.first(where: { $0.key.scalarText == "finish" })?.value else { return nil }
        guard case .mapping(let inner) = finish.kind else { return finish }
        return inner.first(where: { $0.key.scalarText == "href" })?.value ?? finish
    }
}

import Diagnostics
import FrontMatter
import Markdown
import OnboardingKit

extension FlowAssembler {
    /// The flow's finish link as its last page links it: to a page, heading or flow of the site
    /// (their carousel addresses; a heading on another page is checked as a page's link is, by
    /// the check returned), to a file of a flow's folder (published, as a page's link publishes
    /// it), or as written; a link to nothing, or with `show_once` back into the flow itself, is an
    /// error at `finish` in `_index.md`. The site index, the default, is not looked up.
    func resolveFinish(
        _ settings: inout FlowSettings, of outline: Outline, lastPage: ParsedPage?, directory: PageDirectory, assets: inout [Asset],
        linkedFlows: inout Set<String>
    ) -> (diagnostics: [Diagnostic], check: AnchorCheck?) {
        let href = settings.finish.href
        let source = outline.source
        guard href != Self.defaultFinishHref, let lastPage, let index = source.index else { return ([], nil) }
        let links = PageLinkResolver(directory: directory, flow: source.slug, pageID: lastPage.id)
        let node = outline.indexFields?.hrefNode(under: "finish")
        func problem(_ message: String) -> ([Diagnostic], AnchorCheck?) {
            let said = message.hasPrefix("'finish'") ? message : "'finish': " + message
            return ([index.error(said, at: node?.location, length: node?.length ?? 1)], nil)
        }
        let resolved = links.resolve(href, anchors: MarkdownAnchors())
        switch resolved {
        case .unchanged, .checked:
            if case .checked(let target) = resolved {
                linkedFlows.insert(target)
                // The flow in another language is the flow: `show_once` is one for all of them.
                if outline.front.settings.showOnce, target == source.slug { return problem(FlowFrontMatter.finishLeadsBack) }
            }
            if source.translation != nil, let translated = PageLinkResolver.fromTranslation(href, flow: source.slug) { settings.finish.href = translated }
        case .resolved(let resolved, let target, let check):
            linkedFlows.insert(target)
            // `./` and the like are reported as the front matter is read.
            if outline.front.settings.showOnce, target == source.slug, !FlowFrontMatter.isTheFlowItself(href) {
                return problem(FlowFrontMatter.finishLeadsBack)
            }
            settings.finish.href = resolved
            return ([], check.map {
                AnchorCheck(
                    flow: target, page: $0.page, anchor: $0.anchor, written: href, file: index, location: node?.location ?? SourceLocation(line: 1, column: 1),
                    field: "finish")
            })
        case .file(let sitePath, let target):
            linkedFlows.insert(target)
            switch parser.resolver.download(sitePath, written: href, in: source) {
            case .success(let (published, asset)):
                assets.append(asset)
                settings.finish.href = published
            case .failure(let failure):
                return problem(failure.message)
            }
        case .broken(let message, let target):
            if let target { linkedFlows.insert(target) }
            return problem(message)
        }
        return ([], nil)
    }
}

import Diagnostics

extension FlowAssembler {
    /// An error for each file a flow publishes whose name differs from another's, or from the
    /// flow's own `index.html` and `embed.js`, only in case (`A.png` beside `a.png`): hosts on
    /// macOS and Windows, and some object stores, fold case and would serve one of them for both.
    static func caseTwins(in assets: [Asset], flow: String) -> [Diagnostic] {
        var published = FoldedNames()
        for own in ContentLayout.flowOwnFiles.map({ Path.join(flow, $0) }) { _ = published.claim(own, for: own) }
        var problems: [Diagnostic] = []
        var reported: Set<String> = []
        for asset in assets {
            guard let other = published.claim(asset.destination, for: asset.destination),
                other != asset.destination, reported.insert(asset.destination).inserted
            else { continue }
            problems.append(
                .error(
                    "this file would be published as \(asset.destination), which differs from \(other) only in case, so many hosts would serve one of them for both; rename one",
                    path: asset.source))
        }
        return problems
    }
}

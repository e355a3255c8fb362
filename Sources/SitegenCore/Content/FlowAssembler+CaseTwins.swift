import Diagnostics

extension FlowAssembler {
    /// An error for each file a flow publishes whose name differs from another's, or from the
    /// flow's own `index.html` and `embed.js`, only in case (`A.png` beside `a.png`): hosts on
    /// macOS and Windows, and some object stores, fold case and would serve one of them for both.
    static func caseTwins(in assets: [Asset], flow: String) -> [Diagnostic] {
        var published: [String: String] = [:]
        for own in ContentLayout.flowOwnFiles.map({ Path.join(flow, $0) }) { published[own.lowercased()] = own }
        var problems: [Diagnostic] = []
        var reported: Set<String> = []
        for asset in assets {
            let folded = asset.destination.lowercased()
            guard let other = published[folded] else {
                published[folded] = asset.destination
                continue
            }
            guard other != asset.destination, reported.insert(asset.destination).inserted else { continue }
            problems.append(
                .error(
                    "this file would be published as \(asset.destination), which differs from \(other) only in case, so many hosts would serve one of them for both; rename one",
                    path: asset.source))
        }
        return problems
    }
}

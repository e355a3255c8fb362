/// What a build did: the one answer `build` and `serve` act on.
package enum BuildOutcome: Sendable, Equatable {
    /// Nothing had changed since the last build, so nothing was done.
    case upToDate
    /// The whole site was built.
    case builtEverything
    /// Only these flows were rebuilt; every other file of the output was carried over.
    case rebuiltFlows([String])
    /// A check found no errors; nothing was written.
    case checked
    /// The site has errors, or the output could not be written: it is as it was.
    case failed

    /// What an incremental build rebuilt, in words: "beta, gamma", "every flow", "12 flows", or
    /// "only the site-wide files" (a flow removed); nil for any other outcome.
    func rebuiltSummary(flowCount: Int) -> String? {
        guard case .rebuiltFlows(let slugs) = self else { return nil }
        if slugs.isEmpty { return "only the site-wide files" }
        if slugs.count <= Self.namedFlows { return slugs.joined(separator: ", ") }
        return slugs.count == flowCount ? "every flow" : "\(slugs.count) flows"
    }

    /// The most flows a summary names; beyond it, it counts them.
    static let namedFlows = 5
}

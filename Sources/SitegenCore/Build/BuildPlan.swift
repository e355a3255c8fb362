/// What a build has to do, decided before anything is read beyond the inputs' hashes.
enum BuildPlan: Sendable, Equatable {
    /// The output is exactly what the inputs make: nothing to do.
    case upToDate
    /// Only these flows changed: rebuild them, and reuse every other flow's output as it is.
    case flows([String])
    /// Build the whole site.
    case everything
}

/// Decides the plan from the last build's cache and the site as it is now: a pure function, so
/// each rebuild decision is tested on its own.
enum BuildPlanner {
    /// The facts a decision rests on.
    struct Facts: Sendable {
        /// The cache of the last successful build, if there is one.
        var cache: BuildCache?
        /// The digest over every input, the tool and the options.
        var digest: String
        /// The digest of everything outside the flow folders.
        var globalDigest: String
        /// Each flow folder's digest, by slug.
        var flowDigests: [String: String]
        /// Where this build writes.
        var outputDirectory: String
        /// Whether the output is still exactly the one the cache recorded.
        var outputIsAsLeft: Bool
        /// Whether the walk of the inputs met something it could not use (which no digest shows,
        /// and which only a whole build reports).
        var inputsHaveProblems = false
    }

    static func plan(_ facts: Facts) -> BuildPlan {
        guard let cache = facts.cache, cache.outputDirectory == facts.outputDirectory, facts.outputIsAsLeft, !facts.inputsHaveProblems
        else {
            return .everything
        }
        if cache.digest == facts.digest { return .upToDate }
        guard cache.globalDigest == facts.globalDigest, cache.manifestFragments() != nil else { return .everything }
        return .flows(cache.flows.filter { facts.flowDigests[$0.slug] != $0.digest }.map(\.slug))
    }
}

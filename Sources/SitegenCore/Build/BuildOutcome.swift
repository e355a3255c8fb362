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
}

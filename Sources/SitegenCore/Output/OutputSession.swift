/// Where a build's files go as they are rendered (from any number of threads), and what makes
/// them the output at the end. Until `commit()`, the previous output is as it was; a write that
/// fails is kept and reported by `commit()`, which then leaves the previous output untouched.
protocol OutputSession: Sendable {
    func write(_ files: [OutputFile])
    func commit() throws(OutputWriter.Failure)
    /// Abandons what was written instead of committing it, leaving the previous output as it was.
    func discard()
}

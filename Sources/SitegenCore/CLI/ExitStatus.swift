/// The exit statuses of `sitegen`.
package enum ExitStatus: Int32, Sendable, Error {
    case success = 0
    /// The site has errors (or, with `check --strict`, warnings), or the output cannot be written.
    case contentError = 1
    /// The command line is wrong.
    case usageError = 2
}

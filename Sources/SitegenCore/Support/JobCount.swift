import Diagnostics

/// How many threads a build may use: `SITEGEN_JOBS` when it is a whole number in range, else one
/// per core. A value that is not is said once, as a warning, never silently ignored.
enum JobCount {
    static let variable = "SITEGEN_JOBS"
    /// More threads than this only cost memory: no stage has that much to do at once.
    static let maximum = 256

    /// The number of threads `text` (the variable's value, nil when unset) asks for, and why it
    /// cannot be used when it cannot; `cores` is the default.
    static func read(_ text: String?, cores: Int) -> (jobs: Int, problem: String?) {
        let fallback = Swift.max(1, Swift.min(cores, maximum))
        guard let text else { return (fallback, nil) }
        let trimmed = text.trimmingBlanks
        if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let jobs = Int(trimmed), (1...maximum).contains(jobs) { return (jobs, nil) }
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return (fallback, "\(variable) must be a whole number from 1 to \(maximum), not '\(shown.debugDescription.dropFirst().dropLast())'; using one thread per core")
    }
}

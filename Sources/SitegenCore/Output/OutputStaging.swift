import Foundation

/// A new output being written beside the current one: files go into the staging folder, from
/// any number of threads, as they are rendered; `commit()` swaps the folder in, and nothing
/// replaces the current output before that. A failed write is kept and reported by `commit()`.
final class OutputStaging: OutputSession, @unchecked Sendable {
    private let writer: OutputWriter
    private let output: String
    private let staging: String
    private let previous: String
    /// The names in the current output, whose placeholders are carried over.
    private let existing: Set<String>
    private let lock = NSLock()
    private var failure: OutputWriter.Failure?

    init(writer: OutputWriter, output: String, staging: String, previous: String, existing: Set<String>) {
        self.writer = writer
        self.output = output
        self.staging = staging
        self.previous = previous
        self.existing = existing
    }

    /// Writes `files` into the staging folder, unless a write has failed already.
    func write(_ files: [OutputFile]) {
        guard lock.withLock({ failure == nil }) else { return }
        if let first = OutputWriter.write(files, into: staging, on: writer.fileSystem).first {
            lock.withLock { failure = failure ?? first }
        }
    }

    /// Adds the marker and any placeholders, then swaps the staging folder in; when anything
    /// failed, removes the staging folder instead and throws.
    func commit() throws(OutputWriter.Failure) {
        let fileSystem = writer.fileSystem
        do throws(OutputWriter.Failure) {
            if let failure = lock.withLock({ failure }) { throw failure }
            try writer.attempt(staging) {
                try fileSystem.writeFile(Path.join(staging, OutputWriter.markerFile), text: OutputWriter.markerText)
            }
            for placeholder in existing.intersection(OutputWriter.placeholders) {
                try writer.attempt(staging) {
                    try fileSystem.copyFile(from: Path.join(output, placeholder), to: Path.join(staging, placeholder))
                }
            }
        } catch {
            discard()
            throw error
        }
        try writer.swap(staging, into: output, keepingPreviousAt: previous, hadOutput: fileSystem.kind(of: output) != nil)
    }

    /// Abandons the new output, leaving the current one as it was.
    func discard() {
        try? writer.fileSystem.remove(staging)
    }
}

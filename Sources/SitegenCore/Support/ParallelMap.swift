import Dispatch
import Foundation

/// How many threads parallel work may use: every core, or `SITEGEN_JOBS` when it is set (1 makes
/// every stage sequential, which a test uses to show that the output does not depend on it).
let parallelJobs = JobCount.read(
    ProcessInfo.processInfo.environment[JobCount.variable], cores: ProcessInfo.processInfo.activeProcessorCount
).jobs

extension Array where Element: Sendable {
    /// `map` across every core, in chunks; the results keep the order of the elements, so the
    /// output is the same as a sequential `map`'s. `transform` must not touch shared mutable state.
    func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let count = self.count
        let chunks = parallelJobs == 1 ? 1 : Swift.min(count, parallelJobs * 4)
        guard chunks > 1 else { return map(transform) }
        // Each result is put straight into its place in the array: no array of optionals to copy.
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = UnsafeSlots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var index = chunk
                while index < count {
                    slots.initialize(transform(self[index]), at: index)
                    index += chunks
                }
            }
            initialized = count
        }
    }
}

/// Result slots that concurrent iterations fill, each initializing only its own indices, once.
private struct UnsafeSlots<Value>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Value>

    func initialize(_ value: Value, at index: Int) {
        buffer.initializeElement(at: index, to: value)
    }
}

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
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = UnsafeSlots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var index = chunk
                while index < count {
                    slots.store(transform(self[index]), at: index)
                    index += chunks
                }
            }
        }
        return results.compactMap { $0 }
    }
}

/// Result slots that concurrent iterations fill, each writing only its own indices.
private struct UnsafeSlots<Value>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Value?>

    func store(_ value: Value, at index: Int) {
        buffer[index] = value
    }
}

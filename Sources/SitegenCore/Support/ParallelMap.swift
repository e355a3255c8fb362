import Dispatch
import Foundation
import Synchronization

/// How many threads parallel work may use: every core, or `SITEGEN_JOBS` when it is set (1 makes
/// every stage sequential, which a test uses to show that the output does not depend on it).
let parallelJobs = JobCount.read(
    ProcessInfo.processInfo.environment[JobCount.variable], cores: ProcessInfo.processInfo.activeProcessorCount
).jobs

extension Array where Element: Sendable {
    /// `map` across every core; the results keep the order of the elements, so the output is the
    /// same as a sequential `map`'s. `transform` must not touch shared mutable state. Each thread
    /// takes the next element when it is done with one, so no thread waits while another still
    /// has a share of the work: the elements may differ much in cost (one flow of 100 pages among
    /// flows of 8), and a fixed share per thread left one core working alone at the end.
    func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let count = self.count
        let threads = Swift.min(count, parallelJobs)
        guard threads > 1 else { return map(transform) }
        // Each result is put straight into its place in the array: no array of optionals to copy.
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = UnsafeSlots(buffer: buffer)
            let next = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    slots.initialize(transform(self[index]), at: index)
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

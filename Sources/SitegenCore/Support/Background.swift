import Foundation

/// A function run on a thread of its own, whose result is waited for when it is needed.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            value = work()
            done.signal()
        }
        thread.start()
    }

    /// The result, once the function has returned.
    func result() -> Value {
        done.wait()
        done.signal()
        // The semaphore orders the write before this read; the value is set exactly once.
        guard let value else { preconditionFailure("Background finished without a value") }
        return value
    }
}

import Foundation
import Synchronization

/// A function run on a thread of its own, whose result is waited for when it is needed.
final class Background<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let value = Mutex<Value?>(nil)

    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let result = work()
            value.withLock { $0 = result }
            done.signal()
        }
        thread.start()
    }

    /// The result, once the function has returned.
    func result() -> Value {
        done.wait()
        done.signal()
        guard let value = value.withLock({ $0 }) else { preconditionFailure("Background finished without a value") }
        return value
    }
}

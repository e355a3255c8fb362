import Synchronization

/// Values handed out once each, by index, from any thread: what a parallel stage consumes is let
/// go as it is taken, so that a stage over a whole site holds only the items in hand. Indices
/// without a value cost nothing.
final class Handoff<Value: Sendable>: Sendable {
    private let values: Mutex<[Int: Value]>

    init(_ values: [Int: Value]) {
        self.values = Mutex(values)
    }

    convenience init(_ values: [Value]) {
        self.init(Dictionary(uniqueKeysWithValues: values.enumerated().map { ($0.offset, $0.element) }))
    }

    /// The value at `index`, the first time it is asked for; nil after, or when there is none.
    func take(_ index: Int) -> Value? {
        values.withLock { $0.removeValue(forKey: index) }
    }
}

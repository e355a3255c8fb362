import Synchronization

/// Values handed out once each, by index, from any thread: what a parallel stage consumes is let
/// go as it is taken, so that a stage over a whole site holds only the items in hand.
final class Handoff<Value: Sendable>: Sendable {
    private let values: Mutex<[Value?]>

    init(_ values: [Value]) {
        self.values = Mutex(values.map(Optional.some))
    }

    /// The value at `index`, the first time it is asked for; nil after.
    func take(_ index: Int) -> Value? {
        values.withLock { values in
            guard values.indices.contains(index) else { return nil }
            defer { values[index] = nil }
            return values[index]
        }
    }
}

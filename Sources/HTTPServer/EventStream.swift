import CMicroHTTPD
import Synchronization

/// One client's Server-Sent Events connection. `send` queues text for it from any thread; the
/// server writes it out, and while there is nothing to write the connection is suspended, so
/// that a waiting client costs no thread and no polling.
package final class EventStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        /// The connection's address, while the server holds it (a pointer is not Sendable).
        var connection: UInt?
        var suspended = false
        /// Set when the client is gone or the stream was ended.
        var closed = false
    }

    private let state = Mutex(State())

    package init() {}

    /// The most a client that does not read may have waiting; beyond it the stream is closed.
    package static let pendingLimit = 1 << 20

    /// Queues `text` to be written; false when the client is gone (or has stopped reading).
    @discardableResult
    package func send(_ text: String) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            if state.pending.count + text.utf8.count > Self.pendingLimit {
                state.closed = true
                state.pending = []
                resumeIfSuspended(&state)
                return false
            }
            state.pending += text.utf8
            resumeIfSuspended(&state)
            return true
        }
    }

    /// Ends the stream: what is queued is written, then the connection is closed.
    package func close() {
        state.withLock { state in
            state.closed = true
            resumeIfSuspended(&state)
        }
    }

    /// True once the client has gone or the stream was ended.
    package var isClosed: Bool { state.withLock { $0.closed } }

    private func resumeIfSuspended(_ state: inout State) {
        if state.suspended, let connection = state.connection.flatMap(OpaquePointer.init(bitPattern:)) {
            state.suspended = false
            sitegen_http_resume(connection)
        }
    }

    func attach(_ connection: OpaquePointer) {
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        state.withLock { $0.connection = address }
    }

    /// Called by the server when it has room: copies what is queued into `buffer`, or suspends
    /// the connection and returns 0 when nothing is, or returns the end of the stream.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            if state.pending.isEmpty {
                if state.closed { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
                if let connection = state.connection.flatMap(OpaquePointer.init(bitPattern:)) {
                    state.suspended = true
                    sitegen_http_suspend(connection)
                }
                return 0
            }
            let count = min(capacity, state.pending.count)
            state.pending.withUnsafeBytes { bytes in
                if let source = bytes.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: source, byteCount: count) }
            }
            state.pending.removeFirst(count)
            return count
        }
    }

    /// Called by the server when the response is done with: the client has gone.
    func detach() {
        state.withLock { state in
            state.closed = true
            state.connection = nil
            state.suspended = false
        }
    }
}

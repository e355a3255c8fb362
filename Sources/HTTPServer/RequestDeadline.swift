import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The request deadline: a connection must have sent a whole request (its headers, and any body)
/// within a few seconds of connecting or of its previous request's end, or its socket is shut
/// down. libmicrohttpd's idle timeout starts again with every byte, so without this a client
/// trickling a header line every few seconds keeps its connection, and a place under the limit,
/// for as long as it likes. While every place is taken, new connections wait in the listening
/// socket's queue, so then a connection gets a much shorter deadline to send its request: the
/// ones waiting behind are let in at once rather than a deadline later. An answered request is
/// not timed (an event stream may stay open), nor is the sending of an answer.
///
/// A descriptor is shut down only while the connection it was read from is tracked, under the
/// lock; libmicrohttpd reports a connection closed (which takes the same lock and forgets it)
/// before it closes the socket, so a descriptor the system has given to something else is never
/// touched.
final class RequestDeadline: Sendable {
    private struct Connection {
        var socket: Int32
        /// When the deadline for the current request started running.
        var since: ContinuousClock.Instant
        /// The current request was answered: the deadline waits until it is done.
        var answered = false
        var shutDown = false
    }

    private let seconds: Duration
    /// The connection limit, and the shorter deadline that applies once it is reached.
    private let limit: Int
    private let busySeconds: Duration
    private let connections = Mutex<[UInt: Connection]>([:])
    private let wakeUp: (read: Int32, write: Int32)
    private let thread = Mutex<pthread_t?>(nil)

    /// Starts the thread that shuts down overdue connections; nil when the system refuses a
    /// pipe or a thread.
    init?(seconds: Double, busySeconds: Double, connectionLimit: Int) {
        var ends: [Int32] = [-1, -1]
        guard sitegen_http_pipe(&ends) == 0 else { return nil }
        self.seconds = .milliseconds(Int64(max(seconds, 0.01) * 1000))
        self.busySeconds = .milliseconds(Int64(max(min(busySeconds, seconds), 0.01) * 1000))
        limit = connectionLimit
        wakeUp = (ends[0], ends[1])
        var started = pthread_t()
        let retained = Unmanaged.passRetained(self)
        let status = pthread_create(
            &started, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<RequestDeadline>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, retained.toOpaque())
        guard status == 0 else {
            retained.release()
            sitegen_http_close(ends[0])
            sitegen_http_close(ends[1])
            return nil
        }
        thread.withLock { $0 = started }
    }

    /// Ends the thread, and waits for it.
    func stop() {
        guard let running = thread.withLock({ thread in
            defer { thread = nil }
            return thread
        }) else { return }
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
        pthread_join(running, nil)
        sitegen_http_close(wakeUp.read)
        sitegen_http_close(wakeUp.write)
    }

    /// How often overdue connections are looked for, in milliseconds: four times a second (or an
    /// eighth of the deadline), and while every place is taken four times per busy deadline.
    private func interval(busy: Bool) -> Int32 {
        let period = busy ? busySeconds / 4 : min(.milliseconds(250), seconds / 8)
        return Int32(max(10, period.components.seconds * 1000 + period.components.attoseconds / 1_000_000_000_000_000))
    }

    private func run() {
        var busy = false
        while sitegen_http_wait_readable(wakeUp.read, interval(busy: busy)) == 0 {
            let now = ContinuousClock.now
            busy = connections.withLock { connections in
                let full = connections.count >= limit
                let allowed = full ? busySeconds : seconds
                for (key, connection) in connections where !connection.answered && !connection.shutDown && now - connection.since > allowed {
                    sitegen_http_shut_down(connection.socket)
                    connections[key]?.shutDown = true
                }
                return full
            }
        }
    }

    func opened(_ connection: OpaquePointer) {
        let socket = sitegen_http_connection_socket(connection)
        guard socket >= 0 else { return }
        connections.withLock { $0[Self.key(connection)] = Connection(socket: socket, since: .now) }
    }

    /// The handler has answered the connection's current request.
    func answered(_ connection: OpaquePointer) {
        connections.withLock { $0[Self.key(connection)]?.answered = true }
    }

    /// The connection's request is done: the deadline for its next one starts now.
    func completed(_ connection: OpaquePointer) {
        connections.withLock { connections in
            connections[Self.key(connection)]?.answered = false
            connections[Self.key(connection)]?.since = .now
        }
    }

    /// Called before libmicrohttpd closes the connection's socket.
    func closed(_ connection: OpaquePointer) {
        _ = connections.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }
}

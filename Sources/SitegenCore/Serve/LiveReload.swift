import HTTPServer
import OnboardingKit
import Synchronization

/// The preview's side of live reload: every open page's event stream, and what to tell them
/// after a build. A page that connects is told at once if the last build failed.
final class LiveReload: Sendable {
    /// What the pages are told.
    enum Event: Equatable {
        /// These output files changed: pages they affect reload.
        case reload([String])
        /// Only these stylesheets changed: pages swap them without reloading.
        case styles([String])
        /// Build number `build` failed with these errors.
        case failed(build: Int, summary: FailureSummary)
        /// A build succeeded after one failed.
        case recovered

        /// The event in the Server-Sent Events format.
        var text: String {
            let (name, data): (String, JSONValue)
            switch self {
            case .reload(let paths): (name, data) = ("reload", ["paths": .array(paths.map(JSONValue.string))])
            case .styles(let paths): (name, data) = ("styles", ["paths": .array(paths.map(JSONValue.string))])
            case .failed(let build, let summary):
                (name, data) = (
                    "failed",
                    ["build": .int(build), "messages": .array(summary.messages.map(JSONValue.string)), "more": summary.more.map(JSONValue.string) ?? .null]
                )
            case .recovered: (name, data) = ("recovered", [:])
            }
            let lines = data.text.split(separator: "\n").map { "data: " + $0 }
            return "event: \(name)\n" + lines.joined(separator: "\n") + "\n\n"
        }
    }

    private struct State {
        var clients: [EventStream] = []
        /// The last build's failure, told to each page that connects.
        var failure: Event?
    }

    private let state = Mutex(State())

    /// The most streams kept open at once; a new one beyond them closes the oldest. (The client
    /// shares one stream among a browser's tabs, so this is many browsers.)
    static let clientLimit = 64

    init() {}

    /// A stream for a page that has just connected.
    func connect() -> EventStream {
        let stream = EventStream()
        // Reconnect soon after the server restarts.
        stream.send("retry: 1000\n\n")
        let dropped = state.withLock { state -> [EventStream] in
            if let failure = state.failure { stream.send(failure.text) }
            state.clients.append(stream)
            let excess = max(0, state.clients.count - Self.clientLimit)
            defer { state.clients.removeFirst(excess) }
            return Array(state.clients.prefix(excess))
        }
        dropped.forEach { $0.close() }
        return stream
    }

    /// Tells every page `event`, and remembers a failure for pages that connect later.
    func send(_ event: Event) {
        let text = event.text
        state.withLock { state in
            if case .failed = event { state.failure = event } else { state.failure = nil }
            state.clients.removeAll { !$0.send(text) }
        }
    }

    /// A comment line to every page, so that a closed connection is noticed and let go.
    func ping() {
        state.withLock { state in
            state.clients.removeAll { !$0.send(": ping\n\n") }
        }
    }

    /// How many pages are connected.
    var clientCount: Int { state.withLock { $0.clients.count } }

    /// Ends every stream, before the server stops.
    func closeAll() {
        let clients = state.withLock { state in
            defer { state.clients = [] }
            return state.clients
        }
        clients.forEach { $0.close() }
    }
}

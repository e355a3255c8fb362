import Foundation
import HTTPServer
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The libmicrohttpd server through real sockets: what it sends, keeps open, refuses and streams.
@Suite struct HTTPServerTests {
    /// Sends `request` to 127.0.0.1:`port` and returns everything received until the server closes
    /// the connection or `seconds` pass without data; `receiving` is given each piece as it arrives.
    static func exchange(_ request: String, port: Int, seconds: Int = 2, receiving: (ArraySlice<UInt8>) -> Void = { _ in }) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return "" }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
            receiving(buffer[..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    static func start(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0, handler: handler)
    }

    /// A connected socket to 127.0.0.1:`port`, or -1.
    static func connected(to port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    @discardableResult
    static func transmit(_ text: String, to fd: Int32) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == $0.count }
    }

    /// Reads from `fd` until `done` holds for what has arrived, the server closes the connection
    /// (true), or `seconds` pass; whether the connection was closed, and what was read.
    static func read(_ fd: Int32, seconds: Double, until done: (String) -> Bool = { _ in false }) -> (closed: Bool, text: String) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&polled, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return (true, String(decoding: received, as: UTF8.self)) }
            received += buffer[..<count]
            if done(String(decoding: received, as: UTF8.self)) { return (false, String(decoding: received, as: UTF8.self)) }
        }
        return (false, String(decoding: received, as: UTF8.self))
    }

    /// Clients that send a request's first line and then a header byte every tenth of a second,
    /// never finishing it, until the server closes them or `seconds` pass. Returns how long each
    /// was open, nil for one still open at the end.
    final class SlowClients: Sendable {
        let sockets: [Int32]
        let opened = ContinuousClock.now

        init(_ count: Int, port: Int) {
            sockets = (0..<count).map { _ in HTTPServerTests.connected(to: port) }
        }

        func trickle(seconds: Double) -> [Duration?] {
            var open = Dictionary(uniqueKeysWithValues: sockets.enumerated().filter { $0.element >= 0 }.map { ($0.element, $0.offset) })
            var lifetimes = [Duration?](repeating: nil, count: sockets.count)
            for fd in open.keys { HTTPServerTests.transmit("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", to: fd) }
            let end = opened + .milliseconds(Int(seconds * 1000))
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !open.isEmpty, ContinuousClock.now < end {
                for (fd, index) in open {
                    var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let gone = poll(&polled, 1, 0) > 0 && buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } <= 0
                    if gone || !HTTPServerTests.transmit("a", to: fd) {
                        lifetimes[index] = ContinuousClock.now - opened
                        open[fd] = nil
                    }
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return lifetimes
        }

        deinit { sockets.filter { $0 >= 0 }.forEach { close($0) } }
    }

    static let hello: @Sendable (HTTPRequest) -> HTTPResponse = { request in
        HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "text/plain"), ("X-Target", request.target), ("X-Host", request.host ?? "none"),
                ("X-Query", request.query ?? "none"), ("X-Host-Malformed", String(request.hostIsMalformed)),
            ],
            body: .bytes(HTTPBytes(Array("hello".utf8))))
    }

    @Test func aGetWithABodyIsAnsweredAndTheQueryArrivesAsSent() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        let withBody = Self.exchange("GET /a?replay&x=%2e HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello", port: server.port)
        #expect(withBody.hasPrefix("HTTP/1.1 200"), "\(withBody.prefix(60))")
        #expect(withBody.contains("X-Query: replay&x=%2e"))
    }

    @Test func doubledHostsAreMarked() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        let doubled = Self.exchange("GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.test\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(doubled.contains("X-Host-Malformed: true"))
        let single = Self.exchange("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(single.contains("X-Host-Malformed: false"))
    }

    @Test func answersWithTheHandlersResponseAndKeepsTheConnection() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        #expect(server.port > 0 && server.address == "127.0.0.1")
        let two = "GET /a%2e%2e HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: y\r\nConnection: close\r\n\r\n"
        let reply = Self.exchange(two, port: server.port)
        #expect(reply.components(separatedBy: "HTTP/1.1 200").count == 3, "two answers on one connection: \(reply)")
        #expect(reply.contains("X-Target: /a%2e%2e"), "the target arrives as sent, escapes and all")
        #expect(reply.contains("X-Host: y"))
    }

    @Test func headGetsHeadersWithoutTheBody() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        let reply = Self.exchange("HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(reply.hasPrefix("HTTP/1.1 200") && reply.contains("Content-Length: 5"))
        #expect(!reply.hasSuffix("hello"))
    }

    @Test func oversizedHeadersAndGarbageAreRefusedBeforeTheHandler() throws {
        let server = try Self.start { _ in
            Issue.record("the handler must not see this request")
            return HTTPResponse(status: 500)
        }
        defer { server.stop() }
        let huge = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 64 * 1024))\r\n\r\n"
        let refused = Self.exchange(huge, port: server.port)
        #expect(refused.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"), "\(refused.prefix(40))")
        let garbage = Self.exchange("NOT HTTP AT ALL\r\n\r\n", port: server.port)
        #expect(garbage.hasPrefix("HTTP/1.1 400 Bad Request"), "\(garbage.prefix(40))")
    }

    /// The header limit the README quotes is the one libmicrohttpd applies.
    @Test func headersUpToTheLimitAreReadAndBeyondItRefused() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        func request(_ size: Int) -> String {
            let head = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: "
            return head + String(repeating: "a", count: size - head.utf8.count - 4) + "\r\n\r\n"
        }
        let limit = HTTPServer.Limits().headerBytes
        #expect(Self.exchange(request(limit - 1024), port: server.port).hasPrefix("HTTP/1.1 200"))
        #expect(Self.exchange(request(limit + 1), port: server.port).hasPrefix("HTTP/1.1 431"))
    }

    @Test func aRequestWithoutHostReachesTheHandlerWithoutOne() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        #expect(Self.exchange("GET / HTTP/1.1\r\nConnection: close\r\n\r\n", port: server.port).contains("X-Host: none"))
    }

    @Test func aBusyPortIsAClearError() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: server.port)) {
            _ = try HTTPServer(host: "127.0.0.1", port: server.port, handler: Self.hello)
        }
        #expect(throws: HTTPServerError.self) { _ = try HTTPServer(host: "no-such-host.invalid", port: 0, handler: Self.hello) }
    }

    @Test func aStoppedServerFreesItsPort() throws {
        let server = try Self.start(Self.hello)
        let port = server.port
        server.stop()
        let again = try HTTPServer(host: "127.0.0.1", port: port, handler: Self.hello)
        again.stop()
    }

    /// The reader runs on a thread of its own: a task could wait behind other tests for one of
    /// the few threads Swift's concurrency has, and miss the events.
    @Test func anEventStreamCarriesWhatIsSentAndEndsWhenClosed() throws {
        let stream = EventStream()
        let asked = Mutex(false)
        let server = try Self.start { _ in
            asked.withLock { $0 = true }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .events(stream))
        }
        defer { server.stop() }
        let port = server.port
        let reply = Mutex<String?>(nil)
        Thread {
            let text = Self.exchange("GET /events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port, seconds: 10)
            reply.withLock { $0 = text }
        }.start()
        try #require(eventually(within: 10) { asked.withLock { $0 } }, "the request reached the server")
        #expect(stream.send("event: one\ndata: 1\n\n"))
        // Time for the server to send it and wait for more, so that the second is sent to a
        // stream that was suspended for want of data.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(stream.send("event: two\ndata: 2\n\n"), "sent after the stream was suspended for want of data")
        stream.close()
        try #require(eventually(within: 10) { reply.withLock { $0 } != nil }, "the stream ended once closed")
        let text = reply.withLock { $0 } ?? ""
        #expect(text.contains("event: one\ndata: 1") && text.contains("event: two\ndata: 2"), "\(text)")
        #expect(!stream.send("late"), "a closed stream takes nothing more")
    }

    /// The 1,100 trickling connections that held the preview for 27 s, scaled down: three times
    /// as many slow clients as the server has places. They are all closed by the request
    /// deadline, and a normal request that arrives while they trickle, queued behind them, is
    /// answered within one deadline (not after three, one for each round of slow clients).
    @Test func slowClientsAreClosedByTheDeadlineAndANormalRequestIsAnsweredMeanwhile() throws {
        var limits = HTTPServer.Limits()
        limits.connections = 16
        limits.requestSeconds = 2
        limits.busyRequestSeconds = 0.1
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits, handler: Self.hello)
        defer { server.stop() }
        let slow = SlowClients(48, port: server.port)
        #expect(slow.sockets.allSatisfy { $0 >= 0 }, "the system queues connections beyond the limit")
        let lifetimes = Mutex<[Duration?]>([])
        let trickling = DispatchGroup()
        trickling.enter()
        Thread {
            lifetimes.withLock { $0 = slow.trickle(seconds: 10) }
            trickling.leave()
        }.start()
        let started = ContinuousClock.now
        let fd = Self.connected(to: server.port)
        defer { close(fd) }
        Self.transmit("GET /normal HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", to: fd)
        let reply = Self.read(fd, seconds: 8)
        let answeredAfter = ContinuousClock.now - started
        #expect(reply.text.hasPrefix("HTTP/1.1 200") && reply.text.contains("X-Target: /normal"), "\(reply.text.prefix(60))")
        #expect(answeredAfter < .seconds(limits.requestSeconds), "answered after \(answeredAfter)")
        #expect(trickling.wait(timeout: .now() + 15) == .success)
        let closed = lifetimes.withLock { $0 }
        #expect(closed.count == 48 && closed.allSatisfy { $0 != nil }, "every slow client was closed: \(closed)")
        #expect(closed.compactMap { $0 }.allSatisfy { $0 < .seconds(2 * limits.requestSeconds) }, "\(closed)")
    }

    /// While there is room, a connection gets the whole deadline: from connecting, and again from
    /// the end of each answer (an idle kept-alive connection is let go); an event stream, once
    /// answered, is not timed at all.
    @Test func theDeadlineRunsFromConnectingAndFromEachAnswerButNotForAnOpenStream() throws {
        let stream = EventStream()
        var limits = HTTPServer.Limits()
        limits.requestSeconds = 1
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { request in
            request.target == "/events"
                ? HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .events(stream))
                : Self.hello(request)
        }
        defer { server.stop() }
        let events = Self.connected(to: server.port)
        defer { close(events) }
        Self.transmit("GET /events HTTP/1.1\r\nHost: x\r\n\r\n", to: events)
        #expect(stream.send("event: first\ndata: 1\n\n"))
        #expect(Self.read(events, seconds: 5) { $0.contains("event: first") }.text.contains("event: first"))

        let silent = Self.connected(to: server.port)
        defer { close(silent) }
        let connected = ContinuousClock.now
        Self.transmit("GET / HTTP/1.1\r\n", to: silent)
        let keptAlive = Self.connected(to: server.port)
        defer { close(keptAlive) }
        Self.transmit("GET / HTTP/1.1\r\nHost: x\r\n\r\n", to: keptAlive)
        let answer = Self.read(keptAlive, seconds: 5) { $0.hasSuffix("hello") }
        let answered = ContinuousClock.now
        #expect(answer.text.hasPrefix("HTTP/1.1 200") && !answer.closed)

        #expect(Self.read(silent, seconds: 5).closed, "a request never finished is closed")
        let silentFor = ContinuousClock.now - connected
        #expect(Self.read(keptAlive, seconds: 5).closed, "a kept-alive connection that sends nothing more is closed")
        let idleFor = ContinuousClock.now - answered
        #expect(silentFor > .milliseconds(900) && silentFor < .seconds(3), "\(silentFor)")
        #expect(idleFor > .milliseconds(900) && idleFor < .seconds(3), "\(idleFor)")

        #expect(stream.send("event: second\ndata: 2\n\n"), "the stream, answered before both, outlived their deadline")
        let later = Self.read(events, seconds: 5) { $0.contains("event: second") }
        #expect(later.text.contains("event: second") && !later.closed)
        stream.close()
    }

    /// libmicrohttpd refuses a header value with CR or LF; the answer is then a 500, never the
    /// answer without that header.
    @Test(arguments: ["/a\r\nSet-Cookie: x=1", "/a\rb", "/a\nb"])
    func aHeaderTheServerCannotSendMakesA500(_ location: String) throws {
        let server = try Self.start { _ in
            HTTPResponse(status: 301, headers: [("Location", location), ("X-After", "1")], body: .bytes(HTTPBytes(Array("moved".utf8))))
        }
        defer { server.stop() }
        let reply = Self.exchange("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(reply.hasPrefix("HTTP/1.1 500"), "\(reply.prefix(60))")
        #expect(!reply.contains("Set-Cookie") && !reply.contains("X-After") && !reply.contains("moved"))
    }

    /// Bytes outside printable ASCII in the target and the query reach the handler
    /// percent-encoded: raw control bytes and invalid UTF-8 never reach the application as text.
    @Test func rawBytesInTheTargetAndQueryArrivePercentEncoded() throws {
        let server = try Self.start(Self.hello)
        defer { server.stop() }
        let bytes: [UInt8] = Array("GET /a\u{7f}\t".utf8) + [0xFF, 0xC3, 0xA9] + Array("?q=\u{1}".utf8) + [0xFE]
            + Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        let fd = Self.connected(to: server.port)
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let reply = Self.read(fd, seconds: 5).text
        #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply.prefix(60))")
        #expect(reply.contains("X-Target: /a%7F%09%FF%C3%A9"), "\(reply)")
        #expect(reply.contains("X-Query: q=%01%FE"), "\(reply)")
    }

    @Test func aLongQueryIsMarkedAndFetchMetadataArrives() throws {
        let server = try Self.start { request in
            HTTPResponse(
                status: 200,
                headers: [
                    ("X-Long", String(request.queryIsTooLong)), ("X-Host-Malformed", String(request.hostIsMalformed)),
                    ("X-Fetch", [request.fetch.site, request.fetch.mode, request.fetch.destination].map { $0 ?? "none" }.joined(separator: ",")),
                ])
        }
        defer { server.stop() }
        let long = Self.exchange(
            "GET /?\(String(repeating: "a", count: HTTPServer.queryLimit + 1)) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(long.contains("X-Long: true") && long.contains("X-Host-Malformed: false"), "\(long.prefix(200))")
        let fits = Self.exchange(
            "GET /?\(String(repeating: "a", count: HTTPServer.queryLimit)) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(fits.contains("X-Long: false"))
        let fetched = Self.exchange(
            "GET / HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: script\r\nConnection: close\r\n\r\n",
            port: server.port)
        #expect(fetched.contains("X-Fetch: cross-site,no-cors,script"), "\(fetched.prefix(300))")
        #expect(Self.exchange("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port).contains("X-Fetch: none,none,none"))
    }
}

import Foundation
import HTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The libmicrohttpd server through real sockets: what it sends, keeps open, refuses and streams.
@Suite struct HTTPServerTests {
    /// Sends `request` to 127.0.0.1:`port` and returns everything received until the server closes
    /// the connection or `seconds` pass without data.
    static func exchange(_ request: String, port: Int, seconds: Int = 2) -> String {
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
        }
        return String(decoding: received, as: UTF8.self)
    }

    static func start(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0, handler: handler)
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
        #expect(refused.isEmpty || refused.hasPrefix("HTTP/1.1 4"), "\(refused.prefix(40))")
        let garbage = Self.exchange("NOT HTTP AT ALL\r\n\r\n", port: server.port)
        #expect(garbage.isEmpty || garbage.hasPrefix("HTTP/1.1 4"), "\(garbage.prefix(40))")
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

    @Test func anEventStreamCarriesWhatIsSentAndEndsWhenClosed() async throws {
        let stream = EventStream()
        let server = try Self.start { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .events(stream))
        }
        defer { server.stop() }
        let port = server.port
        let reading = Task.detached { Self.exchange("GET /events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port, seconds: 5) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(stream.send("event: one\ndata: 1\n\n"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(stream.send("event: two\ndata: 2\n\n"), "sent after the stream was suspended for want of data")
        try await Task.sleep(for: .milliseconds(300))
        stream.close()
        let reply = await reading.value
        #expect(reply.contains("event: one\ndata: 1") && reply.contains("event: two\ndata: 2"), "\(reply)")
        #expect(!stream.send("late"), "a closed stream takes nothing more")
    }
}

import CMicroHTTPD
import Synchronization

/// An HTTP/1.1 server on GNU libmicrohttpd: a small pool of event-loop threads answers every
/// request with the handler's response. Only this module sees libmicrohttpd.
package final class HTTPServer: Sendable {
    /// What one client may hold.
    package struct Limits: Sendable {
        /// Event-loop threads.
        package var threads = 2
        /// Open connections at once, event streams included. Each costs a descriptor and up to
        /// `connectionMemory` bytes; a browser opens six to a host, and `serve` itself needs
        /// descriptors to build with under the usual limit of 1,024 a process.
        package var connections = 256
        /// Seconds a connection may stay silent before it is closed (event streams excepted).
        package var idleSeconds = 15
        /// Seconds a connection has to send a whole request, from connecting or from the end of
        /// its previous request, however slowly its bytes come (`RequestDeadline`).
        package var requestSeconds = 5.0
        /// Seconds a connection has to send a whole request while every place is taken, so that
        /// connections waiting to be let in do not wait behind slow ones.
        package var busyRequestSeconds = 0.25
        /// Bytes of memory per connection, which bounds the size of a request's headers.
        package var connectionMemory = 32 * 1024

        package init() {}

        /// About the most bytes a request's line and headers may take (more gets 431):
        /// libmicrohttpd reads them into half of the connection's memory, the rest being for
        /// the answer.
        package var headerBytes: Int { connectionMemory / 2 }
    }

    /// The longest query kept, in bytes; a longer one is marked `queryIsTooLong`.
    package static let queryLimit = 4096

    /// The numeric address the server listens on (`127.0.0.1`, `::1`).
    package let address: String
    /// The port it listens on (the one the system chose, when asked for port 0).
    package let port: Int

    private let daemon: Mutex<OpaquePointer?>
    private let context: Unmanaged<HandlerBox>
    private let deadline: RequestDeadline

    /// Starts listening on `host` and `port` and answering with `handler`, on threads of its own.
    package init(
        host: String, port: Int, limits: Limits = Limits(), handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(HTTPServerError) {
        if let problem = sitegen_http_open_problem() { throw .cannotLoad(reason: String(cString: problem)) }
        var lookupError: Int32 = 0
        var systemError: Int32 = 0
        var boundPort: Int32 = 0
        var bound = [CChar](repeating: 0, count: 64)
        let socket = sitegen_http_listen(host, Int32(port), &lookupError, &systemError, &bound, bound.count, &boundPort)
        guard socket >= 0 else {
            if lookupError != 0 {
                throw .unknownHost(host, reason: String(cString: sitegen_http_lookup_message(lookupError)))
            }
            if systemError == sitegen_http_address_in_use() { throw .addressInUse(host: host, port: port) }
            throw .cannotListen(host: host, port: port, reason: String(cString: sitegen_http_system_message(systemError)))
        }
        address = String(decoding: bound.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.port = Int(boundPort)
        guard let deadline = RequestDeadline(
            seconds: limits.requestSeconds, busySeconds: limits.busyRequestSeconds, connectionLimit: limits.connections) else {
            sitegen_http_close(socket)
            throw .cannotStart
        }
        let box = Unmanaged.passRetained(HandlerBox(handler, deadline: deadline))
        guard let started = sitegen_http_start(
            socket, UInt32(limits.threads), UInt32(limits.connections), UInt32(limits.idleSeconds), limits.connectionMemory,
            Self.answer, box.toOpaque(), Self.notify, Self.completed, box.toOpaque())
        else {
            sitegen_http_close(socket)
            deadline.stop()
            box.release()
            throw .cannotStart
        }
        daemon = Mutex(started)
        context = box
        self.deadline = deadline
    }

    /// Stops listening and closes every connection. Event streams should be closed first.
    package func stop() {
        let running = daemon.withLock { daemon in
            defer { daemon = nil }
            return daemon
        }
        guard let running else { return }
        sitegen_http_stop(running)
        deadline.stop()
        context.release()
    }

    deinit { stop() }

    /// libmicrohttpd's access handler: reads the request, asks the handler, queues the response.
    private static let answer: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, uploadSize, requestState in
        guard let context, let connection, let url, let method else { return .NO }
        // The first call comes with the headers. A GET or HEAD is answered on the second, once
        // the request has been read, which keeps the connection open for the next request; any
        // other method is refused at once, without reading its body.
        let isRead = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0
        if isRead, let requestState, requestState.pointee == nil {
            requestState.pointee = context
            return .YES
        }
        // A body sent with a GET is read and dropped; the answer comes once it is all in.
        if isRead, let uploadSize, uploadSize.pointee > 0 {
            uploadSize.pointee = 0
            return .YES
        }
        uploadSize?.pointee = 0
        let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
        func header(_ name: String) -> String? {
            sitegen_http_header(connection, name).map { String(cString: $0) }
        }
        var query = [CChar](repeating: 0, count: queryLimit + 1)
        let queryLength = sitegen_http_query(connection, &query, query.count)
        let hosts = sitegen_http_header_count(connection, "Host")
        let request = HTTPRequest(
            method: String(cString: method), target: printable(UnsafeRawBufferPointer(start: url, count: strlen(url))),
            host: header("Host"), ifNoneMatch: header("If-None-Match"),
            query: queryLength > 0 ? query.withUnsafeBytes { printable($0[..<Int(queryLength)]) } : nil,
            hostIsMalformed: hosts > 1, queryIsTooLong: queryLength < 0,
            fetch: FetchMetadata(
                site: header("Sec-Fetch-Site"), mode: header("Sec-Fetch-Mode"), destination: header("Sec-Fetch-Dest"),
                origin: header("Origin"), referer: header("Referer")))
        let response = box.handler(request)
        box.deadline.answered(connection)
        return queue(response, on: connection)
    }

    /// libmicrohttpd's connection notifications, for the request deadline.
    private static let notify: MHD_NotifyConnectionCallback = { context, connection, _, event in
        guard let context, let connection else { return }
        let deadline = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().deadline
        if event == .CONNECTION_NOTIFY_STARTED { deadline.opened(connection) } else { deadline.closed(connection) }
    }

    private static let completed: MHD_RequestCompletedCallback = { context, connection, _, _ in
        guard let context, let connection else { return }
        Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().deadline.completed(connection)
    }

    /// `bytes` as text with every byte outside printable ASCII percent-encoded (`%0D`, `%FF`), the
    /// escapes already there kept: what a handler is given of a target, and what may go in a
    /// header, whatever a client sent.
    package static func printable(_ bytes: some Sequence<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount)
        for byte in bytes {
            if (0x21...0x7E).contains(byte) {
                text.append(byte)
            } else {
                text += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            let retained = Unmanaged.passRetained(bytes).toOpaque()
            made = sitegen_http_response_from_buffer(
                bytes.count, bytes.baseAddress, { context in if let context { Unmanaged<HTTPBytes>.fromOpaque(context).release() } }, retained)
            if made == nil { Unmanaged<HTTPBytes>.fromOpaque(retained).release() }
        case .events(let stream):
            stream.attach(connection)
            let retained = Unmanaged.passRetained(stream).toOpaque()
            made = sitegen_http_response_from_callback(
                UInt64.max, 4096,
                { context, _, buffer, capacity in
                    guard let context, let buffer else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
                    return Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: capacity)
                },
                retained,
                { context in
                    guard let context else { return }
                    let stream = Unmanaged<EventStream>.fromOpaque(context)
                    stream.takeUnretainedValue().detach()
                    stream.release()
                })
            if made == nil { Unmanaged<EventStream>.fromOpaque(retained).release() }
        }
        guard let made else { return .NO }
        // libmicrohttpd refuses a header it cannot send as given (a CR or LF in it, say): the
        // answer without it would be another answer, so the client gets an error instead.
        guard response.headers.allSatisfy({ sitegen_http_add_header(made, $0.name, $0.value) == .YES }) else {
            sitegen_http_destroy_response(made)
            return queue(Self.refusedHeader, on: connection)
        }
        defer { sitegen_http_destroy_response(made) }
        return sitegen_http_queue(connection, UInt32(response.status), made)
    }

    /// The answer in place of one with a header libmicrohttpd would not send.
    static let refusedHeader = HTTPResponse(
        status: 500, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
        body: .bytes(HTTPBytes(Array("Internal server error: the answer had a header that cannot be sent.\n".utf8))))
}

/// The handler and the request deadline, kept alive for as long as the daemon may call them.
private final class HandlerBox: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let deadline: RequestDeadline

    init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, deadline: RequestDeadline) {
        self.handler = handler
        self.deadline = deadline
    }
}

import HTTPServer

/// Answers one request of the preview from what it serves: a pure function of the request and
/// the current site, so every rule (hosts, methods, paths, redirects, entity tags) is tested
/// without a socket.
struct PreviewRouter: Sendable {
    let hosts: HostCheck

    /// What the preview serves at the moment: the last good site, if any build has succeeded,
    /// and the diagnostics of the last build when it failed.
    struct State: Sendable {
        var site: PreviewSite?
        var failure: FailureSummary?
    }

    static let securityHeaders: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
    ]

    /// The response to `request`; `openEvents` makes the stream of a client asking for events.
    func respond(to request: HTTPRequest, state: State, openEvents: () -> EventStream) -> HTTPResponse {
        guard let host = request.host, !request.hostIsMalformed else {
            return Self.text(400, "Bad request: a request names its host in one Host header.\n")
        }
        guard hosts.allows(host) else {
            return Self.text(403, "This preview answers only requests for localhost or an IP address, not for '\(host)'.\n")
        }
        guard !CrossSiteCheck.refuses(request.fetch, host: host, target: request.target) else {
            return Self.text(403, "This preview answers its own pages and addresses opened in the browser, not another site's page.\n")
        }
        guard !request.queryIsTooLong else {
            return Self.text(414, "URI too long: the query is longer than \(HTTPServer.queryLimit) bytes.\n")
        }
        var target = request.target
        // The absolute form (`GET http://localhost:4000/ HTTP/1.1`) names its host too.
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            let authority = rest.prefix { $0 != "/" }
            guard hosts.allows(String(authority)) else { return Self.text(403, "This preview answers only requests for localhost.\n") }
            target = rest.dropFirst(authority.count).isEmpty ? "/" : String(rest.dropFirst(authority.count))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = Self.text(405, "Only GET and HEAD are allowed.\n")
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        let path: String
        let isFolder: Bool
        switch RequestPath(target: target) {
        case .malformed(let reason): return Self.text(400, "Bad request: \(reason).\n")
        case .tooLong: return Self.text(414, "URI too long: the path is longer than \(RequestPath.maximumLength) bytes.\n")
        case .path(let found, let folder): (path, isFolder) = (found, folder)
        }
        switch path {
        case PreviewSite.scriptPath:
            return Self.file(Self.script, request: request)
        case PreviewSite.eventsPath:
            var headers = Self.securityHeaders
            headers += [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")]
            // HEAD asks for the headers alone, not for a stream.
            return HTTPResponse(status: 200, headers: headers, body: request.method == "HEAD" ? .bytes(.empty) : .events(openEvents()))
        default:
            break
        }
        guard let site = state.site else {
            return Self.page(500, ErrorPage.failedBuild(state.failure))
        }
        let filePath = isFolder || path.isEmpty ? Path.join(path, "index.html") : path
        if let file = site.files[filePath] {
            return Self.file(file, request: request)
        }
        if !isFolder, !path.isEmpty, site.folders.contains(path) {
            var response = Self.text(301, "Moved to /\(path)/.\n")
            response.headers.append(("Location", "/" + Path.urlEncoded(path) + "/" + (request.query.map { "?" + HTTPServer.printable($0.utf8) } ?? "")))
            return response
        }
        return Self.page(404, ErrorPage.notFound(path))
    }

    /// The live-reload client, served like a file of the site.
    static let script = PreviewFile("live.js", bytes: Array(LiveReloadScript.source.utf8), status: FileStatus(size: 0, modified: 0))

    /// A file, or 304 when the client's copy has the same entity tag.
    private static func file(_ file: PreviewFile, request: HTTPRequest) -> HTTPResponse {
        var headers = securityHeaders
        headers += [("ETag", file.etag), ("Cache-Control", "no-cache")]
        if let tags = request.ifNoneMatch, matches(tags, file.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.append(("Content-Type", file.contentType))
        return HTTPResponse(status: 200, headers: headers, body: .bytes(file.bytes))
    }

    /// True when an `If-None-Match` list names `etag` (weakly, as RFC 9110 says for GET) or is `*`.
    static func matches(_ list: String, _ etag: String) -> Bool {
        list.split(separator: ",").contains { item in
            var tag = item
            while tag.first == " " || tag.first == "\t" { tag = tag.dropFirst() }
            while tag.last == " " || tag.last == "\t" { tag = tag.dropLast() }
            return tag == "*" || (tag.hasPrefix("W/") ? tag.dropFirst(2) : tag) == etag
        }
    }

    private static func text(_ status: Int, _ text: String) -> HTTPResponse {
        var headers = securityHeaders
        headers += [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")]
        return HTTPResponse(status: status, headers: headers, body: .bytes(HTTPBytes(Array(text.utf8))))
    }

    private static func page(_ status: Int, _ html: String) -> HTTPResponse {
        var headers = securityHeaders
        headers += [("Content-Type", ContentType.html), ("Cache-Control", "no-store")]
        return HTTPResponse(status: status, headers: headers, body: .bytes(HTTPBytes(PreviewFile.withLiveReload(Array(html.utf8)))))
    }
}

/// A request as the server's handler sees it: what was sent, escapes and all, since deciding what
/// a path means is the application's job. The target and the query are printable ASCII: any other
/// byte the client sent (a control byte, a space, a byte above 0x7F) arrives percent-encoded, so
/// decoding gives back exactly the bytes sent and nothing raw can reach a header.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    /// The request target as sent, without its query (`/welcome/%2e%2e/`).
    package var target: String
    /// The `Host` header, if the request had one.
    package var host: String?
    /// The `If-None-Match` header, if the request had one.
    package var ifNoneMatch: String?
    /// The query as sent, without its `?` (`replay`, `a=1&b=2`); nil when there is none.
    package var query: String?
    /// True when the request had more than one `Host` header.
    package var hostIsMalformed = false
    /// True when the query was longer than `HTTPServer.queryLimit` bytes (it is then nil).
    package var queryIsTooLong = false
    /// What the browser says about where the request comes from (Fetch Metadata).
    package var fetch = FetchMetadata()

    package init(
        method: String, target: String, host: String?, ifNoneMatch: String? = nil, query: String? = nil,
        hostIsMalformed: Bool = false, queryIsTooLong: Bool = false, fetch: FetchMetadata = FetchMetadata()
    ) {
        self.method = method
        self.target = target
        self.host = host
        self.ifNoneMatch = ifNoneMatch
        self.query = query
        self.hostIsMalformed = hostIsMalformed
        self.queryIsTooLong = queryIsTooLong
        self.fetch = fetch
    }
}

/// A browser's Fetch Metadata headers: which site the request comes from and what for. Browsers
/// send them to potentially trustworthy origins (HTTPS, and `localhost` or a loopback address
/// over HTTP), and a page cannot forge them; tools such as curl send none.
package struct FetchMetadata: Sendable, Equatable {
    /// `Sec-Fetch-Site`: `same-origin`, `same-site`, `cross-site` or `none` (typed by the user).
    package var site: String?
    /// `Sec-Fetch-Mode`: `navigate`, `no-cors`, `cors`, `same-origin`, `websocket`.
    package var mode: String?
    /// `Sec-Fetch-Dest`: `document`, `script`, `iframe`, `empty`, `style`, `image`, …
    package var destination: String?
    /// `Origin` and `Referer`, which a browser sends to addresses it sends no `Sec-Fetch-*` to.
    package var origin: String?
    package var referer: String?

    package init(site: String? = nil, mode: String? = nil, destination: String? = nil, origin: String? = nil, referer: String? = nil) {
        self.site = site
        self.mode = mode
        self.destination = destination
        self.origin = origin
        self.referer = referer
    }
}

/// A request as the server's handler sees it: what was sent, escapes and all, since deciding what
/// a path means is the application's job.
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
    /// True when the request had more than one `Host` header (or a query too long to keep).
    package var hostIsMalformed = false

    package init(
        method: String, target: String, host: String?, ifNoneMatch: String? = nil, query: String? = nil,
        hostIsMalformed: Bool = false
    ) {
        self.method = method
        self.target = target
        self.host = host
        self.ifNoneMatch = ifNoneMatch
        self.query = query
        self.hostIsMalformed = hostIsMalformed
    }
}

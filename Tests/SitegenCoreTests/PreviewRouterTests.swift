import Foundation
import HTTPServer
import Testing
@testable import SitegenCore

/// The preview's answers, request by request, without a socket: hosts, methods, every spelling
/// of a path that tries to leave the site, redirects, types, entity tags.
@Suite struct PreviewRouterTests {
    static let site: PreviewSite = {
        var site = PreviewSite()
        let status = FileStatus(size: 1, modified: 1)
        site.files = [
            "index.html": PreviewFile("index.html", bytes: Array("<html><head></head><body>index</body></html>".utf8), status: status),
            "welcome/index.html": PreviewFile("welcome/index.html", bytes: Array("<html><head></head>welcome</html>".utf8), status: status),
            "welcome/images/a b.svg": PreviewFile("welcome/images/a b.svg", bytes: Array("<svg/>".utf8), status: status),
            "assets/sitegen.css": PreviewFile("assets/sitegen.css", bytes: Array("body{}".utf8), status: status),
            "assets/sitegen.js": PreviewFile("assets/sitegen.js", bytes: Array("0".utf8), status: status),
            "manifest.json": PreviewFile("manifest.json", bytes: Array("{}".utf8), status: status),
            "日本/index.html": PreviewFile("日本/index.html", bytes: Array("<p>ja</p>".utf8), status: status),
        ]
        return site
    }()

    let router = PreviewRouter(hosts: HostCheck(listeningOn: "127.0.0.1"))

    func get(
        _ target: String, host: String? = "127.0.0.1:4000", method: String = "GET", ifNoneMatch: String? = nil, query: String? = nil,
        fetch: FetchMetadata = FetchMetadata(), site: PreviewSite? = site, state: PreviewRouter.State? = nil
    ) -> HTTPResponse {
        router.respond(
            to: HTTPRequest(method: method, target: target, host: host, ifNoneMatch: ifNoneMatch, query: query, fetch: fetch),
            state: state ?? PreviewRouter.State(site: site, failure: site == nil ? FailureSummary(["content/a.md:1:1: error: broken"]) : nil),
            openEvents: { EventStream() })
    }

    /// Chromium sends no Fetch Metadata to 0.0.0.0, so a page on another port read every flow
    /// (drafts included) through `http://0.0.0.0:PORT/welcome/embed.js`.
    @Test(arguments: ["0.0.0.0:4000", "0.0.0.0", "0.1.2.3:4000", "[::]:4000", "[::]", "[0:0:0:0:0:0:0:0]:4000", "[::0]:4000"])
    func theUnspecifiedAddressIsNotAHostOfThePreview(_ host: String) {
        #expect(get("/welcome/", host: host).status == 403, "\(host)")
    }

    @Test func theUnspecifiedAddressIsAHostWhenThePreviewListensOnIt() {
        let listening = PreviewRouter(hosts: HostCheck(listeningOn: "0.0.0.0"))
        let response = listening.respond(
            to: HTTPRequest(method: "GET", target: "/", host: "0.0.0.0:4000"), state: .init(site: Self.site, failure: nil),
            openEvents: { EventStream() })
        #expect(response.status == 200, "--host 0.0.0.0 makes it the preview's own name")
    }

    /// Where a browser sends no Fetch Metadata, another page's Origin or Referer still says where
    /// a request comes from: its scripts and data are refused, its navigations to pages answered.
    @Test(arguments: [
        ("/assets/sitegen.js", "http://localhost:18777/evil.html", nil, 403), ("/manifest.json", nil, "http://localhost:18777", 403),
        ("/_sitegen/events", nil, "null", 403), ("/_sitegen/live.js", "http://127.0.0.1:4001/", nil, 403),
        ("/welcome/", "http://localhost:18777/evil.html", nil, 200), ("/index.html", "http://elsewhere.test/", nil, 200),
        ("/assets/sitegen.js", "http://127.0.0.1:4000/welcome/", nil, 200), ("/assets/sitegen.js", nil, "http://127.0.0.1:4000", 200),
        ("/assets/sitegen.js", nil, nil, 200),
    ] as [(String, String?, String?, Int)])
    func withoutFetchMetadataOriginAndRefererDecide(_ target: String, _ referer: String?, _ origin: String?, _ status: Int) {
        let response = get(target, fetch: FetchMetadata(origin: origin, referer: referer))
        #expect(response.status == status, "\(target) referer \(referer ?? "-") origin \(origin ?? "-")")
    }

    func body(_ response: HTTPResponse) -> String {
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes.array, as: UTF8.self)
    }

    /// Targets that must never be served, each with the status it gets: 400 for what is malformed,
    /// 404 for a well-formed path the site has no file at.
    @Test(arguments: [
        ("/../etc/passwd", 400), ("/..", 400), ("/welcome/../../etc/passwd", 400), ("/./index.html", 400),
        ("/%2e%2e/etc/passwd", 400), ("/%2E%2E/%2E%2E/etc/passwd", 400), ("/welcome/%2e%2e/%2e%2e/x", 400),
        ("/.%2e/x", 400), ("/%2e/index.html", 400), ("/..%2fetc%2fpasswd", 400), ("/%2fetc%2fpasswd", 400),
        ("/welcome%2f..%2f..%2fx", 400), ("/..\\etc\\passwd", 400), ("/%5c..%5cetc", 400), ("/index.html%00.css", 400),
        ("/%00", 400), ("/%c0%ae%c0%ae/etc/passwd", 400), ("/%c0%af", 400), ("/%e0%80%ae%e0%80%ae/x", 400),
        ("/%ff", 400), ("/%", 400), ("/%2", 400), ("/%zz", 400), ("//etc/passwd", 400), ("/welcome//index.html", 400),
        ("etc/passwd", 400), ("*", 400), ("/a\u{1}b", 400), ("/\u{7f}", 400),
        // A slash followed by a combining mark is still a slash: segments are split at its byte.
        ("/../%CC%81etc/passwd", 400), ("//%CC%81evil.example", 400), ("/welcome/%CC%81/../x", 400), ("/%CC%81/", 404),
        ("/" + String(repeating: "a", count: 3000), 414),
        ("/etc/passwd", 404), ("/proc/self/environ", 404), ("/.sitegen-output", 404), ("/.sitegen-cache/preview/build-state", 404),
        ("/index.html/", 404), ("/welcome/index.html/..", 400), ("/welcome.", 404), ("/WELCOME/", 404),
    ])
    func pathsOutsideTheSiteAreRefused(_ target: String, _ status: Int) {
        let response = get(target)
        #expect(response.status == status, "\(target)")
        #expect(!body(response).contains("root:"), "\(target)")
    }

    @Test func filesAreServedWithTheirTypeAndTag() throws {
        let expected = [
            ("/", "text/html; charset=utf-8"), ("/index.html", "text/html; charset=utf-8"),
            ("/welcome/", "text/html; charset=utf-8"), ("/assets/sitegen.css", "text/css; charset=utf-8"),
            ("/assets/sitegen.js", "text/javascript; charset=utf-8"), ("/manifest.json", "application/json; charset=utf-8"),
            ("/welcome/images/a%20b.svg", "image/svg+xml; charset=utf-8"), ("/%E6%97%A5%E6%9C%AC/", "text/html; charset=utf-8"),
            ("/_sitegen/live.js", "text/javascript; charset=utf-8"),
        ]
        for (target, type) in expected {
            let response = get(target)
            #expect(response.status == 200, "\(target)")
            #expect(response.header("Content-Type") == type, "\(target)")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("ETag")?.hasPrefix("\"") == true)
        }
        #expect(ContentType.of("a.PNG") == "image/png" && ContentType.of("a.webp") == "image/webp" && ContentType.of("a") == "application/octet-stream")
        // What pages link to opens in the browser, as a host serves it; captions load into <track>.
        #expect(ContentType.of("guide.PDF") == "application/pdf" && ContentType.of("demo.en.vtt") == "text/vtt; charset=utf-8" && ContentType.of("clip.mp4") == "video/mp4")
    }

    @Test func htmlGetsTheLiveReloadClientAndOtherFilesDoNot() {
        #expect(body(get("/")).contains("<script src=\"/_sitegen/live.js\" defer></script></head>"))
        #expect(body(get("/日本/".addingPercentEscapes)).hasSuffix("<script src=\"/_sitegen/live.js\" defer></script>"), "a page without a head gets it at the end")
        #expect(body(get("/assets/sitegen.css")) == "body{}")
    }

    @Test func aMatchingTagGets304() throws {
        let tag = try #require(get("/welcome/").header("ETag"))
        #expect(get("/welcome/", ifNoneMatch: tag).status == 304)
        #expect(get("/welcome/", ifNoneMatch: "W/" + tag).status == 304)
        #expect(get("/welcome/", ifNoneMatch: "\"other\", " + tag).status == 304)
        #expect(get("/welcome/", ifNoneMatch: "*").status == 304)
        #expect(get("/welcome/", ifNoneMatch: "\"other\"").status == 200)
        #expect(body(get("/welcome/", ifNoneMatch: tag)).isEmpty)
    }

    @Test func theAbsoluteFormIsAnsweredForLocalHostsOnly() {
        #expect(get("http://localhost:4000/welcome/").status == 200)
        #expect(get("http://127.0.0.1:4000").status == 200)
        #expect(get("http://evil.test/welcome/").status == 403)
        #expect(get("https://localhost:4000/../etc/passwd").status == 400)
    }

    @Test func headForTheEventsIsNoStream() {
        let response = get("/_sitegen/events", method: "HEAD")
        guard case .bytes(let bytes) = response.body else {
            Issue.record("HEAD opened a stream")
            return
        }
        #expect(bytes.count == 0 && response.status == 200)
    }

    @Test func aRedirectKeepsTheQuery() {
        let response = router.respond(
            to: HTTPRequest(method: "GET", target: "/welcome", host: "localhost", query: "replay"), state: .init(site: Self.site),
            openEvents: { EventStream() })
        #expect(response.header("Location") == "/welcome/?replay")
    }

    @Test func aFolderWithoutItsSlashRedirects() {
        let response = get("/welcome")
        #expect(response.status == 301)
        #expect(response.header("Location") == "/welcome/")
        #expect(get("/welcome/images").header("Location") == "/welcome/images/")
        #expect(get("/welcome/images/").status == 404, "no listings: a folder without index.html is not found")
        #expect(get("/%E6%97%A5%E6%9C%AC").header("Location") == "/%E6%97%A5%E6%9C%AC/")
    }

    @Test func unknownPathsGetTheNotFoundPage() {
        let response = get("/nope/<script>")
        #expect(response.status == 404)
        #expect(!body(response).contains("<script>") && body(response).contains("&lt;script&gt;"), "the path is escaped in the page")
        let missing = get("/nope")
        #expect(missing.status == 404 && missing.header("Content-Type") == ContentType.html)
        #expect(body(missing).contains("/nope") && body(missing).contains("/_sitegen/live.js"))
        #expect(!body(get("/%3Cb%3E")).contains("<b>"), "the path is escaped in the page")
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "get", "PROPFIND"])
    func onlyGetAndHeadAreAllowed(_ method: String) {
        let response = get("/", method: method)
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(get("/", method: "HEAD").status == 200)
    }

    @Test(arguments: [
        ("127.0.0.1:4000", true), ("localhost:4000", true), ("LOCALHOST", true), ("app.localhost:4000", true),
        ("[::1]:4000", true), ("192.168.1.20:4000", true), ("10.0.0.1", true),
        ("evil.test", false), ("evil.test:4000", false), ("127.0.0.1.evil.test", false), ("localhost.evil.test", false),
        ("", false), ("127.0.0.1:", false), ("127.0.0.1:abc", false), ("[::1", false), ("[evil]:80", false),
        ("256.0.0.1", false), ("1.2.3", false), ("127.0.0.1:99999", false), (" localhost:4000 ", true),
    ])
    func onlyLocalNamesAndAddressesAreAnswered(_ host: String, _ allowed: Bool) {
        #expect((get("/", host: host).status == 200) == allowed, "\(host)")
        #expect((get("/_sitegen/events", host: host).status == 200) == allowed, "the events too: \(host)")
    }

    @Test func aMissingOrDoubledHostIsABadRequestAndTheNamedHostIsAllowed() {
        #expect(get("/", host: nil).status == 400)
        let doubled = router.respond(
            to: HTTPRequest(method: "GET", target: "/", host: "localhost", hostIsMalformed: true), state: .init(site: Self.site),
            openEvents: { EventStream() })
        #expect(doubled.status == 400)
        let named = PreviewRouter(hosts: HostCheck(listeningOn: "preview.lan"))
        let response = named.respond(
            to: HTTPRequest(method: "GET", target: "/", host: "preview.lan:4000"), state: .init(site: Self.site), openEvents: { EventStream() })
        #expect(response.status == 200)
    }

    @Test func beforeAnyGoodBuildEveryPageShowsTheErrors() {
        let response = get("/welcome/", site: nil)
        #expect(response.status == 500)
        #expect(body(response).contains("content/a.md:1:1: error: broken"))
        #expect(body(response).contains("data-sitegen-error"))
        #expect(get("/_sitegen/live.js", site: nil).status == 200, "the client still loads, to reload when fixed")
    }

    /// 8,000 errors, one on a line of 200 KB, and a worst case of control characters (six bytes
    /// each in JSON): the page of errors and the failure's event stay far under the event
    /// stream's limit, and say how many errors were left out.
    @Test func aFailureIsShownAsABoundedSummaryWhateverTheBuildPrinted() {
        let many = (0..<8000).map { "content/tour/01-a.md:\($0 + 2):1: error: unknown key 'titel\($0)'\n  titel\($0): x\n  ^~~~~~~~~" }
        let long = ["content/tour/01-a.md:2:1: error: unknown key 'titel'\n  titel: " + String(repeating: "a", count: 200_000) + "\n  ^~~~~"]
        let controls = (0..<500).map { _ in String(repeating: "\u{1}\u{2028}", count: 5000) }
        for (messages, shown, omitted) in [(many, 100, 7900), (long, 1, 0), (controls, 100, 400)] {
            let summary = FailureSummary(messages)
            #expect(summary.messages.count == shown && summary.omitted == omitted)
            #expect(summary.messages.allSatisfy { $0.unicodeScalars.count <= FailureSummary.lengthLimit + 2 })
            let event = LiveReload.Event.failed(build: 3, summary: summary).text
            #expect(event.utf8.count < EventStream.pendingLimit / 4, "\(event.utf8.count) bytes")
            let page = get("/welcome/", state: .init(site: nil, failure: summary))
            #expect(page.status == 500 && body(page).utf8.count < EventStream.pendingLimit / 4)
            if omitted > 0 {
                #expect(event.contains("\"more\": \"… and \(omitted) more errors, in the terminal\""))
                #expect(body(page).contains("<p>… and \(omitted) more errors, in the terminal</p>"))
            }
        }
        let cut = FailureSummary(long).messages[0].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(cut.count == 3 && cut[0] == "content/tour/01-a.md:2:1: error: unknown key 'titel'", "each line is cut, not the message's first line alone")
        #expect(cut[1].hasSuffix("a …") && cut[2] == "  ^~~~~")
        #expect(FailureSummary(["short"]) == FailureSummary(["short"]) && FailureSummary(["short"]).more == nil)
        #expect(body(get("/welcome/", state: .init(site: nil, failure: FailureSummary(["a", "b"])))).components(separatedBy: "<pre>").count == 3)
    }

    @Test func eventsAreAStream() {
        let response = get("/_sitegen/events")
        #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
        guard case .events = response.body else {
            Issue.record("not a stream")
            return
        }
    }

    // MARK: Requests from other sites' pages

    static let fetchSites: [String?] = [nil, "same-origin", "none", "same-site", "cross-site", "CROSS-SITE", "elsewhere", ""]
    static let fetchModes: [String?] = [nil, "navigate", "no-cors", "cors", "same-origin", "websocket"]
    static let fetchDestinations: [String?] = [nil, "document", "script", "iframe", "empty", "style", "image", "frame"]
    static let everyKindOfPath = ["/", "/embed.js", "/welcome/", "/assets/sitegen.js", "/_sitegen/live.js", "/_sitegen/events", "/nope", "/%00"]

    /// Every combination of the three headers, on every kind of path: a request a browser marks as
    /// from another site (another port of this machine is `same-site`) is refused unless it is a
    /// top-level navigation; the preview's own requests, what the user opened, and requests
    /// without the headers are answered as before.
    @Test(arguments: fetchSites, fetchModes)
    func requestsFromAnotherSitesPageAreRefusedButNavigations(_ site: String?, _ mode: String?) {
        let fromElsewhere = site != nil && !["same-origin", "none"].contains(site)
        for destination in Self.fetchDestinations {
            let isNavigation = mode == "navigate" && destination == "document"
            let fetch = FetchMetadata(site: site, mode: mode, destination: destination)
            for target in Self.everyKindOfPath {
                let response = get(target, fetch: fetch)
                let unmarked = get(target)
                if fromElsewhere && !isNavigation {
                    #expect(response.status == 403, "\(target) \(fetch)")
                    #expect(body(response).contains("not another site's page"))
                    if case .events = response.body { Issue.record("a refused request opened a stream") }
                } else {
                    #expect(response.status == unmarked.status, "\(target) \(fetch)")
                }
            }
        }
    }

    @Test func theCasesThatMatterMost() {
        let script = FetchMetadata(site: "same-site", mode: "no-cors", destination: "script")
        #expect(get("/welcome/", fetch: script).status == 403, "a page on another port of this machine cannot run a flow's script")
        #expect(get("/_sitegen/events", fetch: FetchMetadata(site: "cross-site", mode: "cors", destination: "empty")).status == 403)
        #expect(get("/welcome/", fetch: FetchMetadata(site: "cross-site", mode: "navigate", destination: "iframe")).status == 403, "nor frame it")
        #expect(get("/welcome/", fetch: FetchMetadata(site: "cross-site", mode: "navigate", destination: "document")).status == 200, "a link followed")
        #expect(get("/welcome/", fetch: FetchMetadata(site: "same-origin", mode: "no-cors", destination: "script")).status == 200)
        #expect(get("/welcome/", fetch: FetchMetadata(site: "none", mode: "navigate", destination: "document")).status == 200, "an address typed")
        #expect(get("/welcome/", fetch: FetchMetadata(site: " same-origin ")).status == 200)
    }

    // MARK: Lengths and header values

    @Test func aLongQueryOrPathIs414() {
        let response = router.respond(
            to: HTTPRequest(method: "GET", target: "/welcome/", host: "localhost", queryIsTooLong: true), state: .init(site: Self.site),
            openEvents: { EventStream() })
        #expect(response.status == 414)
        #expect(body(response) == "URI too long: the query is longer than \(HTTPServer.queryLimit) bytes.\n")
        #expect(body(get("/" + String(repeating: "a", count: RequestPath.maximumLength))).contains("URI too long: the path"))
    }

    /// Bytes a header must not carry, raw and percent-encoded as HTTPServer hands raw bytes on.
    static let hostileBytes = ["\r", "\n", "\r\n", "\u{0}", "\u{7f}", "\t", " ", "\u{1b}", "é", "\u{2028}", "%0D", "%0A", "%0d%0a", "%00", "%7F", "%09", "%FF", "%C0%AE", "%E9", "%20"]

    @Test(arguments: hostileBytes)
    func aControlCharacterOrInvalidUTF8InThePathIs400(_ hostile: String) {
        let raw = hostile.contains("%") || hostile == " " || hostile == "é" || hostile == "\u{2028}" ? nil : get("/welcome" + hostile)
        let escaped = get("/welcome" + (hostile.contains("%") ? hostile : HTTPServer.printable(hostile.utf8)))
        for response in [raw, escaped].compactMap({ $0 }) {
            #expect(response.header("Location") == nil, "\(hostile.debugDescription)")
            if ["%20", " ", "é"].contains(hostile) || hostile == "\u{2028}" {
                #expect(response.status == 404, "a printable character: \(hostile.debugDescription)")
            } else {
                #expect(response.status == 400, "\(hostile.debugDescription)")
            }
        }
    }

    @Test(arguments: hostileBytes)
    func theQueryIsPercentEncodedInTheRedirect(_ hostile: String) throws {
        for query in ["a" + hostile + "b", hostile, "x=1&" + hostile] {
            let response = get("/welcome", query: query)
            #expect(response.status == 301)
            let location = try #require(response.header("Location"), "\(query.debugDescription)")
            #expect(location.hasPrefix("/welcome/?"))
            #expect(location.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "\(location.debugDescription)")
            #expect(Path.percentDecoded(String(location.dropFirst("/welcome/?".count))) == Path.percentDecoded(HTTPServer.printable(query.utf8)))
        }
        #expect(get("/welcome", query: "a\rb").header("Location") == "/welcome/?a%0Db")
        #expect(get("/welcome", query: "q=%0d%0a").header("Location") == "/welcome/?q=%0d%0a", "escapes sent stay as sent")
    }

    /// Whatever is asked, every header value the router gives is printable ASCII.
    @Test func everyHeaderValueIsPrintableASCII() {
        let targets = ["/welcome", "/welcome/images", "/", "/nope", "/%E6%97%A5%E6%9C%AC", "/_sitegen/events", "http://localhost:4000/welcome"]
        let queries: [String?] = [nil, "a\r\nSet-Cookie: x", "\u{0}", "\u{7f}\t é", "%ff"]
        for target in targets {
            for query in queries {
                for method in ["GET", "HEAD", "POST"] {
                    let response = get(target, method: method, query: query)
                    for header in response.headers {
                        #expect(header.value.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "\(target) \(header)")
                    }
                }
            }
        }
    }

}

extension String {
    /// The string with each byte outside ASCII letters, digits and `/` percent-encoded.
    fileprivate var addingPercentEscapes: String {
        utf8.map { byte in
            (byte < 0x80 && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber || byte == UInt8(ascii: "/")))
                ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }
}

import SitegenTestSupport
import Foundation
import HTTPServer
import Synchronization
import Testing
@testable import SitegenCore

/// `serve` end to end over real sockets: it serves the site, tells open pages about rebuilds and
/// failures (a summary of any size of failure, and a site folder gone), keeps the last good
/// build, picks up a site folder made again, leaves the site's output alone, and stops when asked.
@Suite(.serialized) struct PreviewServerTests {
    /// What a page listening for events has received so far.
    final class Listener: Sendable {
        private let bytes = Mutex<[UInt8]>([])

        func add(_ piece: ArraySlice<UInt8>) { bytes.withLock { $0 += piece } }

        var received: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
    }

    /// Runs `work` on a thread of its own (blocking socket calls must not hold the test's
    /// cooperative threads), returning a group to wait on.
    private func onThread(_ work: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        Thread {
            work()
            group.leave()
        }.start()
        return group
    }

    @Test func servesRebuildsReportsAndLeavesTheOutputAlone() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("sitegen.yml", "title: Preview\n")
        try site.write("content/tour/01-a.md", "# First words\n")
        try site.write("content/tour/02-b.md", "# Second page\n")
        try site.write("output/index.html", "the deployed site")
        try site.write("output/.sitegen-output", "")

        let output = CapturedOutput()
        let server = PreviewServer(
            options: .init(siteDirectory: site.path, port: 0), environment: output.environment(DiskFileSystem()).console)
        let url = Mutex<String?>(nil)
        let running = onThread {
            do {
                try server.run { address in url.withLock { $0 = address } }
            } catch {
                Issue.record("the server did not start: \(error)")
            }
        }
        var port = 0
        for _ in 0..<100 where port == 0 {
            Thread.sleep(forTimeInterval: 0.05)
            port = url.withLock { $0 }.flatMap { Int($0.split(separator: ":").last?.dropLast() ?? "") } ?? 0
        }
        #expect(port > 0, "the server printed its address: \(output.standardOutput)")

        let page = HTTPServerTests.exchange("GET /tour/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
        #expect(page.hasPrefix("HTTP/1.1 200") && page.contains("First words") && page.contains("/_sitegen/live.js"))

        let listener = Listener()
        let eventsPort = port
        // The stream ends when the server stops; the limit is on silence between two reads, which
        // a machine loaded with other tests can stretch past a few seconds while a build runs.
        let events = onThread {
            _ = HTTPServerTests.exchange(
                "GET /_sitegen/events HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: eventsPort, seconds: 30, receiving: listener.add)
        }
        try waitFor { server.listeningPages == 1 }
        try site.write("content/tour/01-a.md", "# First words, edited\n")
        try waitFor { output.standardOutput.contains("rebuilt tour") }
        let edited = HTTPServerTests.exchange("GET /tour/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
        #expect(edited.contains("First words, edited"))

        try site.write("content/tour/02-b.md", "---\ntitel: x\n---\n# Second page\n")
        try waitFor { output.standardError.contains("unknown key 'titel'") }
        // The summary follows the error on the other stream.
        try waitFor { output.standardOutput.contains("1 error; the preview keeps the last good build") }
        let kept = HTTPServerTests.exchange("GET /tour/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
        #expect(kept.hasPrefix("HTTP/1.1 200") && kept.contains("First words, edited"), "the last good build is still served")

        try site.write("content/tour/02-b.md", "# Second page, fixed\n")
        try waitFor { output.standardOutput.components(separatedBy: "rebuilt tour").count >= 3 }
        // The page is told before the terminal, but the server writes to it on a thread of its
        // own: the test stops the server once the page has read the news, not once it is printed.
        try waitFor { listener.received.contains("event: recovered") }
        server.stop()
        running.wait()
        events.wait()
        let received = listener.received
        #expect(received.contains("event: reload") && received.contains("tour/index.html"), "\(received)")
        #expect(received.contains("event: failed") && received.contains("titel"))
        #expect(received.contains("event: recovered"), "\(received)")
        #expect(try String(contentsOfFile: site.path + "/output/index.html", encoding: .utf8) == "the deployed site", "serve never writes the output")
        #expect(FileManager.default.fileExists(atPath: site.path + "/.sitegen-cache/preview/output/tour/index.html"))
    }

    @Test func aBusyPortIsAnErrorWithStatusOne() throws {
        let holder = try HTTPServerTests.start(HTTPServerTests.hello)
        defer { holder.stop() }
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "# A\n")
        let run = runCLI(["serve", "--site", site.path, "--port", String(holder.port)], on: DiskFileSystem())
        #expect(run.status == .contentError)
        #expect(run.err.contains("port \(holder.port) on 127.0.0.1 is in use"))
    }

    @Test(arguments: [["--port", "70000"], ["--port", "http"], ["--port", "-1"], ["--port", "٤٠٠٠"]])
    func aBadPortIsAUsageError(_ arguments: [String]) {
        let run = runCLI(["serve"] + arguments, on: MemoryFileSystem(["content/a/1.md": "# A\n"]))
        #expect(run.status == .usageError)
        #expect(run.err.contains("--port must be a number from 0 to 65535"))
    }

    /// The documentation's numbers for the preview are the code's: each is read from
    /// docs/previewing.md, wherever the lines break, and compared with the constant it quotes.
    @Test func theDocumentationQuotesTheLimitsTheCodeHas() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/previewing.md"), encoding: .utf8)
        let section = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let limits = HTTPServer.Limits()
        let quoted: [(pattern: String, value: Double)] = [
            (#"At most ([\d,]+) connections at once"#, Double(limits.connections)),
            (#"while all ([\d,]+) are taken"#, Double(limits.connections)),
            (#"([\d,]+) KiB of memory each"#, Double(limits.connectionMemory / 1024)),
            (#"bounds a request's line and headers: ([\d,]+) KiB always fit"#, Double(limits.headerBytes / 1024)),
            (#"past [\d,]+ to ([\d,]+) KiB, depending on how"#, Double(limits.connectionMemory / 1024)),
            (#"([\d,]+) s of silence before one is closed"#, Double(limits.idleSeconds)),
            (#"A connection has ([\d,.]+) s to send a whole request"#, limits.requestSeconds),
            (#"while all [\d,]+ are taken it has ([\d,.]+) s"#, limits.busyRequestSeconds),
            (#"a path longer than ([\d,]+) bytes"#, Double(RequestPath.maximumLength)),
            (#"a query longer than ([\d,]+) is 414"#, Double(HTTPServer.queryLimit)),
            (#"the first ([\d,]+) errors"#, Double(FailureSummary.messageLimit)),
            (#"each line cut to ([\d,]+) characters"#, Double(FailureSummary.lineLimit)),
            (#"each error to ([\d,]+)"#, Double(FailureSummary.lengthLimit)),
        ]
        #expect(limits.connectionMemory % 1024 == 0 && limits.headerBytes % 1024 == 0)
        for (pattern, value) in quoted {
            let matches = section.matches(of: try Regex(pattern))
            #expect(matches.count == 1, "the documentation says it once: \(pattern)")
            for match in matches {
                let number = try #require(match.output[1].substring.map { Double($0.replacing(",", with: "")) } ?? nil, "\(pattern)")
                #expect(number == value, "the documentation says \(number) where the code has \(value): \(pattern)")
            }
        }
    }

    private func waitFor(_ condition: () -> Bool) throws {
        if !eventually(within: 20, condition) { Issue.record("timed out waiting") }
    }

    /// A preview of a site on a port the system chose, running on a thread of its own.
    final class RunningPreview: Sendable {
        let server: PreviewServer
        let output = CapturedOutput()
        let port: Int
        private let running: DispatchGroup

        init(_ site: TemporaryDirectory) throws {
            let server = PreviewServer(options: .init(siteDirectory: site.path, port: 0), environment: output.environment(DiskFileSystem()).console)
            let url = Mutex<String?>(nil)
            let ready = DispatchSemaphore(value: 0)
            let running = DispatchGroup()
            running.enter()
            Thread {
                do {
                    try server.run { address in
                        url.withLock { $0 = address }
                        ready.signal()
                    }
                } catch {
                    Issue.record("the server did not start: \(error)")
                    ready.signal()
                }
                running.leave()
            }.start()
            _ = ready.wait(timeout: .now() + 30)
            self.server = server
            self.running = running
            port = url.withLock { $0 }.flatMap { Int($0.split(separator: ":").last?.dropLast() ?? "") } ?? 0
            try #require(port > 0, "the server printed its address")
        }

        func get(_ path: String) -> String {
            HTTPServerTests.exchange("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
        }

        /// A page's event stream, open once the server has greeted it. HTTP/1.0, so that the
        /// events arrive as sent, without chunks.
        func events() -> EventReader {
            let reader = EventReader(HTTPServerTests.connected(to: port))
            HTTPServerTests.transmit("GET /_sitegen/events HTTP/1.0\r\nHost: localhost\r\n\r\n", to: reader.fd)
            reader.receive(seconds: 10) { reader.text.contains("retry: 1000\n\n") }
            #expect(reader.text.contains("retry: 1000\n\n"), "the stream opened")
            return reader
        }

        func stop() {
            server.stop()
            #expect(running.wait(timeout: .now() + 30) == .success)
        }
    }

    /// What a page hears on its event stream, read event by event.
    final class EventReader {
        let fd: Int32
        /// Every byte received so far, and how many of them `next` has gone past.
        private var received: [UInt8] = []
        private var consumed = 0
        private(set) var closed = false

        init(_ fd: Int32) {
            self.fd = fd
        }

        var text: String { String(decoding: received, as: UTF8.self) }

        /// The next whole event named `name` after those already returned, waiting at most
        /// `seconds` for it; nil if it did not come (or the server closed the stream).
        func next(_ name: String, seconds: Double = 30) -> String? {
            func found() -> Range<Int>? {
                guard let start = received[consumed...].firstRange(of: Array("event: \(name)\n".utf8)),
                    let end = received[start.upperBound...].firstRange(of: Array("\n\n".utf8))
                else { return nil }
                return start.lowerBound..<end.upperBound
            }
            receive(seconds: seconds) { found() != nil }
            guard let event = found() else { return nil }
            consumed = event.upperBound
            return String(decoding: received[event], as: UTF8.self)
        }

        /// Reads until `done` holds, the server closes the stream, or `seconds` pass.
        func receive(seconds: Double, until done: () -> Bool) {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !done(), !closed, ContinuousClock.now < deadline {
                var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&polled, 1, 50) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count > 0 { received += buffer[..<count] } else { closed = true }
            }
        }

        deinit { close(fd) }
    }

    static func goodSite() throws -> TemporaryDirectory {
        let site = try TemporaryDirectory()
        try site.write("sitegen.yml", "title: Preview\n")
        try site.write("content/tour/01-a.md", "# First words\n")
        try site.write("content/tour/02-b.md", "# Second page\n")
        return site
    }

    /// Before, a failure whose text passed the event stream's 1 MiB closed every page's stream
    /// and no overlay showed: 8,000 short errors were enough, and one error on a 200 KB line
    /// made an event of 200 KB. Now the pages get a summary far under the limit, and keep
    /// their stream.
    @Test(arguments: ["8,000 errors", "an error on a line of 200 KB"])
    func aFailureOfAnySizeReachesTheOpenPagesAsABoundedSummary(_ failure: String) throws {
        let site = try Self.goodSite()
        defer { site.remove() }
        let preview = try RunningPreview(site)
        defer { preview.stop() }
        let stream = preview.events()

        let broken = failure == "8,000 errors"
            ? "---\n" + (0..<8000).map { "titel_number_\($0)_of_many: x\n" }.joined() + "---\n# Broken\n"
            : "---\ntitel: " + String(repeating: "a", count: 200_000) + "\n---\n# Broken\n"
        try site.write("content/tour/02-b.md", broken)
        let text = try #require(stream.next("failed"), "the pages were told of the failure")
        #expect(!stream.closed)
        #expect(text.utf8.count < EventStream.pendingLimit / 4, "\(text.utf8.count) bytes")
        #expect(text.contains("02-b.md:2:1: error: unknown key"))
        if failure == "8,000 errors" {
            #expect(text.contains("… and 7900 more errors, in the terminal"))
        } else {
            #expect(text.utf8.count < 4096, "\(text.utf8.count) bytes")
        }
        #expect(preview.get("/tour/").contains("Second page"), "the last good build is still served")

        try site.write("content/tour/02-b.md", "# Second page, fixed\n")
        #expect(stream.next("recovered") != nil && !stream.closed, "the same stream hears the recovery")
    }

    /// Before, a removed site folder went unnoticed: the preview served the deleted site as if
    /// nothing had happened and never picked up the folder made again in its place.
    @Test func aRemovedSiteFolderShowsTheFailureAndARecreatedOneIsBuilt() throws {
        let site = try Self.goodSite()
        defer { site.remove() }
        let preview = try RunningPreview(site)
        defer { preview.stop() }
        let stream = preview.events()

        try FileManager.default.removeItem(atPath: site.path)
        let text = try #require(stream.next("failed"), "the pages were told")
        #expect(text.contains("error: the site folder \(site.path) no longer exists"), "\(text)")
        #expect(preview.get("/tour/").contains("First words"), "the last good build is still served")
        // The terminal's line and the pages' event are written apart: wait for the line.
        try waitFor { preview.output.standardOutput.contains("the site folder is gone: waiting for it to come back") }

        try site.write("sitegen.yml", "title: Preview\n")
        try site.write("content/tour/01-a.md", "# Made again\n")
        #expect(stream.next("recovered") != nil, "the folder made again was built")
        let page = preview.get("/tour/")
        #expect(page.contains("Made again") && !page.contains("Second page"), "\(page.prefix(400))")
        #expect(stream.next("reload")?.contains("tour/index.html") == true, "the recovery's own reload")
        try site.write("content/tour/01-a.md", "# Made again, edited\n")
        #expect(stream.next("reload") != nil, "the folder made again is watched")
        #expect(preview.get("/tour/").contains("Made again, edited"))
    }
}

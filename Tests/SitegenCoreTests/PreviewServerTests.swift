import Foundation
import Synchronization
import Testing
@testable import SitegenCore

/// `serve` end to end over real sockets: it serves the site, tells open pages about rebuilds and
/// failures, keeps the last good build, leaves the site's output alone, and stops when asked.
@Suite(.serialized) struct PreviewServerTests {
    /// What a page listening for events has received so far.
    final class Listener: Sendable {
        let received = Mutex("")
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
            options: .init(siteDirectory: site.path, port: 0), environment: output.environment(DiskFileSystem()))
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
        let events = onThread {
            let text = HTTPServerTests.exchange("GET /_sitegen/events HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: eventsPort, seconds: 8)
            listener.received.withLock { $0 = text }
        }
        Thread.sleep(forTimeInterval: 0.3)
        try site.write("content/tour/01-a.md", "# First words, edited\n")
        try waitFor { output.standardOutput.contains("rebuilt tour") }
        let edited = HTTPServerTests.exchange("GET /tour/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
        #expect(edited.contains("First words, edited"))

        try site.write("content/tour/02-b.md", "---\ntitel: x\n---\n# Second page\n")
        try waitFor { output.standardError.contains("unknown key 'titel'") }
        let kept = HTTPServerTests.exchange("GET /tour/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
        #expect(kept.hasPrefix("HTTP/1.1 200") && kept.contains("First words, edited"), "the last good build is still served")
        #expect(output.standardOutput.contains("1 error; the preview keeps the last good build"))

        try site.write("content/tour/02-b.md", "# Second page, fixed\n")
        try waitFor { output.standardOutput.components(separatedBy: "rebuilt tour").count >= 3 }
        server.stop()
        running.wait()
        events.wait()
        let received = listener.received.withLock { $0 }
        #expect(received.contains("event: reload") && received.contains("tour/index.html"), "\(received)")
        #expect(received.contains("event: failed") && received.contains("titel"))
        #expect(received.contains("event: recovered"))
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

    private func waitFor(_ condition: () -> Bool) throws {
        for _ in 0..<100 {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting")
    }
}

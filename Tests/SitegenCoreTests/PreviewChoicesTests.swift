import SitegenTestSupport
import Foundation
import Synchronization
import Testing
@testable import SitegenCore

/// What the preview does differently from a build, and says: it shows every flow whatever its
/// `show_once` says, and `--open` without a browser to open is a warning, not silence.
@Suite struct PreviewChoicesTests {
    @Test func thePreviewShowsAFlowThatShowsOnce() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/_index.md": "---\nshow_once: true\n---\n", "content/tour/01-a.md": "# A\n",
        ])
        let built = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(built.succeeded)
        #expect(fileSystem.text("output/tour/index.html")?.contains("data-show-once=\"true\"") == true)
        let preview = SiteBuilder(fileSystem: fileSystem).build(BuildOptions(workspace: .preview))
        #expect(preview.succeeded, "\(preview.diagnostics)")
        let html = try #require(fileSystem.text(".sitegen-cache/preview/output/tour/index.html"))
        #expect(html.contains("data-show-once=\"false\""))
        #expect(fileSystem.text("output/tour/index.html")?.contains("data-show-once=\"true\"") == true, "the build's output keeps it")
    }

    @Test func openWithoutABrowserSaysSo() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "# A\n")
        let output = CapturedOutput()
        let stop = Mutex<(@Sendable () -> Void)?>(nil)
        var environment = output.environment(DiskFileSystem())
        environment.onStopRequest = { handler in stop.withLock { $0 = handler } }
        environment.openInBrowser = { _ in
            // The preview is up: there is no browser here, and the test is done with it.
            stop.withLock { $0 }?()
            return false
        }
        let status = CommandLineInterface(arguments: ["serve", "--site", site.path, "--port", "0", "--open"], environment: environment).run()
        #expect(status == .success)
        #expect(output.standardError.contains("sitegen: warning: --open found no browser to open here"), "\(output.standardError)")
        #expect(output.standardError.contains("open http://127.0.0.1:"))
    }
}

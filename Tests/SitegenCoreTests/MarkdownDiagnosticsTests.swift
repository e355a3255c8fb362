import SitegenTestSupport
import Testing
@testable import SitegenCore
@testable import Diagnostics

/// What the Markdown of a page warns about reaches the build as diagnostics with the page's file,
/// line and column, and fails `check --strict`.
@Suite struct MarkdownDiagnosticsTests {
    private let site = [
        "content/tour/01-a.md": "---\ntitle: A\n---\n# A\n\nVersions:\n\n<table><tr><td>1</td></tr></table>\n",
        "content/tour/02-b.md": "# B\n\nA <kbd>key</kbd>.\n",
    ]

    @Test func droppedRawHTMLIsAWarningWithItsPositionAndFailsStrict() {
        let fileSystem = MemoryFileSystem(site)
        let check = runCLI(["check"], on: fileSystem)
        #expect(check.status == .success)
        let hint = "is dropped; set markdown: {unsafe: true} in sitegen.yml to keep it (only for trusted authors)"
        #expect(check.err.contains("content/tour/01-a.md:8:1: warning: raw HTML '<table>' \(hint)"))
        #expect(check.err.contains("content/tour/02-b.md:3:3: warning: raw HTML '<kbd>' \(hint)"))
        #expect(check.err.contains("content/tour/02-b.md:3:11: warning: raw HTML '</kbd>' \(hint)"))
        let strict = runCLI(["check", "--strict"], on: fileSystem)
        #expect(strict.status == .contentError)
        #expect(strict.err.contains("sitegen: check failed: 0 errors, 3 warnings (--strict)"))
    }

    @Test func unsafeSitesKeepTheirHTMLWithoutAWarning() {
        let fileSystem = MemoryFileSystem(site.merging(["sitegen.yml": "markdown: {unsafe: true}\n"]) { a, _ in a })
        let strict = runCLI(["check", "--strict"], on: fileSystem)
        #expect(strict.status == .success, "\(strict.err)")
    }
}

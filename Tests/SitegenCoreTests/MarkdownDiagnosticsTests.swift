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

    /// A flow's `_index.md` body is its description, as plain text: raw HTML there is dropped
    /// too, and said, at its place in the file and in a translation's.
    @Test func droppedRawHTMLInAFlowsIndexBodyIsAWarning() throws {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "locales: [en, ko]\n",
            "content/tour/_index.md": "---\ntitle: Tour\n---\nBody <script>alert(2)</script> <b>bold</b>\n",
            "content/tour/_index.ko.md": "---\ntitle: 투어\n---\n\n본문 <i>기울임</i>\n",
            "content/tour/01-a.md": "# A\n",
        ])
        let check = runCLI(["check"], on: fileSystem)
        #expect(check.status == .success)
        let hint = "is dropped; set markdown: {unsafe: true} in sitegen.yml to keep it (only for trusted authors)"
        #expect(check.err.contains("content/tour/_index.md:4:6: warning: raw HTML '<script>' \(hint)"), "\(check.err)")
        #expect(check.err.contains("content/tour/_index.md:4:32: warning: raw HTML '<b>' \(hint)"), "\(check.err)")
        #expect(check.err.contains("content/tour/_index.ko.md:5:4: warning: raw HTML '<i>' \(hint)"), "\(check.err)")
    }

    /// An address safe mode drops (cmark writes `href=""`) is a warning at the link, however it
    /// is spelt; the images cmark keeps (`data:image/png`) are not.
    @Test func aDroppedAddressIsAWarningAtItsLink() {
        let page = """
            # A

            [a](javascript:alert(1)) [b](JaVaScRiPt:x) [c](&#106;avascript:x) <vbscript:msgbox>
            ![d](file:///etc/passwd) [e](data:text/html,x) ![f](data:image/png;base64,iVBO) ![g](DATA:image/webp;x) [h](https://example.com)

            """
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": page])
        let check = runCLI(["check"], on: fileSystem)
        #expect(check.status == .success)
        let hint = "address is dropped, since one could run script or read the reader's files; set markdown: {unsafe: true} in sitegen.yml to keep it (only for trusted authors)"
        let warnings = check.err.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
        #expect(warnings == [
            "content/tour/01-a.md:3:1: warning: link to a javascript: \(hint)", "content/tour/01-a.md:3:26: warning: link to a javascript: \(hint)",
            "content/tour/01-a.md:3:44: warning: link to a javascript: \(hint)", "content/tour/01-a.md:3:67: warning: link to a vbscript: \(hint)",
            "content/tour/01-a.md:4:1: warning: image from a file: \(hint)", "content/tour/01-a.md:4:26: warning: link to a data: \(hint)",
        ], "\(check.err)")
        // An autolink in a list item or a table cell is found where it is written.
        let nested = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n6. <javascript:alert(1)>\n\n| a |\n| - |\n| x <javascript:alert(3)> |\n"])
        let found = runCLI(["check"], on: nested).err.split(separator: "\n").filter { $0.contains(": warning: ") }.map { $0.prefix(while: { $0 != " " }) }
        #expect(found == ["content/tour/01-a.md:3:4:", "content/tour/01-a.md:7:5:"])
        let unsafe = MemoryFileSystem(["content/tour/01-a.md": page, "sitegen.yml": "markdown: {unsafe: true}\n"])
        #expect(runCLI(["check", "--strict"], on: unsafe).status == .success)
    }

    @Test func unsafeSitesKeepTheirHTMLWithoutAWarning() {
        let fileSystem = MemoryFileSystem(site.merging(["sitegen.yml": "markdown: {unsafe: true}\n"]) { a, _ in a })
        let strict = runCLI(["check", "--strict"], on: fileSystem)
        #expect(strict.status == .success, "\(strict.err)")
    }
}

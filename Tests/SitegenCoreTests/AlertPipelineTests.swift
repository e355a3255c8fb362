import SitegenTestSupport
import Testing
@testable import SitegenCore
@testable import Diagnostics

/// Alerts on a site: titled from the string table in the flow's language, an unknown kind warned
/// about at its position in the page's file, and off with `markdown: {alerts: false}`.
@Suite struct AlertPipelineTests {
    private let page = "---\ntitle: A\n---\n> [!WARNING]\n> Hot.\n\n> [!DANGER]\n> Hotter.\n"

    private func check(_ files: [String: String]) -> SiteBuilder.Result {
        SiteBuilder(fileSystem: MemoryFileSystem(files)).check(BuildOptions())
    }

    @Test func theTitleComesFromTheStringTableInTheFlowsLanguage() throws {
        let english = try #require(check(["content/tour/01-a.md": page]).site?.flows.first?.pages.first?.html)
        #expect(english.hasPrefix(
            "<div class=\"sg-alert sg-alert-warning\" role=\"note\" aria-label=\"Warning\">\n<p class=\"sg-alert-title\">Warning</p>\n<p>Hot.</p>\n</div>\n"))
        let french = check([
            "sitegen.yml": "strings:\n  fr:\n    alert_warning: Attention\n",
            "content/tour/_index.md": "---\nlocale: fr\n---\n",
            "content/tour/01-a.md": page,
        ])
        let html = try #require(french.site?.flows.first?.pages.first?.html)
        #expect(html.hasPrefix("<div class=\"sg-alert sg-alert-warning\" role=\"note\" aria-label=\"Attention\">\n<p class=\"sg-alert-title\">Attention</p>\n"))
    }

    @Test func anUnknownKindIsAWarningAtItsMarker() {
        let result = check(["content/tour/01-a.md": page])
        #expect(result.diagnostics.map { "\($0.path):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
            "content/tour/01-a.md:7:3: '[!DANGER]' is no alert kind; write [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] or [!CAUTION]"
        ])
    }

    @Test func aSiteTurnsAlertsOff() throws {
        let result = check(["sitegen.yml": "markdown: {alerts: false}\n", "content/tour/01-a.md": page])
        #expect(result.diagnostics.isEmpty)
        let html = try #require(result.site?.flows.first?.pages.first?.html)
        #expect(html.hasPrefix("<blockquote>\n<p>[!WARNING]\nHot.</p>\n</blockquote>\n"))
    }
}

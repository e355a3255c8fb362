import SitegenTestSupport
import Testing
import OnboardingKit
@testable import SitegenCore

/// Flows of many pages: up to ten pages show a dot each, more show a count and a list of pages,
/// and the carousel's markup grows with the number of pages, not with its square.
@Suite struct LongFlowTests {
    /// A flow of `count` one-line pages, built in memory: its carousel's HTML and its pages.
    private func flow(pages count: Int) throws -> (html: String, pages: [ManifestPage]) {
        var files: [String: String] = [:]
        for number in 1...count { files["content/steps/\(number)-step.md"] = "Tighten bolt \(number).\n" }
        let fileSystem = MemoryFileSystem(files)
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded, "\(result.diagnostics)")
        return (try #require(fileSystem.text("output/steps/index.html")), try #require(SiteBuilder(fileSystem: fileSystem).check(BuildOptions()).site?.flows.first?.pages))
    }

    @Test func aHundredPagesCostLessThanSixtyKilobytesBeyondTheirOwnHTML() throws {
        let (html, pages) = try flow(pages: 100)
        let theme = html.utf8.count - pages.reduce(0) { $0 + $1.html.utf8.count }
        #expect(theme < 60_000, "the theme's markup for 100 pages is \(theme) bytes")
        let (small, smallPages) = try flow(pages: 50)
        let smallTheme = small.utf8.count - smallPages.reduce(0) { $0 + $1.html.utf8.count }
        #expect(Double(theme) / Double(smallTheme) < 2.1, "twice the pages, about twice the markup (\(smallTheme) → \(theme))")
    }

    @Test func tenPagesHaveDotsAndElevenACountAndAList() throws {
        let (ten, _) = try flow(pages: 10)
        #expect(ten.components(separatedBy: "class=\"sg-dot\"").count - 1 == 10)
        #expect(ten.components(separatedBy: "class=\"sg-indicator\"").count - 1 == 100, "without JavaScript, each page its dots")
        #expect(!ten.contains("popover"))
        let (eleven, pages) = try flow(pages: 11)
        #expect(!eleven.contains("sg-dot") && !eleven.contains("sg-indicator\""))
        #expect(eleven.contains("<span class=\"sg-count-text\">1 / 11</span>"))
        #expect(eleven.contains("<button type=\"button\" class=\"sg-position\" popovertarget=\"sg-pages\">7 / 11</button>"))
        for page in pages {
            #expect(eleven.contains("<li><a href=\"#\(page.id)\">\(page.title)</a></li>"), "the list links to every page")
        }
    }
}

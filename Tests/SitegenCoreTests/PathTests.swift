import Testing
@testable import SitegenCore

/// Path arithmetic on `/`-separated strings, without a disk.
@Suite struct PathTests {
    @Test(arguments: [
        ("tour/../../tour/a.png", "../tour/a.png"),
        ("tour/./a.png", "tour/a.png"),
        ("../../a.png", "../../a.png"),
        ("a/b/../../c", "c"),
        ("a/../../..", "../.."),
        ("a.png", "a.png"),
    ])
    func aRelativeURLIsCollapsedAsABrowserResolvesIt(_ url: String, _ expected: String) {
        #expect(Path.collapsed(url) == expected)
    }

    @Test(arguments: [
        ("/site/page.md", true), ("/a", true), ("/a/.b/..c/...", true), ("site/page.md", true), ("a", true),
        ("/", false), ("/site//page.md", false), ("/site/./page.md", false), ("./site", false), ("../site", false),
        ("/site/../etc", false), ("/site/", false), ("/site/..", false), ("/site/.", false), ("", false), ("//site", false),
    ])
    func aPlainPathHasNoEmptyDotOrDotDotComponent(_ path: String, _ plain: Bool) {
        #expect(Path.isPlain(path) == plain)
    }

    @Test func normalizingRefusesToClimbAboveTheStart() {
        #expect(Path.normalize("a/./b/../c") == "a/c")
        #expect(Path.normalize("a/../..") == nil)
    }
}

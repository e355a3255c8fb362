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

    @Test func normalizingRefusesToClimbAboveTheStart() {
        #expect(Path.normalize("a/./b/../c") == "a/c")
        #expect(Path.normalize("a/../..") == nil)
    }
}

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

    /// A slash followed by a combining mark still divides the path, as it does for the system.
    @Test func aSlashBeforeACombiningMarkStillDividesThePath() {
        #expect(Path.normalize("a/\u{301}/x/../../y.png") == "a/y.png")
        #expect(Path.normalize("a/\u{301}/../..") == "")
        #expect(Path.normalize("a/\u{301}/../../..") == nil)
        #expect(Path.collapsed("tour/\u{301}/../a.png") == "tour/a.png")
        #expect(Path.components(of: "a/\u{301}b//c").map(String.init) == ["a", "\u{301}b", "c"])
    }

    @Test(arguments: [
        ("content/tour/01.md", "content/tour", "01.md"), ("01.md", "", "01.md"), ("/01.md", "/", "01.md"),
        ("content/", "content", ""), ("한국어/소개.md", "한국어", "소개.md"),
        // A slash followed by a combining mark is still where the path divides, as it is for the system.
        ("a/\u{301}b.md", "a", "\u{301}b.md"), ("e\u{301}/x", "e\u{301}", "x"),
    ])
    func aPathDividesAtItsLastSlashByte(_ path: String, _ folder: String, _ name: String) {
        #expect(Path.directory(of: path) == folder)
        #expect(Path.fileName(of: path) == name)
    }

    /// Each folder's files in an inventory: its first run, as a scan from the first file finds it.
    @Test func anInventoryFindsEachFoldersFirstRunOfFiles() {
        let paths = [
            "sitegen.yml", "content/a/01.md", "content/a/02.md", "content/a/b/03.md", "content/a/04.md", "content/c/05.md",
            "static/x.png", "content/a/06.md", "content/d/07.md", "content/ab/08.md", "content/a/09.md", "content/abc.md", "z.txt",
        ]
        let files = paths.map { DirectoryWalker.Entry(path: $0, status: FileStatus(kind: .file, size: 1, modified: 0)) }
        // The scan the runs stand for: every folder a file is in, extended while it continues.
        var expected: [String: Range<Int>] = [:]
        for (index, path) in paths.enumerated() {
            var folder = Path.directory(of: path)
            while !folder.isEmpty {
                if let range = expected[folder] {
                    if range.upperBound == index { expected[folder] = range.lowerBound..<index + 1 }
                } else {
                    expected[folder] = index..<index + 1
                }
                folder = Path.directory(of: folder)
            }
        }
        #expect(expected["content"] == 1..<6)
        #expect(expected["content/a"] == 1..<5)
        #expect(SiteInventory.runs(of: files) == expected)
        #expect(SiteInventory.runs(of: []).isEmpty)
    }

    /// The system names files by their bytes: a folder whose name is the same text in another
    /// Unicode normalization is another folder, never inside the first.
    @Test func containmentComparesBytesNotCanonicalText() {
        let composed = "/sites/caf\u{E9}"
        let decomposed = "/sites/cafe\u{301}"
        #expect(Path.isInside(composed + "/content", root: composed))
        #expect(Path.isInside(composed, root: composed))
        #expect(!Path.isInside(decomposed + "/content", root: composed))
        #expect(!Path.isInside(decomposed, root: composed))
        #expect(!Path.isInside("/sites/caf\u{E9}x/a", root: composed))
        #expect(Path.isSame(composed, composed) && !Path.isSame(composed, decomposed))
        #expect(Path.relative(composed + "/content/a.md", to: composed) == "content/a.md")
        #expect(Path.relative(decomposed + "/content/a.md", to: composed) == nil)
        #expect(Path.relative(composed + "/\u{301}a.md", to: composed + "/") == "\u{301}a.md")
        #expect(Path.relative("/\u{301}a", to: "/") == "\u{301}a")
        #expect(Path.relative("a/b", to: ".") == "a/b")
        #expect(Path.relative("/a", to: "/b") == nil)
    }

    @Test(arguments: [("/\u{301}x/y", true), ("/x/.\u{301}", true), ("/x/./\u{301}", false), ("/x/\u{301}/..", false)])
    func plainnessIsDecidedOnBytes(_ path: String, _ plain: Bool) {
        #expect(Path.isPlain(path) == plain)
    }
}


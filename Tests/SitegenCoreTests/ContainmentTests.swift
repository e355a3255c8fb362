import SitegenTestSupport
import Foundation
import Testing
@testable import SitegenCore

/// A hostile contributor's site: links out of the site, special files, loops. Nothing outside
/// the site folder is ever read or published, no build hangs or crashes, and each problem is an
/// error naming the path and what it leads to.
@Suite struct ContainmentTests {
    /// A small valid site in a fresh tree, and the build's result after `arrange` changed it.
    private func build(
        _ fixture: FileSystemFixture, arrange: (FileSystemFixture.Tree) throws -> Void
    ) throws -> (result: SiteBuilder.Result, tree: FileSystemFixture.Tree) {
        let tree = try fixture.make()
        try tree.write("outside/secret.md", "# root:x:0:0 secret\n")
        try tree.write("outside/pictures/a.png", bytes: pngBytes(width: 2, height: 2))
        try tree.write("site/content/tour/01-a.md", "# A\n")
        try arrange(tree)
        let result = SiteBuilder(fileSystem: tree.fileSystem).build(BuildOptions(siteDirectory: tree.path("site")))
        return (result, tree)
    }

    private func expectRefused(_ result: SiteBuilder.Result, _ tree: FileSystemFixture.Tree, mentioning: String, _ comment: Comment) {
        #expect(!result.succeeded, comment)
        #expect(result.diagnostics.contains { $0.isError && ($0.path + ": " + $0.message).contains(mentioning) }, "\(result.diagnostics)")
        let published = (try? tree.fileSystem.entries(in: tree.path("site"))) ?? []
        #expect(!published.contains { $0.name == "output" }, "nothing is published")
    }

    @Test(arguments: FileSystemFixture.all)
    func aPageLinkedOutOfTheSiteIsNeverRead(_ fixture: FileSystemFixture) throws {
        let (result, tree) = try build(fixture) { try $0.link("site/content/tour/02-secret.md", to: $0.path("outside/secret.md")) }
        defer { tree.remove() }
        expectRefused(result, tree, mentioning: "02-secret.md: is a symbolic link to \(tree.path("outside/secret.md")), outside the site folder", "a page")
    }

    /// On disk only: names are bytes there, where a dictionary keyed by text (the in-memory file
    /// system's) takes the two spellings for one.
    @Test func aFolderNamedLikeTheSiteInAnotherNormalizationIsOutsideIt() throws {
        let tree = try FileSystemFixture.disk.make()
        defer { tree.remove() }
        try tree.write("cafe\u{301}/secret.md", "# root:x:0:0 secret\n")
        try tree.write("caf\u{E9}/content/tour/01-a.md", "# A\n")
        // A link to the other folder itself: its real path is the site's, as text.
        try tree.link("caf\u{E9}/content/stolen", to: tree.path("cafe\u{301}"))
        let result = SiteBuilder(fileSystem: tree.fileSystem).build(BuildOptions(siteDirectory: tree.path("caf\u{E9}")))
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.isError && $0.message.contains("outside the site folder") }, "\(result.diagnostics)")
        #expect((try? tree.fileSystem.entries(in: tree.path("caf\u{E9}")))?.contains { $0.name == "output" } == false, "nothing is published")
    }

    @Test(arguments: FileSystemFixture.all)
    func aFlowFolderLinkedOutOfTheSiteIsNeverRead(_ fixture: FileSystemFixture) throws {
        let (result, tree) = try build(fixture) { try $0.link("site/content/stolen", to: "../../outside") }
        defer { tree.remove() }
        expectRefused(result, tree, mentioning: "content/stolen: is a symbolic link to \(tree.path("outside"))", "a flow folder")
    }

    @Test(arguments: FileSystemFixture.all)
    func anImageFolderOrThemeLinkedOutOfTheSiteIsNeverRead(_ fixture: FileSystemFixture) throws {
        let (result, tree) = try build(fixture) { tree in
            try tree.link("site/content/tour/images", to: tree.path("outside/pictures"))
            try tree.link("site/templates", to: tree.path("outside"))
            try tree.write("site/content/tour/02-b.md", "![A](images/a.png)\n")
        }
        defer { tree.remove() }
        expectRefused(result, tree, mentioning: "content/tour/images: is a symbolic link to", "an image folder")
        #expect(result.diagnostics.contains { $0.path.hasSuffix("site/templates") && $0.message.contains("outside the site folder") })
        #expect(result.diagnostics.contains { $0.message.contains("image 'images/a.png'") && $0.message.contains("outside the site folder") })
    }

    @Test(arguments: FileSystemFixture.all)
    func linksThatStayInsideTheSiteAreFollowedAndImagesAreCopiedAsBytes(_ fixture: FileSystemFixture) throws {
        let (result, tree) = try build(fixture) { tree in
            try tree.write("site/art/logo.png", bytes: pngBytes(width: 3, height: 2))
            try tree.link("site/content/tour/images", to: "../../art")
            try tree.link("site/content/tour/02-again.md", to: "01-a.md")
            try tree.write("site/content/tour/03-c.md", "---\nid: c\n---\n![Logo](images/logo.png)\n")
        }
        defer { tree.remove() }
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.pageCount == 3)
        let copied = tree.path("site/output/tour/images/logo.png")
        #expect(tree.fileSystem.linkStatus(of: copied)?.kind == .file, "the output never holds a link")
        #expect(try tree.fileSystem.readFile(copied) == pngBytes(width: 3, height: 2))
    }

    @Test(arguments: FileSystemFixture.all)
    func specialFilesAreErrorsNotHangs(_ fixture: FileSystemFixture) throws {
        let (result, tree) = try build(fixture) { tree in
            try tree.fifo("site/content/tour/02-x.md")
            try tree.fifo("site/content/tour/x.png")
            try tree.write("site/content/tour/03-c.md", "![X](x.png)\n")
        }
        defer { tree.remove() }
        expectRefused(result, tree, mentioning: "02-x.md: is a FIFO; sitegen reads only regular files and folders", "a FIFO page")
        #expect(result.diagnostics.contains { $0.message.contains("image 'x.png' is a FIFO, not an image file") })
    }

    @Test(arguments: FileSystemFixture.all)
    func loopsAreReportedAndNotWalked(_ fixture: FileSystemFixture) throws {
        let (result, tree) = try build(fixture) { tree in
            try tree.link("site/content/tour/a", to: "..")
            try tree.link("site/content/tour/b", to: "..")
            try tree.link("site/content/_shared", to: "/")
        }
        defer { tree.remove() }
        expectRefused(result, tree, mentioning: "content/tour/a: is a symbolic link to \(tree.path("site/content")), a folder that contains it", "a loop")
        #expect(result.diagnostics.contains { $0.path.hasSuffix("content/_shared") && $0.message.contains("outside the site folder") })
    }

    @Test func anUnreadablePageIsAnErrorNotAnEmptyPage() throws {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n", "content/tour/02-b.md": "# B\n"])
        fileSystem.setReadable("content/tour/02-b.md", false)
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.isError && $0.path == "content/tour/02-b.md" && $0.message.contains("cannot read the file") })
        #expect(!result.diagnostics.contains { $0.message.contains("empty") })
    }

    @Test func aConfigurationThatCannotBeReadIsAnError() throws {
        let unreadable = MemoryFileSystem(["sitegen.yml": "title: T\n", "content/tour/01-a.md": "# A\n"])
        unreadable.setReadable("sitegen.yml", false)
        #expect(SiteBuilder(fileSystem: unreadable).build(BuildOptions()).diagnostics.contains { $0.isError && $0.path == "sitegen.yml" })
        let folder = MemoryFileSystem(["sitegen.yml/x": "", "content/tour/01-a.md": "# A\n"])
        let result = SiteBuilder(fileSystem: folder).build(BuildOptions())
        #expect(result.diagnostics.contains { $0.isError && $0.message.contains("'sitegen.yml' is a folder") })
        #expect(!result.succeeded)
    }

    @Test func pagesOfEveryMarkdownSpellingArePagesAndPagesInSubfoldersAreReported() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n", "content/tour/02-b.MD": "# B\n", "content/tour/03-c.markdown": "# C\n",
            "content/tour/extra/04-d.md": "# D\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded)
        #expect(SiteBuilder(fileSystem: fileSystem).check(BuildOptions()).site?.flows.first?.pages.map(\.id) == ["a", "b", "c"])
        #expect(result.diagnostics.contains { !$0.isError && $0.path == "content/tour/extra/04-d.md" && $0.message.contains("not in a subfolder") })
    }
}

/// What only the disk can show: the system's own files behind links.
@Suite struct SystemFileTests {
    private func site(_ links: [String: String]) throws -> (TemporaryDirectory, SiteBuilder.Result) {
        let site = try TemporaryDirectory()
        try site.write("content/tour/01-a.md", "# A\n")
        for (path, target) in links {
            try FileManager.default.createDirectory(
                atPath: (site.path + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: site.path + "/" + path, withDestinationPath: target)
        }
        return (site, SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site.path)))
    }

    @Test(arguments: [
        ["content/tour/02-pw.md": "/etc/passwd"], ["content/tour/02-env.md": "/proc/self/environ"],
        ["content/tour/02-zero.md": "/dev/zero"], ["content/tour/images": "/etc"], ["templates": "/etc"],
        ["content/_shared": "/"], ["content/tour/zero.png": "/dev/zero"],
    ])
    func systemFilesAreNeverReadOrPublished(_ links: [String: String]) throws {
        let (site, result) = try site(links)
        defer { site.remove() }
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.isError && $0.message.contains("outside the site folder") })
        #expect(!FileManager.default.fileExists(atPath: site.path + "/output"))
    }

    @Test func anImageLinkedToADeviceIsAnErrorNotACrash() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "![Zero](../../art/zero.png)\n")
        try FileManager.default.createDirectory(atPath: site.path + "/art", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.path + "/art/zero.png", withDestinationPath: "/dev/zero")
        let result = SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site.path))
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.message.contains("image '../../art/zero.png' is a character device, not an image file") })
    }
}

import Foundation
import Testing
@testable import SitegenCore

/// One set of expectations for both file systems, so that what the tests prove in memory holds
/// on the disk: reads only of regular files, confinement through links, atomic swaps, links,
/// removal and locks.
@Suite struct FileSystemContractTests {
    @Test(arguments: FileSystemFixture.all)
    func readsWritesAndListsFiles(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        let fileSystem = tree.fileSystem
        try tree.write("a/b/c.txt", "hello")
        #expect(try fileSystem.readFile(tree.path("a/b/c.txt")) == Array("hello".utf8))
        #expect(fileSystem.status(of: tree.path("a/b/c.txt"))?.size == 5)
        #expect(fileSystem.kind(of: tree.path("a/b")) == .directory)
        #expect(try fileSystem.entries(in: tree.path("a")).map(\.name) == ["b"])
        try fileSystem.writeFile(tree.path("a/b/c.txt"), text: "bye")
        #expect(try fileSystem.readFile(tree.path("a/b/c.txt")) == Array("bye".utf8), "a write replaces the file")
        try fileSystem.writeFile(tree.path("joined"), pieces: [.bytes(Array("x".utf8)), .range(1..<3, of: tree.path("a/b/c.txt"))])
        #expect(try fileSystem.readFile(tree.path("joined")) == Array("xye".utf8))
        #expect(throws: FileSystemError.self) { try fileSystem.writeFile(tree.path("missing/x"), text: "") }
    }

    /// A path holding a NUL byte names nothing: the system would read it only up to the NUL, so
    /// `evil.html\0.txt`, a name checked as a text file, would open `evil.html`.
    @Test(arguments: FileSystemFixture.all)
    func aPathHoldingANulNamesNothing(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("evil.html", "<script>alert(1)</script>")
        try tree.write("folder/x", "")
        let fileSystem = tree.fileSystem
        let sneaky = tree.path("evil.html") + "\u{0}.txt"
        #expect(fileSystem.status(of: sneaky) == nil && fileSystem.linkStatus(of: sneaky) == nil)
        #expect(throws: FileSystemError.self) { try fileSystem.readFile(sneaky) }
        #expect(throws: FileSystemError.self) { try fileSystem.readFile(sneaky, range: 0..<4, confinedTo: nil) }
        #expect(throws: FileSystemError.self) { try fileSystem.copyFile(from: sneaky, to: tree.path("copy.txt"), confinedTo: nil) }
        #expect(throws: FileSystemError.self) { try fileSystem.entries(in: tree.path("folder") + "\u{0}/x") }
        #expect(fileSystem.realPath(sneaky) == nil)
    }

    @Test(arguments: FileSystemFixture.all)
    func readsARangeOfAFile(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("pack", "0123456789")
        let fileSystem = tree.fileSystem
        #expect(try fileSystem.readFile(tree.path("pack"), range: 2..<5) == Array("234".utf8))
        #expect(try fileSystem.readFile(tree.path("pack"), range: 8..<20) == Array("89".utf8), "a range past the end is cut short")
        #expect(try fileSystem.readFile(tree.path("pack"), range: 12..<20).isEmpty)
        #expect(try fileSystem.readFile(tree.path("pack"), range: 0..<0).isEmpty)
        try tree.fifo("pipe")
        #expect { try fileSystem.readFile(tree.path("pipe"), range: 0..<4) } throws: { ($0 as? FileSystemError)?.kind == .notARegularFile(.special(.fifo)) }
    }

    @Test(arguments: FileSystemFixture.all)
    func onlyRegularFilesAreRead(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.fifo("pipe")
        try tree.write("folder/x", "")
        for (path, kind) in [("pipe", FileKind.special(.fifo)), ("folder", .directory)] {
            #expect { try tree.fileSystem.readFile(tree.path(path)) } throws: { error in
                (error as? FileSystemError)?.kind == .notARegularFile(kind)
            }
        }
        #expect(try tree.fileSystem.entries(in: tree.root).first { $0.name == "pipe" }?.status.kind == .special(.fifo))
        #expect { try tree.fileSystem.readFile(tree.path("none")) } throws: { ($0 as? FileSystemError)?.kind == .notFound }
        // A file listed as regular and made a FIFO or a folder since is refused too, without blocking.
        let root = try #require(tree.fileSystem.realPath(tree.root))
        for (path, kind) in [("pipe", FileKind.special(.fifo)), ("folder", .directory)] {
            #expect { try tree.fileSystem.readListedFile(tree.path(path), confinedTo: root) } throws: { error in
                (error as? FileSystemError)?.kind == .notARegularFile(kind)
            }
        }
        try tree.write("folder/page.md", "page")
        #expect(try tree.fileSystem.readListedFile(tree.path("folder/page.md"), confinedTo: root) == Array("page".utf8))
    }

    @Test(arguments: FileSystemFixture.all)
    func confinedReadsFollowLinksOnlyInsideTheRoot(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        let fileSystem = tree.fileSystem
        try tree.write("outside/secret", "secret")
        try tree.write("site/page.md", "page")
        try tree.link("site/inside.md", to: "page.md")
        try tree.link("site/escape.md", to: "../outside/secret")
        try tree.link("site/folder", to: tree.path("outside"))
        let site = tree.path("site")
        #expect(try fileSystem.readFile(tree.path("site/inside.md"), confinedTo: site) == Array("page".utf8))
        #expect(try fileSystem.readFile(tree.path("site/inside.md"), range: 1..<3, confinedTo: site) == Array("ag".utf8))
        for path in ["site/escape.md", "site/folder/secret"] {
            #expect { try fileSystem.readFile(tree.path(path), confinedTo: site) } throws: { error in
                (error as? FileSystemError)?.kind == .outsideRoot(realPath: tree.path("outside/secret"))
            }
            #expect { try fileSystem.readFile(tree.path(path), range: 0..<2, confinedTo: site) } throws: { error in
                (error as? FileSystemError)?.kind == .outsideRoot(realPath: tree.path("outside/secret"))
            }
        }
        #expect(try fileSystem.readFile(tree.path("site/page.md"), confinedTo: site) == Array("page".utf8))
        // A path whose text climbs out of the root is confined like a link that does.
        for path in ["site/../outside/secret", "site/./../outside/secret", "site//../outside/secret"] {
            #expect { try fileSystem.readFile(tree.path(path), confinedTo: site) } throws: { error in
                (error as? FileSystemError)?.kind == .outsideRoot(realPath: tree.path("outside/secret"))
            }
        }
        #expect(try fileSystem.readFile(tree.path("site/escape.md")) == Array("secret".utf8), "without a root, links are followed")
        #expect(fileSystem.realPath(tree.path("site/folder/secret")) == tree.path("outside/secret"))
        #expect(fileSystem.linkStatus(of: tree.path("site/inside.md"))?.kind == .symbolicLink)
        #expect(fileSystem.status(of: tree.path("site/inside.md"))?.kind == .file)
        #expect(try fileSystem.entries(in: site).first { $0.name == "folder" }?.status.kind == .symbolicLink)
        try fileSystem.copyFile(from: tree.path("site/inside.md"), to: tree.path("copy"), confinedTo: site)
        #expect(fileSystem.linkStatus(of: tree.path("copy"))?.kind == .file, "a copy is the bytes, never a link")
        #expect(throws: FileSystemError.self) {
            try fileSystem.copyFile(from: tree.path("site/escape.md"), to: tree.path("copy2"), confinedTo: site)
        }
    }

    /// A range is copied only from a file that really lies in the folder its path names: the
    /// build cache's packs are read back this way, and one swapped for a link to a file elsewhere
    /// must not carry that file into the output.
    @Test(arguments: FileSystemFixture.all)
    func piecesAreCopiedOnlyFromFilesReallyInTheirFolder(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("outside/secret", "0123456789")
        try tree.write("packs/pack", "abcdefghij")
        try tree.link("packs/swapped", to: "../outside/secret")
        try tree.link("packs/alias", to: "pack")
        let fileSystem = tree.fileSystem
        try fileSystem.writeFile(tree.path("out"), pieces: [.bytes(Array("<".utf8)), .range(1..<4, of: tree.path("packs/pack"))])
        #expect(try fileSystem.readFile(tree.path("out")) == Array("<bcd".utf8))
        try fileSystem.writeFile(tree.path("out"), pieces: [.range(0..<2, of: tree.path("packs/alias"))])
        #expect(try fileSystem.readFile(tree.path("out")) == Array("ab".utf8), "a link to a file in the same folder is that file")
        #expect { try fileSystem.writeFile(tree.path("out2"), pieces: [.range(1..<4, of: tree.path("packs/swapped"))]) } throws: { error in
            (error as? FileSystemError)?.kind == .outsideRoot(realPath: tree.path("outside/secret"))
        }
    }

    /// Paths relative to the working directory are confined as absolute ones are, whether they
    /// go through links or not (a read whose path has no link is confined by its text).
    @Test func relativePathsOnDiskAreConfinedToo() throws {
        let fileManager = FileManager.default
        let name = ".build/confined-\(UUID().uuidString)"
        defer { try? fileManager.removeItem(atPath: name) }
        try fileManager.createDirectory(atPath: name + "/site/sub", withIntermediateDirectories: true)
        try fileManager.createDirectory(atPath: name + "/outside", withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: name + "/outside/secret"))
        try Data("page".utf8).write(to: URL(fileURLWithPath: name + "/site/sub/page.md"))
        try fileManager.createSymbolicLink(atPath: name + "/site/escape.md", withDestinationPath: "../outside/secret")
        try fileManager.createSymbolicLink(atPath: name + "/site/inside.md", withDestinationPath: "sub/page.md")
        try fileManager.createSymbolicLink(atPath: name + "/site/folder", withDestinationPath: "../outside")
        let fileSystem = DiskFileSystem()
        let site = try #require(fileSystem.realPath(name + "/site"))
        #expect(try fileSystem.readFile(name + "/site/sub/page.md", confinedTo: site) == Array("page".utf8))
        #expect(try fileSystem.readFile(name + "/site/inside.md", confinedTo: site) == Array("page".utf8))
        for path in ["/site/escape.md", "/site/folder/secret", "/site/../outside/secret", "/site/sub/../../outside/secret", "/outside/secret"] {
            #expect(throws: FileSystemError.self) { try fileSystem.readFile(name + path, confinedTo: site) }
        }
        let real = try #require(fileSystem.realPath(name + "/outside/secret"))
        #expect { try fileSystem.readFile(name + "/outside/secret", confinedTo: site) } throws: { error in
            (error as? FileSystemError)?.kind == .outsideRoot(realPath: real)
        }
    }

    @Test(arguments: FileSystemFixture.all)
    func writingNeverFollowsALinkAtThePath(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("target", "keep")
        try tree.link("link", to: "target")
        #expect(throws: FileSystemError.self) { try tree.fileSystem.writeFile(tree.path("link"), text: "overwritten") }
        #expect(try tree.fileSystem.readFile(tree.path("target")) == Array("keep".utf8))
    }

    @Test(arguments: FileSystemFixture.all)
    func foldersAreExchangedAndMovedWhole(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        let fileSystem = tree.fileSystem
        try tree.write("one/a", "1")
        try tree.write("two/b", "2")
        try fileSystem.exchange(tree.path("one"), tree.path("two"))
        #expect(try fileSystem.readFile(tree.path("one/b")) == Array("2".utf8))
        #expect(try fileSystem.readFile(tree.path("two/a")) == Array("1".utf8))
        #expect(fileSystem.kind(of: tree.path("one/a")) == nil)
        try fileSystem.move(from: tree.path("two"), to: tree.path("three"))
        #expect(fileSystem.kind(of: tree.path("two")) == nil && fileSystem.kind(of: tree.path("three/a")) == .file)
        #expect(throws: FileSystemError.self) { try fileSystem.move(from: tree.path("three"), to: tree.path("one")) }
        try tree.write("f", "new")
        try tree.write("g", "old")
        try fileSystem.move(from: tree.path("f"), to: tree.path("g"))
        #expect(try fileSystem.readFile(tree.path("g")) == Array("new".utf8), "a rename replaces a file")
        #expect(throws: FileSystemError.self) { try fileSystem.exchange(tree.path("one"), tree.path("nothing")) }
    }

    @Test(arguments: FileSystemFixture.all)
    func hardLinksShareTheFile(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        let fileSystem = tree.fileSystem
        try tree.write("a", "same")
        try fileSystem.hardLink(from: tree.path("a"), to: tree.path("b"))
        let a = try #require(fileSystem.status(of: tree.path("a")))
        #expect(fileSystem.status(of: tree.path("b")) == a)
        try fileSystem.remove(tree.path("a"))
        #expect(try fileSystem.readFile(tree.path("b")) == Array("same".utf8), "the other name keeps the file")
        #expect(throws: FileSystemError.self) { try fileSystem.hardLink(from: tree.path("b"), to: tree.path("b")) }
    }

    @Test(arguments: FileSystemFixture.all)
    func removingTakesTreesAndLinksButNotTheirTargets(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        let fileSystem = tree.fileSystem
        try tree.write("kept/file", "x")
        try tree.write("gone/deep/file", "y")
        try tree.link("gone/link", to: tree.path("kept"))
        try fileSystem.remove(tree.path("gone"))
        #expect(fileSystem.linkStatus(of: tree.path("gone")) == nil)
        #expect(fileSystem.kind(of: tree.path("kept/file")) == .file, "a link's target stays")
        #expect { try fileSystem.remove(tree.path("gone")) } throws: { ($0 as? FileSystemError)?.kind == .notFound }
    }

    @Test(arguments: FileSystemFixture.all)
    func removingAFileNeverTakesAFolder(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        let fileSystem = tree.fileSystem
        try tree.write("folder/file", "x")
        try tree.write("file", "y")
        try tree.link("link", to: tree.path("folder"))
        try fileSystem.removeFile(tree.path("file"))
        try fileSystem.removeFile(tree.path("link"))
        #expect(fileSystem.linkStatus(of: tree.path("file")) == nil && fileSystem.linkStatus(of: tree.path("link")) == nil)
        #expect(throws: FileSystemError.self) { try fileSystem.removeFile(tree.path("folder")) }
        #expect(fileSystem.kind(of: tree.path("folder/file")) == .file, "a folder and a link's target stay")
    }

    @Test(arguments: FileSystemFixture.all)
    func aLockHasOneHolderAtATime(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        let first = try #require(try tree.fileSystem.lock(tree.path("lock"), wait: false))
        #expect(try tree.fileSystem.lock(tree.path("lock"), wait: false) == nil, "held by another")
        first.release()
        let second = try #require(try tree.fileSystem.lock(tree.path("lock"), wait: false))
        second.release()
    }

    @Test(arguments: FileSystemFixture.all)
    func realPathsResolveEveryLink(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("real/file", "")
        try tree.link("a", to: "real")
        try tree.link("b", to: "a/../real/file")
        #expect(tree.fileSystem.realPath(tree.path("b")) == tree.path("real/file"))
        try tree.link("loop1", to: "loop2")
        try tree.link("loop2", to: "loop1")
        #expect(tree.fileSystem.realPath(tree.path("loop1")) == nil)
        #expect(tree.fileSystem.status(of: tree.path("loop1")) == nil)
        #expect(tree.fileSystem.linkStatus(of: tree.path("loop1"))?.kind == .symbolicLink)
    }
}

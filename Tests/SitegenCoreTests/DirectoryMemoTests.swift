import Foundation
import Testing
@testable import SitegenCore

/// A walk with a memo of an earlier one lists only the folders whose names can have changed,
/// on a real disk, where a folder's status time is what tells: whatever changed since, it finds
/// exactly what a walk from nothing finds.
@Suite struct DirectoryMemoTests {
    /// A file system whose clock runs a second ahead of the disk's, so that the folders just made
    /// count as settled, as they would a moment later.
    private func settled() -> FaultyFileSystem {
        FaultyFileSystem(DiskFileSystem(), clockAhead: 1_000_000_000)
    }

    private func tree() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("a/one.md", "one")
        try directory.write("a/two.md", "two")
        try directory.write("a/b/three.md", "three")
        try directory.write("c/four.md", "four")
        try directory.write("top.md", "top")
        return directory
    }

    /// A walk that records its folders, and the memo a later walk takes from it.
    private func walk(_ path: String, on fileSystem: any FileSystem, memo: DirectoryWalker.Memo? = nil) -> (DirectoryWalker.Result, DirectoryWalker.Memo) {
        var walker = DirectoryWalker(fileSystem: fileSystem, root: nil, includesHidden: true)
        walker.memo = memo
        walker.recordsFolders = true
        let takenAt = fileSystem.currentTime()
        let result = walker.walk(path, as: "")
        let record = DirectoryWalker.Record(takenAt: takenAt, folders: result.folders)
        return (result, DirectoryWalker.Memo(record, entries: result.files.map(\.path)))
    }

    /// What a walk found, as a build compares it: each path with its kind, size and times.
    private func found(_ result: DirectoryWalker.Result) -> [String] {
        result.files.map { "\($0.path) \($0.status.kind) \($0.status.size) \($0.status.modified) \($0.status.changed)" }
            + result.folders.map { "\($0.path)/" }.sorted()
    }

    @Test func aFolderNothingWasNamedInIsNotListedAgain() throws {
        let directory = try tree()
        defer { directory.remove() }
        let fileSystem = settled()
        let (first, memo) = walk(directory.path, on: fileSystem)
        #expect(fileSystem.listed.count == 4)
        fileSystem.forgetListed()
        let (second, _) = walk(directory.path, on: fileSystem, memo: memo)
        #expect(fileSystem.listed.isEmpty)
        #expect(found(second) == found(first))
        #expect(second.files.map(\.path) == ["a/b/three.md", "a/one.md", "a/two.md", "c/four.md", "top.md"])
    }

    @Test func aFileChangedInPlaceIsSeenWithoutListingItsFolder() throws {
        let directory = try tree()
        defer { directory.remove() }
        let fileSystem = settled()
        let (_, memo) = walk(directory.path, on: fileSystem)
        let handle = try #require(FileHandle(forWritingAtPath: directory.path + "/a/b/three.md"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" and more".utf8))
        try handle.close()
        fileSystem.forgetListed()
        let (again, _) = walk(directory.path, on: fileSystem, memo: memo)
        #expect(fileSystem.listed.isEmpty)
        #expect(again.files.first { $0.path == "a/b/three.md" }?.status.size == 14)
    }

    /// Every way of changing the names in a folder, each on a fresh tree: the folder changed is
    /// listed, and the walk finds what a walk without a memo finds.
    @Test(arguments: [
        "add a file", "remove a file", "rename a file", "a file becomes a folder", "add a folder", "remove a folder",
        "a folder made anew", "add a file and put the folder's times back", "add a hidden file",
    ])
    func everyChangeOfNamesIsSeen(_ change: String) throws {
        let directory = try tree()
        defer { directory.remove() }
        let manager = FileManager.default
        let fileSystem = settled()
        let (_, memo) = walk(directory.path, on: fileSystem)
        let a = directory.path + "/a"
        switch change {
        case "add a file": try directory.write("a/new.md", "new")
        case "remove a file": try manager.removeItem(atPath: a + "/two.md")
        case "rename a file": try manager.moveItem(atPath: a + "/two.md", toPath: a + "/deux.md")
        case "a file becomes a folder":
            try manager.removeItem(atPath: a + "/two.md")
            try directory.write("a/two.md/inside.md", "inside")
        case "add a folder": try directory.write("a/d/five.md", "five")
        case "remove a folder": try manager.removeItem(atPath: a + "/b")
        case "a folder made anew":
            try manager.removeItem(atPath: a + "/b")
            try directory.write("a/b/three.md", "three")
        case "add a file and put the folder's times back":
            let times = try manager.attributesOfItem(atPath: a)[.modificationDate]
            try directory.write("a/new.md", "new")
            try manager.setAttributes([.modificationDate: try #require(times)], ofItemAtPath: a)
        case "add a hidden file": try directory.write("a/.hidden", "hidden")
        default: Issue.record("no such change")
        }
        fileSystem.forgetListed()
        let (again, _) = walk(directory.path, on: fileSystem, memo: memo)
        #expect(fileSystem.listed.contains(a), "\(fileSystem.listed)")
        #expect(!fileSystem.listed.contains(directory.path + "/c"))
        let (fresh, _) = walk(directory.path, on: DiskFileSystem())
        #expect(found(again) == found(fresh))
    }

    /// A folder whose status time is too close to when its record was taken could change again
    /// in the same tick of the clock, unseen: it is listed. So is every folder of a file system
    /// that stamps whole seconds.
    @Test func aFolderChangedJustBeforeTheRecordIsListed() {
        let identity = FileIdentity(device: 1, inode: 7)
        let changed = 1_764_000_000_123_456_789
        let status = FileStatus(kind: .directory, size: 4096, modified: changed, changed: changed, identity: identity)
        func memo(takenAt: Int, status: FileStatus) -> DirectoryWalker.Memo {
            DirectoryWalker.Memo(
                DirectoryWalker.Record(takenAt: takenAt, folders: [DirectoryWalker.Entry(path: "a", status: status)]), entries: ["a/x.md"])
        }
        let settling = DirectoryWalker.Memo.settlingTime
        #expect(memo(takenAt: changed + settling + 1, status: status).names(in: "a", status: status) == ["x.md"])
        #expect(memo(takenAt: changed + settling, status: status).names(in: "a", status: status) == nil)
        var other = status
        other.changed += 1
        #expect(memo(takenAt: changed + settling + 1, status: status).names(in: "a", status: other) == nil, "a changed status")
        other = status
        other.identity = FileIdentity(device: 1, inode: 8)
        #expect(memo(takenAt: changed + settling + 1, status: status).names(in: "a", status: other) == nil, "another folder")
        let whole = FileStatus(kind: .directory, size: 4096, modified: 1_764_000_000_000_000_000, changed: 1_764_000_000_000_000_000, identity: identity)
        #expect(memo(takenAt: changed + 10 * settling, status: whole).names(in: "a", status: whole) == nil, "whole seconds")
    }

    /// A build with nothing to do lists no folder of the site's inputs or its output; one after a
    /// page is added lists that flow's folder, and builds what a build from nothing builds.
    @Test func aBuildListsOnlyTheFoldersChangedSinceTheLast() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        for flow in ["one", "two", "three"] {
            try site.write("content/\(flow)/01-a.md", "# A of \(flow)\n")
            try site.write("content/\(flow)/02-b.md", "# B of \(flow)\n")
        }
        let fileSystem = settled()
        let builder = SiteBuilder(fileSystem: fileSystem)
        let options = BuildOptions(siteDirectory: site.path)
        #expect(builder.build(options).succeeded)
        fileSystem.forgetListed()
        #expect(builder.build(options).upToDate)
        // The output's own folder alone, which the swap that put it in place renamed.
        #expect(fileSystem.listed.filter { $0.hasPrefix(site.path) } == [site.path + "/output"], "\(fileSystem.listed)")
        try site.write("content/two/03-c.md", "# C of two\n")
        fileSystem.forgetListed()
        let rebuilt = builder.build(options)
        #expect(rebuilt.succeeded)
        #expect(fileSystem.listed.filter { $0.hasPrefix(site.path + "/content") } == [site.path + "/content/two"])
        let incremental = try GoldenTests.files(in: site.path + "/output")
        #expect(try String(contentsOfFile: site.path + "/output/two/index.html", encoding: .utf8).contains("C of two"))
        try FileManager.default.removeItem(atPath: site.path + "/output")
        try FileManager.default.removeItem(atPath: site.path + "/.sitegen-cache")
        #expect(SiteBuilder(fileSystem: DiskFileSystem()).build(options).succeeded)
        #expect(try GoldenTests.files(in: site.path + "/output") == incremental)
    }
}

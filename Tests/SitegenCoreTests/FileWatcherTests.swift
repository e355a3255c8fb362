import Foundation
import Testing
@testable import SitegenCore

/// The preview's watcher, with inotify and by polling: saves, saves by rename, new and removed
/// files and folders, and editors' scratch files.
@Suite struct FileWatcherTests {
    static let modes = [true, false]

    /// A site with one page, and a watcher on it.
    private func watchedSite(notifications: Bool) throws -> (TemporaryDirectory, FileWatcher) {
        let site = try TemporaryDirectory()
        try site.write("sitegen.yml", "title: T\n")
        try site.write("content/tour/01-a.md", "# A\n")
        try site.write("output/.sitegen-output", "")
        let root = DiskFileSystem().realPath(site.path) ?? site.path
        let watcher = FileWatcher(siteRoot: root, fileSystem: DiskFileSystem(), usingNotifications: notifications)
        #expect(watcher.mode == (notifications ? .notifications : .polling))
        return (site, watcher)
    }

    /// Changes seen within two seconds of `change`, gathered until a quiet spell.
    private func changes(_ watcher: FileWatcher, after change: () throws -> Void) rethrows -> Set<String> {
        if watcher.mode == .polling { Thread.sleep(forTimeInterval: 0.02) }
        try change()
        var seen = watcher.changes(within: 2) ?? []
        while let more = watcher.changes(within: 0.7), !more.isEmpty { seen.formUnion(more) }
        return seen
    }

    @Test(arguments: modes)
    func aSavedPageIsAChange(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        let seen = try changes(watcher) { try site.write("content/tour/01-a.md", "# A, edited\n") }
        #expect(seen.contains("content/tour/01-a.md"), "\(seen)")
    }

    @Test(arguments: modes)
    func aSaveByRenameIsAChange(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        let seen = try changes(watcher) {
            try site.write("content/tour/.01-a.md.tmp", "# A, renamed\n")
            try FileManager.default.removeItem(atPath: site.path + "/content/tour/01-a.md")
            try FileManager.default.moveItem(atPath: site.path + "/content/tour/.01-a.md.tmp", toPath: site.path + "/content/tour/01-a.md")
        }
        #expect(seen.contains("content/tour/01-a.md"), "\(seen)")
    }

    @Test(arguments: modes)
    func aNewFolderAndThenAFileInItAreChanges(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        let folder = try changes(watcher) { try FileManager.default.createDirectory(atPath: site.path + "/content/new", withIntermediateDirectories: true) }
        if notifications { #expect(folder.contains("content/new"), "\(folder)") }
        let file = try changes(watcher) { try site.write("content/new/01-b.md", "# B\n") }
        #expect(file.contains("content/new/01-b.md"), "a folder made after the start is watched too: \(file)")
    }

    @Test(arguments: modes)
    func removalsAndTheSettingsFileAreChanges(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        let removed = try changes(watcher) { try FileManager.default.removeItem(atPath: site.path + "/content/tour/01-a.md") }
        #expect(removed.contains("content/tour/01-a.md"), "\(removed)")
        let settings = try changes(watcher) { try site.write("sitegen.yml", "title: U\n") }
        #expect(settings.contains("sitegen.yml"), "\(settings)")
    }

    @Test(arguments: modes)
    func scratchFilesTheCacheAndTheOutputAreNotChanges(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        let seen = try changes(watcher) {
            try site.write("content/tour/.01-a.md.swp", "x")
            try site.write("content/tour/01-a.md~", "x")
            try site.write("content/tour/4913", "x")
            try site.write("output/index.html", "x")
            try site.write(".sitegen-cache/preview/build-state", "x")
        }
        #expect(seen.isEmpty || seen == ["output"], "the output folder may be noticed once, as it is made: \(seen)")
        let inside = try changes(watcher) { try site.write("output/index.html", "y") }
        #expect(inside.isEmpty, "a folder with sitegen's marker is an output: \(inside)")
    }

    @Test(arguments: modes)
    func aFileAnywhereElseInTheSiteIsAChange(notifications: Bool) throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/tour/01-a.md", "---\nimage: ../../media/pic.svg\n---\n# A\n")
        try site.write("media/pic.svg", "<svg width=\"4\" height=\"3\"></svg>")
        let root = DiskFileSystem().realPath(site.path) ?? site.path
        let watcher = FileWatcher(siteRoot: root, fileSystem: DiskFileSystem(), usingNotifications: notifications)
        let seen = try changes(watcher) { try site.write("media/pic.svg", "<svg width=\"8\" height=\"3\"></svg>") }
        #expect(seen.contains("media/pic.svg"), "an image kept outside content/ is watched too: \(seen)")
    }

    @Test(arguments: modes)
    func stoppingEndsTheWaitAtOnce(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { watcher.stop() }
        let started = Date()
        #expect(watcher.changes(within: 30) == nil)
        #expect(Date().timeIntervalSince(started) < 5)
    }
}

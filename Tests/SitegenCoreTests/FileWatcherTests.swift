import Foundation
import Testing
@testable import SitegenCore

/// The preview's watcher, with inotify and by polling: saves, saves by rename, new and removed
/// files and folders, editors' scratch files, and the site folder itself going and coming back.
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
        // The output folder is made (and may be noticed as it is made) before what is measured.
        _ = try changes(watcher) { try site.write("output/\(OutputWriter.markerFile)", "") }
        // Events arrive in order: once the page saved last is seen, everything before it was
        // looked at, so what is not seen was not a change.
        let seen = try changes(watcher) {
            try site.write("content/tour/.01-a.md.swp", "x")
            try site.write("content/tour/01-a.md~", "x")
            try site.write("content/tour/4913", "x")
            try site.write("output/index.html", "x")
            try site.write(".sitegen-cache/preview/build-state", "x")
            try site.write("content/tour/01-a.md", "# A, saved last\n")
        }
        #expect(seen == ["content/tour/01-a.md"], "scratch files, the cache and the output are not changes: \(seen)")
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

    /// Changes gathered until `condition` holds, waiting at most `seconds`.
    private func changes(_ watcher: FileWatcher, until condition: () -> Bool, seconds: Double = 5) -> Set<String> {
        let deadline = Date().addingTimeInterval(seconds)
        var seen: Set<String> = []
        while !condition(), Date() < deadline, let more = watcher.changes(within: 0.3) { seen.formUnion(more) }
        return seen
    }

    @Test(arguments: modes)
    func aRemovedSiteFolderIsNoticedAndARecreatedOneIsWatched(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        #expect(!watcher.siteIsMissing)
        try FileManager.default.removeItem(atPath: site.path)
        let gone = changes(watcher) { watcher.siteIsMissing }
        #expect(watcher.siteIsMissing && gone.contains(""), "\(gone)")
        #expect(watcher.changes(within: 0.3) == [], "a missing site has no changes until it is back")

        try site.write("content/tour/01-a.md", "# Back\n")
        let back = changes(watcher) { !watcher.siteIsMissing }
        #expect(!watcher.siteIsMissing && back.contains(""), "the whole site changed: \(back)")
        #expect(watcher.mode == (notifications ? .notifications : .polling))
        let edited = try changes(watcher) { try site.write("content/tour/01-a.md", "# Back, edited\n") }
        #expect(edited.contains("content/tour/01-a.md"), "the new folder is watched: \(edited)")
    }

    @Test(arguments: modes)
    func aSiteFolderMovedAwayIsMissingAndMovedBackIsWatchedAgain(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer {
            site.remove()
            try? FileManager.default.removeItem(atPath: site.path + ".moved")
        }
        try FileManager.default.moveItem(atPath: site.path, toPath: site.path + ".moved")
        _ = changes(watcher) { watcher.siteIsMissing }
        #expect(watcher.siteIsMissing)
        try "# Elsewhere\n".write(toFile: site.path + ".moved/content/tour/01-a.md", atomically: false, encoding: .utf8)
        #expect(watcher.changes(within: 0.3) == [], "the folder moved away is not watched")
        try FileManager.default.moveItem(atPath: site.path + ".moved", toPath: site.path)
        let back = changes(watcher) { !watcher.siteIsMissing }
        #expect(!watcher.siteIsMissing && back.contains(""))
        let edited = try changes(watcher) { try site.write("content/tour/01-a.md", "# Home\n") }
        #expect(edited.contains("content/tour/01-a.md"), "\(edited)")
    }

    /// inotify tells nothing when a folder above the site is moved; the site folder's path is
    /// checked every `rootCheckInterval` for that.
    @Test(arguments: modes)
    func aSiteWhoseParentMovedIsMissing(notifications: Bool) throws {
        let parent = try TemporaryDirectory()
        defer {
            parent.remove()
            try? FileManager.default.removeItem(atPath: parent.path + ".moved")
        }
        try parent.write("site/content/tour/01-a.md", "# A\n")
        let root = DiskFileSystem().realPath(parent.path + "/site") ?? parent.path + "/site"
        let watcher = FileWatcher(siteRoot: root, fileSystem: DiskFileSystem(), usingNotifications: notifications)
        try FileManager.default.moveItem(atPath: parent.path, toPath: parent.path + ".moved")
        let gone = changes(watcher, until: { watcher.siteIsMissing }, seconds: FileWatcher.rootCheckInterval + 4)
        #expect(watcher.siteIsMissing && gone.contains(""), "\(gone)")
    }

    /// A folder put in the site folder's place (`rm -rf` and a fresh clone) is another folder:
    /// it is watched instead, and counts as the whole site changed.
    @Test(arguments: modes)
    func aReplacedSiteFolderIsWatchedInsteadOfTheOldOne(notifications: Bool) throws {
        let (site, watcher) = try watchedSite(notifications: notifications)
        defer { site.remove() }
        let replaced = try changes(watcher) {
            try FileManager.default.removeItem(atPath: site.path)
            try site.write("content/tour/01-a.md", "# Replaced\n")
        }
        // A poller may find the new folder with the old one's inode number, and so see only
        // its files changed; inotify sees the old one go.
        #expect(notifications ? replaced.contains("") : !replaced.isEmpty, "\(replaced)")
        _ = changes(watcher) { !watcher.siteIsMissing }
        let edited = try changes(watcher) { try site.write("content/tour/01-a.md", "# Replaced, edited\n") }
        #expect(!watcher.siteIsMissing && edited.contains("content/tour/01-a.md"), "\(edited)")
    }
}

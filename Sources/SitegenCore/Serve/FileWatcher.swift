import Synchronization

/// Tells the preview when a site's files change: everything in the site folder but hidden files
/// and folders (the cache among them) and sitegen's output folders (those with its marker file),
/// since a page may use an image from any folder of the site. It uses inotify where there is one
/// (every folder watched, folders made later included) and otherwise compares the files'
/// statuses every half second. Editors' scratch files (`.swp`, `~`, `4913`) are not changes.
///
/// When the site folder itself goes (removed, moved away, or replaced by another folder) the
/// watcher says so (`siteIsMissing`), looks for a folder at its path every `missingInterval`,
/// and once there is one again watches that one and reports everything changed.
final class FileWatcher: Sendable {
    static let pollingInterval = 0.5
    /// How often, while waiting for notifications, the site folder's path is checked to still
    /// name the folder watched (inotify says nothing when a folder above it is moved).
    static let rootCheckInterval = 1.0
    /// How often a missing site folder is looked for.
    static let missingInterval = 0.25

    private let fileSystem: any FileSystem
    /// The site folder's real path.
    private let root: String
    private let usesNotifications: Bool
    private let wakeUp: (read: Int32, write: Int32)?
    private let state: Mutex<State>

    private struct State {
        /// The inotify instance watching the site, if notifications are used and the site is there.
        var notifier: Int32?
        /// Watched folders by watch number, site-relative ("" for the site folder).
        var watches: [Int32: String] = [:]
        /// sitegen's output folders in the site, whose changes are not the site's.
        var outputs: Set<String> = []
        /// Every input's status, when polling.
        var statuses: [String: FileStatus] = [:]
        /// The watched site folder's device and inode; nil while there is no folder at its path.
        var rootIdentity: FileIdentity?
        /// True when the site is watched by comparing statuses.
        var polls = false
        var stopped = false
    }

    /// How the watcher learns of changes.
    enum Mode: Equatable { case notifications, polling }

    var mode: Mode { state.withLock { $0.polls ? .polling : .notifications } }

    /// True while there is no folder at the site folder's path.
    var siteIsMissing: Bool { state.withLock { $0.rootIdentity == nil } }

    init(siteRoot root: String, fileSystem: any FileSystem, usingNotifications: Bool = true) {
        self.fileSystem = fileSystem
        self.root = root
        usesNotifications = usingNotifications
        wakeUp = Platform.makePipe()
        var state = State()
        state.polls = !usingNotifications
        Self.watch(root: root, fileSystem: fileSystem, notifications: usingNotifications, into: &state)
        self.state = Mutex(state)
    }

    deinit {
        state.withLock { $0.notifier }.map(Platform.closeDescriptor)
        if let wakeUp {
            Platform.closeDescriptor(wakeUp.read)
            Platform.closeDescriptor(wakeUp.write)
        }
    }

    /// Waits up to `timeout` seconds for changes; the site-relative paths that changed (empty
    /// when none did in time, `""` for the whole site when its folder went or came back), or nil
    /// once `stop()` was called.
    func changes(within timeout: Double) -> Set<String>? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
        while true {
            let (stopped, missing, notifier) = state.withLock { ($0.stopped, $0.rootIdentity == nil, $0.notifier) }
            if stopped { return nil }
            let remaining = Self.seconds(deadline - .now)
            if missing {
                if let back = lookForTheSite(within: remaining) { return back }
            } else if let notifier {
                if let changed = awaitNotifications(notifier, within: remaining) { return changed }
            } else if let changed = poll(within: remaining) {
                return changed
            }
            if state.withLock({ $0.stopped }) { return nil }
            if ContinuousClock.now >= deadline { return [] }
        }
    }

    /// Ends `changes(within:)`, now or at its next call; safe from any thread.
    func stop() {
        state.withLock { $0.stopped = true }
        if let wakeUp { Platform.writeWakeByte(wakeUp.write) }
    }

    /// One wait for the missing site folder to be back: `[""]` once it is and is watched again.
    private func lookForTheSite(within remaining: Double) -> Set<String>? {
        _ = Platform.waitForInput([wakeUp?.read].compactMap { $0 }, timeout: min(Self.missingInterval, remaining))
        return state.withLock { state in
            guard !state.stopped else { return nil }
            Self.watch(root: root, fileSystem: fileSystem, notifications: usesNotifications, into: &state)
            return state.rootIdentity == nil ? nil : [""]
        }
    }

    /// One wait for notifications (at most `rootCheckInterval`): what changed, `[""]` when the
    /// site folder went, or nil when nothing did.
    private func awaitNotifications(_ notifier: Int32, within remaining: Double) -> Set<String>? {
        let ready = Platform.waitForInput([wakeUp?.read, notifier].compactMap { $0 }, timeout: min(Self.rootCheckInterval, remaining))
        if state.withLock({ $0.stopped }) { return nil }
        let changed = ready.last == true ? notifiedChanges(notifier) : []
        if siteFolderChanged() { return changed.union([""]) }
        return changed.isEmpty ? nil : changed
    }

    /// One comparison of the files' statuses after at most `pollingInterval`.
    private func poll(within remaining: Double) -> Set<String>? {
        _ = Platform.waitForInput([wakeUp?.read].compactMap { $0 }, timeout: min(Self.pollingInterval, remaining))
        if state.withLock({ $0.stopped }) { return nil }
        if siteFolderChanged() { return [""] }
        let now = Self.statuses(root: root, fileSystem: fileSystem)
        let changed = state.withLock { state in
            defer { state.statuses = now }
            return Set(now.keys).union(state.statuses.keys).filter { now[$0] != state.statuses[$0] }
        }
        let kept = changed.filter { !Self.isScratch($0) }
        return kept.isEmpty ? nil : kept
    }

    /// True when the site folder's path no longer names the folder watched: the one there now,
    /// if any, is watched in its place.
    private func siteFolderChanged() -> Bool {
        let status = fileSystem.status(of: root)
        return state.withLock { state in
            guard status?.kind != .directory || status?.identity != state.rootIdentity else { return false }
            Self.unwatch(&state)
            Self.watch(root: root, fileSystem: fileSystem, notifications: usesNotifications, into: &state)
            return true
        }
    }

    private func notifiedChanges(_ notifier: Int32) -> Set<String> {
        let changes = Platform.readChanges(from: notifier)
        var paths: Set<String> = []
        var renewWatches = false
        state.withLock { state in
            for change in changes {
                if change.overflowed {
                    renewWatches = true
                    paths.insert("")
                    continue
                }
                guard let folder = state.watches[change.watch] else { continue }
                if change.touchesFolders { renewWatches = true }
                let path = Path.join(folder, change.name)
                if !Self.isScratch(path), !Self.isInside(path, state.outputs) { paths.insert(path) }
            }
            if renewWatches {
                var renewed = State()
                _ = Self.watchAll(root: root, fileSystem: fileSystem, notifier: notifier, into: &renewed)
                (state.watches, state.outputs) = (renewed.watches, renewed.outputs)
            }
        }
        return paths
    }

    /// Starts watching the folder at the site's path, if there is one: with a new inotify
    /// instance when `notifications` (polling when out of instances or watches), or by its
    /// files' statuses.
    private static func watch(root: String, fileSystem: any FileSystem, notifications: Bool, into state: inout State) {
        guard let status = fileSystem.status(of: root), status.kind == .directory else { return }
        state.rootIdentity = status.identity
        var notifier = notifications ? Platform.makeChangeNotifier() : nil
        if let opened = notifier, !watchAll(root: root, fileSystem: fileSystem, notifier: opened, into: &state) {
            // Out of watches (a large site, or a low limit): polling still works.
            Platform.closeDescriptor(opened)
            notifier = nil
        }
        state.notifier = notifier
        state.polls = notifier == nil
        if notifier == nil { state.statuses = statuses(root: root, fileSystem: fileSystem) }
    }

    /// Forgets the site folder that went: its notifier (and with it every watch on its folders,
    /// wherever they were moved to), and its files' statuses.
    private static func unwatch(_ state: inout State) {
        state.notifier.map(Platform.closeDescriptor)
        state.notifier = nil
        state.watches = [:]
        state.outputs = []
        state.statuses = [:]
        state.rootIdentity = nil
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The site's folders (hidden ones and sitegen's outputs left out), and its output folders.
    private static func folders(root: String, fileSystem: any FileSystem) -> (walk: DirectoryWalker.Result, outputs: Set<String>) {
        let walk = DirectoryWalker(fileSystem: fileSystem, root: root).walk(root, as: "")
        let outputs = Set(walk.directories.filter { folder in
            !folder.isEmpty && fileSystem.kind(of: Path.join(root, folder, OutputWriter.markerFile)) == .file
        })
        return (walk, outputs)
    }

    /// Watches the site folder and every folder in it but hidden ones and outputs; false when the
    /// system is out of watches.
    private static func watchAll(root: String, fileSystem: any FileSystem, notifier: Int32, into state: inout State) -> Bool {
        let (walk, outputs) = folders(root: root, fileSystem: fileSystem)
        state.outputs = outputs
        for folder in walk.directories.sorted() where !isInside(folder, outputs) {
            guard let watch = Platform.watchFolder(Path.join(root, folder), with: notifier) else {
                // A folder that went away while being watched is not a failure; running out is.
                if fileSystem.kind(of: Path.join(root, folder)) == .directory { return false }
                continue
            }
            state.watches[watch] = folder
        }
        return true
    }

    /// Every file's status, by site-relative path, outside hidden folders and outputs.
    private static func statuses(root: String, fileSystem: any FileSystem) -> [String: FileStatus] {
        let (walk, outputs) = folders(root: root, fileSystem: fileSystem)
        var statuses: [String: FileStatus] = [:]
        for entry in walk.files where !isInside(entry.path, outputs) {
            statuses[entry.path] = entry.status
        }
        return statuses
    }

    /// True when `path` is one of `folders` or lies inside one.
    private static func isInside(_ path: String, _ folders: Set<String>) -> Bool {
        Path.lineage(of: path).contains(where: folders.contains)
    }

    /// Files editors make beside the one being saved, and remove again.
    static func isScratch(_ path: String) -> Bool {
        let name = Path.fileName(of: path)
        return Path.isHidden(name) || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name == "4913" || (name.hasPrefix("#") && name.hasSuffix("#"))
    }
}

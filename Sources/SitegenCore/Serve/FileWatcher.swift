import Synchronization

/// Tells the preview when a site's files change: everything in the site folder but hidden files
/// and folders (the cache among them) and sitegen's output folders (those with its marker file),
/// since a page may use an image from any folder of the site. It uses inotify where there is one
/// (every folder watched, folders made later included) and otherwise compares the files'
/// statuses every half second. Editors' scratch files (`.swp`, `~`, `4913`) are not changes.
final class FileWatcher: Sendable {
    static let pollingInterval = 0.5

    private let fileSystem: any FileSystem
    /// The site folder's real path.
    private let root: String
    private let notifier: Int32?
    private let wakeUp: (read: Int32, write: Int32)?
    private let state: Mutex<State>

    private struct State {
        /// Watched folders by watch number, site-relative ("" for the site folder).
        var watches: [Int32: String] = [:]
        /// sitegen's output folders in the site, whose changes are not the site's.
        var outputs: Set<String> = []
        /// Every input's status, when polling.
        var statuses: [String: FileStatus] = [:]
        var stopped = false
    }

    /// How the watcher learns of changes.
    enum Mode: Equatable { case notifications, polling }

    var mode: Mode { notifier == nil ? .polling : .notifications }

    init(siteRoot root: String, fileSystem: any FileSystem, usingNotifications: Bool = true) {
        self.fileSystem = fileSystem
        self.root = root
        wakeUp = Platform.makePipe()
        var notifier = usingNotifications ? Platform.makeChangeNotifier() : nil
        var state = State()
        if let opened = notifier, !Self.watchAll(root: root, fileSystem: fileSystem, notifier: opened, into: &state) {
            // Out of watches (a large site, or a low limit): polling still works.
            Platform.closeDescriptor(opened)
            notifier = nil
        }
        if notifier == nil { state.statuses = Self.statuses(root: root, fileSystem: fileSystem) }
        self.notifier = notifier
        self.state = Mutex(state)
    }

    deinit {
        notifier.map(Platform.closeDescriptor)
        if let wakeUp {
            Platform.closeDescriptor(wakeUp.read)
            Platform.closeDescriptor(wakeUp.write)
        }
    }

    /// Waits up to `timeout` seconds for changes; the site-relative paths that changed (empty
    /// when none did in time), or nil once `stop()` was called.
    func changes(within timeout: Double) -> Set<String>? {
        if state.withLock({ $0.stopped }) { return nil }
        let descriptors = [wakeUp?.read, notifier].compactMap { $0 }
        if let notifier {
            let ready = Platform.waitForInput(descriptors, timeout: timeout)
            if state.withLock({ $0.stopped }) { return nil }
            guard ready.last == true else { return [] }
            return notifiedChanges(notifier)
        }
        var waited = 0.0
        while true {
            let step = min(Self.pollingInterval, timeout - waited)
            _ = Platform.waitForInput(descriptors, timeout: step)
            if state.withLock({ $0.stopped }) { return nil }
            let now = Self.statuses(root: root, fileSystem: fileSystem)
            let changed = state.withLock { state in
                defer { state.statuses = now }
                return Set(now.keys).union(state.statuses.keys).filter { now[$0] != state.statuses[$0] }
            }
            let kept = changed.filter { !Self.isScratch($0) }
            waited += step
            if !kept.isEmpty || waited >= timeout { return kept }
        }
    }

    /// Ends `changes(within:)`, now or at its next call; safe from any thread.
    func stop() {
        state.withLock { $0.stopped = true }
        if let wakeUp { Platform.writeWakeByte(wakeUp.write) }
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
        var folder = path
        while !folder.isEmpty {
            if folders.contains(folder) { return true }
            folder = Path.directory(of: folder)
        }
        return false
    }

    /// Files editors make beside the one being saved, and remove again.
    static func isScratch(_ path: String) -> Bool {
        let name = Path.fileName(of: path)
        return name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name == "4913" || (name.hasPrefix("#") && name.hasSuffix("#"))
    }
}

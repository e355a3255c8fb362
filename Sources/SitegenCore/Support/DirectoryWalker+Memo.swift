extension DirectoryWalker {
    /// What an earlier walk of the same tree found, so that a later one need not list a folder in
    /// which nothing can have been made, removed or renamed since, as git's untracked cache does.
    /// Each of those changes sets the folder's status time to the time of the change, and that
    /// time cannot be put back by hand (`touch` sets it too): a folder whose status is exactly the
    /// one recorded holds the names it held. The walk still looks at each of them, for a file
    /// changed in place, and at every folder below.
    ///
    /// A change in the same tick of the file system's clock as the recorded status was read would
    /// leave that status as it was, so a folder counts only when its status time was already
    /// `settlingTime` old when the earlier walk began, and when the file system stamps times
    /// finer than seconds (on one that does not, such as FAT, every folder is listed).
    struct Memo: Sendable {
        /// The names recorded in each folder (by the path a walk shows it as), with its status.
        private let folders: [String: (status: FileStatus, names: [Substring])]
        private let takenAt: Int

        /// The longest a file system's clock stamps changes behind the system's clock: one
        /// scheduler tick of the coarse clock Linux stamps with (1–10 ms), with room to spare.
        static let settlingTime = 50_000_000

        /// The memo of `record`, whose folders held `entries` (every path the walk listed but
        /// its folders, as it showed them) and one another.
        init(_ record: Record, entries: [String]) {
            var names: [String: [Substring]] = [:]
            // A walk lists a folder's entries together: each run of them is one look-up.
            var run: (folder: Substring, names: [Substring])?
            for path in entries + record.folders.map(\.path) where !path.isEmpty {
                let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
                let folder = slash.map { path[..<$0] } ?? ""
                let name = slash.map { path[path.utf8.index(after: $0)...] } ?? path[...]
                if let current = run, current.folder.utf8.elementsEqual(folder.utf8) {
                    run?.names.append(name)
                    continue
                }
                if let run { names[String(run.folder), default: []] += run.names }
                run = (folder, [name])
            }
            if let run { names[String(run.folder), default: []] += run.names }
            var folders: [String: (status: FileStatus, names: [Substring])] = [:]
            for folder in record.folders {
                folders[folder.path] = (folder.status, names[folder.path]?.sorted() ?? [])
            }
            self.folders = folders
            takenAt = record.takenAt
        }

        /// The names in `folder`, when its status now (`status`) shows that they are those recorded.
        func names(in folder: String, status: FileStatus) -> [Substring]? {
            guard let recorded = folders[folder], recorded.status == status, status.kind == .directory, status.identity != .unknown,
                status.changed % 1_000_000_000 != 0, status.changed < takenAt - Self.settlingTime
            else { return nil }
            return recorded.names
        }
    }

    /// What a memo keeps of a walk: when it began, by the file system's clock, and every folder
    /// it listed with its status. The names in them are the files a build cache records anyway.
    struct Record: Sendable, Equatable, Codable {
        var takenAt: Int
        var folders: [Folder]

        /// A folder and its status, identity included (which a file's record leaves out).
        struct Folder: Sendable, Equatable, Codable {
            var path: String
            var size: Int
            var modified: Int
            var changed: Int
            var device: UInt64
            var inode: UInt64

            init(path: String, size: Int, modified: Int, changed: Int, device: UInt64, inode: UInt64) {
                (self.path, self.size, self.modified, self.changed, self.device, self.inode) = (path, size, modified, changed, device, inode)
            }

            init(_ entry: Entry) {
                path = entry.path
                size = entry.status.size
                modified = entry.status.modified
                changed = entry.status.changed
                device = entry.status.identity.device
                inode = entry.status.identity.inode
            }

            var status: FileStatus {
                FileStatus(kind: .directory, size: size, modified: modified, changed: changed, identity: FileIdentity(device: device, inode: inode))
            }
        }

        init(takenAt: Int, folders: [Entry]) {
            self.takenAt = takenAt
            self.folders = folders.filter { $0.status.kind == .directory }.map(Folder.init)
        }
    }
}

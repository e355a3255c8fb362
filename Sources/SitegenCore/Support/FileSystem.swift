/// The file-system access the build needs, injected so that every stage can be tested without a
/// disk. Paths are `/`-separated strings. `DiskFileSystem` and `MemoryFileSystem` implement it,
/// and one contract test suite holds both to the same behaviour.
package protocol FileSystem: Sendable {
    /// What is at `path`, following symbolic links; nil when nothing is (or a link dangles).
    func status(of path: String) -> FileStatus?
    /// What is at `path` itself: a symbolic link is reported as one, not followed.
    func linkStatus(of path: String) -> FileStatus?
    /// The entries of a directory (not `.` and `..`), in no particular order, each with its
    /// `linkStatus`; a folder's status may carry only its kind and identity.
    func entries(in directory: String) throws -> [DirectoryEntry]
    /// The absolute path with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    func realPath(_ path: String) -> String?
    /// True when entries may be made and removed in the folder at `path` (its permissions and
    /// its file system allow it); false when it cannot be, or nothing is there.
    func isWritable(_ path: String) -> Bool
    /// Gives the owner write access to the folder at `path` (for sitegen's own folders only).
    func makeWritable(_ path: String) throws

    /// The size of what is at `path` (following links), as far as a read of it is concerned; nil
    /// when nothing is. A file system holding a file's bytes already answers without asking the disk.
    func readableSize(of path: String) -> Int?
    /// The bytes of a regular file. Anything else (a folder, a FIFO, a device, a socket) is an
    /// error without being opened, so reading never blocks. With `root` (a real path), the file
    /// that is actually opened must lie inside it, whatever links its path goes through.
    func readFile(_ path: String, confinedTo root: String?) throws -> [UInt8]
    /// `readFile(_:confinedTo:)` for a path that a listing has just shown to be a regular file,
    /// which a file system may open without looking at it first.
    func readListedFile(_ path: String, confinedTo root: String?) throws -> [UInt8]
    /// The bytes of `range` of a regular file (fewer when the file ends before it), read
    /// without reading the rest, with `root` as `readFile(_:confinedTo:)`.
    func readFile(_ path: String, range: Range<Int>, confinedTo root: String?) throws -> [UInt8]
    /// Writes a file, replacing any that is there (never following a link at `path`); the parent
    /// directory must exist.
    func writeFile(_ path: String, _ bytes: [UInt8]) throws
    /// Writes a file made of `pieces`, one after another, like `writeFile(_:_:)`. A file a piece
    /// is copied from must not be `path` itself, and must really lie in the folder its path names
    /// (`realFolder(of:)`): one that is a link to another folder is an error, not copied.
    func writeFile(_ path: String, pieces: [FilePiece]) throws
    /// Copies a regular file's bytes (never a link), with `source` confined to `root` as `readFile`.
    func copyFile(from source: String, to destination: String, confinedTo root: String?) throws
    /// Makes `newPath` a second name of the file at `existing`: same bytes, same status.
    func hardLink(from existing: String, to newPath: String) throws
    /// Creates a directory and any missing parents.
    func createDirectory(_ path: String) throws
    /// Renames within one file system, replacing a file at the destination: atomic on a disk.
    func move(from source: String, to destination: String) throws
    /// Swaps two existing entries in one atomic step, so that no observer ever sees either path
    /// missing. Throws a `FileSystemError` of kind `.unsupported` where the file system cannot.
    func exchange(_ first: String, _ second: String) throws
    /// Makes what was written under `path` durable (on a disk, flushed to storage), so that a
    /// power cut after a later rename cannot leave renamed files empty.
    func synchronize(_ path: String)
    /// Removes a file, a link (not what it points to) or a whole directory tree; an error when
    /// nothing is at `path`.
    func remove(_ path: String) throws
    /// Removes a file or a link (not what it points to), never a folder: where a folder is at
    /// `path`, even one made there a moment ago, an error, and nothing is removed.
    func removeFile(_ path: String) throws
    /// The time a change made now would be stamped with, in nanoseconds since the epoch: the
    /// clock that the `changed` times of statuses are read from.
    func currentTime() -> Int
    /// Takes the exclusive lock of the lock file at `path` (created if need be), waiting for it
    /// when `wait`; nil when another holder has it and `wait` is false. Held until released.
    func lock(_ path: String, wait: Bool) throws -> FileLock?
}

/// One entry of a directory listing.
package struct DirectoryEntry: Sendable, Equatable {
    package var name: String
    /// The entry's own status: a symbolic link is `.symbolicLink`, not what it points to.
    package var status: FileStatus

    package init(name: String, status: FileStatus) {
        self.name = name
        self.status = status
    }
}

/// What `stat` says of a file that matters to a build.
package struct FileStatus: Sendable, Equatable {
    package var kind: FileKind
    package var size: Int
    /// Modification time in nanoseconds since the epoch.
    package var modified: Int
    /// Status change time in nanoseconds since the epoch: set by the system whenever the file's
    /// bytes or metadata change, so unlike the modification time it cannot be put back by hand.
    package var changed: Int
    /// The file's device and inode: the same for two paths of one file, so a walk can tell a
    /// folder it is already inside.
    package var identity: FileIdentity

    package init(kind: FileKind = .file, size: Int, modified: Int, changed: Int = 0, identity: FileIdentity = .unknown) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.changed = changed
        self.identity = identity
    }

    /// True when two statuses describe the same content as a build cache sees it: kind, size,
    /// modification and change time (the identity is left out, since copies and restores change it).
    package func sameContent(as other: FileStatus) -> Bool {
        kind == other.kind && size == other.size && modified == other.modified && changed == other.changed
    }
}

/// A file's device and inode number.
package struct FileIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    package static let unknown = FileIdentity(device: 0, inode: 0)
}

/// The kinds of file-system entry the build distinguishes. A plain value, as is `FileStatus`:
/// walks copy statuses by the ten thousand, and a payload to retain made each copy a call.
package enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case file, directory, symbolicLink
    /// A FIFO, a device or a socket: never read.
    case special(SpecialFile)
    /// An entry whose name is not UTF-8 text, which no path here can name: never read.
    case nameNotUTF8

    /// How messages name the kind: "a file", "a folder", "a FIFO"…
    package var description: String {
        switch self {
        case .file: return "a file"
        case .directory: return "a folder"
        case .symbolicLink: return "a symbolic link"
        case .special(let special): return special.description
        case .nameNotUTF8: return "a file whose name is not UTF-8 text"
        }
    }
}

/// The kinds of entry that are neither files, folders nor links.
package enum SpecialFile: Sendable, Equatable, CustomStringConvertible {
    case fifo, characterDevice, blockDevice, socket, other

    /// How messages name it: "a FIFO", "a socket"…
    package var description: String {
        switch self {
        case .fifo: return "a FIFO"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "a special file"
        }
    }
}

/// A lock on a file, held until `release()` (or until its holder ends).
package protocol FileLock: AnyObject, Sendable {
    func release()
}

/// A file-system failure with the path it concerns.
package struct FileSystemError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, where a caller decides by it.
    package enum Kind: Sendable, Equatable {
        case notFound
        /// The path is not a regular file; the associated value is what it is.
        case notARegularFile(FileKind)
        /// The file read through the path lies outside the allowed root, at this real path.
        case outsideRoot(realPath: String)
        case tooLarge
        /// Permission denied, or a read-only file system.
        case notPermitted
        case unsupported
        case other
    }

    package var path: String
    package var reason: String
    package var kind: Kind

    package init(path: String, reason: String, kind: Kind = .other) {
        self.path = path
        self.reason = reason
        self.kind = kind
    }

    package var description: String { "\(path): \(reason)" }
}

extension FileSystem {
    /// What is at `path`, following symbolic links.
    package func kind(of path: String) -> FileKind? {
        status(of: path)?.kind
    }

    /// The names in a directory, in no particular order.
    package func contentsOfDirectory(_ path: String) throws -> [String] {
        try entries(in: path).map(\.name)
    }

    /// A file's bytes, with no root to stay inside.
    package func readFile(_ path: String) throws -> [UInt8] {
        try readFile(path, confinedTo: nil)
    }

    /// The bytes of `range` of one of sitegen's own files (no root).
    package func readFile(_ path: String, range: Range<Int>) throws -> [UInt8] {
        try readFile(path, range: range, confinedTo: nil)
    }

    /// Reads the whole file and keeps `range`: for file systems without a faster way.
    package func readFile(_ path: String, range: Range<Int>, confinedTo root: String?) throws -> [UInt8] {
        let bytes = try readFile(path, confinedTo: root)
        return Array(bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)])
    }

    /// Writes text as UTF-8, like `writeFile(_:_:)`.
    package func writeFile(_ path: String, text: String) throws {
        try writeFile(path, Array(text.utf8))
    }

    package func copyFile(from source: String, to destination: String) throws {
        try copyFile(from: source, to: destination, confinedTo: nil)
    }

    /// Looks, then removes: for file systems no other program changes meanwhile.
    package func removeFile(_ path: String) throws {
        if linkStatus(of: path)?.kind == .directory {
            throw FileSystemError(path: path, reason: "Is a directory", kind: .other)
        }
        try remove(path)
    }
}

extension FileSystem {
    /// Makes `path` a folder of its own, never following a link: whatever else is there (a file,
    /// a link to a folder elsewhere) is removed first. For sitegen's own folders, such as the cache's.
    package func makeRealDirectory(_ path: String) throws {
        if let kind = linkStatus(of: path)?.kind {
            if kind == .directory { return }
            try remove(path)
        }
        try createDirectory(path)
    }

    /// Removes whatever is at `path` (a file, a link, a folder left by a stopped program), so
    /// that a temporary file can be written there.
    package func clearTemporary(_ path: String) throws {
        if linkStatus(of: path) != nil { try remove(path) }
    }

    package func readableSize(of path: String) -> Int? { status(of: path)?.size }
    package func readListedFile(_ path: String, confinedTo root: String?) throws -> [UInt8] { try readFile(path, confinedTo: root) }

    /// The real path of the folder `path` names its file in, which a piece copied from the file
    /// must really lie in.
    package func realFolder(of path: String) throws -> String {
        let folder = Path.directory(of: path)
        guard let real = realPath(folder.isEmpty ? "." : folder) else {
            throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound)
        }
        return real
    }

    /// Joins pieces in memory: for file systems without a faster way.
    package func joined(_ pieces: [FilePiece]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .bytes(let part): bytes += part
            case .range(let range, let source):
                let whole = try readFile(source, confinedTo: try realFolder(of: source))
                guard range.lowerBound >= 0, range.upperBound <= whole.count else {
                    throw FileSystemError(path: source, reason: "is shorter than \(range.upperBound) bytes")
                }
                bytes += whole[range]
            }
        }
        return bytes
    }
}

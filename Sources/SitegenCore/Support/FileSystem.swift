/// The file-system access the build needs, injected so that every stage can be tested without a
/// disk. Paths are `/`-separated strings.
public protocol FileSystem: Sendable {
    /// What is at `path`, or nil when nothing is.
    func kind(of path: String) -> FileKind?
    /// The names in a directory, in no particular order.
    func contentsOfDirectory(_ path: String) throws -> [String]
    func readFile(_ path: String) throws -> [UInt8]
    /// Writes a file, replacing any that is there; the parent directory must exist.
    func writeFile(_ path: String, _ bytes: [UInt8]) throws
    /// Writes text as UTF-8, like `writeFile(_:_:)`.
    func writeFile(_ path: String, text: String) throws
    /// Writes a file made of `pieces`, one after another, like `writeFile(_:_:)`. A file a
    /// piece is copied from must not be `path` itself.
    func writeFile(_ path: String, pieces: [FilePiece]) throws
    /// Creates a directory and any missing parents.
    func createDirectory(_ path: String) throws
    func copyFile(from source: String, to destination: String) throws
    /// Renames within one file system, replacing a file at the destination: atomic on a disk.
    func move(from source: String, to destination: String) throws
    /// Removes a file or a whole directory tree.
    func remove(_ path: String) throws
    /// A file's size and modification time, to tell cheaply whether it may have changed.
    func status(of path: String) -> FileStatus?
    /// The names in a directory with the status of each (entries that vanish meanwhile left out);
    /// a folder's status may carry only its kind.
    func statusOfEntries(in directory: String) throws -> [(name: String, status: FileStatus)]
}

/// What `stat` says of a file that matters to a build cache.
public struct FileStatus: Sendable, Equatable {
    public var kind: FileKind
    public var size: Int
    /// Modification time in nanoseconds since the epoch.
    public var modified: Int

    public init(kind: FileKind = .file, size: Int, modified: Int) {
        self.kind = kind
        self.size = size
        self.modified = modified
    }
}

extension FileSystem {
    public func writeFile(_ path: String, text: String) throws {
        try writeFile(path, Array(text.utf8))
    }

    public func writeFile(_ path: String, pieces: [FilePiece]) throws {
        var bytes: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .bytes(let part): bytes += part
            case .range(let range, let source):
                let whole = try readFile(source)
                guard range.lowerBound >= 0, range.upperBound <= whole.count else {
                    throw FileSystemError(path: source, reason: "is shorter than \(range.upperBound) bytes")
                }
                bytes += whole[range]
            }
        }
        try writeFile(path, bytes)
    }

    public func statusOfEntries(in directory: String) throws -> [(name: String, status: FileStatus)] {
        try contentsOfDirectory(directory).compactMap { name in
            status(of: directory + "/" + name).map { (name, $0) }
        }
    }
}

/// The kinds of file-system entry the build distinguishes.
public enum FileKind: Sendable, Equatable {
    case file, directory
}

/// A file-system failure with the path it concerns.
public struct FileSystemError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

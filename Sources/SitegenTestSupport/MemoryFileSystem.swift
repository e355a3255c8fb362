import Foundation
import SitegenCore
import Synchronization

/// A file system in memory, with the disk's semantics where a build depends on them: symbolic
/// links (resolved as the kernel does, with a limit on how many one path may go through), hard
/// links sharing one file, special files that are never read, unreadable files, atomic renames
/// and exchanges, and locks. Tests run every stage on it, and the same contract tests hold it
/// and `DiskFileSystem` to the same behaviour.
///
/// Relative and absolute paths name the same tree: `content/a.md` is `/content/a.md`.
package final class MemoryFileSystem: FileSystem, Sendable {
    private enum Node: Sendable {
        /// A regular file: its inode, in `State.files`.
        case file(Int)
        case directory(Int)
        case link(target: String)
        case special(SpecialFile, inode: Int)
    }

    private struct FileData: Sendable {
        var bytes: [UInt8]
        var modified: Int
        /// When the file's bytes, times or names last changed.
        var changed = 0
        var readable = true
        /// How many names the file has (hard links).
        var links = 0
    }

    private struct State: Sendable {
        /// Every entry by its canonical path ("" is the root).
        var nodes: [String: Node] = ["": .directory(0)]
        /// The names in each directory, by the directory's canonical path.
        var children: [String: Set<String>] = ["": []]
        var files: [Int: FileData] = [:]
        var nextInode = 1
        /// A counter standing in for modification times: every write gets the next value.
        var clock = 0
        /// When a name was last made, removed or renamed in each folder, by the folder's inode:
        /// its modification and status time.
        var stamps: [Int: Int] = [:]
        var locks: Set<String> = []
        var reads: [String: Int] = [:]
        /// The inodes of folders in which nothing may be made or removed, as `chmod a-w` makes them.
        var readOnly: Set<Int> = []
    }

    private let state = Mutex(State())

    package init(_ files: [String: String] = [:]) {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            add(path, Array(text.utf8))
        }
    }

    // MARK: Setting up a tree

    /// Adds a file, creating its folders.
    package func add(_ path: String, _ bytes: [UInt8]) {
        state.withLock { state in
            let key = Self.components(path).joined(separator: "/")
            Self.makeDirectories(Self.parent(of: key), in: &state)
            Self.store(bytes, at: key, in: &state)
        }
    }

    /// Adds a symbolic link at `path` whose target is `target`, as written.
    package func addLink(_ path: String, to target: String) {
        state.withLock { state in
            let key = Self.components(path).joined(separator: "/")
            Self.makeDirectories(Self.parent(of: key), in: &state)
            Self.insert(.link(target: target), at: key, in: &state)
        }
    }

    /// Adds a FIFO, device or socket, which is never read.
    package func addSpecial(_ path: String, kind: SpecialFile) {
        state.withLock { state in
            let key = Self.components(path).joined(separator: "/")
            Self.makeDirectories(Self.parent(of: key), in: &state)
            state.nextInode += 1
            Self.insert(.special(kind, inode: state.nextInode), at: key, in: &state)
        }
    }

    /// Makes a file unreadable (or readable again), as a permission change does.
    package func setReadable(_ path: String, _ readable: Bool) {
        state.withLock { state in
            if let key = try? Self.resolve(path, followingLast: true, in: state), case .file(let inode)? = state.nodes[key] {
                state.files[inode]?.readable = readable
            }
        }
    }

    /// Makes a folder read-only (or writable again), as a permission change does: nothing can
    /// be made, renamed or removed in it.
    package func setWritable(_ path: String, _ writable: Bool) {
        state.withLock { state in
            guard let key = try? Self.resolve(path, followingLast: true, in: state), case .directory(let inode)? = state.nodes[key] else { return }
            if writable { state.readOnly.remove(inode) } else { state.readOnly.insert(inode) }
        }
    }

    /// Marks a file as modified without changing its bytes, as `touch` does.
    package func touch(_ path: String) {
        state.withLock { state in
            if let key = try? Self.resolve(path, followingLast: true, in: state), case .file(let inode)? = state.nodes[key] {
                state.clock += Self.tick
                state.files[inode]?.modified = state.clock
                state.files[inode]?.changed = state.clock
            }
        }
    }

    /// A file's bytes as text, following links; nil when there is no file.
    package func text(_ path: String) -> String? {
        state.withLock { state in
            guard let key = try? Self.resolve(path, followingLast: true, in: state), case .file(let inode)? = state.nodes[key] else {
                return nil
            }
            return state.files[inode].map { String(decoding: $0.bytes, as: UTF8.self) }
        }
    }

    /// Every regular file, by path, as text.
    package var snapshot: [String: String] {
        state.withLock { state in
            var result: [String: String] = [:]
            for (key, node) in state.nodes {
                if case .file(let inode) = node, let data = state.files[inode] {
                    result[key] = String(decoding: data.bytes, as: UTF8.self)
                }
            }
            return result
        }
    }

    /// How many times `readFile` has read the file at `path`.
    package func reads(of path: String) -> Int {
        state.withLock { $0.reads[Self.components(path).joined(separator: "/"), default: 0] }
    }

    // MARK: FileSystem

    package func status(of path: String) -> FileStatus? {
        state.withLock { state in
            (try? Self.resolve(path, followingLast: true, in: state)).flatMap { Self.status(of: $0, in: state) }
        }
    }

    package func linkStatus(of path: String) -> FileStatus? {
        state.withLock { state in
            (try? Self.resolve(path, followingLast: false, in: state)).flatMap { Self.status(of: $0, in: state) }
        }
    }

    package func entries(in directory: String) throws -> [DirectoryEntry] {
        try state.withLock { state in
            let key = try Self.resolve(directory, followingLast: true, in: state)
            guard case .directory? = state.nodes[key], let names = state.children[key] else {
                throw FileSystemError(path: directory, reason: "Not a directory")
            }
            return names.compactMap { name in
                Self.status(of: Self.join(key, name), in: state).map { DirectoryEntry(name: name, status: $0) }
            }
        }
    }

    package func isWritable(_ path: String) -> Bool {
        state.withLock { state in
            guard let key = try? Self.resolve(path, followingLast: true, in: state), case .directory(let inode)? = state.nodes[key] else { return false }
            return !state.readOnly.contains(inode)
        }
    }

    package func makeWritable(_ path: String) throws {
        guard status(of: path)?.kind == .directory else { throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound) }
        setWritable(path, true)
    }

    package func realPath(_ path: String) -> String? {
        state.withLock { state in (try? Self.resolve(path, followingLast: true, in: state)).map { "/" + $0 } }
    }

    package func readFile(_ path: String, confinedTo root: String?) throws -> [UInt8] {
        try state.withLock { state in
            let key = try Self.resolve(path, followingLast: true, in: state)
            let data = try Self.regularFile(key, path: path, in: state)
            if let root, !Path.isInside("/" + key, root: root) {
                throw FileSystemError(path: path, reason: "is really /\(key), outside \(root)", kind: .outsideRoot(realPath: "/" + key))
            }
            state.reads[key, default: 0] += 1
            return data.bytes
        }
    }

    package func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try state.withLock { state in
            let key = try Self.destination(path, in: state)
            switch state.nodes[key] {
            case .link?: throw FileSystemError(path: path, reason: "Too many levels of symbolic links")
            case .directory?: throw FileSystemError(path: path, reason: "Is a directory")
            default: Self.store(bytes, at: key, in: &state)
            }
        }
    }

    package func writeFile(_ path: String, pieces: [FilePiece]) throws {
        try writeFile(path, try joined(pieces))
    }

    package func copyFile(from source: String, to destination: String, confinedTo root: String?) throws {
        try writeFile(destination, try readFile(source, confinedTo: root))
    }

    package func hardLink(from existing: String, to newPath: String) throws {
        try state.withLock { state in
            let source = try Self.resolve(existing, followingLast: false, in: state)
            guard let node = state.nodes[source] else { throw FileSystemError(path: existing, reason: "No such file or directory", kind: .notFound) }
            if case .directory = node { throw FileSystemError(path: existing, reason: "Operation not permitted") }
            let key = try Self.destination(newPath, in: state)
            guard state.nodes[key] == nil else { throw FileSystemError(path: newPath, reason: "File exists") }
            Self.insert(node, at: key, in: &state)
        }
    }

    package func createDirectory(_ path: String) throws {
        try state.withLock { state in
            var key = ""
            for component in Self.components(path) {
                let next = Self.join(key, String(component))
                let resolved = (try? Self.resolve(next, followingLast: true, in: state)) ?? next
                switch state.nodes[resolved] {
                case .directory?: key = resolved
                case nil where state.nodes[next] == nil:
                    state.nextInode += 1
                    Self.insert(.directory(state.nextInode), at: next, in: &state)
                    key = next
                default:
                    throw FileSystemError(path: path, reason: "File exists")
                }
            }
        }
    }

    package func move(from source: String, to destination: String) throws {
        try state.withLock { state in
            let from = try Self.resolve(source, followingLast: false, in: state)
            guard let node = state.nodes[from] else { throw FileSystemError(path: source, reason: "No such file or directory", kind: .notFound) }
            try Self.checkWritable(Self.parent(of: from), path: source, in: state)
            let to = try Self.destination(destination, in: state)
            if from == to { return }
            if to.hasPrefix(from + "/") { throw FileSystemError(path: source, reason: "Invalid argument") }
            if let existing = state.nodes[to] {
                // As rename(2): two links to one file stay as they are, both of them.
                if case .file(let moved) = node, case .file(let there) = existing, moved == there { return }
                switch (node, existing) {
                case (.directory, .directory):
                    guard state.children[to]?.isEmpty != false else { throw FileSystemError(path: destination, reason: "Directory not empty") }
                case (.directory, _): throw FileSystemError(path: destination, reason: "Not a directory")
                case (_, .directory): throw FileSystemError(path: destination, reason: "Is a directory")
                default: break
                }
                Self.removeTree(to, in: &state)
            }
            Self.relocate(from, to: to, in: &state)
        }
    }

    package func exchange(_ first: String, _ second: String) throws {
        try state.withLock { state in
            let a = try Self.resolve(first, followingLast: false, in: state)
            let b = try Self.resolve(second, followingLast: false, in: state)
            guard state.nodes[a] != nil, state.nodes[b] != nil else {
                throw FileSystemError(path: first, reason: "No such file or directory", kind: .notFound)
            }
            guard !a.hasPrefix(b + "/"), !b.hasPrefix(a + "/") else { throw FileSystemError(path: first, reason: "Invalid argument") }
            let parking = "\u{0}exchange"
            Self.relocate(a, to: parking, in: &state)
            Self.relocate(b, to: a, in: &state)
            Self.relocate(parking, to: b, in: &state)
        }
    }

    package func remove(_ path: String) throws {
        try state.withLock { state in
            let key = try Self.resolve(path, followingLast: false, in: state)
            guard !key.isEmpty, state.nodes[key] != nil else {
                throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound)
            }
            try Self.checkWritable(Self.parent(of: key), path: path, in: state)
            // A tree goes child by child: a read-only folder in it that is not empty stays.
            if !state.readOnly.isEmpty, let locked = state.nodes.first(where: { entry in
                guard entry.key == key || entry.key.hasPrefix(key + "/"), case .directory(let inode) = entry.value else { return false }
                return state.readOnly.contains(inode) && state.children[entry.key]?.isEmpty == false
            }) {
                throw FileSystemError(path: "/" + locked.key, reason: "Permission denied", kind: .notPermitted)
            }
            Self.removeTree(key, in: &state)
        }
    }

    package func synchronize(_ path: String) {}

    /// The counter that stamps changes: what the next change will be stamped with, less one.
    package func currentTime() -> Int {
        state.withLock { $0.clock }
    }

    package func lock(_ path: String, wait: Bool) throws -> (any FileLock)? {
        let key = try state.withLock { state in
            let key = try Self.destination(path, in: state)
            switch state.nodes[key] {
            case nil: Self.store([], at: key, in: &state)
            case .file?: break
            case .link?: throw FileSystemError(path: path, reason: "Too many levels of symbolic links")
            default: throw FileSystemError(path: path, reason: "Is a directory")
            }
            return key
        }
        while true {
            let taken = state.withLock { state in state.locks.insert(key).inserted }
            if taken { return MemoryLock { [self] in _ = state.withLock { $0.locks.remove(key) } } }
            guard wait else { return nil }
            usleep(1000)
        }
    }

    // MARK: The tree

    /// The parts of `path` between its `/` bytes, as the kernel divides it (a slash followed by
    /// a combining mark is one character to Swift, but a slash all the same).
    private static func components(_ path: String) -> [Substring] {
        path.utf8.split(separator: slash).map { Substring($0) }.filter { $0 != "." }
    }

    private static let slash = UInt8(ascii: "/")

    private static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory + "/" + name
    }

    private static func parent(of key: String) -> String {
        key.utf8.lastIndex(of: slash).map { String(key[..<$0]) } ?? ""
    }

    private static func name(of key: String) -> String {
        key.utf8.lastIndex(of: slash).map { String(key[key.utf8.index(after: $0)...]) } ?? key
    }

    /// The canonical path `path` names, with links resolved (the last one only when asked), as
    /// the kernel does: at most 40 links per path.
    private static func resolve(_ path: String, followingLast: Bool, in state: State) throws -> String {
        // As on a disk, where the system would read the path only up to the NUL: it names nothing here.
        if path.utf8.contains(0) { throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound) }
        var pending = components(path)
        var resolved: [Substring] = []
        var links = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == ".." {
                _ = resolved.popLast()
                continue
            }
            let key = (resolved + [component]).joined(separator: "/")
            guard let node = state.nodes[key] else {
                if pending.isEmpty { return key }
                throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound)
            }
            if case .link(let target) = node, !pending.isEmpty || followingLast {
                links += 1
                guard links <= 40 else { throw FileSystemError(path: path, reason: "Too many levels of symbolic links") }
                if target.hasPrefix("/") { resolved = [] }
                pending = components(target) + pending
                continue
            }
            if !pending.isEmpty {
                guard case .directory = node else { throw FileSystemError(path: path, reason: "Not a directory") }
            }
            resolved.append(component)
        }
        return resolved.joined(separator: "/")
    }

    /// The canonical path of an entry to create: its folder resolved, its own name kept.
    private static func destination(_ path: String, in state: State) throws -> String {
        let parts = components(path)
        guard let last = parts.last, last != ".." else { throw FileSystemError(path: path, reason: "Invalid argument") }
        let folder = try resolve(parts.dropLast().joined(separator: "/"), followingLast: true, in: state)
        guard case .directory? = state.nodes[folder] else {
            throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound)
        }
        try checkWritable(folder, path: path, in: state)
        return join(folder, String(last))
    }

    /// Throws as the kernel does for a change in a read-only folder.
    private static func checkWritable(_ folder: String, path: String, in state: State) throws {
        if case .directory(let inode)? = state.nodes[folder], state.readOnly.contains(inode) {
            throw FileSystemError(path: path, reason: "Permission denied", kind: .notPermitted)
        }
    }

    private static func status(of key: String, in state: State) -> FileStatus? {
        switch state.nodes[key] {
        case .file(let inode)?:
            let data = state.files[inode]
            return FileStatus(
                kind: .file, size: data?.bytes.count ?? 0, modified: data?.modified ?? 0, changed: data?.changed ?? 0,
                identity: FileIdentity(device: 1, inode: UInt64(inode)))
        case .directory(let inode)?:
            let stamp = state.stamps[inode] ?? 0
            return FileStatus(kind: .directory, size: 0, modified: stamp, changed: stamp, identity: FileIdentity(device: 1, inode: UInt64(inode)))
        case .link(let target)?:
            return FileStatus(kind: .symbolicLink, size: target.utf8.count, modified: 0)
        case .special(let kind, let inode)?:
            return FileStatus(kind: .special(kind), size: 0, modified: 0, identity: FileIdentity(device: 1, inode: UInt64(inode)))
        case nil:
            return nil
        }
    }

    private static func regularFile(_ key: String, path: String, in state: State) throws -> FileData {
        switch state.nodes[key] {
        case .file(let inode)?:
            guard let data = state.files[inode], data.readable else { throw FileSystemError(path: path, reason: "Permission denied") }
            return data
        case .directory?:
            throw FileSystemError(path: path, reason: "is a folder, not a regular file", kind: .notARegularFile(.directory))
        case .special(let kind, _)?:
            throw FileSystemError(path: path, reason: "is \(kind.description), not a regular file", kind: .notARegularFile(.special(kind)))
        case .link?, nil:
            throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound)
        }
    }

    private static func makeDirectories(_ key: String, in state: inout State) {
        guard !key.isEmpty, state.nodes[key] == nil else { return }
        makeDirectories(parent(of: key), in: &state)
        state.nextInode += 1
        insert(.directory(state.nextInode), at: key, in: &state)
    }

    /// Writes bytes at `key`, keeping the inode of a file already there (as `O_TRUNC` does).
    private static func store(_ bytes: [UInt8], at key: String, in state: inout State) {
        state.clock += Self.tick
        if case .file(let inode)? = state.nodes[key] {
            state.files[inode]?.bytes = bytes
            state.files[inode]?.modified = state.clock
            state.files[inode]?.changed = state.clock
            return
        }
        state.nextInode += 1
        state.files[state.nextInode] = FileData(bytes: bytes, modified: state.clock, changed: state.clock)
        insert(.file(state.nextInode), at: key, in: &state)
    }

    private static func insert(_ node: Node, at key: String, in state: inout State) {
        state.nodes[key] = node
        if case .file(let inode) = node { Self.relink(inode, by: 1, in: &state) }
        state.children[parent(of: key), default: []].insert(name(of: key))
        if case .directory(let inode) = node {
            if state.children[key] == nil { state.children[key] = [] }
            state.stamps[inode] = state.clock + tick
        }
        stamp(parent(of: key), in: &state)
    }

    /// How far the clock moves for each change: about a tenth of a second of a disk's
    /// nanoseconds, so that a walk after a change finds the folders changed before it settled
    /// (see `DirectoryWalker.Memo`), as it would on a disk.
    private static let tick = 100_000_001

    /// Records a change of the names in the folder at `key`.
    private static func stamp(_ key: String, in state: inout State) {
        state.clock += tick
        if case .directory(let inode)? = state.nodes[key] { state.stamps[inode] = state.clock }
    }

    /// Adds or takes away a name of a file, which changes its status time, as on a disk.
    private static func relink(_ inode: Int, by delta: Int, in state: inout State) {
        state.clock += Self.tick
        state.files[inode]?.links += delta
        state.files[inode]?.changed = state.clock
    }

    private static func removeTree(_ key: String, in state: inout State) {
        for child in state.children[key] ?? [] { removeTree(join(key, child), in: &state) }
        if case .file(let inode)? = state.nodes[key] {
            Self.relink(inode, by: -1, in: &state)
            if state.files[inode]?.links == 0 { state.files[inode] = nil }
        }
        state.nodes[key] = nil
        state.children[key] = nil
        state.children[parent(of: key)]?.remove(name(of: key))
        stamp(parent(of: key), in: &state)
    }

    /// Moves the entry at `from`, and everything under it, to `to` (which must be free).
    private static func relocate(_ from: String, to: String, in state: inout State) {
        var moved: [(String, Node)] = []
        var stack = [from]
        while let key = stack.popLast() {
            if let node = state.nodes[key] { moved.append((key, node)) }
            for child in state.children[key] ?? [] { stack.append(join(key, child)) }
        }
        let children = moved.compactMap { key, _ in state.children[key].map { (key, $0) } }
        for (key, _) in moved {
            state.nodes[key] = nil
            state.children[key] = nil
        }
        state.children[parent(of: from)]?.remove(name(of: from))
        for (key, node) in moved {
            state.nodes[to + key.dropFirst(from.count)] = node
        }
        for (key, names) in children {
            state.children[to + key.dropFirst(from.count)] = names
        }
        state.children[parent(of: to), default: []].insert(name(of: to))
        stamp(parent(of: from), in: &state)
        stamp(parent(of: to), in: &state)
        // A folder renamed is changed too (its `..` may lead elsewhere), as on a disk.
        if case .directory? = state.nodes[to] { stamp(to, in: &state) }
    }
}

/// A lock of a `MemoryFileSystem`, released once.
private final class MemoryLock: FileLock {
    private let unlock: Mutex<(@Sendable () -> Void)?>

    init(unlock: @escaping @Sendable () -> Void) {
        self.unlock = Mutex(unlock)
    }

    func release() {
        let action = unlock.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        release()
    }
}

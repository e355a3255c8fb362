import Synchronization
import SitegenCore

/// A file system that passes every call to another until told to fail: writes under a path
/// prefix, or every call from the Nth on, as a build killed at that instant (or a power cut)
/// would see it. Reads fail too from then on, and so does the cleanup a failed build attempts.
final class FaultyFileSystem: FileSystem, Sendable {
    let base: any FileSystem
    /// How far ahead of `base`'s clock this one runs: a walk then finds every folder settled.
    let clockAhead: Int
    private struct State {
        var calls = 0
        var failFromCall: Int?
        var failWritesUnder: String?
        var failListing: String?
        var listed: [String] = []
    }
    private let state = Mutex(State())

    init(_ base: any FileSystem, failFromCall: Int? = nil, failWritesUnder: String? = nil, failListing: String? = nil, clockAhead: Int = 0) {
        self.base = base
        self.clockAhead = clockAhead
        state.withLock {
            $0.failFromCall = failFromCall
            $0.failWritesUnder = failWritesUnder
            $0.failListing = failListing
        }
    }

    /// How many calls have been made.
    var calls: Int { state.withLock { $0.calls } }

    /// Every folder listed, in the order asked.
    var listed: [String] { state.withLock { $0.listed } }

    /// Forgets the folders listed so far.
    func forgetListed() {
        state.withLock { $0.listed = [] }
    }

    private func check(_ path: String, writing: Bool = false) throws {
        try state.withLock { state in
            state.calls += 1
            if let limit = state.failFromCall, state.calls >= limit {
                throw FileSystemError(path: path, reason: "the machine stopped (simulated, call \(state.calls))")
            }
            if writing, let prefix = state.failWritesUnder, path.hasPrefix(prefix) {
                throw FileSystemError(path: path, reason: "disk full (simulated)")
            }
        }
    }

    /// Whether a call that cannot throw may go through.
    private func allowed(_ path: String) -> Bool {
        (try? check(path)) != nil
    }

    func status(of path: String) -> FileStatus? { allowed(path) ? base.status(of: path) : nil }
    func linkStatus(of path: String) -> FileStatus? { allowed(path) ? base.linkStatus(of: path) : nil }
    func realPath(_ path: String) -> String? { allowed(path) ? base.realPath(path) : nil }
    func isWritable(_ path: String) -> Bool { allowed(path) && base.isWritable(path) }
    func makeWritable(_ path: String) throws {
        try check(path, writing: true)
        try base.makeWritable(path)
    }
    func entries(in directory: String) throws -> [DirectoryEntry] {
        try check(directory)
        state.withLock { $0.listed.append(directory) }
        if let listing = state.withLock({ $0.failListing }), directory.hasSuffix(listing) {
            throw FileSystemError(path: directory, reason: "Input/output error (simulated)")
        }
        return try base.entries(in: directory)
    }
    func readFile(_ path: String, confinedTo root: String?) throws -> [UInt8] {
        try check(path)
        return try base.readFile(path, confinedTo: root)
    }
    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try check(path, writing: true)
        try base.writeFile(path, bytes)
    }
    func writeFile(_ path: String, pieces: [FilePiece]) throws {
        try check(path, writing: true)
        try base.writeFile(path, pieces: pieces)
    }
    func copyFile(from source: String, to destination: String, confinedTo root: String?) throws {
        try check(destination, writing: true)
        try base.copyFile(from: source, to: destination, confinedTo: root)
    }
    func hardLink(from existing: String, to newPath: String) throws {
        try check(newPath, writing: true)
        try base.hardLink(from: existing, to: newPath)
    }
    func createDirectory(_ path: String) throws {
        try check(path, writing: true)
        try base.createDirectory(path)
    }
    func move(from source: String, to destination: String) throws {
        try check(destination, writing: true)
        try base.move(from: source, to: destination)
    }
    func exchange(_ first: String, _ second: String) throws {
        try check(second, writing: true)
        try base.exchange(first, second)
    }
    func synchronize(_ path: String) {
        if allowed(path) { base.synchronize(path) }
    }
    func remove(_ path: String) throws {
        try check(path, writing: true)
        try base.remove(path)
    }
    func currentTime() -> Int { base.currentTime() + clockAhead }
    func lock(_ path: String, wait: Bool) throws -> (any FileLock)? {
        try check(path, writing: true)
        return try base.lock(path, wait: wait)
    }
}

import Synchronization

/// A file system that answers the first read of some files from bytes already read, and passes
/// everything else through. The build cache reads every input to hash it; handing those bytes on
/// spares the build a second read, and the build uses exactly the bytes it hashed. Each file's
/// bytes are let go once they have been read, so a large site's inputs are not held twice.
final class PrereadFileSystem: FileSystem, Sendable {
    let base: any FileSystem
    /// File contents by path, as `base` would return them (confined to the site), until they are read.
    private let files: Mutex<[String: [UInt8]]>

    init(base: any FileSystem, files: [String: [UInt8]]) {
        self.base = base
        self.files = Mutex(files)
    }

    /// Where `files` holds `path`, compared as the file system compares paths: by their bytes.
    /// Swift's strings are equal when canonically equivalent, so `café.png` written composed
    /// found the bytes of a file named decomposed, which the disk does not have under that name.
    private static func index(of path: String, in files: [String: [UInt8]]) -> Dictionary<String, [UInt8]>.Index? {
        guard let index = files.index(forKey: path), Path.isSame(files[index].key, path) else { return nil }
        return index
    }

    func readFile(_ path: String, confinedTo root: String?) throws -> [UInt8] {
        let bytes = files.withLock { files in Self.index(of: path, in: files).map { files.remove(at: $0).value } }
        if let bytes { return bytes }
        return try base.readFile(path, confinedTo: root)
    }

    func readFile(_ path: String, range: Range<Int>, confinedTo root: String?) throws -> [UInt8] {
        try base.readFile(path, range: range, confinedTo: root)
    }
    func readableSize(of path: String) -> Int? {
        files.withLock { files in Self.index(of: path, in: files).map { files[$0].value.count } } ?? base.readableSize(of: path)
    }
    func status(of path: String) -> FileStatus? { base.status(of: path) }
    func linkStatus(of path: String) -> FileStatus? { base.linkStatus(of: path) }
    func entries(in directory: String) throws -> [DirectoryEntry] { try base.entries(in: directory) }
    func realPath(_ path: String) -> String? { base.realPath(path) }
    func isWritable(_ path: String) -> Bool { base.isWritable(path) }
    func makeWritable(_ path: String) throws { try base.makeWritable(path) }
    func writeFile(_ path: String, _ bytes: [UInt8]) throws { try base.writeFile(path, bytes) }
    func writeFile(_ path: String, text: String) throws { try base.writeFile(path, text: text) }
    func writeFile(_ path: String, pieces: [FilePiece]) throws { try base.writeFile(path, pieces: pieces) }
    func copyFile(from source: String, to destination: String, confinedTo root: String?) throws {
        try base.copyFile(from: source, to: destination, confinedTo: root)
    }
    func hardLink(from existing: String, to newPath: String) throws { try base.hardLink(from: existing, to: newPath) }
    func createDirectory(_ path: String) throws { try base.createDirectory(path) }
    func move(from source: String, to destination: String) throws { try base.move(from: source, to: destination) }
    func exchange(_ first: String, _ second: String) throws { try base.exchange(first, second) }
    func synchronize(_ path: String) { base.synchronize(path) }
    func remove(_ path: String) throws { try base.remove(path) }
    func lock(_ path: String, wait: Bool) throws -> (any FileLock)? { try base.lock(path, wait: wait) }
    func currentTime() -> Int { base.currentTime() }
}

import Foundation

/// A file system that answers the first read of some files from bytes already read, and passes
/// everything else through. The build cache reads every input to hash it; handing those bytes on
/// spares the build a second read, and the build uses exactly the bytes it hashed. Each file's
/// bytes are let go once they have been read, so a large site's inputs are not held twice.
final class PrereadFileSystem: FileSystem, @unchecked Sendable {
    let base: any FileSystem
    private let lock = NSLock()
    /// File contents by path, as `base` would return them, until they are read.
    private var files: [String: [UInt8]]

    init(base: any FileSystem, files: [String: [UInt8]]) {
        self.base = base
        self.files = files
    }

    func readFile(_ path: String) throws -> [UInt8] {
        if let bytes = lock.withLock({ files.removeValue(forKey: path) }) { return bytes }
        return try base.readFile(path)
    }

    func kind(of path: String) -> FileKind? { base.kind(of: path) }
    func status(of path: String) -> FileStatus? { base.status(of: path) }
    func contentsOfDirectory(_ path: String) throws -> [String] { try base.contentsOfDirectory(path) }
    func statusOfEntries(in directory: String) throws -> [(name: String, status: FileStatus)] {
        try base.statusOfEntries(in: directory)
    }
    func writeFile(_ path: String, _ bytes: [UInt8]) throws { try base.writeFile(path, bytes) }
    func writeFile(_ path: String, text: String) throws { try base.writeFile(path, text: text) }
    func writeFile(_ path: String, pieces: [FilePiece]) throws { try base.writeFile(path, pieces: pieces) }
    func createDirectory(_ path: String) throws { try base.createDirectory(path) }
    func copyFile(from source: String, to destination: String) throws { try base.copyFile(from: source, to: destination) }
    func move(from source: String, to destination: String) throws { try base.move(from: source, to: destination) }
    func remove(_ path: String) throws { try base.remove(path) }
}

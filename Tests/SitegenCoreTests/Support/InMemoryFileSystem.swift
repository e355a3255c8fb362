import Foundation
import SitegenCore

/// A file system in memory, for testing stages without a disk. Paths are normalised strings;
/// `failWrites` makes every write under a path prefix fail, to test what a failure leaves.
final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var directories: Set<String> = [""]
    /// A counter standing in for modification times: every write gets the next value.
    private var modified: [String: Int] = [:]
    private var clock = 0
    private var readCounts: [String: Int] = [:]
    var failWritesUnder: String?

    /// How many times `readFile` has read `path`.
    func reads(of path: String) -> Int {
        lock.withLock { readCounts[Self.clean(path), default: 0] }
    }

    init(_ files: [String: String] = [:]) {
        for (path, text) in files {
            add(path, Array(text.utf8))
        }
    }

    func add(_ path: String, _ bytes: [UInt8]) {
        lock.withLock {
            let path = Self.clean(path)
            files[path] = bytes
            clock += 1
            modified[path] = clock
            var parent = Self.parent(of: path)
            while !directories.contains(parent) {
                directories.insert(parent)
                parent = Self.parent(of: parent)
            }
        }
    }

    /// Every file, by path, as text.
    var snapshot: [String: String] {
        lock.withLock { files.mapValues { String(decoding: $0, as: UTF8.self) } }
    }

    func text(_ path: String) -> String? {
        lock.withLock { files[Self.clean(path)].map { String(decoding: $0, as: UTF8.self) } }
    }

    func kind(of path: String) -> FileKind? {
        lock.withLock {
            let path = Self.clean(path)
            if files[path] != nil { return .file }
            return directories.contains(path) ? .directory : nil
        }
    }

    func contentsOfDirectory(_ path: String) throws -> [String] {
        try lock.withLock {
            let path = Self.clean(path)
            guard directories.contains(path) else { throw FileSystemError(path: path, reason: "no such folder") }
            let children = (Array(files.keys) + Array(directories)).filter { $0 != path && Self.parent(of: $0) == path }
            return children.map { String($0.split(separator: "/").last ?? "") }
        }
    }

    func readFile(_ path: String) throws -> [UInt8] {
        try lock.withLock {
            guard let bytes = files[Self.clean(path)] else { throw FileSystemError(path: path, reason: "no such file") }
            readCounts[Self.clean(path), default: 0] += 1
            return bytes
        }
    }

    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try lock.withLock {
            let path = Self.clean(path)
            if let prefix = failWritesUnder, path.hasPrefix(prefix) {
                throw FileSystemError(path: path, reason: "disk full (simulated)")
            }
            guard directories.contains(Self.parent(of: path)) else { throw FileSystemError(path: path, reason: "no parent folder") }
            files[path] = bytes
            clock += 1
            modified[path] = clock
        }
    }

    func createDirectory(_ path: String) throws {
        lock.withLock {
            var path = Self.clean(path)
            while !path.isEmpty, !directories.contains(path) {
                directories.insert(path)
                path = Self.parent(of: path)
            }
        }
    }

    func copyFile(from source: String, to destination: String) throws {
        try writeFile(destination, try readFile(source))
    }

    func move(from source: String, to destination: String) throws {
        try lock.withLock {
            let source = Self.clean(source)
            let destination = Self.clean(destination)
            if let bytes = files.removeValue(forKey: source) {
                guard !directories.contains(destination) else { throw FileSystemError(path: destination, reason: "is a folder") }
                files[destination] = bytes
                clock += 1
                modified[destination] = clock
                return
            }
            guard files[destination] == nil, !directories.contains(destination) else {
                throw FileSystemError(path: destination, reason: "already exists")
            }
            guard directories.contains(source) else { throw FileSystemError(path: source, reason: "no such file") }
            for path in directories where path == source || path.hasPrefix(source + "/") {
                directories.remove(path)
                directories.insert(destination + path.dropFirst(source.count))
            }
            for (path, bytes) in files where path.hasPrefix(source + "/") {
                files.removeValue(forKey: path)
                files[destination + path.dropFirst(source.count)] = bytes
            }
        }
    }

    func status(of path: String) -> FileStatus? {
        lock.withLock {
            let path = Self.clean(path)
            if directories.contains(path) { return FileStatus(kind: .directory, size: 0, modified: 0) }
            return files[path].map { FileStatus(size: $0.count, modified: modified[path] ?? 0) }
        }
    }

    /// Marks a file as modified without changing its bytes, as `touch` does.
    func touch(_ path: String) {
        lock.withLock {
            clock += 1
            modified[Self.clean(path)] = clock
        }
    }

    func remove(_ path: String) throws {
        lock.withLock {
            let path = Self.clean(path)
            files.removeValue(forKey: path)
            for file in files.keys where file.hasPrefix(path + "/") { files.removeValue(forKey: file) }
            directories = directories.filter { $0 != path && !$0.hasPrefix(path + "/") }
        }
    }

    private static func clean(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}

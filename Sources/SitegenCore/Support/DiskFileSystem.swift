import Foundation

/// The real file system: POSIX calls where a build does many of them (writing, creating folders,
/// removing trees, renaming), Foundation for the rest.
public struct DiskFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) -> FileKind? {
        status(of: path)?.kind
    }

    public func status(of path: String) -> FileStatus? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Self.fileStatus(status)
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        try entries(of: path) { _, _ in () }.map(\.name)
    }

    /// Each entry's status from `fstatat` on the open folder, so that no path is looked up whole.
    public func statusOfEntries(in directory: String) throws -> [(name: String, status: FileStatus)] {
        try entries(of: directory) { folder, name in
            var status = stat()
            return fstatat(dirfd(folder), name, &status, 0) == 0 ? Self.fileStatus(status) : nil
        }.compactMap { entry in entry.value.map { (entry.name, $0) } }
    }

    /// The names in a folder (without `.` and `..`), each with what `inspect` makes of it.
    private func entries<Value>(
        of path: String, _ inspect: (OpaquePointer, String) -> Value
    ) throws -> [(name: String, value: Value)] {
        guard let directory = opendir(path) else { throw Self.error(path) }
        defer { closedir(directory) }
        var entries: [(name: String, value: Value)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            entries.append((name, inspect(directory, name)))
        }
        return entries
    }

    private static func fileStatus(_ status: stat) -> FileStatus {
        FileStatus(
            kind: (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .file, size: Int(status.st_size),
            modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec))
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.error(path) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw FileSystemError(path: path, reason: "is a folder") }
        // Read straight into an array of the file's size and one byte more, so that the end
        // shows in the first chunk (and no capacity is wasted on the thousands of small pages a
        // build holds); a file that grows meanwhile, or has no size, is read on in more chunks.
        var bytes = [UInt8]()
        let chunkSize = status.st_size > 0 ? Int(status.st_size) + 1 : 4096
        while true {
            var failure: Int32 = 0
            var ended = false
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                while initialized < buffer.count {
                    let count = Foundation.read(descriptor, base + initialized, buffer.count - initialized)
                    if count > 0 {
                        initialized += count
                    } else if count == 0 {
                        ended = true
                        return
                    } else if errno != EINTR {
                        failure = errno
                        return
                    }
                }
            }
            guard failure == 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(failure))) }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if ended { return bytes }
        }
    }

    public func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try writeFile(path, parts: [bytes])
    }

    public func writeFile(_ path: String, text: String) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        let written: Void? = try text.utf8.withContiguousStorageIfAvailable {
            try write(UnsafeRawBufferPointer($0), to: descriptor, path: path)
        }
        if written == nil { try Array(text.utf8).withUnsafeBytes { try write($0, to: descriptor, path: path) } }
    }

    /// Writes each part in turn, so that a large file made of pieces is never joined in memory.
    public func writeFile(_ path: String, parts: [[UInt8]]) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        for part in parts {
            try part.withUnsafeBytes { try write($0, to: descriptor, path: path) }
        }
    }

    private func create(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.error(path) }
        return descriptor
    }

    private func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < buffer.count, let base = buffer.baseAddress {
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.error(path)
            }
            offset += written
        }
    }

    public func createDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && kind(of: path) == .directory) { return }
        guard errno == ENOENT else { throw Self.error(path) }
        try wrap(path) { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    }

    public func copyFile(from source: String, to destination: String) throws {
        try wrap(destination) { try FileManager.default.copyItem(atPath: source, toPath: destination) }
    }

    public func move(from source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw FileSystemError(path: source, reason: "cannot be renamed to \(destination): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes a file, or a folder with everything in it, depth first without following links.
    public func remove(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw Self.error(path) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            for name in try contentsOfDirectory(path) {
                try remove(path + "/" + name)
            }
            guard rmdir(path) == 0 else { throw Self.error(path) }
        } else {
            guard unlink(path) == 0 else { throw Self.error(path) }
        }
    }

    private static func error(_ path: String) -> FileSystemError {
        FileSystemError(path: path, reason: String(cString: strerror(errno)))
    }

    private func wrap<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CocoaError {
            let reason = (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
            throw FileSystemError(path: path, reason: reason)
        }
    }
}

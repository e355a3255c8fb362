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
        guard let directory = opendir(path) else { throw Self.error(path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            if let name = Self.name(of: entry) { names.append(name) }
        }
        return names
    }

    /// Each entry's status from `fstatat` on the open folder, so that no path is looked up whole.
    /// A folder the listing itself says is one is not stat'ed: it is reported with its kind only
    /// (size and modification time 0), which is all a walk needs of it.
    public func statusOfEntries(in path: String) throws -> [(name: String, status: FileStatus)] {
        guard let directory = opendir(path) else { throw Self.error(path) }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [(name: String, status: FileStatus)] = []
        while let entry = readdir(directory) {
            guard let name = Self.name(of: entry) else { continue }
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                entries.append((name, FileStatus(kind: .directory, size: 0, modified: 0)))
                continue
            }
            var status = stat()
            let found = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) {
                    fstatat(descriptor, $0, &status, 0) == 0
                }
            }
            if found { entries.append((name, Self.fileStatus(status))) }
        }
        return entries
    }

    /// An entry's name, or nil for `.` and `..`.
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String? {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return name == "." || name == ".." ? nil : name
    }

    private static func fileStatus(_ status: stat) -> FileStatus {
        FileStatus(
            kind: (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .file, size: Int(status.st_size),
            modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec))
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.error(path) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw FileSystemError(path: path, reason: "is a folder") }
        // Read straight into an array of the file's size and one byte more, so that the end
        // shows in the first chunk (and no capacity is wasted on the thousands of small pages a
        // build holds): a regular file's read that comes back short has reached the end, so one
        // call usually does. A file that grows meanwhile, or has no size, is read on in more chunks.
        var bytes = [UInt8]()
        let regular = (status.st_mode & S_IFMT) == S_IFREG
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
                        if regular, initialized < buffer.count {
                            ended = true
                            return
                        }
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
        let descriptor = try create(path)
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { try write($0, to: descriptor, path: path) }
    }

    public func writeFile(_ path: String, text: String) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        let written: Void? = try text.utf8.withContiguousStorageIfAvailable {
            try write(UnsafeRawBufferPointer($0), to: descriptor, path: path)
        }
        if written == nil { try Array(text.utf8).withUnsafeBytes { try write($0, to: descriptor, path: path) } }
    }

    /// Writes each piece in turn, so that a large file made of pieces is never joined in memory;
    /// ranges of other files are copied by the kernel (`sendfile`), never read into memory.
    /// Small pieces of bytes are gathered into one write.
    public func writeFile(_ path: String, pieces: [FilePiece]) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        var sources: [String: Int32] = [:]
        defer { sources.values.forEach { close($0) } }
        var pending: [UInt8] = []
        func flush() throws {
            try pending.withUnsafeBytes { try write($0, to: descriptor, path: path) }
            pending.removeAll(keepingCapacity: true)
        }
        for piece in pieces {
            switch piece {
            case .bytes(let bytes) where bytes.count < 65536:
                pending += bytes
                if pending.count >= 262_144 { try flush() }
            case .bytes(let bytes):
                try flush()
                try bytes.withUnsafeBytes { try write($0, to: descriptor, path: path) }
            case .range(let range, let source):
                try flush()
                let input = try sources[source] ?? openForReading(source)
                sources[source] = input
                try copy(range, of: input, named: source, to: descriptor, path: path)
            }
        }
        try flush()
    }

    /// Copies a byte range of one open file to the end of another, in the kernel.
    private func copy(_ range: Range<Int>, of input: Int32, named source: String, to output: Int32, path: String) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let copied = sendfile(output, input, &offset, range.upperBound - offset)
            if copied < 0 {
                if errno == EINTR { continue }
                throw Self.error(path)
            }
            if copied == 0 { throw FileSystemError(path: source, reason: "is shorter than \(range.upperBound) bytes") }
        }
    }

    private func openForReading(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(path) }
        return descriptor
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

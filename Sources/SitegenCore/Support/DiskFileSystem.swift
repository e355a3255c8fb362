import Foundation
import Synchronization

/// The real file system, through POSIX calls. Reading never follows a path into anything but a
/// regular file (a FIFO would block, a device never end), and a confined read checks the real
/// path of the descriptor it actually opened, so no link swapped in meanwhile can escape the root.
package struct DiskFileSystem: FileSystem {
    /// The largest file `readFile` reads: far beyond any page or image a site holds.
    package static let maximumReadSize = 1 << 30

    package init() {}

    package func status(of path: String) -> FileStatus? {
        var status = stat()
        guard !Self.holdsNUL(path), stat(path, &status) == 0 else { return nil }
        return Self.fileStatus(status)
    }

    package func linkStatus(of path: String) -> FileStatus? {
        var status = stat()
        guard !Self.holdsNUL(path), lstat(path, &status) == 0 else { return nil }
        return Self.fileStatus(status)
    }

    /// Each entry's status from `fstatat` on the open folder (not following links), so that no
    /// path is looked up whole. A folder the listing itself says is one is not stat'ed: its size,
    /// time and identity are 0, which is all a walk needs of it.
    package func entries(in path: String) throws -> [DirectoryEntry] {
        if Self.holdsNUL(path) { throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound) }
        guard let directory = opendir(path) else { throw Self.error(path) }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [DirectoryEntry] = []
        while true {
            // readdir returns nil at the end and on an error, which only errno tells apart.
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Self.error(path) }
                return entries
            }
            guard let (name, isUTF8) = Self.name(of: entry) else { continue }
            guard isUTF8 else {
                // Such a name cannot be a path here; it is listed (escaped), never silently lost.
                entries.append(DirectoryEntry(name: name, status: FileStatus(kind: .nameNotUTF8, size: 0, modified: 0)))
                continue
            }
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                entries.append(DirectoryEntry(name: name, status: FileStatus(kind: .directory, size: 0, modified: 0)))
                continue
            }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                // An entry removed since the listing is left out; any other failure is an error,
                // never a file silently missing from a build.
                if errno == ENOENT { continue }
                throw Self.error(path + "/" + name)
            }
            entries.append(DirectoryEntry(name: name, status: Self.fileStatus(status)))
        }
    }

    package func isWritable(_ path: String) -> Bool {
        access(path, W_OK | X_OK) == 0
    }

    package func makeWritable(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw Self.error(path) }
        guard chmod(path, (status.st_mode & 0o7777) | S_IRWXU) == 0 else { throw Self.error(path) }
    }

    package func realPath(_ path: String) -> String? {
        guard !Self.holdsNUL(path) else { return nil }
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// An entry's name and whether it is UTF-8, or nil for `.` and `..`. A name that is not
    /// UTF-8 comes with each byte that is not written `\xFF`, as messages show it.
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> (String, Bool)? {
        // Read in place: copying the whole 256-byte name field, then its bytes, cost more than the `fstatat`.
        let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> (String, Bool)? in
            guard let base = raw.baseAddress else { return nil }
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: strnlen(base.assumingMemoryBound(to: CChar.self), raw.count))
            guard let name = String(validating: bytes, as: UTF8.self) else { return (escaped(Array(bytes)), false) }
            return (name, true)
        }
        guard let name else { return nil }
        return name.1 && (name.0 == "." || name.0 == "..") ? nil : name
    }

    /// `bytes` with every byte that is not part of valid UTF-8 written as `\xHH`.
    private static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            var length = 1
            while length <= 4, index + length <= bytes.count {
                if let scalar = String(validating: bytes[index..<index + length], as: UTF8.self) {
                    result += scalar
                    break
                }
                length += 1
            }
            if length > 4 || index + length > bytes.count {
                result += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                length = 1
            }
            index += length
        }
        return result
    }

    private static func fileStatus(_ status: stat) -> FileStatus {
        FileStatus(
            kind: Platform.kind(of: status.st_mode), size: Int(status.st_size), modified: Platform.modificationTime(status),
            changed: Platform.changeTime(status),
            identity: FileIdentity(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino)))
    }

    // MARK: Reading

    package func readFile(_ path: String, confinedTo root: String?) throws -> [UInt8] {
        let (descriptor, status) = try openRegularFile(path, confinedTo: root)
        defer { close(descriptor) }
        return try read(descriptor, size: Int(status.st_size), path: path)
    }

    /// Opens the file without looking at its path first: the listing that showed it a regular
    /// file did (a FIFO put there since is opened without blocking, and refused once open).
    package func readListedFile(_ path: String, confinedTo root: String?) throws -> [UInt8] {
        let (descriptor, status) = try openRegularFile(path, confinedTo: root, listed: true)
        defer { close(descriptor) }
        return try read(descriptor, size: Int(status.st_size), path: path)
    }

    package func readFile(_ path: String, range: Range<Int>, confinedTo root: String?) throws -> [UInt8] {
        let (descriptor, status) = try openRegularFile(path, confinedTo: root)
        defer { close(descriptor) }
        let end = min(range.upperBound, Int(status.st_size))
        guard range.lowerBound >= 0, range.lowerBound < end else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: end - range.lowerBound) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < buffer.count {
                let count = pread(descriptor, base + initialized, buffer.count - initialized, off_t(range.lowerBound + initialized))
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        guard failure == 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(failure))) }
        return bytes
    }

    /// Opens a regular file for reading: its kind is checked before it is opened (opening some
    /// devices has effects), unless a listing has just shown it a regular file (`listed`), and
    /// again on the descriptor; with `root`, the file opened must lie inside it.
    private func openRegularFile(_ path: String, confinedTo root: String?, listed: Bool = false) throws -> (Int32, stat) {
        if Self.holdsNUL(path) { throw FileSystemError(path: path, reason: "No such file or directory", kind: .notFound) }
        if !listed {
            var before = stat()
            guard stat(path, &before) == 0 else { throw Self.error(path) }
            let kind = Platform.kind(of: before.st_mode)
            guard kind == .file else {
                throw FileSystemError(path: path, reason: "is \(kind.description), not a regular file", kind: .notARegularFile(kind))
            }
        }
        let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        // A path inside the root that goes through no link names a file inside it: the kernel is
        // not asked where the file really is (a readlink per read) unless a link is on the way.
        var linkFree = false
        var descriptor: Int32 = -1
        if let root, Path.isPlain(path) {
            let base = path.utf8.first == UInt8(ascii: "/") ? (AT_FDCWD, path) : Platform.workingDirectory.map { ($0.descriptor, $0.realPath + "/" + path) }
            if let (folder, absolute) = base, Path.isInside(absolute, root: root) {
                descriptor = Platform.openWithoutLinks(path, from: folder, flags: flags)
                linkFree = descriptor >= 0
            }
        }
        if descriptor < 0 { descriptor = open(path, flags) }
        guard descriptor >= 0 else { throw Self.error(path) }
        var status = stat()
        do {
            guard fstat(descriptor, &status) == 0 else { throw Self.error(path) }
            let opened = Platform.kind(of: status.st_mode)
            guard opened == .file else {
                throw FileSystemError(path: path, reason: "is \(opened.description), not a regular file", kind: .notARegularFile(opened))
            }
            if let root, !linkFree {
                guard let real = Platform.realPath(ofDescriptor: descriptor) else {
                    throw FileSystemError(path: path, reason: "cannot tell where the file really is")
                }
                guard Path.isInside(real, root: root) else {
                    throw FileSystemError(path: path, reason: "is really \(real), outside \(root)", kind: .outsideRoot(realPath: real))
                }
            }
            guard Int(status.st_size) <= Self.maximumReadSize else {
                throw FileSystemError(path: path, reason: "is larger than \(Self.maximumReadSize >> 20) MiB", kind: .tooLarge)
            }
        } catch {
            close(descriptor)
            throw error
        }
        return (descriptor, status)
    }

    /// Reads an open regular file straight into an array of its size and one byte more, so that
    /// the end shows in the first chunk: a read of a regular file that comes back short has
    /// reached the end, so one call usually does. A file that grows meanwhile is read on in
    /// chunks, up to `maximumReadSize`.
    private func read(_ descriptor: Int32, size: Int, path: String) throws -> [UInt8] {
        var bytes = [UInt8]()
        let chunkSize = size > 0 ? size + 1 : 4096
        while true {
            var failure: Int32 = 0
            var ended = false
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                while initialized < buffer.count {
                    let count = Foundation.read(descriptor, base + initialized, buffer.count - initialized)
                    if count > 0 {
                        initialized += count
                        if initialized < buffer.count {
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
            guard bytes.count <= Self.maximumReadSize else {
                throw FileSystemError(path: path, reason: "is larger than \(Self.maximumReadSize >> 20) MiB", kind: .tooLarge)
            }
        }
    }

    // MARK: Writing

    package func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { try write($0, to: descriptor, path: path) }
    }

    package func writeFile(_ path: String, text: String) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        let written: Void? = try text.utf8.withContiguousStorageIfAvailable {
            try write(UnsafeRawBufferPointer($0), to: descriptor, path: path)
        }
        if written == nil { try Array(text.utf8).withUnsafeBytes { try write($0, to: descriptor, path: path) } }
    }

    /// Writes each piece in turn, so that a large file made of pieces is never joined in memory;
    /// ranges of other files are copied by the kernel, never read into memory. Small pieces of
    /// bytes are gathered into one write.
    package func writeFile(_ path: String, pieces: [FilePiece]) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        var sources: [String: Int32] = [:]
        defer { sources.values.forEach { close($0) } }
        var pending: [UInt8] = []
        func flush() throws {
            try pending.withUnsafeBytes { try write($0, to: descriptor, path: path) }
            pending.removeAll(keepingCapacity: true)
        }
        for piece in Self.coalesced(pieces) {
            switch piece {
            case .bytes(let bytes) where bytes.count < 65536:
                pending += bytes
                if pending.count >= 262_144 { try flush() }
            case .bytes(let bytes):
                try flush()
                try bytes.withUnsafeBytes { try write($0, to: descriptor, path: path) }
            case .range(let range, let source):
                try flush()
                let input: Int32
                if let open = sources[source] {
                    input = open
                } else {
                    input = try openRegularFile(source, confinedTo: try realFolder(of: source)).0
                    sources[source] = input
                }
                try copy(range, of: input, named: source, to: descriptor, path: path)
            }
        }
        try flush()
    }

    /// `pieces` with ranges that follow one another in one file joined, so that they are one copy.
    static func coalesced(_ pieces: [FilePiece]) -> [FilePiece] {
        var result: [FilePiece] = []
        for piece in pieces {
            if case .range(let range, let file) = piece, case .range(let previous, let previousFile)? = result.last, previousFile == file,
                previous.upperBound == range.lowerBound
            {
                result[result.count - 1] = .range(previous.lowerBound..<range.upperBound, of: file)
            } else {
                result.append(piece)
            }
        }
        return result
    }

    package func copyFile(from source: String, to destination: String, confinedTo root: String?) throws {
        let (input, status) = try openRegularFile(source, confinedTo: root)
        defer { close(input) }
        let output = try create(destination)
        defer { close(output) }
        try copy(0..<Int(status.st_size), of: input, named: source, to: output, path: destination)
    }

    /// Copies a byte range of one open file to the end of another, in the kernel where it can.
    private func copy(_ range: Range<Int>, of input: Int32, named source: String, to output: Int32, path: String) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let copied = Platform.copy(from: input, offset: &offset, count: range.upperBound - offset, to: output)
            if copied < 0 {
                if errno == EINTR { continue }
                throw Self.error(path)
            }
            if copied == 0 { throw FileSystemError(path: source, reason: "is shorter than \(range.upperBound) bytes") }
        }
    }

    /// Creates or truncates a file for writing; a link at `path` is an error, never followed.
    private func create(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
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

    package func hardLink(from existing: String, to newPath: String) throws {
        guard link(existing, newPath) == 0 else { throw Self.error(newPath) }
    }

    package func createDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && status(of: path)?.kind == .directory) { return }
        guard errno == ENOENT else { throw Self.error(path) }
        let parent = Path.directory(of: path)
        guard !parent.isEmpty, parent != path else { throw Self.error(path) }
        try createDirectory(parent)
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && status(of: path)?.kind == .directory) else { throw Self.error(path) }
    }

    package func move(from source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw FileSystemError(path: source, reason: "cannot be renamed to \(destination): \(String(cString: strerror(errno)))")
        }
    }

    package func exchange(_ first: String, _ second: String) throws {
        let code = Platform.exchange(first, second)
        guard code != 0 else { return }
        let reason = "cannot be swapped with \(second): \(String(cString: strerror(code)))"
        throw FileSystemError(path: first, reason: reason, kind: Platform.exchangeIsUnsupported(code) ? .unsupported : .other)
    }

    /// Removes a file, or a folder with everything in it, depth first without following links.
    package func remove(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw Self.error(path) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            for entry in try entries(in: path) {
                try remove(path + "/" + entry.name)
            }
            guard rmdir(path) == 0 else { throw Self.error(path) }
        } else {
            guard unlink(path) == 0 else { throw Self.error(path) }
        }
    }

    package func removeFile(_ path: String) throws {
        guard unlink(path) == 0 else { throw Self.error(path) }
    }

    package func synchronize(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        Platform.synchronizeFileSystem(of: descriptor)
    }

    package func currentTime() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    package func lock(_ path: String, wait: Bool) throws -> (any FileLock)? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.error(path) }
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            errno = code
            throw Self.error(path)
        }
        return DescriptorLock(descriptor: descriptor)
    }

    /// Whether `path` holds a NUL byte: the system would read it only up to there, and so name
    /// another file than the one asked for (`evil.html\0.txt` is `evil.html`). Such a path names nothing.
    private static func holdsNUL(_ path: String) -> Bool {
        path.utf8.contains(0)
    }

    private static func error(_ path: String) -> FileSystemError {
        let code = errno
        let kind: FileSystemError.Kind
        switch code {
        case ENOENT: kind = .notFound
        case EACCES, EPERM, EROFS: kind = .notPermitted
        case EFBIG:
            return FileSystemError(path: path, reason: "the file is larger than the process may write (ulimit -f)", kind: .tooLarge)
        case EMFILE, ENFILE:
            return FileSystemError(path: path, reason: "no file descriptors are left (ulimit -n)", kind: .other)
        case ENOSPC, EDQUOT:
            return FileSystemError(path: path, reason: "the disk is full", kind: .other)
        default: kind = .other
        }
        return FileSystemError(path: path, reason: String(cString: strerror(code)), kind: kind)
    }
}

/// A `flock` held on an open descriptor; closing the descriptor releases it.
private final class DescriptorLock: FileLock {
    private let descriptor: Mutex<Int32?>

    init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    func release() {
        descriptor.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    deinit {
        release()
    }
}

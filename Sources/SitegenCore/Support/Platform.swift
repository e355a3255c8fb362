import CPlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls that differ between Linux and Darwin, in one place. Linux is what this
/// project builds and tests on; the Darwin branches are the documented equivalents.
enum Platform {
    /// Modification time in nanoseconds since the epoch.
    static func modificationTime(_ status: stat) -> Int {
        #if canImport(Glibc)
            Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        #else
            Int(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int(status.st_mtimespec.tv_nsec)
        #endif
    }

    /// Status change time in nanoseconds since the epoch.
    static func changeTime(_ status: stat) -> Int {
        #if canImport(Glibc)
            Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec)
        #else
            Int(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int(status.st_ctimespec.tv_nsec)
        #endif
    }

    /// The real path of the file an open descriptor refers to, as the kernel resolved it.
    static func realPath(ofDescriptor descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if canImport(Glibc)
            let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            buffer[count] = 0
        #else
            guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        #endif
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Swaps two paths atomically; returns 0, or an `errno` value.
    static func exchange(_ first: String, _ second: String) -> Int32 {
        sitegen_exchange(first, second) == 0 ? 0 : errno
    }

    /// Whether an `errno` from `exchange` means the file system cannot swap, rather than a failure.
    static func exchangeIsUnsupported(_ code: Int32) -> Bool {
        #if canImport(Glibc)
            code == EINVAL || code == ENOSYS || code == EOPNOTSUPP
        #else
            code == ENOTSUP || code == EINVAL
        #endif
    }

    /// Copies `count` bytes from `input` at `offset` to the end of `output`; the bytes copied,
    /// 0 at the input's end, or -1 with `errno`.
    static func copy(from input: Int32, offset: inout Int, count: Int, to output: Int32) -> Int {
        #if canImport(Glibc)
            return sendfile(output, input, &offset, count)
        #else
            var buffer = [UInt8](repeating: 0, count: min(count, 1 << 20))
            let read = pread(input, &buffer, buffer.count, off_t(offset))
            guard read > 0 else { return read }
            let written = buffer.withUnsafeBytes { write(output, $0.baseAddress, read) }
            if written > 0 { offset += written }
            return written
        #endif
    }

    /// Flushes everything written to the file system that holds `descriptor` to its storage.
    static func synchronizeFileSystem(of descriptor: Int32) {
        #if canImport(Glibc)
            _ = syncfs(descriptor)
        #else
            _ = fcntl(descriptor, F_FULLFSYNC)
        #endif
    }

    /// What a `stat` mode names, for the kinds a build distinguishes.
    static func kind(of mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFIFO: return .special("a FIFO")
        case S_IFCHR: return .special("a character device")
        case S_IFBLK: return .special("a block device")
        case S_IFSOCK: return .special("a socket")
        default: return .special("a special file")
        }
    }
}

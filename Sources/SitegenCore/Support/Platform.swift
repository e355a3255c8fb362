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

    /// Opens `path` (absolute, or relative to the folder open as `base`) when none of its
    /// components is a symbolic link, so that the file opened is the one its text names; -1
    /// otherwise (a link on the way, or a kernel without openat2).
    static func openWithoutLinks(_ path: String, from base: Int32, flags: Int32) -> Int32 {
        sitegen_open_without_links(base, path, flags)
    }

    /// The working directory, held open, and its real path, read once (sitegen never changes
    /// it): where a relative path is opened from without links.
    static let workingDirectory: (descriptor: Int32, realPath: String)? = {
        let descriptor = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard let real = realPath(ofDescriptor: descriptor) else {
            close(descriptor)
            return nil
        }
        return (descriptor, real)
    }()

    /// The offset of the first `needle` in `haystack` (memmem), or nil.
    static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let base = haystack.baseAddress, let found = sitegen_find(base, haystack.count, needle.baseAddress, needle.count) else { return nil }
        return base.distance(to: found)
    }

    /// Whether a leak checker (LeakSanitizer, in a sanitized build) watches the process: it reads
    /// the memory the process still holds at its exit, and cannot follow Swift's references that
    /// carry tag bits, so what the process keeps until then would look leaked to it.
    static let hasLeakChecker: Bool = {
        #if canImport(Glibc)
            let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)
        #else
            let defaultHandle = UnsafeMutableRawPointer(bitPattern: -2)
        #endif
        return dlsym(defaultHandle, "__lsan_do_leak_check") != nil
    }()

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
        case S_IFIFO: return .special(.fifo)
        case S_IFCHR: return .special(.characterDevice)
        case S_IFBLK: return .special(.blockDevice)
        case S_IFSOCK: return .special(.socket)
        default: return .special(.other)
        }
    }

    /// The command that opens a URL in the user's browser.
    static var browserOpener: String {
        #if canImport(Glibc)
            "xdg-open"
        #else
            "open"
        #endif
    }

    // MARK: Watching folders

    /// A notifier of changes in folders (inotify), or nil where there is none (Darwin, or
    /// Linux out of instances): the caller then polls.
    static func makeChangeNotifier() -> Int32? {
        #if canImport(Glibc)
            let notifier = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            return notifier >= 0 ? notifier : nil
        #else
            return nil
        #endif
    }

    /// Watches the folder at `path` for files and folders made, written, moved and removed in it;
    /// the watch's number, or nil (with `errno`) when it cannot (ENOSPC: out of watches).
    static func watchFolder(_ path: String, with notifier: Int32) -> Int32? {
        #if canImport(Glibc)
            let events = UInt32(IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE)
                | UInt32(IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
            let watch = inotify_add_watch(notifier, path, events)
            return watch >= 0 ? watch : nil
        #else
            return nil
        #endif
    }

    /// One change a notifier reported: in the folder of watch `watch`, the entry `name` (empty for
    /// the folder itself).
    struct FolderChange: Equatable {
        var watch: Int32
        var name: String
        /// The entry is a folder, or the folder itself went away: the watches need renewing.
        var touchesFolders: Bool
        /// The notifier lost events: anything may have changed.
        var overflowed: Bool
    }

    /// The changes waiting on a notifier, without blocking.
    static func readChanges(from notifier: Int32) -> [FolderChange] {
        #if canImport(Glibc)
            var changes: [FolderChange] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(notifier, $0.baseAddress, $0.count) }
                guard count > 0 else { return changes }
                var offset = 0
                buffer.withUnsafeBytes { bytes in
                    let header = MemoryLayout<inotify_event>.size
                    while offset + header <= count {
                        let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        let nameBytes = bytes[(offset + header)..<min(count, offset + header + Int(event.len))]
                        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                        let folderEvents = UInt32(IN_ISDIR | IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)
                        changes.append(
                            FolderChange(
                                watch: event.wd, name: name, touchesFolders: event.mask & folderEvents != 0,
                                overflowed: event.mask & UInt32(IN_Q_OVERFLOW) != 0))
                        offset += header + Int(event.len)
                    }
                }
            }
        #else
            return []
        #endif
    }

    /// A pipe, for waking a thread that waits for input: read end, write end.
    static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        return (ends[0], ends[1])
    }

    /// Waits up to `timeout` seconds for any of `descriptors` to have input; which ones have.
    static func waitForInput(_ descriptors: [Int32], timeout: Double) -> [Bool] {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds = Int32(max(0, min(timeout, 3600)) * 1000)
        let ready = poll(&polled, nfds_t(polled.count), milliseconds)
        guard ready > 0 else { return descriptors.map { _ in false } }
        return polled.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
    }

    /// Reads and drops whatever is waiting on a non-blocking descriptor.
    static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Writes one byte to a descriptor, ignoring a full pipe (it is already signalled).
    static func writeWakeByte(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }
}

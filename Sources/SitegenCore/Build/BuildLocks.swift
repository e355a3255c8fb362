import Synchronization

/// The locks that keep one build at a time per site (its cache) and per output folder: `flock`s
/// on lock files, which the system releases when a build ends however it ends.
final class BuildLocks: Sendable {
    let fileSystem: any FileSystem
    /// Whether to wait for a lock another build holds, rather than fail.
    let wait: Bool
    /// Told, once, why the build is waiting.
    let waiting: @Sendable (String) -> Void
    private let held = Mutex<[any FileLock]>([])

    init(fileSystem: any FileSystem, wait: Bool, waiting: @escaping @Sendable (String) -> Void) {
        self.fileSystem = fileSystem
        self.wait = wait
        self.waiting = waiting
    }

    /// Takes the site's lock, in its cache folder. A site whose folder cannot be written to is
    /// built without one (nor can its cache be saved).
    func lockSite(_ loader: SiteLoader) -> Diagnostic? {
        let folder = loader.diskPath(BuildCache.directory)
        guard (try? fileSystem.createDirectory(folder)) != nil else { return nil }
        return take(Path.join(folder, BuildCache.lockFile), of: "the site \(loader.siteDirectory)", path: loader.siteDirectory)
    }

    /// Takes the output folder's lock, a hidden file beside it (the folder itself is swapped whole).
    func lockOutput(_ output: String) -> Diagnostic? {
        take(OutputWriter.sibling(of: output, suffix: "sitegen-lock"), of: "the output folder \(output)", path: output)
    }

    func releaseAll() {
        let locks = held.withLock { held in
            defer { held = [] }
            return held
        }
        locks.reversed().forEach { $0.release() }
    }

    private func take(_ lockFile: String, of what: String, path: String) -> Diagnostic? {
        do {
            if let lock = try fileSystem.lock(lockFile, wait: false) {
                held.withLock { $0.append(lock) }
                return nil
            }
            guard wait else {
                return .error("another sitegen build of \(what) is running; run again when it has finished, or without --no-wait to wait for it", path: path)
            }
            waiting("Waiting for another sitegen build of \(what) to finish…")
            if let lock = try fileSystem.lock(lockFile, wait: true) { held.withLock { $0.append(lock) } }
            return nil
        } catch {
            // A lock file that cannot be made (a read-only folder) leaves the build to find out
            // what it cannot write, and say so.
            return nil
        }
    }
}

import Diagnostics
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

    /// Takes the site's lock, in the workspace's cache folder, which must be a folder of the
    /// site's own, as must each folder above it (a link there would send the cache's writes out of
    /// the site). A file or a link where one of these folders goes is a cache sitegen cannot read:
    /// it is removed (a link, not what it leads to), with a warning, and the build starts over.
    /// A site whose folder cannot be written to is built without a lock (nor can its cache be
    /// saved). Returns the warnings, or the error that stops the build.
    func lockSite(_ loader: SiteLoader, workspace: BuildWorkspace = .site) -> [Diagnostic] {
        let cacheFolder = workspace.cacheFolder
        var warnings: [Diagnostic] = []
        var prefix = ""
        for component in Path.components(of: cacheFolder) {
            prefix = Path.join(prefix, String(component))
            let path = loader.diskPath(prefix)
            guard let kind = fileSystem.linkStatus(of: path)?.kind, kind != .directory else { continue }
            do {
                // Never a folder: one another build has just made there stays.
                try fileSystem.removeFile(path)
                warnings.append(.warning("'\(prefix)' was \(kind.description) where sitegen keeps its build cache; it was removed, and the site built from scratch", path: path))
            } catch {
                if fileSystem.linkStatus(of: path)?.kind == .directory { continue }
                let reason = (error as? FileSystemError)?.reason ?? "\(error)"
                return [.error("'\(prefix)' is \(kind.description) where sitegen keeps its build cache, and cannot be removed (\(reason)): remove it", path: path)]
            }
        }
        let folder = loader.diskPath(cacheFolder)
        do {
            try fileSystem.createDirectory(folder)
        } catch let error as FileSystemError where error.kind == .notPermitted {
            return warnings
        } catch {
            return [.error("cannot make the build cache's folder: \(error)", path: folder)]
        }
        return take(Path.join(folder, BuildCache.lockFile), of: "the site \(loader.siteDirectory)", path: loader.siteDirectory).map { [$0] } ?? warnings
    }

    /// Takes the output folder's lock, a hidden file beside it (the folder itself is swapped whole).
    /// The folder the output goes in is made first, as the output itself would be.
    func lockOutput(_ output: String) -> Diagnostic? {
        try? fileSystem.createDirectory(Path.directory(of: output))
        return take(OutputWriter.lock(of: output), of: "the output folder \(output)", path: output)
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
        } catch let error as FileSystemError where error.kind == .notPermitted {
            // A lock file that cannot be made in a read-only folder leaves the build to find out
            // what it cannot write, and say so.
            return nil
        } catch {
            // Anything else is not built past: a build without its lock could mix its output
            // with another's. Only something other than a file where the lock goes is the user's
            // to remove; any other failure (no descriptors left, say) is said as it is.
            let reason = (error as? FileSystemError)?.reason ?? "\(error)"
            if let kind = fileSystem.linkStatus(of: lockFile)?.kind, kind != .file {
                return .error("it is \(kind.description), not a lock file, so the build cannot take its lock; remove it", path: lockFile)
            }
            return .error("cannot take the build's lock: \(reason)", path: lockFile)
        }
    }
}

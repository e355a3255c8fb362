import Foundation
import Synchronization

/// A new output, made whole in a staging folder beside the current one and swapped in with one
/// atomic exchange, so that at every instant the output folder is entirely the previous build or
/// entirely the new one, however the build ends.
///
/// The staging folder is kept between builds: after the exchange it holds the previous output,
/// and the next build brings it up to date rather than making a tree from nothing, so folders
/// are not created and deleted by the thousand on every build. A file whose bytes are what the
/// current output already holds at that path (and every file `carry` names) becomes a hard link
/// to the current output's file, which is nothing to do at all when the staging folder already
/// links that very file. New bytes go into a temporary file renamed into place, so that no file
/// the current output shares with the staging folder is ever written through.
///
/// Files arrive from any number of threads as they are rendered. Until `commit()` the current
/// output is untouched; a write that fails is kept and reported by `commit()`.
final class OutputTransaction: Sendable {
    let fileSystem: any FileSystem
    /// The output folder.
    let output: String
    let staging: String
    /// The files of the current output (one of sitegen's), relative to it, with their status.
    private let current: [String: FileStatus]
    /// What the staging folder held when the build began: files (and anything else not a folder)
    /// and folders, relative to it.
    private let spare: [String: FileStatus]
    private let spareFolders: Set<String>
    /// Placeholders in the current output, kept in the new one: each a copy of the file, or an
    /// empty file where it is not one (a link committed as `output/.gitkeep` would publish what
    /// it leads to wherever a deploy follows links).
    private let placeholders: [(path: String, isFile: Bool)]
    /// Whether the staging folder was made for this build (no earlier build left one).
    private let createdStaging: Bool
    private let state = Mutex(State())

    private struct State {
        var failure: OutputWriter.Failure?
        /// Folders the new output needs that are known to exist in the staging folder.
        var folders: Set<String> = [""]
        /// Every file of the new output.
        var files: Set<String> = []
        var temporaryCount = 0
        /// Bytes of generated files (not copies) written so far.
        var generatedSize = 0
        /// The flushes `flushWrittenSoFar()` started.
        var earlyFlushes: [Background<Bool>] = []
    }

    /// The most bytes of generated files (pages, manifest, scripts; copied images aside) one
    /// build may write: far past any real site, and a bound on what a hostile one can make.
    static let maximumGeneratedSize = 2 << 30

    init(
        fileSystem: any FileSystem, output: String, staging: String, current: [String: FileStatus],
        spare: [DirectoryWalker.Entry], spareFolders: [String], placeholders: [(path: String, isFile: Bool)], createdStaging: Bool = false
    ) {
        self.fileSystem = fileSystem
        self.output = output
        self.staging = staging
        self.current = current
        self.spare = Dictionary(spare.map { ($0.path, $0.status) }) { first, _ in first }
        self.spareFolders = Set(spareFolders)
        self.placeholders = placeholders
        self.createdStaging = createdStaging
    }

    /// Adds `files` to the new output, unless a write has failed already.
    func write(_ files: [OutputFile]) {
        guard state.withLock({ $0.failure == nil }) else { return }
        let size = files.reduce(0) { $0 + $1.generatedSize }
        let passed = state.withLock { state in
            state.generatedSize += size
            return state.generatedSize > Self.maximumGeneratedSize
        }
        if passed, let largest = files.max(by: { $0.generatedSize < $1.generatedSize }) {
            record(OutputWriter.Failure(
                path: largest.path,
                message: "the build would write more than \(Self.maximumGeneratedSize >> 30) GiB of pages and data, the most one build may; the site is too large or something in it multiplies"))
            return
        }
        makeFolders(for: files.map(\.path))
        let failures: [OutputWriter.Failure?] = files.parallelMap { file in
            do {
                if current[file.path] != nil, isUnchanged(file) {
                    try link(file.path)
                } else {
                    let first = state.withLock { $0.files.insert(file.path).inserted }
                    try replace(file.path, first: first) { temporary in
                        switch file.contents {
                        case .text(let text): try fileSystem.writeFile(temporary, text: text)
                        case .bytes(let bytes): try fileSystem.writeFile(temporary, bytes)
                        case .pieces(let pieces): try fileSystem.writeFile(temporary, pieces: pieces)
                        case .copy(let source, let root): try fileSystem.copyFile(from: source, to: temporary, confinedTo: root)
                        }
                    }
                }
                return nil
            } catch {
                return OutputWriter.Failure(path: file.path, message: "cannot write the output: \(Self.reason(error))")
            }
        }
        record(failures.compactMap { $0 }.first)
    }

    /// The first write that failed, if one has.
    var failure: OutputWriter.Failure? { state.withLock { $0.failure } }

    /// Gives the new output up, for a build that found errors after its first files were written:
    /// a staging folder this build made goes (one an earlier build left is brought up to date by
    /// the next). The output itself was never touched.
    func abandon() {
        state.withLock { $0.failure = $0.failure ?? OutputWriter.Failure(path: output, message: "the build was given up") }
        if createdStaging { try? fileSystem.remove(staging) }
    }

    /// Adds files of the current output, unchanged, without reading them.
    func carry(_ paths: [String]) {
        guard state.withLock({ $0.failure == nil }) else { return }
        makeFolders(for: paths)
        let failures: [OutputWriter.Failure?] = paths.parallelMap { path in
            do {
                try link(path)
                return nil
            } catch {
                return OutputWriter.Failure(path: path, message: "cannot write the output: \(Self.reason(error))")
            }
        }
        record(failures.compactMap { $0 }.first)
    }

    /// Completes the new output with its marker and the placeholders, removes what the staging
    /// folder held that the new output does not, makes it durable, and swaps it in. Returns every
    /// file of the new output with its status. When anything failed, throws, and the current
    /// output stays as it was.
    /// `whileFlushing` is given the statuses of the new output's files (as `commit` returns them)
    /// and the record of its folders (for the next walk of it), and runs while they are flushed
    /// to storage, before the swap.
    @discardableResult
    func commit(
        whileFlushing work: ([DirectoryWalker.Entry], DirectoryWalker.Record) -> Void = { _, _ in }
    ) throws(OutputWriter.Failure) -> [DirectoryWalker.Entry] {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        write([OutputFile(path: OutputWriter.markerFile, text: OutputWriter.markerText)]
            + placeholders.filter { !$0.isFile }.map { OutputFile(path: $0.path, text: "") })
        carry(placeholders.filter(\.isFile).map(\.path))
        if let failure = state.withLock({ $0.failure }) { throw failure }
        try removeWhatIsNotNeeded()
        let files = try statuses()
        let folders = folderRecord()
        let flush = flushing()
        work(files, folders)
        _ = flush.result()
        state.withLock { $0.earlyFlushes }.forEach { _ = $0.result() }
        try swapIn()
        return files
    }

    /// Starts flushing what the staging folder holds so far to storage, on a thread of its own,
    /// so that the flush before the swap waits only for what is written after this: the flows'
    /// pages are flushed while the site-wide files are made, and those (a manifest of megabytes)
    /// while the rest is linked and the cache encoded.
    func flushWrittenSoFar() {
        let flush = flushing()
        state.withLock { $0.earlyFlushes.append(flush) }
    }

    /// The staging folder being flushed to storage, on a thread of its own.
    private func flushing() -> Background<Bool> {
        let fileSystem = fileSystem
        let staging = staging
        return Background {
            fileSystem.synchronize(staging)
            return true
        }
    }

    /// Puts the staging folder in place of the output: one atomic exchange where the file system
    /// has it; elsewhere two renames, with the previous output put back if the second fails.
    /// Either way the previous output ends up as the staging folder, for the next build.
    private func swapIn() throws(OutputWriter.Failure) {
        guard fileSystem.linkStatus(of: output) != nil else {
            try attempt(output) { try fileSystem.move(from: staging, to: output) }
            return
        }
        do {
            try fileSystem.exchange(staging, output)
            return
        } catch let error as FileSystemError where error.kind == .unsupported {
            // Renamed aside below.
        } catch {
            throw OutputWriter.Failure(path: output, message: "cannot replace the output: \(Self.reason(error))")
        }
        let aside = OutputWriter.aside(of: staging)
        try attempt(output) { try fileSystem.move(from: output, to: aside) }
        do {
            try attempt(output) { try fileSystem.move(from: staging, to: output) }
        } catch {
            try? fileSystem.move(from: aside, to: output)
            throw error
        }
        try? fileSystem.move(from: aside, to: staging)
    }

    /// Makes `staging/path` a hard link to the current output's file, unless it already is one.
    private func link(_ path: String) throws {
        let source = current[path]
        let first = state.withLock { $0.files.insert(path).inserted }
        if let source, let held = spare[path], held.kind == .file, source.identity != .unknown, held.identity == source.identity {
            return
        }
        try replace(path, first: first) { temporary in
            do {
                try fileSystem.hardLink(from: Path.join(output, path), to: temporary)
            } catch {
                try fileSystem.copyFile(from: Path.join(output, path), to: temporary)
            }
        }
    }

    /// Puts a file at `staging/path`: made by `make` under a temporary name, then renamed into
    /// place once the file there is unlinked, so that a file shared with the current output is
    /// never written through.
    /// Where the staging folder held nothing when the build began and this build puts the path for
    /// the `first` time, nothing there can be shared with the current output: the file is written
    /// in place, with no temporary name to rename. (A path a build puts twice, as a link to the
    /// current output and as new bytes, say, always goes through a temporary name.)
    private func replace(_ path: String, first: Bool, make: (String) throws -> Void) throws {
        if first, spare[path] == nil, !spareFolders.contains(path) {
            try make(Path.join(staging, path))
            return
        }
        let temporary = Path.join(staging, state.withLock { state in
            state.temporaryCount += 1
            return Self.temporaryPrefix + String(state.temporaryCount)
        })
        let destination = Path.join(staging, path)
        if spareFolders.contains(path) { try fileSystem.remove(destination) }
        do {
            // A file left under this name by a killed build may be a link to the current output.
            if fileSystem.linkStatus(of: temporary) != nil { try fileSystem.remove(temporary) }
            try make(temporary)
            // The old name goes first: renamed over, ext4 writes the new file's data out there
            // and then (10 ms for a 13 MB manifest), where the flush before the swap would
            // have. The staging folder is not the output: nothing sees the path missing.
            // A folder there is not removed: the rename fails, naming the path. Nor is a file
            // found gone (another write of the path took it first): the rename is all it takes.
            if let kind = fileSystem.linkStatus(of: destination)?.kind, kind != .directory { try? fileSystem.remove(destination) }
            try fileSystem.move(from: temporary, to: destination)
        } catch {
            try? fileSystem.remove(temporary)
            throw error
        }
    }

    /// Makes the staging folders that `paths` go in, once each, parents first, removing any
    /// file the staging folder held where a folder must now be.
    private func makeFolders(for paths: [String]) {
        let needed = Set(paths.map { Path.directory(of: $0) })
        let missing = state.withLock { state in
            // Filtered, not `subtracting`: that walks the other set, which grows to every folder of the output.
            let missing = needed.filter { !state.folders.contains($0) }
            state.folders.formUnion(missing)
            return missing
        }
        for folder in missing.sorted() where !spareFolders.contains(folder) {
            do {
                for ancestor in Path.lineage(of: folder)
                where spare[ancestor] != nil && fileSystem.linkStatus(of: Path.join(staging, ancestor))?.kind != .directory {
                    try fileSystem.remove(Path.join(staging, ancestor))
                }
                try fileSystem.createDirectory(Path.join(staging, folder))
            } catch {
                record(OutputWriter.Failure(path: folder, message: "cannot write the output: \(Self.reason(error))"))
                return
            }
        }
    }

    /// Removes the staging folder's files and folders that the new output does not have.
    private func removeWhatIsNotNeeded() throws(OutputWriter.Failure) {
        let (files, folders) = state.withLock { ($0.files, $0.folders) }
        var needed = folders
        for folder in folders { needed.formUnion(Path.lineage(of: folder)) }
        // The topmost folders no longer needed go whole, with everything in them.
        let unneeded = spareFolders.subtracting(needed)
        let topmost = unneeded.filter { !unneeded.contains(Path.directory(of: $0)) }.sorted()
        for folder in topmost {
            try attempt(folder) { try fileSystem.remove(Path.join(staging, folder)) }
        }
        for path in spare.keys.sorted() where !files.contains(path) && !needed.contains(path) {
            guard !unneeded.contains(Path.directory(of: path)), fileSystem.linkStatus(of: Path.join(staging, path)) != nil else { continue }
            try attempt(path) { try fileSystem.remove(Path.join(staging, path)) }
        }
    }

    /// The name of the files new bytes are written to before they are renamed into place.
    static let temporaryPrefix = ".sitegen-temporary-"

    /// Every file of the new output with its status, read (on every core) once every link is
    /// made: a new name changes a file's status time.
    private func statuses() throws(OutputWriter.Failure) -> [DirectoryWalker.Entry] {
        let paths = state.withLock { $0.files.sorted() }
        let statuses = paths.parallelMap { fileSystem.linkStatus(of: Path.join(staging, $0)) }
        var entries: [DirectoryWalker.Entry] = []
        entries.reserveCapacity(paths.count)
        for (path, status) in zip(paths, statuses) {
            guard let status else {
                throw OutputWriter.Failure(path: path, message: "cannot write the output: the file is gone from \(staging)")
            }
            entries.append(DirectoryWalker.Entry(path: path, status: status))
        }
        return entries
    }

    /// Every folder of the new output with its status, as the staging folder holds them once
    /// every file is in place: the swap renames the top folder alone.
    private func folderRecord() -> DirectoryWalker.Record {
        let takenAt = fileSystem.currentTime()
        var paths = state.withLock { $0.folders }
        for folder in paths { paths.formUnion(Path.lineage(of: folder)) }
        let sorted = paths.sorted()
        let statuses = sorted.parallelMap { fileSystem.linkStatus(of: Path.join(staging, $0)) }
        let folders = zip(sorted, statuses).compactMap { path, status in status.map { DirectoryWalker.Entry(path: path, status: $0) } }
        return DirectoryWalker.Record(takenAt: takenAt, folders: folders)
    }

    private func record(_ failure: OutputWriter.Failure?) {
        guard let failure else { return }
        state.withLock { $0.failure = $0.failure ?? failure }
    }

    /// True when the current output already holds exactly what `file` would write. A copied file
    /// (a video of hundreds of MiB, say) is compared a MiB at a time, never read whole.
    private func isUnchanged(_ file: OutputFile) -> Bool {
        let existing = Path.join(output, file.path)
        guard let status = current[file.path], status.kind == .file else { return false }
        let parts: [[UInt8]]
        switch file.contents {
        case .text(let text): parts = [Array(text.utf8)]
        case .bytes(let content): parts = [content]
        case .pieces(let pieces):
            parts = pieces.compactMap { piece in
                if case .bytes(let part) = piece { return part }
                return nil
            }
            guard parts.count == pieces.count else { return false }
        case .copy(let source, let root):
            return fileSystem.status(of: source)?.size == status.size && isCopy(of: source, confinedTo: root, at: existing, size: status.size)
        }
        // Compared part by part, so that a large file made of pieces is never joined.
        guard parts.reduce(0, { $0 + $1.count }) == status.size, let bytes = try? fileSystem.readFile(existing) else {
            return false
        }
        var offset = 0
        for part in parts {
            guard bytes.count >= offset + part.count, Self.same(bytes[offset..<offset + part.count], part[...]) else { return false }
            offset += part.count
        }
        return offset == bytes.count
    }

    /// True when the `size` bytes of `existing` are those of `source`, read a MiB of each at a time.
    private func isCopy(of source: String, confinedTo root: String?, at existing: String, size: Int) -> Bool {
        let chunk = 1 << 20
        var offset = 0
        repeat {
            let range = offset..<min(size, offset + chunk)
            guard let mine = try? fileSystem.readFile(existing, range: range), let theirs = try? fileSystem.readFile(source, range: range, confinedTo: root),
                mine.count == range.count, Self.same(mine[...], theirs[...])
            else { return false }
            offset = range.upperBound
        } while offset < size
        return true
    }

    /// Byte-wise equality by `memcmp`, not element by element.
    private static func same(_ first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        return first.withUnsafeBytes { one in
            second.withUnsafeBytes { other in
                guard let a = one.baseAddress, let b = other.baseAddress else { return true }
                return memcmp(a, b, one.count) == 0
            }
        }
    }

    private func attempt(_ path: String, _ body: () throws -> Void) throws(OutputWriter.Failure) {
        do {
            try body()
        } catch {
            throw OutputWriter.Failure(path: path, message: "cannot write the output: \(Self.reason(error))")
        }
    }

    static func reason(_ error: any Error) -> String {
        (error as? FileSystemError)?.description ?? "\(error)"
    }
}

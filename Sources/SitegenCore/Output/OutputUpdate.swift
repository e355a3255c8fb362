import Foundation

/// A new output written over one that sitegen wrote before, touching only what changed: a file
/// whose bytes are the same is left alone, a changed one is written beside its old self and
/// renamed over it at `commit()`, and files the new build no longer makes are removed then.
///
/// Rebuilding everything after a settings change thus rewrites only the files that differ, and
/// folders and unchanged files keep their inodes (creating and deleting thousands of them is
/// much of a build's cost on some file systems).
final class OutputUpdate: OutputSession, @unchecked Sendable {
    static let temporarySuffix = ".sitegen-new"

    private let writer: OutputWriter
    private let output: String
    /// Files of the previous output, relative to it, that go unless this build makes them again.
    private let previous: Set<String>
    /// Whether `commit()` rewrites the output's marker (see there). An incremental build does not:
    /// its cache keeps the marker's status, and an interrupted one is caught by the manifest's.
    private let rewritesMarker: Bool
    private let lock = NSLock()
    private var failure: OutputWriter.Failure?
    private var produced: Set<String> = []
    /// Files written beside their destination, to be renamed over it.
    private var pending: [String] = []

    init(writer: OutputWriter, output: String, previous: Set<String>, rewritesMarker: Bool = true) {
        self.writer = writer
        self.output = output
        self.previous = previous
        self.rewritesMarker = rewritesMarker
    }

    func write(_ files: [OutputFile]) {
        guard lock.withLock({ failure == nil }) else { return }
        let fileSystem = writer.fileSystem
        let changed = files.filter { !Self.isUnchanged($0, at: Path.join(output, $0.path), on: fileSystem) }
        let temporary = changed.map { OutputFile(path: $0.path + Self.temporarySuffix, contents: $0.contents) }
        let failures = OutputWriter.write(temporary, into: output, on: fileSystem)
        lock.withLock {
            produced.formUnion(files.map(\.path))
            pending += changed.map(\.path)
            failure = failure ?? failures.first
        }
    }

    func commit() throws(OutputWriter.Failure) {
        let fileSystem = writer.fileSystem
        let (failure, pending, produced) = lock.withLock { (self.failure, self.pending, self.produced) }
        if let failure {
            discard()
            throw failure
        }
        // Rewriting the marker first means that a build cut short from here on no longer
        // matches the build cache, so the next build starts over.
        if rewritesMarker {
            try writer.attempt(OutputWriter.markerFile) {
                try fileSystem.writeFile(Path.join(output, OutputWriter.markerFile), text: OutputWriter.markerText)
            }
        }
        let stale = previous.subtracting(produced)
        for path in stale.sorted() where fileSystem.kind(of: Path.join(output, path)) != nil {
            try writer.attempt(path) { try fileSystem.remove(Path.join(output, path)) }
        }
        for path in pending {
            let destination = Path.join(output, path)
            try writer.attempt(path) {
                if fileSystem.kind(of: destination) == .directory { try fileSystem.remove(destination) }
                try fileSystem.move(from: destination + Self.temporarySuffix, to: destination)
            }
        }
        try removeEmptyFolders(left: stale)
    }

    /// Removes the files written beside their destinations, leaving the previous output as it was.
    func discard() {
        let pending = lock.withLock { self.pending }
        for path in pending { try? writer.fileSystem.remove(Path.join(output, path) + Self.temporarySuffix) }
    }

    /// True when the file at `destination` already holds exactly what `file` would write.
    private static func isUnchanged(_ file: OutputFile, at destination: String, on fileSystem: any FileSystem) -> Bool {
        guard let status = fileSystem.status(of: destination), status.kind == .file else { return false }
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
        case .copy(let source):
            guard fileSystem.status(of: source)?.size == status.size, let content = try? fileSystem.readFile(source) else {
                return false
            }
            parts = [content]
        }
        // Compared part by part, so that a large file made of pieces is never joined.
        guard parts.reduce(0, { $0 + $1.count }) == status.size, let existing = try? fileSystem.readFile(destination) else {
            return false
        }
        var offset = 0
        for part in parts {
            guard existing[offset..<offset + part.count].elementsEqual(part) else { return false }
            offset += part.count
        }
        return true
    }

    /// Removes the folders that removing `stale` files left empty, deepest first.
    private func removeEmptyFolders(left stale: Set<String>) throws(OutputWriter.Failure) {
        let fileSystem = writer.fileSystem
        let folders = Set(stale.map { Path.directory(of: $0) }).subtracting([""])
        var candidates = Set<String>()
        for folder in folders {
            var current = folder
            while !current.isEmpty {
                candidates.insert(current)
                current = Path.directory(of: current)
            }
        }
        for folder in candidates.sorted(by: { $0.count > $1.count }) {
            let path = Path.join(output, folder)
            if fileSystem.kind(of: path) == .directory, (try? fileSystem.contentsOfDirectory(path))?.isEmpty == true {
                try writer.attempt(folder) { try fileSystem.remove(path) }
            }
        }
    }
}

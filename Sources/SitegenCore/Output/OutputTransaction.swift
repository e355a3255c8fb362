import Synchronization

/// A new output, built whole in a staging folder beside the current one and swapped in with one
/// atomic exchange, so that at every instant the output folder is entirely the previous build or
/// entirely the new one, however the build ends.
///
/// Files arrive from any number of threads as they are rendered. A file whose bytes are what the
/// current output already holds at that path is hard-linked from it instead of written, and
/// `carry` links files the caller knows to be unchanged without reading them; so unchanged files
/// keep their inodes, and a build that changes one page writes one page. Until `commit()` the
/// current output is untouched; a write that fails is kept and reported by `commit()`.
final class OutputTransaction: Sendable {
    let fileSystem: any FileSystem
    /// The output folder.
    let output: String
    let staging: String
    /// The files of the current output, relative to it, that new files may be linked from; empty
    /// when there is no previous output of sitegen's.
    private let current: Set<String>
    /// Placeholders in the current output, kept in the new one.
    private let placeholders: [String]
    private let state = Mutex(State())

    private struct State {
        var failure: OutputWriter.Failure?
        /// Folders already made in the staging folder, relative to it.
        var folders: Set<String> = [""]
    }

    init(fileSystem: any FileSystem, output: String, staging: String, current: Set<String>, placeholders: [String]) {
        self.fileSystem = fileSystem
        self.output = output
        self.staging = staging
        self.current = current
        self.placeholders = placeholders
    }

    /// Adds `files` to the new output, unless a write has failed already.
    func write(_ files: [OutputFile]) {
        guard state.withLock({ $0.failure == nil }) else { return }
        makeFolders(for: files.map(\.path))
        let failures: [OutputWriter.Failure?] = files.parallelMap { file in
            let destination = Path.join(staging, file.path)
            do {
                if current.contains(file.path), isUnchanged(file) {
                    try linkOrCopy(file.path)
                    return nil
                }
                switch file.contents {
                case .text(let text): try fileSystem.writeFile(destination, text: text)
                case .bytes(let bytes): try fileSystem.writeFile(destination, bytes)
                case .pieces(let pieces): try fileSystem.writeFile(destination, pieces: pieces)
                case .copy(let source, let root): try fileSystem.copyFile(from: source, to: destination, confinedTo: root)
                }
                return nil
            } catch {
                return OutputWriter.Failure(path: file.path, message: "cannot write the output: \(Self.reason(error))")
            }
        }
        record(failures.compactMap { $0 }.first)
    }

    /// Adds files of the current output, unchanged, without reading them.
    func carry(_ paths: [String]) {
        guard state.withLock({ $0.failure == nil }) else { return }
        makeFolders(for: paths)
        let failures: [OutputWriter.Failure?] = paths.parallelMap { path in
            do {
                try linkOrCopy(path)
                return nil
            } catch {
                return OutputWriter.Failure(path: path, message: "cannot write the output: \(Self.reason(error))")
            }
        }
        record(failures.compactMap { $0 }.first)
    }

    /// Completes the new output with its marker and the placeholders, makes it durable, and
    /// swaps it in; when anything failed, removes the staging folder instead and throws.
    func commit() throws(OutputWriter.Failure) {
        do throws(OutputWriter.Failure) {
            if let failure = state.withLock({ $0.failure }) { throw failure }
            try attempt(OutputWriter.markerFile) {
                try fileSystem.writeFile(Path.join(staging, OutputWriter.markerFile), text: OutputWriter.markerText)
            }
            for placeholder in placeholders {
                try attempt(placeholder) { try linkOrCopy(placeholder) }
            }
            fileSystem.synchronize(staging)
            try swapIn()
        } catch {
            discard()
            throw error
        }
        // The previous output now sits where the staging folder was; a build killed before it
        // is gone leaves it for the next build to clear.
        try? fileSystem.remove(staging)
    }

    /// Abandons the new output, leaving the current one as it was.
    func discard() {
        try? fileSystem.remove(staging)
    }

    /// Puts the staging folder in place of the output: one atomic exchange where the file system
    /// has it; elsewhere two renames, with the previous output put back if the second fails.
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
        let aside = staging + ".previous"
        try attempt(output) { try fileSystem.move(from: output, to: aside) }
        do {
            try attempt(output) { try fileSystem.move(from: staging, to: output) }
        } catch {
            try? fileSystem.move(from: aside, to: output)
            throw error
        }
        try? fileSystem.move(from: aside, to: staging)
    }

    private func record(_ failure: OutputWriter.Failure?) {
        guard let failure else { return }
        state.withLock { $0.failure = $0.failure ?? failure }
    }

    /// Makes the staging folders that `paths` go in, once each, parents first.
    private func makeFolders(for paths: [String]) {
        let needed = Set(paths.map { Path.directory(of: $0) })
        let missing = state.withLock { state in
            let missing = needed.subtracting(state.folders)
            state.folders.formUnion(missing)
            return missing
        }
        for folder in missing.sorted() {
            do {
                try fileSystem.createDirectory(Path.join(staging, folder))
            } catch {
                record(OutputWriter.Failure(path: folder, message: "cannot write the output: \(Self.reason(error))"))
                return
            }
        }
    }

    /// Links a file of the current output into the new one, or copies it where links fail.
    private func linkOrCopy(_ path: String) throws {
        let source = Path.join(output, path)
        let destination = Path.join(staging, path)
        do {
            try fileSystem.hardLink(from: source, to: destination)
        } catch {
            try fileSystem.copyFile(from: source, to: destination)
        }
    }

    /// True when the current output already holds exactly what `file` would write.
    private func isUnchanged(_ file: OutputFile) -> Bool {
        let existing = Path.join(output, file.path)
        guard let status = fileSystem.linkStatus(of: existing), status.kind == .file else { return false }
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
            guard fileSystem.status(of: source)?.size == status.size, let content = try? fileSystem.readFile(source, confinedTo: root)
            else { return false }
            parts = [content]
        }
        // Compared part by part, so that a large file made of pieces is never joined.
        guard parts.reduce(0, { $0 + $1.count }) == status.size, let bytes = try? fileSystem.readFile(existing) else {
            return false
        }
        var offset = 0
        for part in parts {
            guard bytes.count >= offset + part.count, bytes[offset..<offset + part.count].elementsEqual(part) else { return false }
            offset += part.count
        }
        return offset == bytes.count
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

/// The emit stage: writes the output so that a build that fails half-way leaves the previous
/// output as it was: a new output in a staging folder beside the real one, swapped in at the end
/// (`OutputStaging`); over its own previous output, only the changed files, each written beside
/// its old self and renamed over it at the end (`OutputUpdate`).
///
/// It replaces only a folder it wrote itself (marked with `markerFile`) or an empty one; pointed at
/// a folder holding anything else, it refuses and touches nothing.
public struct OutputWriter: Sendable {
    public static let markerFile = ".sitegen-output"
    /// Placeholders that do not make a folder count as someone else's, kept across builds.
    static let placeholders: Set<String> = [".gitkeep"]
    static let markerText = "This folder is written by sitegen; every build replaces all of it.\n"

    let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Why the output cannot be written.
    public struct Failure: Error, Equatable {
        public var path: String
        public var message: String
    }

    public func write(_ files: [OutputFile], to outputDirectory: String) throws(Failure) {
        let session = try stage(outputDirectory)
        session.write(files)
        try session.commit()
    }

    /// Starts replacing `outputDirectory`, after checking that sitegen may: over an output it
    /// wrote before, in place, changing only what differs (`OutputUpdate`); otherwise in a
    /// staging folder beside it that is swapped in at the end (`OutputStaging`).
    func stage(_ outputDirectory: String) throws(Failure) -> any OutputSession {
        let output = Self.trimmed(outputDirectory)
        let existing = try existingEntries(of: output)
        let staging = output + ".sitegen-new"
        let previous = output + ".sitegen-old"
        for leftover in [staging, previous] where fileSystem.kind(of: leftover) != nil {
            try attempt(leftover) { try fileSystem.remove(leftover) }
        }
        if existing.contains(Self.markerFile) {
            let files = Set(files(below: output)).subtracting([Self.markerFile]).subtracting(Self.placeholders)
            return OutputUpdate(writer: self, output: output, previous: files)
        }
        try attempt(staging) { try fileSystem.createDirectory(staging) }
        return OutputStaging(writer: self, output: output, staging: staging, previous: previous, existing: existing)
    }

    /// Every file below a folder, relative to it.
    private func files(below root: String, prefix: String = "") -> [String] {
        let entries = (try? fileSystem.statusOfEntries(in: prefix.isEmpty ? root : Path.join(root, prefix))) ?? []
        return entries.flatMap { name, status in
            let path = prefix.isEmpty ? name : Path.join(prefix, name)
            return status.kind == .directory ? files(below: root, prefix: path) : [path]
        }
    }

    /// Updates an output folder that sitegen wrote, in place, as an incremental build does: the
    /// `files` whose bytes changed are written beside the old ones and renamed over them (so no
    /// file is ever half-written), and `stale` files are removed (`OutputUpdate`).
    public func update(_ files: [OutputFile], removing stale: [String], in outputDirectory: String) throws(Failure) {
        let session = OutputUpdate(writer: self, output: Self.trimmed(outputDirectory), previous: Set(stale), rewritesMarker: false)
        session.write(files)
        try session.commit()
    }

    /// The names in the output folder, after checking that sitegen may replace it.
    private func existingEntries(of output: String) throws(Failure) -> Set<String> {
        switch fileSystem.kind(of: output) {
        case nil:
            return []
        case .file:
            throw Failure(path: output, message: "the output path is a file, not a folder")
        case .directory:
            let names: [String]
            do {
                names = try fileSystem.contentsOfDirectory(output)
            } catch {
                throw Failure(path: output, message: "cannot list the output folder: \(error)")
            }
            let entries = Set(names)
            let foreign = entries.subtracting(Self.placeholders)
            guard entries.contains(Self.markerFile) || foreign.isEmpty else {
                let sample = foreign.sorted().prefix(3).joined(separator: ", ")
                throw Failure(
                    path: output,
                    message: "the output folder holds files sitegen did not write (\(sample)\(foreign.count > 3 ? ", …" : "")); "
                        + "choose an empty or new folder, or empty this one")
            }
            return entries
        }
    }

    /// Writes files in parallel, creating the folders they go in; returns what failed, in file order.
    static func write(_ files: [OutputFile], into root: String, on fileSystem: any FileSystem) -> [Failure] {
        let folders = Set(files.map { Path.directory(of: $0.path) }).subtracting([""]).sorted()
        for folder in folders {
            do {
                try fileSystem.createDirectory(Path.join(root, folder))
            } catch {
                return [Failure(path: folder, message: "cannot write the output: \(error)")]
            }
        }
        let failures: [Failure?] = files.parallelMap { file in
            let destination = Path.join(root, file.path)
            do {
                switch file.contents {
                case .text(let text): try fileSystem.writeFile(destination, text: text)
                case .bytes(let bytes): try fileSystem.writeFile(destination, bytes)
                case .pieces(let pieces): try fileSystem.writeFile(destination, pieces: pieces)
                case .copy(let source): try fileSystem.copyFile(from: source, to: destination)
                }
                return nil
            } catch {
                return Failure(path: file.path, message: "cannot write the output: \(error)")
            }
        }
        return failures.compactMap { $0 }
    }

    /// Puts `staging` in place of `output`, keeping the previous output until the swap is done.
    func swap(_ staging: String, into output: String, keepingPreviousAt previous: String, hadOutput: Bool) throws(Failure) {
        if hadOutput {
            try attempt(output) { try fileSystem.move(from: output, to: previous) }
        }
        do {
            try attempt(output) { try fileSystem.move(from: staging, to: output) }
        } catch {
            if hadOutput { try? fileSystem.move(from: previous, to: output) }
            try? fileSystem.remove(staging)
            throw error
        }
        if hadOutput { try? fileSystem.remove(previous) }
    }

    func attempt(_ path: String, _ body: () throws -> Void) throws(Failure) {
        do {
            try body()
        } catch {
            throw Failure(path: path, message: "cannot write the output: \(error)")
        }
    }

    static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// The emit stage: makes the output a whole new build or leaves it as it was. A new output is
/// made in a staging folder beside the current one (`.<name>.sitegen-staging`) and swapped in
/// with one atomic exchange (`OutputTransaction`); the staging folder then holds the previous
/// output, which the next build brings up to date. Whatever a killed build left there is put
/// right by the next one.
///
/// It replaces only a folder it wrote itself (marked with `markerFile`) or an empty one; pointed
/// at a folder holding anything else, it refuses and touches nothing.
package struct OutputWriter: Sendable {
    package static let markerFile = DirectoryWalker.outputMarker
    /// Placeholders that do not make a folder count as someone else's, kept across builds.
    static let placeholders: Set<String> = [".gitkeep"]
    static let markerText = "This folder is written by sitegen; every build replaces all of it.\n"

    let fileSystem: any FileSystem

    package init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Why the output cannot be written.
    package struct Failure: Error, Equatable {
        package var path: String
        package var message: String
    }

    /// Writes `files` as the whole new output.
    package func write(_ files: [OutputFile], to outputDirectory: String) throws(Failure) {
        let transaction = try begin(outputDirectory)
        transaction.write(files)
        try transaction.commit()
    }

    /// Starts a new output for `outputDirectory`, after checking that sitegen may replace it and
    /// clearing what an interrupted build left beside it. `current`, when given, lists the files
    /// of the current output (one of sitegen's), so that it need not be listed again.
    func begin(_ outputDirectory: String, current known: [DirectoryWalker.Entry]? = nil) throws(Failure) -> OutputTransaction {
        let output = Self.trimmed(outputDirectory)
        let existing = try existingEntries(of: output)
        try clearLeftovers(of: output)
        let staging = Self.staging(of: output)
        let walker = DirectoryWalker(fileSystem: fileSystem, root: nil, includesHidden: true)
        let found = fileSystem.linkStatus(of: staging)?.kind
        var spare = found == .directory ? walker.walk(staging, as: "") : DirectoryWalker.Result()
        // A folder of the staging folder (sitegen's own) that cannot be written, such as a
        // read-only output an older build swapped in, would fail every build from now on: it is
        // made writable, or else the staging folder is made anew.
        let stuck = spare.directories.parallelMap { folder in
            let path = Path.join(staging, folder)
            guard !fileSystem.isWritable(path) else { return false }
            try? fileSystem.makeWritable(path)
            return !fileSystem.isWritable(path)
        }.contains(true)
        let created = found != .directory || !spare.problems.isEmpty || stuck
        if created {
            // Nothing to bring up to date: a new, empty staging folder.
            if found != nil { try attempt(staging) { try fileSystem.remove(staging) } }
            try attempt(staging) { try fileSystem.createDirectory(staging) }
            spare = DirectoryWalker.Result()
        }
        // Temporary files of a killed build go first: their names are about to be used again.
        for entry in spare.files where entry.path.hasPrefix(OutputTransaction.temporaryPrefix) {
            try attempt(entry.path) { try fileSystem.remove(Path.join(staging, entry.path)) }
        }
        spare.files.removeAll { $0.path.hasPrefix(OutputTransaction.temporaryPrefix) }
        let current = existing.contains(Self.markerFile) ? known ?? walker.walk(output, as: "").files : []
        try checkWritable(output, files: current)
        return OutputTransaction(
            fileSystem: fileSystem, output: output, staging: staging,
            current: Dictionary(current.filter { $0.status.kind == .file }.map { ($0.path, $0.status) }) { first, _ in first },
            spare: spare.files, spareFolders: spare.directories.filter { !$0.isEmpty },
            placeholders: existing.intersection(Self.placeholders).sorted().map { ($0, fileSystem.linkStatus(of: Path.join(output, $0))?.kind == .file) },
            createdStaging: created)
    }

    /// Refuses an output that has a folder sitegen cannot write to. The swap itself would work,
    /// but the previous output becomes the next build's staging folder, which must be written.
    private func checkWritable(_ output: String, files: [DirectoryWalker.Entry]) throws(Failure) {
        guard fileSystem.linkStatus(of: output)?.kind == .directory else { return }
        let folders = Set(files.map { Path.directory(of: $0.path) }).union([""]).sorted()
        let writable = folders.parallelMap { fileSystem.isWritable(Path.join(output, $0)) }
        guard let index = writable.firstIndex(of: false) else { return }
        let locked = folders[index]
        let shown = locked.isEmpty ? output : Path.join(output, locked)
        throw Failure(
            path: output,
            message: "\(shown) is read-only; a build replaces the whole output and writes the next one where the previous was, so make it writable (chmod -R u+w \(output)) or build elsewhere with --output")
    }

    /// The staging folder of an output: where a new output is built, and where the previous one
    /// is left by the swap until it is removed.
    static func staging(of output: String) -> String {
        sibling(of: output, suffix: stagingSuffix)
    }

    /// Where the swap puts the previous output while it has no atomic exchange: beside `staging`.
    static func aside(of staging: String) -> String {
        staging + ".previous"
    }

    /// The lock file of an output, beside it (the folder itself is swapped whole).
    static func lock(of output: String) -> String {
        sibling(of: output, suffix: lockSuffix)
    }

    private static let stagingSuffix = "sitegen-staging"
    private static let lockSuffix = "sitegen-lock"

    /// Removes what an interrupted build left beside the output (of this version, or the older
    /// names of sitegen 0.1). The staging folder stays: the next build brings it up to date.
    /// A build stopped between the two renames of a swap without the exchange left no output and
    /// the previous one aside: that one is put back, not removed.
    func clearLeftovers(of outputDirectory: String) throws(Failure) {
        let output = Self.trimmed(outputDirectory)
        let staging = Self.staging(of: output)
        let aside = Self.aside(of: staging)
        if fileSystem.linkStatus(of: output) == nil, fileSystem.linkStatus(of: aside)?.kind == .directory,
            let names = try? Set(fileSystem.contentsOfDirectory(aside)),
            names.contains(Self.markerFile) || names.isSubset(of: Self.placeholders)
        {
            try attempt(output) { try fileSystem.move(from: aside, to: output) }
        }
        for leftover in [aside, output + ".sitegen-new", output + ".sitegen-old"]
        where fileSystem.linkStatus(of: leftover) != nil {
            try attempt(leftover) { try fileSystem.remove(leftover) }
        }
    }

    /// The status of every entry below the output (hidden ones included), as the build cache
    /// records it, listing only the folders changed since the walk `memo` recalls; nil when the
    /// output is missing, cannot be listed, or is not sitegen's (no marker: a folder such as
    /// `/usr` is not walked).
    func inventory(of outputDirectory: String, memo: DirectoryWalker.Memo? = nil) -> [DirectoryWalker.Entry]? {
        let output = Self.trimmed(outputDirectory)
        guard fileSystem.linkStatus(of: output)?.kind == .directory, fileSystem.linkStatus(of: Path.join(output, Self.markerFile)) != nil else {
            return nil
        }
        var walker = DirectoryWalker(fileSystem: fileSystem, root: nil, includesHidden: true)
        walker.memo = memo
        let walk = walker.walk(output, as: "")
        return walk.problems.isEmpty ? walk.files : nil
    }

    /// Why sitegen may not replace what is at `output` (a file, a folder it did not write), or
    /// nil: what a build would find before it writes, for `check` to say too, and for a build to
    /// say before it makes its lock file beside the output. An output with sitegen's marker is
    /// told by it, unlisted.
    func refusal(of output: String) -> Failure? {
        if fileSystem.linkStatus(of: output)?.kind == .directory, fileSystem.linkStatus(of: Path.join(output, Self.markerFile))?.kind == .file {
            return nil
        }
        do {
            _ = try existingEntries(of: output)
            return nil
        } catch {
            return error
        }
    }

    /// The names in the output folder, after checking that sitegen may replace it.
    private func existingEntries(of output: String) throws(Failure) -> Set<String> {
        switch fileSystem.linkStatus(of: output)?.kind {
        case nil:
            return []
        case .directory?:
            let names: [String]
            do {
                names = try fileSystem.contentsOfDirectory(output)
            } catch {
                throw Failure(path: output, message: "cannot list the output folder: \(OutputTransaction.reason(error))")
            }
            let entries = Set(names)
            let foreign = entries.subtracting(Self.placeholders)
            guard entries.contains(Self.markerFile) || foreign.isEmpty else {
                let outputs = foreign.sorted().filter { fileSystem.linkStatus(of: Path.join(output, Path.join($0, Self.markerFile)))?.kind == .file }
                if !outputs.isEmpty {
                    throw Failure(
                        path: output,
                        message: "the output folder holds the output of another build (\(outputs.prefix(3).joined(separator: ", "))\(outputs.count > 3 ? ", …" : "")), "
                            + "which a build here would replace; choose another folder, or remove that output")
                }
                let sample = foreign.sorted().prefix(3).joined(separator: ", ")
                throw Failure(
                    path: output,
                    message: "the output folder holds files sitegen did not write (\(sample)\(foreign.count > 3 ? ", …" : "")); "
                        + "choose an empty or new folder, or empty this one")
            }
            return entries
        case let kind?:
            throw Failure(path: output, message: "the output path is \(kind.description), not a folder")
        }
    }

    /// Whether `name` is one sitegen gives the folders and files it keeps beside an output
    /// (`sibling(of:suffix:)`): its staging folder, a swap's previous output, its lock.
    static func isWorkingName(_ name: String) -> Bool {
        let staging = "." + stagingSuffix
        return name.hasPrefix(".") && [staging, aside(of: staging), "." + lockSuffix].contains { name.hasSuffix($0) }
    }

    /// A hidden name beside `output` for sitegen's own use: `.<name>.<suffix>`, or a digest of a
    /// name too long to fit in a file name with the suffix.
    static func sibling(of output: String, suffix: String) -> String {
        let name = Path.fileName(of: output)
        let fits = name.utf8.count + suffix.utf8.count + 2 <= 255
        let stem: String
        if fits {
            stem = name
        } else {
            var hash = ContentHash()
            hash.add(name)
            stem = String(hash.hex.prefix(16))
        }
        return Path.join(Path.directory(of: output), ".\(stem).\(suffix)")
    }

    private func attempt(_ path: String, _ body: () throws -> Void) throws(Failure) {
        do {
            try body()
        } catch {
            throw Failure(path: path, message: "cannot write the output: \(OutputTransaction.reason(error))")
        }
    }

    /// The path without trailing `/` and `/.`, so that `output/` and `output/.` name `output`.
    static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") || path.hasSuffix("/.") {
            path.removeLast(path.hasSuffix("/") ? 1 : 2)
        }
        return path
    }
}

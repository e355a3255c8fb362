import Highlight

/// Highlighted code blocks kept between builds, one file per flow in the build cache's folder
/// (`highlight/<flow>`), each block by a key of everything that made it: the program, the
/// definitions, the language and the text. A build highlights only the blocks it has not seen,
/// and reads and writes the files of the flows it builds, no others. An unreadable or foreign
/// file is a flow with nothing kept, never an error.
struct HighlightStore: Sendable, Equatable {
    static let folderName = "highlight"
    static let formatLine = "sitegen highlight cache 2\n"

    /// One flow's blocks, by key.
    var entries: [String: [TokenRun]] = [:]

    /// Where `flow`'s blocks are kept.
    static func path(of flow: String, loader: SiteLoader, folder: String) -> String {
        loader.diskPath(Path.join(folder, folderName, Path.urlEncoded(flow)))
    }

    static func load(flow: String, loader: SiteLoader, folder: String) -> HighlightStore {
        guard let bytes = try? loader.fileSystem.readFile(path(of: flow, loader: loader, folder: folder), confinedTo: loader.root),
            bytes.starts(with: formatLine.utf8)
        else { return HighlightStore() }
        var reader = NetstringReader(bytes, from: formatLine.utf8.count)
        var entries: [String: [TokenRun]] = [:]
        guard let count = reader.int(), count >= 0 else { return HighlightStore() }
        for _ in 0..<count {
            guard let key = reader.string(), let runCount = reader.int(), runCount >= 0 else { return HighlightStore() }
            var runs: [TokenRun] = []
            for _ in 0..<runCount {
                guard let style = reader.string(), let text = reader.string() else { return HighlightStore() }
                runs.append(TokenRun(style: style, text: text))
            }
            entries[key] = runs
        }
        return reader.isAtEnd ? HighlightStore(entries: entries) : HighlightStore()
    }

    /// Writes `flow`'s blocks atomically (a temporary file renamed into place); an empty store
    /// removes the file.
    func save(flow: String, loader: SiteLoader, folder cacheFolder: String) throws {
        let fileSystem = loader.fileSystem
        let path = Self.path(of: flow, loader: loader, folder: cacheFolder)
        guard !entries.isEmpty else {
            if fileSystem.status(of: path) != nil { try fileSystem.remove(path) }
            return
        }
        var writer = NetstringWriter()
        writer.add(entries.count)
        for (key, runs) in entries.sorted(by: { $0.key < $1.key }) {
            writer.add(key)
            writer.add(runs.count)
            for run in runs {
                writer.add(run.style)
                writer.add(run.text)
            }
        }
        let directory = Path.directory(of: path)
        // An older sitegen kept every flow's blocks in one file of this name.
        if let kind = fileSystem.status(of: directory)?.kind, kind != .directory { try fileSystem.remove(directory) }
        try fileSystem.createDirectory(directory)
        let temporary = path + ".new"
        try fileSystem.writeFile(temporary, pieces: [.bytes(Array(Self.formatLine.utf8)), .bytes(writer.bytes)])
        try fileSystem.move(from: temporary, to: path)
    }

    /// Removes the files of flows not in `flows` (a whole build knows every flow there is).
    static func removeOthers(than flows: Set<String>, loader: SiteLoader, folder: String) throws {
        let directory = loader.diskPath(Path.join(folder, folderName))
        guard let names = try? loader.fileSystem.contentsOfDirectory(directory) else { return }
        let kept = Set(flows.map(Path.urlEncoded))
        for name in names where !kept.contains(name) {
            try loader.fileSystem.remove(Path.join(directory, name))
        }
    }
}

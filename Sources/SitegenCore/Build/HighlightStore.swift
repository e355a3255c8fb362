import Highlight

/// Highlighted code blocks kept between builds in the build cache's folder (`highlight`), each by a
/// key of everything that made it: sitegen's version, the definitions, the language and the text.
/// A build highlights only the blocks it has not seen. Each entry names the flows that show it,
/// so that a build keeps only what some flow still shows. An unreadable or foreign file is an
/// empty store, never an error.
struct HighlightStore: Sendable, Equatable {
    static let fileName = "highlight"
    static let formatLine = "sitegen highlight cache 2\n"

    /// A block's runs and the flows that show it.
    struct Entry: Sendable, Equatable {
        var runs: [TokenRun]
        var flows: Set<String>
    }

    var entries: [String: Entry] = [:]

    static func load(loader: SiteLoader, folder: String) -> HighlightStore {
        guard let bytes = try? loader.fileSystem.readFile(loader.diskPath(Path.join(folder, fileName)), confinedTo: loader.root),
            bytes.starts(with: formatLine.utf8)
        else { return HighlightStore() }
        var reader = NetstringReader(bytes, from: formatLine.utf8.count)
        var entries: [String: Entry] = [:]
        guard let count = reader.int(), count >= 0 else { return HighlightStore() }
        for _ in 0..<count {
            guard let key = reader.string(), let flowCount = reader.int(), flowCount >= 0 else { return HighlightStore() }
            var flows: Set<String> = []
            for _ in 0..<flowCount {
                guard let flow = reader.string() else { return HighlightStore() }
                flows.insert(flow)
            }
            guard let runCount = reader.int(), runCount >= 0 else { return HighlightStore() }
            var runs: [TokenRun] = []
            for _ in 0..<runCount {
                guard let style = reader.string(), let text = reader.string() else { return HighlightStore() }
                runs.append(TokenRun(style: style, text: text))
            }
            entries[key] = Entry(runs: runs, flows: flows)
        }
        return reader.isAtEnd ? HighlightStore(entries: entries) : HighlightStore()
    }

    /// Writes the store atomically (a temporary file renamed into place).
    func save(loader: SiteLoader, folder cacheFolder: String) throws {
        var writer = NetstringWriter()
        writer.add(entries.count)
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.add(key)
            writer.add(entry.flows.count)
            entry.flows.sorted().forEach { writer.add($0) }
            writer.add(entry.runs.count)
            for run in entry.runs {
                writer.add(run.style)
                writer.add(run.text)
            }
        }
        let folder = loader.diskPath(cacheFolder)
        try loader.fileSystem.createDirectory(folder)
        let temporary = Path.join(folder, Self.fileName + ".new")
        try loader.fileSystem.writeFile(temporary, pieces: [.bytes(Array(Self.formatLine.utf8)), .bytes(writer.bytes)])
        try loader.fileSystem.move(from: temporary, to: Path.join(folder, Self.fileName))
    }
}

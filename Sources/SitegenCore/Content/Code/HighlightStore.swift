import Highlight

/// Highlighted code blocks kept between builds, one file per flow in the build cache's folder
/// (`highlight/<flow>`), each block by a key of everything that made it: the program, the
/// definitions, the language and the text. A build highlights only the blocks it has not seen,
/// and reads and writes the files of the flows it builds, no others. An unreadable or foreign
/// file is a flow with nothing kept, never an error.
struct HighlightStore: Sendable, Equatable {
    static let folderName = "highlight"
    static let formatLine = "sitegen highlight cache 3\n"

    /// One flow's blocks, by key.
    var entries: [String: [TokenRun]] = [:]

    /// Where `flow`'s blocks are kept.
    static func path(of flow: String, loader: SiteLoader, folder: String) -> String {
        loader.diskPath(Path.join(folder, folderName, Path.urlEncoded(flow)))
    }

    /// The store as its file holds it: blocks by key, each block's runs of style and text.
    private struct Record: Codable {
        var blocks: [Block]

        struct Block: Codable {
            var key: String
            var styles: [String]
            var texts: [String]
        }
    }

    static func load(flow: String, loader: SiteLoader, folder: String) -> HighlightStore {
        guard let bytes = try? loader.fileSystem.readFile(path(of: flow, loader: loader, folder: folder), confinedTo: loader.root),
            bytes.starts(with: formatLine.utf8),
            let record = try? RecordDecoder.decode(Record.self, from: bytes, at: formatLine.utf8.count),
            record.blocks.allSatisfy({ $0.styles.count == $0.texts.count })
        else { return HighlightStore() }
        var entries: [String: [TokenRun]] = [:]
        for block in record.blocks {
            entries[block.key] = zip(block.styles, block.texts).map { TokenRun(style: $0, text: $1) }
        }
        return HighlightStore(entries: entries)
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
        let record = try RecordEncoder.encode(Record(blocks: entries.sorted { $0.key < $1.key }.map { key, runs in
            Record.Block(key: key, styles: runs.map(\.style), texts: runs.map(\.text))
        }))
        // The folder is the cache's own: a file there (an older sitegen kept every flow's blocks
        // in one file of this name) or a link elsewhere is replaced, never followed.
        try fileSystem.makeRealDirectory(Path.directory(of: path))
        let temporary = path + ".new"
        try fileSystem.clearTemporary(temporary)
        try fileSystem.writeFile(temporary, pieces: [.bytes(Array(Self.formatLine.utf8)), .bytes(record)])
        try fileSystem.move(from: temporary, to: path)
    }

    /// Removes the files of flows not in `flows` (a whole build knows every flow there is).
    static func removeOthers(than flows: Set<String>, loader: SiteLoader, folder: String) throws {
        let directory = loader.diskPath(Path.join(folder, folderName))
        guard loader.fileSystem.linkStatus(of: directory)?.kind == .directory,
            let names = try? loader.fileSystem.contentsOfDirectory(directory)
        else { return }
        let kept = Set(flows.map(Path.urlEncoded))
        for name in names where !kept.contains(name) {
            try loader.fileSystem.remove(Path.join(directory, name))
        }
    }
}

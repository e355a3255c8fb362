import Highlight

/// One flow's highlighted code blocks as a build keeps them for the next (in the build cache's
/// packs, see `PackWriter`), each block by a key of everything that made it: the program, the
/// definitions, the language and the text. A build highlights only the blocks it has not seen,
/// and reads the blocks of the flows it builds, no others. Bytes that are not a store are a flow
/// with nothing kept, never an error.
struct HighlightStore: Sendable, Equatable {
    static let formatLine = "sitegen highlight cache 4\n"

    /// One flow's blocks, by key.
    var entries: [String: [TokenRun]] = [:]

    /// The store as its bytes hold it: blocks by key, each block's runs of style and text.
    private struct Record: Codable {
        var blocks: [Block]
    }

    fileprivate struct Block: Codable {
        var key: String
        var styles: [String]
        var texts: [String]
    }

    /// The store `bytes` hold; an empty one for bytes that are not a store.
    init(bytes: [UInt8]) {
        guard bytes.starts(with: Self.formatLine.utf8),
            let record = try? RecordDecoder.decode(Record.self, from: bytes, at: Self.formatLine.utf8.count),
            record.blocks.allSatisfy({ $0.styles.count == $0.texts.count })
        else { return }
        for block in record.blocks {
            entries[block.key] = zip(block.styles, block.texts).map { TokenRun(style: $0, text: $1) }
        }
    }

    init(entries: [String: [TokenRun]] = [:]) {
        self.entries = entries
    }

    /// The store as bytes, its blocks in the order of their keys.
    var bytes: [UInt8] {
        let record = Record(blocks: entries.sorted { $0.key < $1.key }.map { key, runs in
            Block(key: key, styles: runs.map(\.style), texts: runs.map(\.text))
        })
        return Array(Self.formatLine.utf8) + ((try? RecordEncoder.encode(record)) ?? [])
    }
}

extension HighlightStore.Block: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(key)
        styles.write(to: sink)
        texts.write(to: sink)
    }

    init(record source: RecordSource) throws {
        let key = try source.string()
        let styles = try [String](record: source)
        self.init(key: key, styles: styles, texts: try [String](record: source))
    }
}

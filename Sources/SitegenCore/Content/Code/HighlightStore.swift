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

    /// The store `bytes` hold; an empty one for bytes that are not a store.
    init(bytes: [UInt8]) {
        guard bytes.starts(with: Self.formatLine.utf8) else { return }
        let source = RecordSource(bytes, at: Self.formatLine.utf8.count)
        guard let store = try? HighlightStore(record: source), source.offset == bytes.count else { return }
        self = store
    }

    init(entries: [String: [TokenRun]] = [:]) {
        self.entries = entries
    }

    /// The store as bytes, its blocks in the order of their keys.
    var bytes: [UInt8] {
        let sink = RecordSink()
        Array(Self.formatLine.utf8).withUnsafeBytes { sink.append($0) }
        write(to: sink)
        return Array(sink.chunks.joined())
    }
}

/// The record: how many blocks, then each block's key, its runs' styles and their texts (each
/// list after its length), written from the runs and read back into them without a list of
/// blocks between.
extension HighlightStore: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(entries.count)
        for (key, runs) in entries.sorted(by: { $0.key < $1.key }) {
            sink.add(key)
            sink.add(runs.count)
            for run in runs { sink.add(run.style) }
            sink.add(runs.count)
            for run in runs { sink.add(run.text) }
        }
    }

    init(record source: RecordSource) throws {
        let count = try source.count(each: 1)
        for _ in 0..<count {
            let key = try source.string()
            let styles = try [String](record: source)
            let texts = try [String](record: source)
            guard styles.count == texts.count else { throw source.malformed("a block with \(styles.count) styles for \(texts.count) texts") }
            entries[key] = zip(styles, texts).map { TokenRun(style: $0, text: $1) }
        }
    }
}

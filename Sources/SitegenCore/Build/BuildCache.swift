import Diagnostics
import Synchronization
/// What the last successful build was made from and what it wrote, kept in the site's
/// `.sitegen-cache/` (never in the output): a content hash of every input file; one digest over
/// those hashes, the tool that built it and the options it was built with; and the size and
/// modification time of every file of the output it left. When nothing in the digest has changed
/// and the output is still exactly what that build left, a build has nothing to do.
///
/// Files are hashed only when their size or modification time differ from the cache's record,
/// as git's index does; a file touched without a change keeps its hash.
///
/// The state file holds the cache in two records: the `Head`, all a build needs to tell that
/// nothing changed (and what to say then), and the `Body`, what a build that makes anything
/// reads besides. A build with nothing to do decodes the head alone.
@dynamicMemberLookup
struct BuildCache: Sendable, Equatable, Codable {
    static let directory = ".sitegen-cache"
    static let fileName = "build-state"
    static let lockFile = "lock"
    /// The first line of the state file: a cache of another format is no cache.
    static let formatLine = "sitegen build cache 20\n"

    /// One input file: where it is (relative to the site), its status and its content's digest
    /// (`ContentHash.value`: a number, where sixteen hex digits were a string to allocate for each
    /// of ten thousand files).
    struct Entry: Sendable, Equatable, Codable {
        var path: String
        var status: FileStatus
        var hash: UInt64
    }

    /// What the last build was made from, where it wrote, and what it said.
    struct Head: Sendable, Equatable, Codable {
        var digest: String
        /// The digest of everything but the flow folders (see `FlowRecord.digests`).
        var globalDigest: String
        var entries: [Entry]
        /// Where that build wrote its output: the folder's real path.
        var outputDirectory: String
        /// The site's `output` setting as that build read it, which holds while `sitegen.yml` is unchanged.
        var outputSetting: String
        /// Site files that build read outside the usual roots, fingerprinted next time too.
        var extraInputs: [String] = []
        /// Every file of the output as that build left it, relative to the output.
        var outputs: [DirectoryWalker.Entry]
        /// The folders of the inputs as that build's walk found them (the names in them are
        /// `entries`), and of the output as it left them (with `outputs`): what the next build
        /// needs to list only the folders changed since.
        var inputFolders: DirectoryWalker.Record?
        var outputFolders: DirectoryWalker.Record?
        /// The build's warnings, sorted, which a build with nothing to do repeats.
        var warnings: [Diagnostic] = []
        var flowCount = 0
        var pageCount = 0
    }

    /// What that build made of each flow and of the site.
    struct Body: Sendable, Equatable, Codable {
        /// Each flow of that build, in index order.
        var flows: [FlowRecord] = []
        /// Each file of the output that no one flow makes, with the key it was made from.
        var products: [ProductRecord] = []
        /// The pack files the flows keep bytes in (`PackWriter`), in the cache's `packs/` folder.
        var packs: [PackFile] = []
    }

    var head: Head
    var body: Body

    // Read through, never written: a change to the body would leave the head's summary of it
    // stale, so changes name `head` or `body`.
    subscript<Value>(dynamicMember field: KeyPath<Head, Value>) -> Value { head[keyPath: field] }
    subscript<Value>(dynamicMember field: KeyPath<Body, Value>) -> Value { body[keyPath: field] }

    init(head: Head, body: Body) {
        self.head = head
        self.body = body
    }

    /// A cache whose head's counts are those of `flows`, and its warnings theirs and `siteWarnings`
    /// (those of no one flow).
    init(
        digest: String, globalDigest: String, entries: [Entry], outputDirectory: String, outputSetting: String, extraInputs: [String] = [],
        outputs: [DirectoryWalker.Entry], inputFolders: DirectoryWalker.Record? = nil, flows: [FlowRecord] = [], siteWarnings: [Diagnostic] = [],
        products: [ProductRecord] = [], packs: [PackFile] = []
    ) {
        head = Head(
            digest: digest, globalDigest: globalDigest, entries: entries, outputDirectory: outputDirectory, outputSetting: outputSetting,
            extraInputs: extraInputs, outputs: outputs, inputFolders: inputFolders, warnings: (flows.flatMap(\.warnings) + siteWarnings).sorted(), flowCount: flows.count,
            pageCount: flows.reduce(0) { $0 + $1.summary.pageCount })
        body = Body(flows: flows, products: products, packs: packs)
    }

    /// The folder of the cache that holds its packs.
    static let packFolder = "packs"

    /// Files up to this size that a fingerprint reads are kept for the build (see `Fingerprint.read`),
    /// as long as all it keeps stays within `keptTotalSize`; the build reads the others again.
    static let keptFileSize = 256 * 1024
    static let keptTotalSize = 12 << 20
    /// How much of a file too large to keep is read at a time to hash it.
    static let hashedChunkSize = 1 << 20

    /// The site's inputs as a fingerprint found them.
    struct Fingerprint: Sendable {
        var digest: String
        var entries: [Entry]
        /// The small files it read to hash them, by disk path, so that the build need not read
        /// them again.
        var read: [String: [UInt8]]
    }

    /// Hashes `files` (the site's inputs, site-relative, as a walk found them) on every core,
    /// reusing `previous` hashes for files whose status is unchanged, and folds them with
    /// `identity` (the tool and the options) and `folders` (which a file list does not show when
    /// they are empty) into one digest. A file that cannot be read is hashed as unreadable, for
    /// the build to report.
    static func fingerprint(
        _ files: [DirectoryWalker.Entry], loader: SiteLoader, identity: String, folders: [String] = [], previous: [Entry]
    ) -> Fingerprint {
        // Usually the previous build saw the same files in the same order, so each one's entry is
        // at the same place; only when the lists differ are the entries looked up by path. When
        // every file is also unchanged (the common case of a rebuild), the entries are reused whole.
        let sameFiles = files.count == previous.count && files.indices.allSatisfy { files[$0].path == previous[$0].path }
        if sameFiles, files.indices.allSatisfy({ files[$0].status.sameContent(as: previous[$0].status) }) {
            return Fingerprint(digest: digest(of: previous, identity: identity, folders: folders), entries: previous, read: [:])
        }
        let lookUp = sameFiles ? [:] : Dictionary(previous.map { ($0.path, $0) }) { first, _ in first }
        // Which files' bytes are kept, decided from their sizes in the walk's order, not from which thread reads first.
        var room = keptTotalSize
        let keeps = files.map { file in
            guard file.status.size <= keptFileSize, file.status.size <= room else { return false }
            room -= file.status.size
            return true
        }
        // The bytes kept go straight to where the build finds them, not through the entries' array.
        let kept = Mutex<[String: [UInt8]]>([:])
        let entries = Array(files.indices).parallelMap { index -> Entry in
            let file = files[index]
            let known = lookUp.isEmpty && index < previous.count ? previous[index] : lookUp[file.path]
            if let known, known.path == file.path, known.status.sameContent(as: file.status) { return known }
            var hash = ContentHash()
            let path = loader.diskPath(file.path)
            let fileSystem = loader.fileSystem
            // A file too large to keep (a video, a download) is hashed a chunk at a time, never held whole.
            if !keeps[index], file.status.size > keptFileSize {
                do {
                    try hash.add(chunksOf: hashedChunkSize) { offset in
                        try fileSystem.readFile(path, range: offset..<(offset + hashedChunkSize), confinedTo: loader.root)
                    }
                } catch {
                    hash = ContentHash()
                    hash.add("\u{0}unreadable")
                }
                return Entry(path: file.path, status: file.status, hash: hash.value)
            }
            // A file the walk listed as regular is opened without looking at it again.
            guard let bytes = try? (file.status.kind == .file ? fileSystem.readListedFile : fileSystem.readFile)(path, loader.root) else {
                hash.add("\u{0}unreadable")
                return Entry(path: file.path, status: file.status, hash: hash.value)
            }
            hash.add(bytes)
            if keeps[index], bytes.count <= keptFileSize {
                kept.withLock { $0[path] = bytes }
            }
            return Entry(path: file.path, status: file.status, hash: hash.value)
        }
        let read = kept.withLock { $0 }
        return Fingerprint(digest: digest(of: entries, identity: identity, folders: folders), entries: entries, read: read)
    }

    /// One digest over `identity`, `folders` and every entry's path and hash.
    private static func digest(of entries: [Entry], identity: String, folders: [String]) -> String {
        var digest = ContentHash()
        digest.add(identity)
        folders.forEach { digest.add($0) }
        for entry in entries {
            digest.add(entry.path)
            digest.add(entry.hash)
        }
        return digest.hex
    }

    /// True when every path the cache names is one it may: each product's files are files of the
    /// output it recorded, each pack a name of sitegen's own that the cache lists, each image a
    /// flow's. A cache edited by hand or by another program is otherwise no cache.
    var isSound: Bool {
        let (outputs, flows, packs, products) = (head.outputs, body.flows, body.packs, body.products)
        let written = Set(outputs.map(\.path))
        let slugs = flows.map(\.slug)
        let packSizes = Dictionary(packs.map { ($0.name, $0.status.size) }) { first, _ in first }
        func isInPack(_ reference: PackReference) -> Bool {
            guard let size = packSizes[reference.pack], reference.offset >= 0, reference.length >= 0 else { return false }
            return reference.offset <= size && reference.length <= size - reference.offset
        }
        return Set(slugs).count == slugs.count && packs.allSatisfy({ PackFile.isPackName($0.name) })
            && flows.allSatisfy { flow in
                flow.outputs.allSatisfy(written.contains) && isInPack(flow.fragment) && (flow.highlights.map(isInPack) ?? true)
                    && flow.assets.allSatisfy { Path.relative($0.destination, to: flow.slug) != nil && flow.outputs.contains($0.destination) }
            }
            && products.allSatisfy { $0.outputs.allSatisfy(written.contains) }
    }

    /// The cache with the status times of its output brought up to `live`, for a build that
    /// failed after linking files of the output into its staging folder: a new name of a file
    /// changes its status time, and nothing else. Nil when any file differs in more than that
    /// (its kind, its size, its modification time; the record keeps no inode), or the output has other files.
    func withOutputStatuses(_ live: [DirectoryWalker.Entry]?) -> BuildCache? {
        let outputs = head.outputs
        guard let live, live.count == outputs.count else { return nil }
        let now = Dictionary(live.map { ($0.path, $0.status) }) { first, _ in first }
        var refreshed = self
        for index in outputs.indices {
            let recorded = outputs[index].status
            guard let status = now[outputs[index].path], status.kind == recorded.kind, status.size == recorded.size, status.modified == recorded.modified
            else { return nil }
            refreshed.head.outputs[index].status = status
        }
        return refreshed
    }

    // MARK: Reading and writing

    /// A state file read, its head checked and decoded, its body still bytes.
    struct Loaded: Sendable {
        var head: Head
        fileprivate var bodyRecord: ArraySlice<UInt8>
        fileprivate var bodyChecksum: ArraySlice<UInt8>

        /// The whole cache; nil when the body is damaged or not a record of one.
        func complete() -> BuildCache? {
            let record = Array(bodyRecord)
            guard checksum(of: [record]).elementsEqual(bodyChecksum) else { return nil }
            return (try? RecordDecoder.decode(Body.self, from: record)).map { BuildCache(head: head, body: $0) }
        }
    }

    /// The state file: the format line; the length of the head's record, in 8 bytes; the head's
    /// record (`RecordEncoder`), zeros up to a whole word, and a digest of all this but the format
    /// line; the body's record and its digest. The digests tell a damaged file from a good one,
    /// each part's checked when it is read. Nil for a missing, unreadable, damaged or foreign file:
    /// the build then starts over.
    static func loadHead(loader: SiteLoader, folder: String = directory) -> Loaded? {
        let format = formatLine.utf8.count
        guard let bytes = try? loader.fileSystem.readFile(loader.diskPath(Path.join(folder, fileName)), confinedTo: loader.root),
            bytes.starts(with: formatLine.utf8), bytes.count >= format + 8 + 2 * checksumLength
        else { return nil }
        let length = bytes[format..<format + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length >= 0, length <= bytes.count - format - 8 - 2 * checksumLength - padding(after: length) else { return nil }
        let headEnd = format + 8 + length + padding(after: length)
        guard checksum(of: [Array(bytes[format..<headEnd])]).elementsEqual(bytes[headEnd..<(headEnd + checksumLength)]),
            let head = try? RecordDecoder.decode(Head.self, from: Array(bytes[(format + 8)..<(format + 8 + length)]))
        else { return nil }
        return Loaded(
            head: head, bodyRecord: bytes[(headEnd + checksumLength)..<(bytes.count - checksumLength)],
            bodyChecksum: bytes[(bytes.count - checksumLength)...])
    }

    /// The zero bytes after a head of `length` bytes, up to a whole number of words.
    private static func padding(after length: Int) -> Int {
        (8 - length % 8) % 8
    }

    /// The whole cache the state file holds (see `loadHead`).
    static func load(loader: SiteLoader, folder: String = directory) -> BuildCache? {
        loadHead(loader: loader, folder: folder)?.complete()
    }

    private static let checksumLength = 16

    static func checksum(of record: [[UInt8]]) -> [UInt8] {
        var hash = ContentHash()
        hash.add(chunks: record)
        return Array(hash.hex.utf8)
    }

    /// The state file's pieces for a head record said to be `length` bytes long (its true
    /// length, but for tests of forged files) and a body record.
    static func stateFile(head: [[UInt8]], length: Int, body: [[UInt8]]) -> [[UInt8]] {
        var head = head
        let written = head.reduce(0) { $0 + $1.count }
        // The head's digest follows on a whole word, as a digest's chunks must.
        head[head.count - 1] += repeatElement(0, count: padding(after: written))
        let framed = [(0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }] + head
        return [Array(formatLine.utf8)] + framed + [checksum(of: framed)] + body + [checksum(of: body)]
    }

    /// Writes the state file atomically (a temporary file renamed into place), so that an
    /// interrupted save leaves the previous state or none, never half of one.
    func save(loader: SiteLoader, folder cacheFolder: String = directory) throws {
        try Self.write(encoded(), loader: loader, folder: cacheFolder)
    }

    /// The cache as the bytes of its file, in pieces.
    func encoded() throws -> [[UInt8]] {
        try Self.encoded(head: head, body: try RecordEncoder.encodeInChunks(body))
    }

    /// The state file's pieces for `head` and a body already encoded.
    static func encoded(head: Head, body: [[UInt8]]) throws -> [[UInt8]] {
        let head = try RecordEncoder.encodeInChunks(head)
        return stateFile(head: head, length: head.reduce(0) { $0 + $1.count }, body: body)
    }

    /// Writes the pieces `encoded()` made, under a temporary name renamed over the last cache.
    static func write(_ pieces: [[UInt8]], loader: SiteLoader, folder cacheFolder: String = directory) throws {
        let fileSystem = loader.fileSystem
        let folder = loader.diskPath(cacheFolder)
        try fileSystem.createDirectory(folder)
        let temporary = Path.join(folder, Self.fileName + ".new")
        try fileSystem.clearTemporary(temporary)
        try fileSystem.writeFile(temporary, pieces: pieces.map(FilePiece.bytes))
        // A folder where the state file goes would refuse it at every build.
        let destination = Path.join(folder, Self.fileName)
        if fileSystem.linkStatus(of: destination)?.kind == .directory { try fileSystem.remove(destination) }
        try fileSystem.move(from: temporary, to: destination)
    }
}

extension BuildCache.Head {
    /// True when `live` (the output as it is now) is exactly the output this cache recorded.
    /// What the next walk of the inputs needs to list only the folders changed since this build's.
    var inputMemo: DirectoryWalker.Memo? {
        inputFolders.map { DirectoryWalker.Memo($0, entries: entries.map(\.path)) }
    }

    /// What the next walk of the output needs to list only the folders changed since this build left it.
    var outputMemo: DirectoryWalker.Memo? {
        outputFolders.map { DirectoryWalker.Memo($0, entries: outputs.map(\.path)) }
    }

    func outputIsAsLeft(_ live: [DirectoryWalker.Entry]?) -> Bool {
        guard let live, live.count == outputs.count else { return false }
        let recorded = Dictionary(outputs.map { ($0.path, $0.status) }) { first, _ in first }
        return live.allSatisfy { entry in recorded[entry.path].map { entry.status.sameContent(as: $0) } ?? false }
    }
}

/// A file's status as the cache keeps it: a regular file's size and times.
extension FileStatus: Codable {
    private enum CodingKeys: CodingKey { case size, modified, changed }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(modified, forKey: .modified)
        try container.encode(changed, forKey: .changed)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            size: try container.decode(Int.self, forKey: .size), modified: try container.decode(Int.self, forKey: .modified),
            changed: try container.decode(Int.self, forKey: .changed))
    }
}


extension FileStatus: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(size)
        sink.add(modified)
        sink.add(changed)
    }

    init(record source: RecordSource) throws {
        let size = try source.int()
        let modified = try source.int()
        self.init(size: size, modified: modified, changed: try source.int())
    }
}

extension BuildCache.Entry: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(path)
        status.write(to: sink)
        sink.add(hash)
    }

    init(record source: RecordSource) throws {
        let path = try source.string()
        let status = try FileStatus(record: source)
        self.init(path: path, status: status, hash: UInt64(truncatingIfNeeded: try source.int()))
    }
}

extension DirectoryWalker.Entry: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(path)
        status.write(to: sink)
    }

    init(record source: RecordSource) throws {
        let path = try source.string()
        self.init(path: path, status: try FileStatus(record: source))
    }
}

extension DirectoryWalker.Record.Folder: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(path)
        sink.add(size)
        sink.add(modified)
        sink.add(changed)
        sink.add(Int(truncatingIfNeeded: device))
        sink.add(Int(truncatingIfNeeded: inode))
    }

    init(record source: RecordSource) throws {
        let path = try source.string()
        let size = try source.int()
        let modified = try source.int()
        let changed = try source.int()
        let device = UInt64(truncatingIfNeeded: try source.int())
        self.init(
            path: path, size: size, modified: modified, changed: changed, device: device, inode: UInt64(truncatingIfNeeded: try source.int()))
    }
}

extension FlowRecord.Page: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(file)
        sink.add(id)
        anchors.write(to: sink)
    }

    init(record source: RecordSource) throws {
        let file = try source.string()
        let id = try source.string()
        self.init(file: file, id: id, anchors: try [String](record: source))
    }
}

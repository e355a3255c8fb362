/// What the last successful build was made from, kept in the site's `.sitegen-cache/` (never in
/// the output): a content hash of every input file, and one digest over those hashes, the tool
/// that built it and the options it was built with. When nothing in the digest has changed and
/// the output is still the one that build wrote, a build has nothing to do.
///
/// Files are hashed only when their size or modification time differ from the cache's record,
/// as git's index does; a file touched without a change keeps its hash.
struct BuildCache: Sendable, Equatable {
    static let directory = ".sitegen-cache"
    static let fileName = "build-state"
    static let formatLine = "sitegen build cache 2\n"

    /// One input file: where it is (relative to the site), its status and its content hash.
    struct Entry: Sendable, Equatable {
        var path: String
        var status: FileStatus
        var hash: String
    }

    var digest: String
    /// The digest of everything but the flow folders (see `FlowRecord.digests`).
    var globalDigest: String
    var entries: [Entry]
    /// Where that build wrote its output.
    var outputDirectory: String
    /// Site files that build read outside the usual roots, fingerprinted next time too.
    var extraInputs: [String] = []
    /// The output's marker file as the build left it, so a replaced or deleted output rebuilds.
    var outputMarker: FileStatus
    /// The output's `manifest.json` as the build left it: a build reuses the flows' fragments in
    /// it only while it is unchanged.
    var manifest: FileStatus
    var flowCount: Int
    var pageCount: Int
    /// Each flow of that build, in index order; empty when the cache has none.
    var flows: [FlowRecord] = []

    /// The folders and files of a site that a build reads.
    static let inputRoots = [SiteLoader.configFile, SiteLoader.contentDirectory, ThemeLoader.directory]

    /// Files up to this size that a fingerprint reads are kept for the build (see `Fingerprint.read`).
    static let keptFileSize = 256 * 1024

    /// The site's inputs as a fingerprint found them.
    struct Fingerprint: Sendable {
        var digest: String
        var entries: [Entry]
        /// The small files it read to hash them, by disk path, so that the build need not read
        /// them again.
        var read: [String: [UInt8]]
    }

    /// Hashes the site's inputs (the roots, and `extraInputs`: other site files a build read, such
    /// as an image outside `content/`), on every core, reusing `previous` hashes for files whose
    /// status is unchanged, and folds them with `identity` (the tool and the options) into one digest.
    /// `rootFiles`, when given, are the files under `inputRoots` as `inputFiles` lists them.
    static func fingerprint(
        fileSystem: any FileSystem, loader: SiteLoader, identity: String, previous: [Entry], extraInputs: [String] = [],
        rootFiles: [(String, FileStatus)]? = nil
    ) -> Fingerprint {
        let extras = extraInputs.filter { path in !inputRoots.contains { path == $0 || path.hasPrefix($0 + "/") } }
        let paths = (rootFiles ?? inputFiles(fileSystem: fileSystem, loader: loader))
            + extras.flatMap { files(under: $0, fileSystem: fileSystem, loader: loader) }
        // Usually the previous build saw the same files in the same order, so each one's entry is
        // at the same place; only when the lists differ are the entries looked up by path. When
        // every file is also unchanged (the common case of a rebuild), the entries are reused whole.
        let sameFiles = paths.count == previous.count && paths.indices.allSatisfy { paths[$0].0 == previous[$0].path }
        if sameFiles, paths.indices.allSatisfy({ paths[$0].1 == previous[$0].status }) {
            return Fingerprint(digest: digest(of: previous, identity: identity), entries: previous, read: [:])
        }
        let lookUp = sameFiles ? [:] : Dictionary(previous.map { ($0.path, $0) }) { first, _ in first }
        let hashed = Array(paths.indices).parallelMap { index -> (Entry, [UInt8]?) in
            let (path, status) = paths[index]
            let known = lookUp.isEmpty && index < previous.count ? previous[index] : lookUp[path]
            if let known, known.path == path, known.status == status { return (known, nil) }
            let bytes = (try? fileSystem.readFile(loader.diskPath(path))) ?? []
            var hash = ContentHash()
            hash.add(bytes)
            return (Entry(path: path, status: status, hash: hash.hex), bytes.count <= keptFileSize ? bytes : nil)
        }
        var read: [String: [UInt8]] = [:]
        for (entry, bytes) in hashed {
            if let bytes { read[loader.diskPath(entry.path)] = bytes }
        }
        let entries = hashed.map(\.0)
        return Fingerprint(digest: digest(of: entries, identity: identity), entries: entries, read: read)
    }

    /// One digest over `identity` and every entry's path and hash.
    private static func digest(of entries: [Entry], identity: String) -> String {
        var digest = ContentHash()
        digest.add(identity)
        for entry in entries {
            digest.add(entry.path)
            digest.add(entry.hash)
        }
        return digest.hex
    }

    /// Every file under `inputRoots`, with its status, in walk order.
    static func inputFiles(fileSystem: any FileSystem, loader: SiteLoader) -> [(String, FileStatus)] {
        inputRoots.flatMap { files(under: $0, fileSystem: fileSystem, loader: loader) }
    }

    /// Every file below a site-relative path (or the path itself) with its status, sorted;
    /// hidden names left out. The folders of the first level are walked in parallel.
    private static func files(under path: String, fileSystem: any FileSystem, loader: SiteLoader) -> [(String, FileStatus)] {
        guard let status = fileSystem.status(of: loader.diskPath(path)) else { return [] }
        guard status.kind == .directory else { return [(path, status)] }
        return visibleEntries(of: path, fileSystem: fileSystem, loader: loader).parallelMap { name, status in
            var found: [(String, FileStatus)] = []
            collect(Path.join(path, name), status: status, fileSystem: fileSystem, loader: loader, into: &found)
            return found
        }.flatMap { $0 }
    }

    private static func collect(
        _ path: String, status: FileStatus, fileSystem: any FileSystem, loader: SiteLoader, into found: inout [(String, FileStatus)]
    ) {
        guard status.kind == .directory else {
            found.append((path, status))
            return
        }
        for (name, status) in visibleEntries(of: path, fileSystem: fileSystem, loader: loader) {
            collect(Path.join(path, name), status: status, fileSystem: fileSystem, loader: loader, into: &found)
        }
    }

    /// A folder's entries in name order, hidden ones left out.
    private static func visibleEntries(of path: String, fileSystem: any FileSystem, loader: SiteLoader) -> [(name: String, status: FileStatus)] {
        ((try? fileSystem.statusOfEntries(in: loader.diskPath(path))) ?? []).filter { !$0.name.hasPrefix(".") }.sorted { $0.name < $1.name }
    }

    // MARK: Reading and writing

    /// The state file: a format line, then netstrings (see `save`).
    static func load(fileSystem: any FileSystem, loader: SiteLoader) -> BuildCache? {
        guard let bytes = try? fileSystem.readFile(loader.diskPath(Path.join(directory, fileName))),
            bytes.starts(with: formatLine.utf8)
        else { return nil }
        var reader = NetstringReader(bytes, from: formatLine.utf8.count)
        guard let digest = reader.string(), let globalDigest = reader.string(), let output = reader.string(),
            let marker = reader.status(), let manifest = reader.status(),
            let flowCount = reader.int(), let pageCount = reader.int(), let extraCount = reader.int()
        else { return nil }
        var extras: [String] = []
        for _ in 0..<max(0, extraCount) {
            guard let extra = reader.string() else { return nil }
            extras.append(extra)
        }
        guard let entryCount = reader.int() else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(max(0, entryCount))
        for _ in 0..<max(0, entryCount) {
            guard let path = reader.string(), let status = reader.status(), let hash = reader.string() else { return nil }
            entries.append(Entry(path: path, status: status, hash: hash))
        }
        guard let recordCount = reader.int() else { return nil }
        var flows: [FlowRecord] = []
        for _ in 0..<max(0, recordCount) {
            guard let record = FlowRecord(reading: &reader) else { return nil }
            flows.append(record)
        }
        guard reader.isAtEnd else { return nil }
        return BuildCache(
            digest: digest, globalDigest: globalDigest, entries: entries, outputDirectory: output, extraInputs: extras,
            outputMarker: marker, manifest: manifest, flowCount: flowCount, pageCount: pageCount, flows: flows)
    }

    /// Writes the state file atomically (a temporary file renamed into place), so that an
    /// interrupted save leaves the previous state or none, never half of one.
    func save(fileSystem: any FileSystem, loader: SiteLoader) throws {
        var writer = NetstringWriter()
        for text in [digest, globalDigest, outputDirectory] { writer.add(text) }
        for status in [outputMarker, manifest] { writer.add(status) }
        for number in [flowCount, pageCount, extraInputs.count] { writer.add(number) }
        extraInputs.forEach { writer.add($0) }
        writer.add(entries.count)
        for entry in entries {
            writer.add(entry.path)
            writer.add(entry.status)
            writer.add(entry.hash)
        }
        writer.add(flows.count)
        flows.forEach { $0.write(to: &writer) }
        let folder = loader.diskPath(Self.directory)
        try fileSystem.createDirectory(folder)
        let temporary = Path.join(folder, Self.fileName + ".new")
        try fileSystem.writeFile(temporary, pieces: [.bytes(Array(Self.formatLine.utf8)), .bytes(writer.bytes)])
        try fileSystem.move(from: temporary, to: Path.join(folder, Self.fileName))
    }

    /// Each flow's fragment as a piece of the output's manifest, when that is still the file
    /// this cache describes; nil when it is not.
    func manifestFragments(fileSystem: any FileSystem) -> [String: FilePiece]? {
        let path = Path.join(outputDirectory, SiteRenderer.manifestPath)
        guard fileSystem.status(of: path) == manifest else { return nil }
        var fragments: [String: FilePiece] = [:]
        for flow in flows {
            guard flow.fragment.lowerBound >= 0, flow.fragment.upperBound <= manifest.size else { return nil }
            fragments[flow.slug] = .range(flow.fragment, of: path)
        }
        return fragments
    }
}

extension NetstringWriter {
    mutating func add(_ status: FileStatus) {
        add(status.size)
        add(status.modified)
    }
}

extension NetstringReader {
    mutating func status() -> FileStatus? {
        guard let size = int(), let modified = int() else { return nil }
        return FileStatus(size: size, modified: modified)
    }
}

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
    static let formatLine = "sitegen build cache 1"

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
    static func fingerprint(
        fileSystem: any FileSystem, loader: SiteLoader, identity: String, previous: [Entry], extraInputs: [String] = []
    ) -> Fingerprint {
        let known = Dictionary(previous.map { ($0.path, $0) }) { first, _ in first }
        let paths = (inputRoots + extraInputs.filter { path in !inputRoots.contains { path == $0 || path.hasPrefix($0 + "/") } })
            .flatMap { files(under: $0, fileSystem: fileSystem, loader: loader) }
        let hashed = paths.parallelMap { path, status -> (Entry, [UInt8]?) in
            if let entry = known[path], entry.status == status { return (entry, nil) }
            let bytes = (try? fileSystem.readFile(loader.diskPath(path))) ?? []
            var hash = ContentHash()
            hash.add(bytes)
            return (Entry(path: path, status: status, hash: hash.hex), bytes.count <= keptFileSize ? bytes : nil)
        }
        var digest = ContentHash()
        digest.add(identity)
        var read: [String: [UInt8]] = [:]
        for (entry, bytes) in hashed {
            digest.add(entry.path)
            digest.add(entry.hash)
            if let bytes { read[loader.diskPath(entry.path)] = bytes }
        }
        return Fingerprint(digest: digest.hex, entries: hashed.map(\.0), read: read)
    }

    /// Every file below a site-relative path (or the path itself) with its status, sorted;
    /// hidden names left out. One `stat` per entry; the folders of the first level in parallel.
    private static func files(
        under path: String, fileSystem: any FileSystem, loader: SiteLoader, parallel: Bool = true
    ) -> [(String, FileStatus)] {
        guard let status = fileSystem.status(of: loader.diskPath(path)) else { return [] }
        guard status.kind == .directory else { return [(path, status)] }
        let names = ((try? fileSystem.contentsOfDirectory(loader.diskPath(path))) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let walk = { @Sendable (name: String) in
            files(under: Path.join(path, name), fileSystem: fileSystem, loader: loader, parallel: false)
        }
        return (parallel ? names.parallelMap(walk) : names.map(walk)).flatMap { $0 }
    }

    // MARK: Reading and writing

    static func load(fileSystem: any FileSystem, loader: SiteLoader) -> BuildCache? {
        guard let bytes = try? fileSystem.readFile(loader.diskPath(Path.join(directory, fileName))),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard lines.next() == Substring(formatLine),
            let header = lines.next()?.split(separator: " "), header.count == 5,
            let markerSize = Int(header[1]), let markerModified = Int(header[2]),
            let flows = Int(header[3]), let pages = Int(header[4]),
            let output = lines.next(), !output.isEmpty, let extras = lines.next(), let global = lines.next()
        else { return nil }
        var entries: [Entry] = []
        while let line = lines.next(), !line.isEmpty {
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, let size = Int(fields[0]), let modified = Int(fields[1]) else { return nil }
            entries.append(Entry(path: String(fields[3]), status: FileStatus(size: size, modified: modified), hash: String(fields[2])))
        }
        return BuildCache(
            digest: String(header[0]), globalDigest: String(global), entries: entries, outputDirectory: String(output),
            extraInputs: extras.split(separator: "\u{0}").map(String.init), outputMarker: FileStatus(size: markerSize, modified: markerModified),
            flowCount: flows, pageCount: pages)
    }

    /// The flow records of the cached build, read only when a build can use them.
    func loadFlows(fileSystem: any FileSystem, loader: SiteLoader) -> [FlowRecord]? {
        FlowRecord.load(from: loader.diskPath(Self.directory), fileSystem: fileSystem)
    }

    /// Writes the cache: the flow records (the fragments of `changedFlows` only, or all when nil),
    /// then the state file, atomically (a temporary file renamed into place) and last, so that
    /// an interrupted save leaves a state that no longer matches rather than a wrong one.
    func save(fileSystem: any FileSystem, loader: SiteLoader, changedFlows: Set<String>? = nil) throws {
        var text = Self.formatLine + "\n"
        text += "\(digest) \(outputMarker.size) \(outputMarker.modified) \(flowCount) \(pageCount)\n"
        text += outputDirectory + "\n"
        text += extraInputs.joined(separator: "\u{0}") + "\n"
        text += globalDigest + "\n"
        for entry in entries {
            text += "\(entry.status.size) \(entry.status.modified) \(entry.hash) \(entry.path)\n"
        }
        let folder = loader.diskPath(Self.directory)
        try fileSystem.createDirectory(folder)
        let stateFile = Path.join(folder, Self.fileName)
        if fileSystem.kind(of: stateFile) != nil { try fileSystem.remove(stateFile) }
        try FlowRecord.save(flows, changed: changedFlows, in: folder, fileSystem: fileSystem)
        let temporary = Path.join(folder, Self.fileName + ".new")
        try fileSystem.writeFile(temporary, text: text)
        try fileSystem.move(from: temporary, to: Path.join(folder, Self.fileName))
    }
}

import HTTPServer

/// One file the preview serves: its bytes, type and entity tag, and the status of the file it
/// was read from, so that an unchanged file is not read again after a rebuild.
struct PreviewFile: Sendable {
    let bytes: HTTPBytes
    let contentType: String
    /// A strong entity tag over the bytes as served.
    let etag: String
    let status: FileStatus
}

/// The site as the preview serves it: every file of the last good build, held in memory, with
/// the live-reload client added to each HTML page. Nothing is read from a disk to answer a
/// request, so no request can reach a file outside the build.
struct PreviewSite: Sendable {
    /// Files by path relative to the output, without a leading slash.
    var files: [String: PreviewFile] = [:] {
        didSet { folders = Self.folders(of: files.keys) }
    }
    /// Every folder a file lies in, so that `/welcome` can be sent on to `/welcome/`.
    private(set) var folders: Set<String> = []

    /// Where HTML pages load the live-reload client from, and where it listens for events.
    static let scriptPath = "_sitegen/live.js"
    static let eventsPath = "_sitegen/events"

    /// The output folder `output` as served: each regular file inside it (links that leave it,
    /// and hidden files, are left out), reusing `previous`'s copy of every file that is the same.
    static func load(_ output: String, fileSystem: any FileSystem, previous: PreviewSite?) -> PreviewSite {
        guard let root = fileSystem.realPath(output) else { return PreviewSite() }
        let walk = DirectoryWalker(fileSystem: fileSystem, root: root).walk(root, as: "")
        let found = walk.files.filter { $0.status.kind == .file }
        let isKept = found.map { entry in previous?.files[entry.path].map { Self.isSameFile($0.status, entry.status) } == true }
        let kept = zip(found, isKept).filter(\.1).map(\.0)
        let changed = zip(found, isKept).filter { !$0.1 }.map(\.0)
        var files: [String: PreviewFile] = [:]
        for entry in kept {
            files[entry.path] = previous?.files[entry.path]
        }
        let read = changed.parallelMap { entry -> (String, PreviewFile)? in
            guard let bytes = try? fileSystem.readFile(Path.join(root, entry.path), confinedTo: root) else { return nil }
            return (entry.path, PreviewFile(entry.path, bytes: bytes, status: entry.status))
        }
        for case let (path, file)? in read {
            files[path] = file
        }
        var site = PreviewSite()
        site.files = files
        return site
    }

    /// True when two statuses are of one unchanged file. A build writes every changed file anew
    /// (a new inode) and links each unchanged one from the previous output (the same inode and
    /// modification time, though linking changes its status-change time).
    static func isSameFile(_ old: FileStatus, _ new: FileStatus) -> Bool {
        old.identity == new.identity && old.identity != .unknown && old.size == new.size && old.modified == new.modified
    }

    /// The paths added, removed or changed since `previous`, sorted.
    func changes(since previous: PreviewSite) -> [String] {
        let paths = Set(files.keys).union(previous.files.keys)
        return paths.filter { files[$0]?.etag != previous.files[$0]?.etag }.sorted()
    }

    private static func folders(of paths: Dictionary<String, PreviewFile>.Keys) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            var folder = Path.directory(of: path)
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = Path.directory(of: folder)
            }
        }
        return folders
    }
}

extension PreviewFile {
    /// A file as served: an HTML page gets the live-reload client before its `</head>`.
    init(_ path: String, bytes: [UInt8], status: FileStatus) {
        let type = ContentType.of(path)
        let served = type == ContentType.html ? Self.withLiveReload(bytes) : bytes
        var hash = ContentHash()
        hash.add(served)
        self.init(bytes: HTTPBytes(served), contentType: type, etag: "\"" + hash.hex + "\"", status: status)
    }

    static let scriptTag = Array("<script src=\"/\(PreviewSite.scriptPath)\" defer></script>".utf8)

    /// `html` with the client's script tag before the end of its head, or at its end.
    static func withLiveReload(_ html: [UInt8]) -> [UInt8] {
        var result = html
        if let end = html.firstRange(ofBytes: Array("</head>".utf8)) ?? html.firstRange(ofBytes: Array("</HEAD>".utf8)) {
            result.insert(contentsOf: scriptTag, at: end.lowerBound)
        } else {
            result += scriptTag
        }
        return result
    }
}

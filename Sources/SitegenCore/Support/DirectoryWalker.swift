import Synchronization

/// Walks folder trees: every walk of the site's inputs and of the output goes through here.
///
/// Hidden entries (names starting with `.`) are left out unless asked for. With a `root` (the real path of the
/// site folder), a symbolic link is followed only when what it leads to lies inside the root,
/// and a link to a folder that contains it (a loop) is not followed; without one, links are
/// listed as links and never followed. FIFOs, devices and sockets are never files. Each of
/// these is reported as a problem naming the path, and the walk goes on.
struct DirectoryWalker: Sendable {
    /// The file that marks a folder as a sitegen output (`OutputWriter.markerFile`), which a walk
    /// of the site never takes as input.
    static let outputMarker = ".sitegen-output"

    /// The most entries one walk lists, and the most links to folders it follows (or finds to be
    /// loops): a small tree of links to folders can name exponentially many paths.
    static let maximumEntries = 2_000_000
    static let maximumFolderLinks = 1_000

    let fileSystem: any FileSystem
    /// The real path that followed links must stay inside; nil to follow none.
    let root: String?
    /// Whether entries whose names start with `.` are listed.
    var includesHidden = false
    /// An earlier walk of the tree, whose folders are not listed again where nothing in them can have changed.
    var memo: Memo?
    /// Whether each folder's full status is found (for a `Record`), not only its kind.
    var recordsFolders = false

    /// One entry found: its path (the walk's prefix joined with the names below it) and its
    /// status, with links followed when they are.
    struct Entry: Sendable, Equatable, Codable {
        var path: String
        var status: FileStatus
    }

    /// Something the walk could not use, and why.
    struct Problem: Sendable, Equatable {
        var path: String
        var message: String
    }

    /// What a walk found, in path order.
    struct Result: Sendable {
        var files: [Entry] = []
        /// The folders walked, the start included (as `prefix`, or "" without one), each with
        /// its status: its kind alone unless the walker `recordsFolders` or has a memo.
        var folders: [Entry] = []
        var problems: [Problem] = []

        /// The paths of the folders walked.
        var directories: [String] { folders.map(\.path) }

        mutating func append(_ other: Result) {
            files += other.files
            folders += other.folders
            problems += other.problems
        }
    }

    /// Walks what is at `path` on disk (a file, a folder or a link to one), naming everything
    /// found `prefix/…`. Nothing at `path` gives an empty result. The folders of the first level
    /// are walked in parallel.
    func walk(_ path: String, as prefix: String) -> Result {
        var result = Result()
        guard let own = fileSystem.linkStatus(of: path) else { return result }
        guard let status = follow(path, shownAs: prefix, own, into: &result) else { return result }
        guard status.kind == .directory else {
            result.files.append(Entry(path: prefix, status: status))
            return result
        }
        let ancestors = [Ancestor(path: path)]
        let entries = listing(of: path, shownAs: prefix, status: status, into: &result)
        let budget = Budget()
        let walked = entries.parallelMap { entry -> Result in
            var found = Result()
            visit(entry, in: path, shownAs: prefix, ancestors: ancestors, viaLink: own.kind == .symbolicLink, budget: budget, into: &found)
            return found
        }
        for part in walked { result.append(part) }
        return result
    }

    /// What one walk may still list and follow, shared by the threads walking its branches.
    private final class Budget: Sendable {
        /// Whether one more may be taken: yes; no, for the first time over (to report); no again.
        enum Answer { case granted, exhausted, refused }

        private let spent = Mutex((entries: 0, folderLinks: 0))

        func takeEntry() -> Answer {
            spent.withLock { Self.answer(&$0.entries, limit: DirectoryWalker.maximumEntries) }
        }

        func takeFolderLink() -> Answer {
            spent.withLock { Self.answer(&$0.folderLinks, limit: DirectoryWalker.maximumFolderLinks) }
        }

        private static func answer(_ count: inout Int, limit: Int) -> Answer {
            count += 1
            return count <= limit ? .granted : count == limit + 1 ? .exhausted : .refused
        }
    }

    /// A folder the walk is inside, whose identity is found only when a link needs comparing.
    private struct Ancestor: Sendable {
        var path: String
    }

    /// `viaLink` when a followed link leads to `directory` or a folder above it.
    private func visit(
        _ entry: DirectoryEntry, in directory: String, shownAs shown: String, ancestors: [Ancestor], viaLink: Bool, budget: Budget,
        into result: inout Result
    ) {
        let name = Path.join(shown, entry.name)
        switch budget.takeEntry() {
        case .granted: break
        case .exhausted: return result.problems.append(Problem(path: name, message: "the walk stopped here: more than \(Self.maximumEntries) entries"))
        case .refused: return
        }
        // Most entries are files the listing has told all about: their path on disk is never needed.
        if entry.status.kind == .file {
            return result.files.append(Entry(path: name, status: entry.status))
        }
        let path = directory + "/" + entry.name
        guard let status = follow(path, shownAs: name, entry.status, into: &result) else { return }
        guard status.kind == .directory else {
            result.files.append(Entry(path: name, status: status))
            return
        }
        if entry.status.kind == .symbolicLink {
            switch budget.takeFolderLink() {
            case .granted: break
            case .exhausted:
                return result.problems.append(
                    Problem(path: name, message: "the walk stopped following links to folders here: more than \(Self.maximumFolderLinks)"))
            case .refused: return
            }
            if let loop = ancestors.first(where: { fileSystem.status(of: $0.path)?.identity == status.identity }) {
                let target = fileSystem.realPath(path) ?? loop.path
                return result.problems.append(
                    Problem(path: name, message: "is a symbolic link to \(target), a folder that contains it; a loop is not followed"))
            }
        }
        let viaLink = viaLink || entry.status.kind == .symbolicLink
        // Below a link, an output is not what the link leads to but may be any folder under it
        // (`static/b -> ../build` with the output in `build/out`).
        if viaLink, root != nil, fileSystem.linkStatus(of: Path.join(path, Self.outputMarker)) != nil {
            return result.problems.append(Problem(path: name, message: "is reached through a symbolic link and is a folder sitegen writes, which is never an input"))
        }
        for child in listing(of: path, shownAs: name, status: status, into: &result) {
            visit(child, in: path, shownAs: name, ancestors: ancestors + [Ancestor(path: path)], viaLink: viaLink, budget: budget, into: &result)
        }
    }

    /// What an entry is once a link is followed (when allowed); nil, with a problem where there
    /// is one, for what the walk does not take.
    private func follow(_ path: String, shownAs name: String, _ own: FileStatus, into result: inout Result) -> FileStatus? {
        var status = own
        if own.kind == .symbolicLink {
            guard let root else { return own }
            guard let real = fileSystem.realPath(path), let target = fileSystem.status(of: path) else {
                result.problems.append(Problem(path: name, message: "is a symbolic link that leads nowhere"))
                return nil
            }
            guard Path.isInside(real, root: root) else {
                result.problems.append(
                    Problem(path: name, message: "is a symbolic link to \(real), outside the site folder; sitegen reads only the site's own files"))
                return nil
            }
            // Hidden folders (`.git` with its credentials, the build cache, a staging folder) are
            // never read, and neither is an output: a link does not make them an input.
            if let hidden = Path.relative(real, to: root).flatMap({ Path.components(of: $0).first(where: Path.isHidden) }) {
                result.problems.append(
                    Problem(path: name, message: "is a symbolic link into '\(hidden)', a hidden folder of the site, which sitegen never reads"))
                return nil
            }
            if let output = writtenFolder(holding: real, kind: target.kind, root: root) {
                result.problems.append(Problem(path: name, message: "is a symbolic link into \(output), a folder sitegen writes, which is never an input"))
                return nil
            }
            status = target
        }
        if status.kind == .nameNotUTF8 {
            result.problems.append(Problem(path: name, message: "has a name that is not UTF-8 text, which sitegen cannot publish; rename it"))
            return nil
        }
        if case .special(let kind) = status.kind {
            result.problems.append(Problem(path: name, message: "is \(kind.description); sitegen reads only regular files and folders"))
            return nil
        }
        return status
    }

    /// The folder with sitegen's output marker that `real` (a link's target, a real path inside
    /// `root`) is or lies in, if any.
    func writtenFolder(holding real: String, kind: FileKind, root: String) -> String? {
        var folder = kind == .directory ? real : Path.directory(of: real)
        while Path.isInside(folder, root: root) {
            if fileSystem.linkStatus(of: Path.join(folder, Self.outputMarker)) != nil { return folder }
            guard folder != root else { return nil }
            folder = Path.directory(of: folder)
        }
        return nil
    }

    /// The entries of the folder at `path`, shown as `name`, whose status is `given` (perhaps
    /// its kind alone), after adding the folder to `result`.
    private func listing(of path: String, shownAs name: String, status given: FileStatus, into result: inout Result) -> [DirectoryEntry] {
        var status = given
        if memo != nil || recordsFolders, status.identity == .unknown, let found = fileSystem.status(of: path) {
            status = found
        }
        result.folders.append(Entry(path: name, status: status))
        if let names = memo?.names(in: name, status: status), let entries = statuses(of: names, in: path) {
            return entries
        }
        do {
            return try fileSystem.entries(in: path).filter { includesHidden || !Path.isHidden($0.name) }.sorted { $0.name < $1.name }
        } catch {
            result.problems.append(Problem(path: name, message: "cannot list the folder: \((error as? FileSystemError)?.reason ?? "\(error)")"))
            return []
        }
    }

    /// The entries `names` of the folder at `path`, each with its status; nil when any is not
    /// there to look at (the folder is then listed, and says why).
    private func statuses(of names: [Substring], in path: String) -> [DirectoryEntry]? {
        var entries: [DirectoryEntry] = []
        entries.reserveCapacity(names.count)
        for name in names {
            guard let status = fileSystem.linkStatus(of: path + "/" + name) else { return nil }
            entries.append(DirectoryEntry(name: String(name), status: status))
        }
        return entries
    }
}

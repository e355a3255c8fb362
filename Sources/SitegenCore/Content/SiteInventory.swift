import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every input of a site as one walk found it: `sitegen.yml`, and everything under `content/`,
/// `templates/`, `static/` and `languages/`, with the problems the walk met (links leaving the site, loops, special files).
/// Loading and the build cache both work from it, so the site is listed once per build.
struct SiteInventory: Sendable {
    /// Input files by site-relative path, each root's in path order; links inside the site are
    /// followed, so a status is what the link leads to.
    var files: [DirectoryWalker.Entry]
    /// Every folder walked, site-relative.
    var directories: Set<String>
    /// What a later walk needs to list only the folders changed since this one; nil when this
    /// walk met a problem.
    var record: DirectoryWalker.Record?
    /// Errors for what the walk could not use.
    var problems: [Diagnostic]
    /// Where each folder's files (its subfolders' included) stand in `files`: a walk lists them together.
    private var ranges: [String: Range<Int>] = [:]

    /// The folders and files of a site that a build reads.
    static let roots = [SiteLoader.configFile, ContentLayout.directory, ThemeLoader.directory, StaticFiles.directory, SiteLanguages.directory]

    /// Walks the roots of the site `loader` reads, listing only the folders changed since the
    /// walk `memo` recalls.
    init(loader: SiteLoader, memo: DirectoryWalker.Memo? = nil) {
        self.init(loader: loader, paths: Self.roots, memo: memo)
    }

    /// Walks site-relative `paths` (each a file or a folder) of the site `loader` reads.
    init(loader: SiteLoader, paths: [String], memo: DirectoryWalker.Memo? = nil) {
        var walker = DirectoryWalker(fileSystem: loader.fileSystem, root: loader.root)
        walker.memo = memo
        walker.recordsFolders = true
        let startedAt = loader.fileSystem.currentTime()
        var files: [DirectoryWalker.Entry] = []
        var folders: [DirectoryWalker.Entry] = []
        var problems: [Diagnostic] = []
        for path in paths {
            let walk = walker.walk(loader.diskPath(path), as: path)
            files += walk.files
            folders += walk.folders
            problems += walk.problems.map { .error($0.message, path: loader.diskPath($0.path)) }
        }
        // Swift's strings are equal when canonically equivalent, so two names that differ only
        // in how an accent is written (`café` composed and decomposed) are one key everywhere a
        // build looks a path up, and one file's content silently stood for both.
        // Names of ASCII alone are equivalent to no other name of ASCII alone, so a site of
        // such names (the usual one) needs no look-up.
        let isASCII = { (name: String) in name.utf8.allSatisfy { $0 < 0x80 } }
        let allASCII = files.allSatisfy { isASCII($0.path) } && folders.allSatisfy { isASCII($0.path) }
        var seen: [String: String] = [:]
        for path in allASCII ? [] : files.map(\.path) + Set(folders.map(\.path)).sorted() {
            if let other = seen[path], !other.utf8.elementsEqual(path.utf8) {
                problems.append(
                    .error("this name and \(loader.diskPath(other)) are one name to Unicode (they differ only in how a character is encoded: an accent composed or not, a Kelvin sign for a K), which sitegen cannot tell apart; rename one", path: loader.diskPath(path)))
            } else {
                seen[path] = path
            }
        }
        self.files = files
        directories = Set(folders.map(\.path))
        record = problems.isEmpty ? DirectoryWalker.Record(takenAt: startedAt, folders: folders) : nil
        self.problems = problems
        ranges = Self.runs(of: files)
    }

    /// Where each folder's files stand in `files`: its first run of them, as a scan from the
    /// first file finds it. A walk lists a folder's files together, so runs start and end only
    /// where a file's folder differs from the one before it, and most files cost one comparison.
    static func runs(of files: [DirectoryWalker.Entry]) -> [String: Range<Int>] {
        var ranges: [String: Range<Int>] = [:]
        // The folders the last file is in, outermost first, with where each one's run began.
        var open: [(folder: String, start: Int)] = []
        var lastFolder: String?
        func close(from depth: Int, at index: Int) {
            for run in open[depth...] where ranges[run.folder] == nil { ranges[run.folder] = run.start..<index }
            open.removeSubrange(depth...)
        }
        for index in files.indices {
            // Most files are in the folder of the file before: that is told from the bytes, with no folder's name made.
            if let lastFolder, Self.isDirectly(files[index].path, in: lastFolder) { continue }
            let folder = Path.directory(of: files[index].path)
            lastFolder = folder
            let chain = Array(Path.lineage(of: folder).reversed())
            var shared = 0
            while shared < min(open.count, chain.count), open[shared].folder == chain[shared] { shared += 1 }
            close(from: shared, at: index)
            open += chain[shared...].map { (folder: $0, start: index) }
        }
        close(from: 0, at: files.count)
        return ranges
    }

    /// Whether `path` names an entry of `folder` itself, not of a folder inside it.
    private static func isDirectly(_ path: String, in folder: String) -> Bool {
        var (path, folder) = (path, folder)
        return path.withUTF8 { path in
            folder.withUTF8 { folder in
                let slash = UInt8(ascii: "/")
                guard !folder.isEmpty else { return !path.contains(slash) }
                guard path.count > folder.count + 1, path[folder.count] == slash,
                    let start = path.baseAddress, let other = folder.baseAddress, memcmp(start, other, folder.count) == 0
                else { return false }
                return !path[(folder.count + 1)...].contains(slash)
            }
        }
    }

    /// Every folder that is a flow (even an empty one, which no file shows), sorted.
    var flowFolders: [String] {
        directories.filter { ContentLayout.flowSlug(ofFolder: $0) != nil }.sorted()
    }

    /// The files below a site-relative folder, in path order.
    func files(under directory: String) -> ArraySlice<DirectoryWalker.Entry> {
        guard let range = ranges[directory] else { return [] }
        return files[range]
    }
}

/// The output folder as one walk found it, and what its own status was just before: the walk can
/// be made early, beside other work, and used once the build knows the output is that folder,
/// as long as the folder still has that status (no build has swapped another in since, nor has
/// anything been added at its top).
struct OutputListing: Sendable {
    /// The output folder walked.
    let folder: String
    /// Its status when the walk began; nil when there was nothing there.
    let status: FileStatus?
    /// Every entry below it (`OutputWriter.inventory(of:)`).
    let entries: [DirectoryWalker.Entry]?

    /// Walks `folder`, listing only the folders changed since the walk `memo` recalls.
    init(of folder: String, on fileSystem: any FileSystem, memo: DirectoryWalker.Memo? = nil) {
        self.folder = folder
        status = fileSystem.linkStatus(of: folder)
        entries = OutputWriter(fileSystem: fileSystem).inventory(of: folder, memo: memo)
    }

    /// True when this listing is of `output` and the folder there has the status it had.
    func describes(_ output: String, on fileSystem: any FileSystem) -> Bool {
        Path.isSame(folder, output) && fileSystem.linkStatus(of: output) == status
    }
}

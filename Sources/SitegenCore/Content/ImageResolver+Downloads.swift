import Diagnostics

extension ImageResolver {
    /// The file at `sitePath` in a flow's folder that a page of `flow` links to (a download, a
    /// sample project), published as it is beside the flow's pages: its address from the page,
    /// and the copy. Why not, when it is missing, a folder, hidden, in an output or too large.
    /// It is never read here: the copy is confined to the site as every input is.
    func download(_ sitePath: String, written: String, in flow: FlowSources) -> Result<(src: String, asset: Asset), ImageProblem> {
        let subject = "link '\(written)'"
        let sitePath = localized(sitePath, for: flow.translation)
        let diskPath = loader.diskPath(sitePath)
        switch loader.fileSystem.status(of: diskPath) {
        case nil:
            return .failure(.init("\(subject) finds no file: \(diskPath) does not exist"))
        case let status? where status.kind == .directory:
            return .failure(.init("\(subject) leads to the folder \(diskPath), which is not published; link to a file in it"))
        case let status? where status.kind != .file:
            return .failure(.init("\(subject) leads to \(status.kind.description), not a file"))
        case let status?:
            if status.size > Self.maximumDownloadSize {
                return .failure(.init("\(subject) leads to a file of \(status.size >> 20) MiB, more than the \(Self.maximumDownloadSize >> 20) MiB a site may publish; host it elsewhere and link to it"))
            }
        }
        if let real = loader.fileSystem.realPath(diskPath), !Path.isInside(real, root: loader.root) {
            return .failure(.init("\(subject) leads to \(real), outside the site folder; sitegen reads only the site's own files"))
        }
        if let problem = unreadTarget(sitePath, subject: subject) { return .failure(problem) }
        return .success(published(sitePath, in: flow))
    }

    /// The largest file a page may link to and have published.
    static let maximumDownloadSize = maximumVideoSize
}

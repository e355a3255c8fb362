/// Writes a new site: settings and an example flow with an image, and, when asked, a copy of
/// the default theme to edit.
package struct SiteScaffold: Sendable {
    let fileSystem: any FileSystem

    package init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Why the site cannot be created.
    package struct Failure: Error, Equatable {
        package var message: String
        /// True when the folder named is not one to make a site in (a file, a folder that is not
        /// empty), as opposed to a failure to write.
        package var isUnsuitableFolder = false
    }

    /// Creates the site in `directory`, which must be new or empty; returns the files written.
    @discardableResult
    package func create(in directory: String, withTemplates: Bool) throws(Failure) -> [String] {
        // A link, even one that leads nowhere, is not a new folder: writing through it would
        // make the site wherever it points.
        for ancestor in Path.lineage(of: directory)
        where fileSystem.linkStatus(of: ancestor)?.kind == .symbolicLink && fileSystem.status(of: ancestor) == nil {
            throw Failure(
                message: "\(ancestor) is a symbolic link to something that does not exist; give the name of a new folder, or remove the link",
                isUnsuitableFolder: true)
        }
        switch fileSystem.kind(of: directory) {
        case let kind? where kind != .directory:
            throw Failure(message: "\(directory) is \(kind.description); give the name of a new folder", isUnsuitableFolder: true)
        case .directory?:
            let entries = (try? fileSystem.contentsOfDirectory(directory)) ?? []
            if !entries.isEmpty {
                throw Failure(
                    message: "\(directory) is not empty; sitegen new only writes into a new or empty folder", isUnsuitableFolder: true)
            }
        default:
            break
        }
        var files = EmbeddedScaffold.files
        if withTemplates {
            for (path, text) in Theme.default.files.mapValues(\.text) {
                files[Path.join(ThemeLoader.directory, path)] = text
            }
        }
        var written: [String] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let destination = Path.join(directory, path)
            do {
                try fileSystem.createDirectory(Path.directory(of: destination))
                try fileSystem.writeFile(destination, Array(text.utf8))
            } catch {
                throw Failure(message: "cannot write \(destination): \(error)")
            }
            written.append(destination)
        }
        return written
    }
}

import Foundation

/// What the library knows of a `.lang` file before loading it: the id, the name shown to people,
/// the file-name globs from its metadata, and the file.
package struct LanguageInfo: Sendable, Equatable {
    package var id: String
    package var name: String
    package var globs: [String]
    package var hidden: Bool
    package var file: LanguageFile

    /// Reads the header of a `.lang` file: the `<language>` element and its `<metadata>`.
    static func read(_ file: LanguageFile) throws(LanguageLoadError) -> LanguageInfo {
        let data = try file.data()
        let root: XMLNode
        do { root = try XMLNode.parse(data, stopAfter: "metadata") } catch {
            throw LanguageLoadError(path: file.path, message: "line \(error.line): \(error.message)")
        }
        guard root.name == "language", let id = root["id"], !id.isEmpty else {
            throw LanguageLoadError(path: file.path, message: "no <language> element with an id")
        }
        var globs: [String] = []
        for property in root.children.first(where: { $0.name == "metadata" })?.children ?? [] where property["name"] == "globs" {
            globs += property.text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return LanguageInfo(
            id: id, name: root["_name"] ?? root["name"] ?? id, globs: globs, hidden: root.flag("hidden") ?? false, file: file)
    }
}

/// A `.lang` file: on disk, read when needed, or given as bytes (a site's own, which the build
/// reads through its confined file system).
package struct LanguageFile: Sendable, Equatable {
    /// The path diagnostics name.
    package var path: String
    /// The file's bytes, when given; otherwise `path` is read.
    package var contents: Data?

    package init(path: String, contents: Data? = nil) {
        self.path = path
        self.contents = contents
    }

    func data() throws(LanguageLoadError) -> Data {
        if let contents { return contents }
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw LanguageLoadError(path: path, message: "unable to open the file")
        }
    }
}

import Foundation

/// What the library knows of a `.lang` file before loading it: the id, the name shown to people,
/// the file-name globs from its metadata, and the file.
package struct LanguageInfo: Sendable, Equatable {
    package var id: String
    package var name: String
    package var globs: [String]
    package var hidden: Bool
    package var file: LanguageFile

    /// The elements that may follow `<metadata>` in a `.lang` file, where reading its header stops.
    private static let afterHeader: Set<String> = ["styles", "default-regex-options", "keyword-char-class", "definitions"]

    /// How much of a file is read first for its header: more than any system definition's takes.
    static let headerBytes = 16 * 1024

    /// Reads the header of a `.lang` file: the `<language>` element and its `<metadata>`, from
    /// the file's first bytes. When they are not a header that parses without a message (cut
    /// short, or warned about, as `<?xml version="1.1"?>` is), the whole file is parsed as the
    /// loader parses it, and only what fails there is a problem.
    static func read(_ file: LanguageFile) throws(LanguageLoadError) -> LanguageInfo {
        let root: XMLNode
        do {
            root = try XMLNode.parse(try file.data(upTo: headerBytes), stopAfter: "metadata", stopBefore: afterHeader)
        } catch {
            let whole = try file.data()
            do { root = try XMLNode.parse(whole) } catch {
                throw LanguageLoadError(path: file.path, message: "line \(error.line): \(error.message)")
            }
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

    /// The file's first `count` bytes (all of them when it is shorter).
    func data(upTo count: Int) throws(LanguageLoadError) -> Data {
        if let contents { return contents.prefix(count) }
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return try handle.read(upToCount: count) ?? Data()
        } catch {
            throw LanguageLoadError(path: path, message: "unable to open the file")
        }
    }
}

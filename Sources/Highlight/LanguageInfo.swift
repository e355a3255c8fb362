import Foundation

/// What the library knows of a `.lang` file before loading it: the id, the name shown to people,
/// the file-name globs from its metadata, and where it is.
package struct LanguageInfo: Sendable, Equatable {
    package var id: String
    package var name: String
    package var globs: [String]
    package var hidden: Bool
    package var url: URL

    /// Reads the header of a `.lang` file: the `<language>` element and its `<metadata>`.
    static func read(_ url: URL) throws(LanguageLoadError) -> LanguageInfo {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw LanguageLoadError(path: url.path, message: "unable to open the file") }
        let root: XMLNode
        do { root = try XMLNode.parse(data, stopAfter: "metadata") } catch {
            throw LanguageLoadError(path: url.path, message: "line \(error.line): \(error.message)")
        }
        guard root.name == "language", let id = root["id"], !id.isEmpty else {
            throw LanguageLoadError(path: url.path, message: "no <language> element with an id")
        }
        var globs: [String] = []
        for property in root.children.first(where: { $0.name == "metadata" })?.children ?? [] where property["name"] == "globs" {
            globs += property.text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return LanguageInfo(
            id: id, name: root["_name"] ?? root["name"] ?? id, globs: globs, hidden: root.flag("hidden") ?? false, url: url)
    }
}

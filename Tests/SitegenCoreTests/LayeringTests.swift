import Foundation
import Testing

/// SitegenCore's folders are layers with one-way arrows: a file may use the types of its own
/// folder and of the folders below it, never of one above. A type is found where it is declared
/// (at the top level of a file) and used wherever its name appears outside comments.
@Suite struct LayeringTests {
    /// From the bottom up. The pipeline reads top to bottom in Build; the preview and the command
    /// line sit above it.
    static let layers = ["Support", "Theme", "Model", "Content", "Output", "Render", "Build", "Serve", "CLI"]

    static let root = Repository.root.appendingPathComponent("Sources/SitegenCore")

    struct SourceFile {
        var folder: String
        var name: String
        var text: String
    }

    static func sources() throws -> [SourceFile] {
        var files: [SourceFile] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                files.append(SourceFile(folder: folder, name: path, text: text))
            }
        }
        return files
    }

    @Test func everyFolderIsALayer() throws {
        let folders = Set(try Self.sources().map(\.folder))
        #expect(folders == Set(Self.layers), "a new folder of SitegenCore needs its place in LayeringTests.layers")
    }

    @Test func noFileUsesATypeOfALayerAboveItsOwn() throws {
        let files = try Self.sources()
        var owner: [String: String] = [:]
        let declaration = #/^(?:(?:package|public|private|fileprivate|internal|final|indirect) )*(?:struct|enum|class|protocol|actor|typealias) (\w+)/#.anchorsMatchLineEndings()
        for file in files {
            for match in file.text.matches(of: declaration) { owner[String(match.output.1)] = file.folder }
        }
        #expect(owner["SiteBuilder"] == "Build" && owner["Path"] == "Support", "the declarations are found")
        var violations: [String] = []
        for file in files {
            let rank = Self.layers.firstIndex(of: file.folder) ?? 0
            let code = file.text.replacing(#/\/\/[^\n]*/#, with: "")
            var seen: Set<String> = []
            for match in code.matches(of: #/[A-Za-z_][A-Za-z0-9_]*/#) {
                let name = String(match.output)
                guard name.first?.isUppercase == true, seen.insert(name).inserted, let folder = owner[name], let used = Self.layers.firstIndex(of: folder), used > rank
                else { continue }
                violations.append("\(file.folder)/\(file.name) uses \(name) from \(folder)")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}

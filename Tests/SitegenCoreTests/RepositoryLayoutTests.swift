import Foundation
import Testing

/// The repository checks out the same on every file system: no two of its paths differ only in
/// case, which a case-insensitive file system (macOS's and Windows' default) would merge.
@Suite struct RepositoryLayoutTests {
    /// Folders that are not part of the repository: build output, caches, environments.
    static let ignored: Set<String> = [".build", ".git", ".venv", ".fuzz", ".swiftpm", ".pytest_cache", "__pycache__", ".sitegen-cache"]

    @Test func noTwoPathsDifferOnlyInCase() throws {
        var seen: [String: String] = [:]
        var clashes: [String] = []
        var count = 0
        func walk(_ folder: URL, _ prefix: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !Self.ignored.contains(name) {
                let path = prefix.isEmpty ? name : prefix + "/" + name
                if prefix.isEmpty, name == "output" { continue }
                count += 1
                if let other = seen[path.lowercased()] { clashes.append("\(other) and \(path)") } else { seen[path.lowercased()] = path }
                var isFolder: ObjCBool = false
                let url = folder.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil
                {
                    try walk(url, path)
                }
            }
        }
        try walk(Repository.root, "")
        #expect(count > 100)
        #expect(clashes == [])
    }
}

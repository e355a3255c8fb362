import Foundation
import Testing
@testable import SitegenCore
@testable import Diagnostics

/// Builds the fixture sites under `Fixtures/<name>/site` and compares every output file with
/// `Fixtures/<name>/expected`. After an intended change, regenerate the expected files with
/// `UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
@Suite struct GoldenTests {
    static let fixtures = ["basic", "rtl"]

    @Test(arguments: fixtures)
    func buildsExactlyTheExpectedFiles(_ name: String) throws {
        let site = Repository.fixtures.appendingPathComponent("\(name)/site").path
        let expected = Repository.fixtures.appendingPathComponent("\(name)/expected").path
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let target = output.path + "/out"
        let result = SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site, outputDirectory: target))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(DiagnosticFormatter().format))")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: expected)
            try FileManager.default.copyItem(atPath: target, toPath: expected)
        }
        let built = try Self.files(in: target)
        let wanted = try Self.files(in: expected)
        #expect(built.keys.sorted() == wanted.keys.sorted())
        for (path, bytes) in wanted {
            #expect(built[path] == bytes, "\(path) differs from \(expected)/\(path)")
        }
    }

    /// Every file under `root`, by relative path.
    static func files(in root: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue {
                result[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return result
    }
}

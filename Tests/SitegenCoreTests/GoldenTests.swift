import Foundation
import Testing
@testable import SitegenCore
@testable import Diagnostics

/// Builds the fixture sites under `Fixtures/<name>/site` and compares every output file with
/// `Fixtures/<name>/expected`. After an intended change, regenerate the expected files with
/// `UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
///
/// The theme's own files (its stylesheet, its runtime, the manifest's schema) are the same for
/// every site, so the expected files hold a marker where they start, which the test replaces with
/// the embedded theme's text: a theme edit changes no golden file whose site's part is unchanged.
@Suite struct GoldenTests {
    static let fixtures = ["basic", "rtl", "translated"]

    @Test(arguments: fixtures)
    func buildsExactlyTheExpectedFiles(_ name: String) throws {
        let site = Repository.fixtures.appendingPathComponent("\(name)/site").path
        let expected = Repository.fixtures.appendingPathComponent("\(name)/expected").path
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let target = output.path + "/out"
        let result = SiteBuilder(fileSystem: DiskFileSystem()).build(BuildOptions(siteDirectory: site, outputDirectory: target))
        // The basic site's page shows that safe mode drops a script, and says so.
        let dropped = "02-permission.md:13:1: raw HTML '<script>' is dropped; set markdown: {unsafe: true} in sitegen.yml to keep it (only for trusted authors)"
        #expect(
            result.diagnostics.map { "\($0.path.split(separator: "/").last ?? ""):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
                == (name == "basic" ? [dropped] : []),
            "\(result.diagnostics.map(DiagnosticFormatter().format))")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: expected)
            try FileManager.default.copyItem(atPath: target, toPath: expected)
            for (path, text) in Self.themeFiles {
                let file = URL(fileURLWithPath: expected + "/" + path)
                let built = try Data(contentsOf: file)
                if built.starts(with: Data(text.utf8)) {
                    try (Data(Self.marker(path).utf8) + built.dropFirst(text.utf8.count)).write(to: file)
                }
            }
        }
        let built = try Self.files(in: target)
        var wanted = try Self.files(in: expected)
        for (path, text) in Self.themeFiles {
            let marker = Data(Self.marker(path).utf8)
            if let file = wanted[path], file.starts(with: marker) {
                wanted[path] = Data(text.utf8) + file.dropFirst(marker.count)
            }
        }
        #expect(Self.themeFiles.allSatisfy { wanted[$0.path] != nil }, "the sites have a stylesheet, a runtime and a schema")
        #expect(built.keys.sorted() == wanted.keys.sorted())
        for (path, bytes) in wanted {
            #expect(built[path] == bytes, "\(path) differs from \(expected)/\(path)")
        }
    }

    /// The files the theme writes the same for every site, by output path, and their text.
    static let themeFiles: [(path: String, text: String)] = {
        let (theme, _) = Theme.default.compile()
        // The loader and the embed's styles begin with the theme's text and end with the site's.
        let styles = EmbedBuilder.styles(stylesheet: theme.stylesheet, embedStylesheet: theme.embedStylesheet, siteCSS: "")
        return [
            (SiteRenderer.stylesheetPath, theme.stylesheet), (SiteRenderer.scriptPath, theme.script),
            (ManifestBuilder.schemaFileName, ManifestBuilder.schemaText),
            (EmbedBuilder.loaderPath, String(EmbedBuilder.loader(source: theme.embedLoader, flows: [], locales: [], resolver: "").dropLast(10))),
            (EmbedBuilder.dialogPath, theme.embedDialog),
            (EmbedBuilder.stylesPath, String(styles.dropLast(4))),
        ]
    }()

    /// What an expected file holds in place of the embedded theme's text.
    static func marker(_ path: String) -> String {
        "[the embedded theme's \(path)]\n"
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

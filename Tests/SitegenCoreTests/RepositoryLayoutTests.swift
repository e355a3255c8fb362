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

    /// What each part of the code may import beyond the toolchain's own modules (Foundation,
    /// Dispatch, Synchronization): the arrows of the architecture. The compiler enforces them
    /// between targets; this catches what it lets through (a C module reached transitively, a
    /// folder of SitegenCore reaching past its stage). The longest matching folder applies.
    static let allowedImports: [(folder: String, modules: Set<String>)] = [
        ("Sources/OnboardingKit", []),
        ("Sources/Diagnostics", []),
        ("Sources/Mustache", []),
        ("Sources/Markdown", ["CCMark", "Diagnostics"]),
        ("Sources/FrontMatter", ["CYAML", "Diagnostics"]),
        ("Sources/HTTPServer", ["CMicroHTTPD"]),
        ("Sources/Imaging", ["CVips"]),
        ("Sources/LottieRendering", ["CRlottie"]),
        ("Sources/Highlight", ["CPCRE2", "Diagnostics", "FoundationXML"]),
        ("Sources/SitegenCore", ["Diagnostics", "Mustache", "Markdown", "FrontMatter", "OnboardingKit", "Highlight"]),
        ("Sources/SitegenCore/Serve", ["Diagnostics", "Mustache", "OnboardingKit", "HTTPServer"]),
        ("Sources/SitegenCore/CLI/CommandLineInterface+Serve.swift", ["HTTPServer"]),
        ("Sources/SitegenCore/Model", ["OnboardingKit", "Markdown", "Diagnostics"]),
        // The build's media work, the one part of the core that draws and shrinks images.
        ("Sources/SitegenCore/Build/MediaWorkshop.swift", ["Diagnostics", "Imaging", "LottieRendering"]),
        ("Sources/SitegenCore/Support/Platform.swift", ["CPlatform"]),
        ("Sources/SitegenTestSupport", ["SitegenCore"]),
        ("Sources/SitegenFuzzing", ["SitegenCore", "SitegenTestSupport", "Diagnostics", "Mustache", "Markdown", "FrontMatter", "OnboardingKit", "Highlight"]),
        ("Sources/sitegen-fuzz", ["SitegenFuzzing", "CFuzzer"]),
        ("Sources/sitegen", ["SitegenCore"]),
        ("Sources/embed-theme", []),
        ("Sources/highlight-bench", ["Highlight"]),
    ]
    static let toolchainModules: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl"]

    @Test func eachPartImportsOnlyWhatItsArrowsAllow() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.subpaths(atPath: sources.path)).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var violations: [String] = []
        for file in files {
            let path = "Sources/" + file
            let rule = Self.allowedImports.filter { path == $0.folder || path.hasPrefix($0.folder + "/") }
                .max { $0.folder.count < $1.folder.count }
            guard let rule else {
                violations.append("\(path): no rule says what it may import")
                continue
            }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index < words.count - 1,
                    words[..<index].allSatisfy({ ["@testable", "package", "public", "internal", "@_exported"].contains($0) })
                else { continue }
                let module = String(words[index + 1])
                if !Self.toolchainModules.contains(module), !rule.modules.contains(module) {
                    violations.append("\(path) imports \(module)")
                }
            }
        }
        #expect(violations == [])
    }
}

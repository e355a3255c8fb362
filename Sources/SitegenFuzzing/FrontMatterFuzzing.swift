import SitegenCore

/// Front matter and YAML files: split, parsed, and read as a page's and a site's settings would be.
enum FrontMatterFuzzing {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let file = SourceFile(path: "fuzz.md", text: text)
        if case .success(let split) = FrontMatter.parse(file) {
            _ = split.fields?.kindDescription
        }
        _ = FrontMatter.parseYAMLFile(file)
        let site = MemoryFileSystem(["sitegen.yml": text, "content/tour/01-a.md": text])
        for diagnostic in SiteBuilder(fileSystem: site).check(BuildOptions()).diagnostics {
            _ = DiagnosticFormatter().format(diagnostic)
        }
    }
}

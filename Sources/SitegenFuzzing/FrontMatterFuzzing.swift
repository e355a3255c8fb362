import Diagnostics
import FrontMatter
import SitegenCore

/// Front matter and YAML files: split, parsed, and read as a page's, a flow's and a site's
/// settings and a theme's strings are.
enum FrontMatterFuzzing {
    static func run(_ bytes: [UInt8]) {
        let file = SourceFile(path: "fuzz.md", text: String(decoding: bytes, as: UTF8.self))
        if case .success(let split) = FrontMatter.parse(file) {
            report(PageFrontMatter.read(split.fields, file: file).1)
            report(FlowFrontMatter.read(split.fields, file: file).1)
        }
        report(SiteSettings.read(file, stringKeys: ["skip", "next", "status"]).1)
        report(StringTable.parse(file).1)
    }

    private static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { _ = DiagnosticFormatter().format(diagnostic) }
    }
}

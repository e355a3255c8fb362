import SitegenTestSupport
import Diagnostics
import SitegenCore

/// One page through the whole pipeline, in memory: front matter, Markdown, images (a real PNG
/// and SVG beside it), the default theme and the manifest, as `check --strict` renders them.
enum PageFuzzing {
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 3, 8, 6, 0, 0, 0,
    ]

    static func run(_ bytes: [UInt8]) {
        let site = MemoryFileSystem([
            "sitegen.yml": "title: Fuzz\nmarkdown: {smart: true}\n",
            "content/tour/_index.md": "---\ntitle: Tour\nskip: {label: Skip, target: exit}\n---\nA tour.\n",
            "content/tour/02-next.md": "# Next\n",
            "content/tour/images/b.svg": "<svg viewBox=\"0 0 4 3\"></svg>",
        ])
        site.add("content/tour/01-page.md", bytes)
        site.add("content/tour/images/a.png", png)
        for diagnostic in SiteBuilder(fileSystem: site).check(BuildOptions(), strict: true).diagnostics {
            _ = DiagnosticFormatter().format(diagnostic)
        }
    }
}

import SitegenTestSupport
import Testing
@testable import SitegenCore
@testable import Diagnostics

/// No input, however bad, crashes the build: seeded random damage to every kind of file the build
/// reads must end in diagnostics or a site, never a trap.
@Suite struct BadInputTests {
    /// SplitMix64: a small seeded generator, so every run damages the files the same way.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let seeds: [UInt64] = Array(1...200)

    static let page = """
        ---
        title: "Hello: world"
        image: images/a.png
        image_alt: A
        action: {label: Go, href: "#b"}
        advance: action
        skip: false
        order: 2
        ---
        # Heading *em*

        Text ![b](images/b.svg "t") and [link](https://x.test).

        - item `code`
        > quote
        """
    static let index = "---\ntitle: T\nskip: {label: L, target: exit}\nfinish: {label: F, href: ../}\nlocale: ar\n---\nBody\n"
    static let config = "title: S\nbase_url: /o/\nmarkdown: {smart: true}\ntheme: {accent: \"#123456\"}\n"
    static let fragments: [[UInt8]] = [
        "---", "\n", ": ", "- ", "[", "]", "{", "}", "&a ", "*a", "!!binary ", "\"", "'", "|", ">", "\t", "#", "![", "](",
        "../../", "%", "%zz", "\u{0}", "é", "\u{202E}", "<svg width=\"1\"", "```",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xEF, 0xBB, 0xBF]]

    static func damage(_ text: String, _ generator: inout SeededGenerator) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes.insert(contentsOf: fragments.randomElement(using: &generator) ?? [], at: at)
            case 1: if !bytes.isEmpty { bytes.remove(at: at) }
            case 2: bytes = Array(bytes.prefix(at))
            default: if !bytes.isEmpty { bytes[at] = UInt8.random(in: 0...255, using: &generator) }
            }
        }
        return bytes
    }

    @Test(arguments: seeds)
    func damagedSitesNeverCrashTheBuild(_ seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let fileSystem = MemoryFileSystem()
        fileSystem.add("sitegen.yml", Self.damage(Self.config, &generator))
        fileSystem.add("content/tour/_index.md", Self.damage(Self.index, &generator))
        fileSystem.add("content/tour/01-a.md", Self.damage(Self.page, &generator))
        fileSystem.add("content/tour/02-b.md", Self.damage(Self.page, &generator))
        fileSystem.add("content/tour/images/a.png", Self.damage(String(decoding: pngBytes(width: 9, height: 9), as: UTF8.self), &generator))
        fileSystem.add("content/tour/images/b.svg", Self.damage("<svg viewBox=\"0 0 4 3\"></svg>", &generator))
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(result.succeeded || result.diagnostics.hasErrors, "a failed build always says why")
        #expect((fileSystem.kind(of: "output") != nil) == result.succeeded, "output exists exactly when the build succeeded")
        for diagnostic in result.diagnostics {
            _ = DiagnosticFormatter().format(diagnostic)
        }
    }

    /// A truncated or damaged header gives no size or the true one, never a wrong one.
    @Test(arguments: [
        (pngBytes(width: 640, height: 480), 640, 480),
        (Array("GIF89a".utf8) + [0x80, 0x02, 0xE0, 0x01, 0, 0], 640, 480),
        (Array("RIFF\0\0\0\0WEBPVP8X\0\0\0\0\0\0\0\0".utf8) + [0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00] + Array(repeating: 0, count: 8), 640, 480),
        ([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80] + Array(repeating: 0, count: 16), 640, 480),
    ])
    func truncatedImagesAreNeverMismeasured(_ bytes: [UInt8], _ width: Int, _ height: Int) {
        #expect(ImageSize.read(bytes) == .init(width: width, height: height))
        var generator = SeededGenerator(state: UInt64(bytes.count))
        for length in 0..<bytes.count {
            let size = ImageSize.read(Array(bytes.prefix(length)))
            #expect(size == nil || size == .init(width: width, height: height), "truncated to \(length) bytes")
            var damaged = bytes
            damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = ImageSize.read(damaged)
        }
    }

    /// Sizes no `<img>` can carry are errors at the reference, never a trap (SVGSize used to
    /// convert 1e19 to Int).
    @Test func imagesTooLargeToMeasureAreErrors() {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "![a](huge.svg)\n\n![b](box.svg)\n"])
        fileSystem.add("content/tour/huge.svg", Array(#"<svg width="1e19" height="1"></svg>"#.utf8))
        fileSystem.add("content/tour/box.svg", Array(#"<svg viewBox="0 0 1e30 1"></svg>"#.utf8))
        let result = SiteBuilder(fileSystem: fileSystem).check(BuildOptions())
        #expect(result.diagnostics.map { "\($0.location?.line ?? 0):\($0.message)" } == [
            "1:cannot read the size of image 'huge.svg': it is not a PNG, JPEG, GIF, WebP or SVG image with a pixel size",
            "3:cannot read the size of image 'box.svg': it is not a PNG, JPEG, GIF, WebP or SVG image with a pixel size",
        ])
    }

    /// Control characters (C0 but tab and line ends, and DEL) in Markdown or in YAML escapes never
    /// reach the output: a heading `# A\u{1}B` used to become the page title and an aria-label.
    @Test func controlCharactersNeverReachTheOutput() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/_index.md": "---\ndescription: \"Tour\\x07\"\n---\n",
            "content/tour/01-a.md": "# A\u{1}B\n\nText \u{7F} and \u{0} and \u{B}\u{C}\u{1B}[31m red.\n",
            "content/tour/02-b.md": "---\ntitle: \"T\\x01itle\\x7F\\e\\0\"\naction: {label: \"Go\\b\", href: \"#a\"}\n---\nText\tand tab\r\n",
            "sitegen.yml": "title: \"Site\\x1F\"\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let output = fileSystem.snapshot.filter { $0.key.hasPrefix("output/") }
        #expect(!output.isEmpty)
        for (path, text) in output {
            let controls = text.unicodeScalars.filter { ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) || $0.value == 0x7F }
            #expect(controls.isEmpty, "\(path) holds \(controls.map { String($0.value, radix: 16) })")
        }
        let carousel = try #require(output["output/tour/index.html"])
        #expect(carousel.contains("<h1 id=\"a--ab\">A\u{FFFD}B</h1>"))
        #expect(carousel.contains("aria-label=\"Page 1: A\u{FFFD}B\""))
        #expect(carousel.contains("T\u{FFFD}itle\u{FFFD}\u{FFFD}\u{FFFD}"))
        #expect(carousel.contains("Text\tand tab"), "tabs stay")
    }
}

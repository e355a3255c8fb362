import SitegenTestSupport
import Foundation
import OnboardingKit
import Testing
@testable import SitegenCore

/// The manifest is written from OnboardingKit's description of it, a flow at a time; what is
/// written must decode with those types' Codable conformance to the model's own values.
@Suite struct ManifestJSONTests {
    @Test func theWrittenManifestDecodesToTheSameValue() throws {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "title: \"Quotes \\\" and \\\\ and \\t\"\nbase_url: https://example.test/o\n",
            "content/tour/_index.md": "---\nskip: {label: Later, target: exit}\nfinish: {label: Go, href: /app}\nshow_once: true\n---\n",
            "content/tour/01-a.md": "---\nimage: a.svg\nimage_alt: \"Line\\u2028break\"\naction: {label: Allow, href: \"#b\"}\nadvance: action\nclass: hero\n---\n# Ünïcödé\n\n<b>raw</b> and \"quotes\" and a\ttab\n",
            "content/tour/02-b.md": "---\nbackground: \"#fff\"\nskip: false\n---\n# B\n",
            "content/tour/a.svg": "<svg width=\"8\" height=\"6\"></svg>",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).check(BuildOptions())
        let site = try #require(result.site)
        let written = try #require(result.files.first { $0.path == "manifest.json" })
        guard case .pieces(let pieces) = written.contents else {
            Issue.record("manifest.json is not rendered in memory")
            return
        }
        let bytes = pieces.flatMap { piece -> [UInt8] in
            if case .bytes(let bytes) = piece { return bytes }
            Issue.record("a clean build's manifest copies nothing")
            return []
        }
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(bytes)) == ManifestBuilder.manifest(for: site))
    }

    /// The manifest is compact JSON (programs read it; it is a third smaller than indented) and
    /// says exactly what the indented text of the same value says.
    @Test func theManifestIsCompactAndMeansWhatTheIndentedTextMeans() throws {
        let flow = ManifestFlow(
            id: "tour", title: "Tour \"one\"", description: "Line\u{2028}break", url: "tour/", contentVersion: "v", settings: FlowSettings(),
            pages: [])
        let site = Manifest.Site(title: "T", baseURL: nil, locale: "en")
        let compact = ManifestBuilder.text(site: site, flows: [flow.manifestJSON])
        #expect(compact.last == UInt8(ascii: "\n"))
        let outside = Self.bytesOutsideStrings(compact.dropLast())
        #expect(!outside.contains(UInt8(ascii: " ")) && !outside.contains(UInt8(ascii: "\n")), "no space or line break between tokens")
        let indented = ManifestBuilder.json(site: site, flows: [flow.manifestJSON]).utf8
        #expect(compact.count * 4 < indented.count * 3)
        let decoded = try JSONSerialization.jsonObject(with: Data(compact)) as? NSDictionary
        let fromIndented = try JSONSerialization.jsonObject(with: Data(indented)) as? NSDictionary
        #expect(decoded != nil && decoded == fromIndented)
    }

    /// The bytes of JSON text that are not inside string literals.
    private static func bytesOutsideStrings(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var outside: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in text {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else {
                outside.append(byte)
            }
        }
        return outside
    }

    /// Fragments stored one after another in one file, each after the separator, are written as
    /// one range of it, and the manifest is the same text.
    @Test(arguments: [1, 2, 5])
    func fragmentsStoredWithTheirSeparatorsAreOneRange(flows: Int) throws {
        let site = Manifest.Site(title: "T", baseURL: nil, locale: "en")
        let values = (0..<flows).map { ManifestFlow(id: "f\($0)", title: "", description: "", url: "", contentVersion: "", settings: FlowSettings(), pages: []).manifestJSON }
        var pack: [UInt8] = []
        var pieces: [(piece: FilePiece, separated: Bool)] = []
        for value in values {
            let stored = ManifestBuilder.flowSeparator + value.compactUTF8()
            pieces.append((.range(pack.count..<(pack.count + stored.count), of: "pack"), true))
            pack += stored
        }
        let parts = DiskFileSystem.coalesced(ManifestBuilder.parts(site: site, flows: pieces))
        #expect(parts.count == 3, "the text before, one range of the pack, the text after")
        let fileSystem = MemoryFileSystem()
        fileSystem.add("pack", pack)
        try fileSystem.writeFile("manifest.json", pieces: parts)
        #expect(try fileSystem.readFile("manifest.json") == ManifestBuilder.text(site: site, flows: values))
    }

    @Test(arguments: [0, 1, 3])
    func thePiecesOfTheManifestJoinToItsText(flows: Int) {
        let site = Manifest.Site(title: "T", baseURL: nil, locale: "en")
        let fragmentValues = (0..<flows).map { ManifestFlow(id: "f\($0)", title: "", description: "", url: "", contentVersion: "", settings: FlowSettings(), pages: []).manifestJSON }
        let fragments = fragmentValues.map { $0.compactUTF8() }
        let parts = ManifestBuilder.parts(site: site, flows: fragments.map(FilePiece.bytes))
        let whole = parts.flatMap { piece -> [UInt8] in
            if case .bytes(let bytes) = piece { return bytes }
            return []
        }
        #expect(whole == ManifestBuilder.text(site: site, flows: fragmentValues))
        #expect(parts.count == (flows == 0 ? 1 : 2 * flows + 1), "fragments are written as they are, not copied")
        let pieces = parts.compactMap { piece -> [UInt8]? in
            if case .bytes(let bytes) = piece { return bytes }
            return nil
        }
        #expect(flows == 0 || stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] } == fragments, "each fragment stands whole between the others")
    }
}

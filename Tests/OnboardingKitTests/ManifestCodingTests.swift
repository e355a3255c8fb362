import Foundation
import OnboardingKit
import Testing

@Suite struct ManifestCodingTests {
    let manifest = Manifest(
        generator: .init(name: "sitegen", version: "1.0.0"),
        site: .init(title: "Site", baseURL: nil, locale: "en"),
        flows: [makeFlow(pages: 2)])

    @Test func roundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(manifest)
        #expect(try JSONDecoder().decode(Manifest.self, from: data) == manifest)
    }

    @Test func absentValuesAreWrittenAsNull() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(manifest), as: UTF8.self)
        #expect(json.contains(#""base_url":null"#))
        #expect(json.contains(#""image":null"#))
        #expect(json.contains(#""action":null"#))
        #expect(json.contains(#""class":null"#))
        #expect(json.contains(#""show_once":true"#))
        #expect(json.contains(#""dir":"ltr""#))
    }

    @Test func findsFlowsByID() {
        #expect(manifest.flow(id: "welcome")?.pages.count == 2)
        #expect(manifest.flow(id: "nope") == nil)
    }
}

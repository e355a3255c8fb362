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

    /// A page's media as an app reads it: an animation with its support report, the versions
    /// and stills of its image, its videos; and a manifest written before they were, without them.
    @Test func mediaReadBackAndOlderManifestsReadWithout() throws {
        var media = manifest
        var image = ManifestImage(src: "intro.448w.webp", width: 448, height: 224, alt: "Intro")
        image.variants = [ManifestImageVariant(src: "intro.896w.webp", width: 896, height: 448, type: "image/webp")]
        image.stills = [ManifestImageVariant(src: "intro.poster.448w.webp", width: 448, height: 224, type: "image/webp")]
        image.animation = ManifestAnimation(
            src: "intro.json", poster: "intro.poster.896w.webp", width: 200, height: 100, frames: 30, durationMS: 1000,
            features: [ManifestAnimationFeature(feature: "text_layer", layers: ["Caption"], unsupported: ["rlottie"], unknown: [])])
        media.flows[0].pages[0].image = image
        media.flows[0].pages[0].videos = [
            ManifestVideo(src: "demo.mp4", width: 320, height: 180, poster: nil, captions: [ManifestCaption(src: "demo.vtt", lang: "en", label: "English")], autoplay: true)
        ]
        let data = try JSONEncoder().encode(media)
        let read = try JSONDecoder().decode(Manifest.self, from: data)
        #expect(read == media)
        #expect(read.flows[0].pages[0].image?.animation?.features.first?.unsupported == ["rlottie"])
        var old = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(manifest)) as? [String: Any])
        var flows = try #require(old["flows"] as? [[String: Any]])
        var pages = try #require(flows[0]["pages"] as? [[String: Any]])
        pages[0]["animations"] = nil
        pages[0]["videos"] = nil
        flows[0]["pages"] = pages
        old["flows"] = flows
        let older = try JSONDecoder().decode(Manifest.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(older.flows[0].pages[0].animations.isEmpty && older.flows[0].pages[0].videos.isEmpty)
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

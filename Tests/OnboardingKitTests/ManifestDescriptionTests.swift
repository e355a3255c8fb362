import Foundation
import OnboardingKit
import Testing

/// The manifest's types describe it once; their Codable conformance, their JSON and their schema
/// must all say the same thing.
@Suite struct ManifestDescriptionTests {
    static let manifest = Manifest(
        generator: .init(name: "sitegen", version: "1.0.0"),
        site: .init(title: "Site", baseURL: "https://example.test/", locale: "en"),
        flows: [makeFlow(pages: 3, pageSkip: [true, false, true])])

    /// Each object type's key list and name, so that the checks below reach every type.
    static let objects: [(name: String, keys: [String])] = [
        (Manifest.schemaName, Manifest.fields.map(\.key)),
        (Manifest.Generator.schemaName, Manifest.Generator.fields.map(\.key)),
        (Manifest.Site.schemaName, Manifest.Site.fields.map(\.key)),
        (ManifestFlow.schemaName, ManifestFlow.fields.map(\.key)),
        (FlowSettings.schemaName, FlowSettings.fields.map(\.key)),
        (SkipSettings.schemaName, SkipSettings.fields.map(\.key)),
        (LinkAction.schemaName, LinkAction.fields.map(\.key)),
        (ManifestPage.schemaName, ManifestPage.fields.map(\.key)),
        (ManifestImage.schemaName, ManifestImage.fields.map(\.key)),
        (ManifestImageVariant.schemaName, ManifestImageVariant.fields.map(\.key)),
        (ManifestAnimation.schemaName, ManifestAnimation.fields.map(\.key)),
        (ManifestAnimationFeature.schemaName, ManifestAnimationFeature.fields.map(\.key)),
        (ManifestVideo.schemaName, ManifestVideo.fields.map(\.key)),
        (ManifestCaption.schemaName, ManifestCaption.fields.map(\.key)),
        (ManifestCodeBlock.schemaName, ManifestCodeBlock.fields.map(\.key)),
        (ManifestToken.schemaName, ManifestToken.fields.map(\.key)),
        (PageSettings.schemaName, PageSettings.fields.map(\.key)),
    ]

    @Test func everyObjectListsItsKeysSortedAndOnce() {
        for object in Self.objects {
            #expect(object.keys == object.keys.sorted(), "\(object.name) writes its keys in sorted order")
            #expect(Set(object.keys).count == object.keys.count, "\(object.name) has no key twice")
        }
    }

    @Test func theWrittenJSONIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let fromEncoder = try JSONSerialization.jsonObject(with: encoder.encode(Self.manifest)) as? NSDictionary
        let written = try JSONSerialization.jsonObject(with: Data(Self.manifest.manifestJSON.utf8)) as? NSDictionary
        #expect(fromEncoder != nil)
        #expect(fromEncoder == written)
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(Self.manifest.manifestJSON.utf8)) == Self.manifest)
    }

    /// Compact JSON written straight from the values is the compact text of their `JSONValue`.
    @Test func compactJSONWrittenFromTheValuesIsTheValuesCompactText() {
        #expect(Self.manifest.compactManifestJSON() == Self.manifest.manifestJSON.compactUTF8())
        let flow = Self.manifest.flows[0]
        #expect(flow.compactManifestJSON() == flow.manifestJSON.compactUTF8())
        let empty = ManifestFlow(id: "e", title: "\u{2028}\"\\\u{1}", description: "", url: "", contentVersion: "", settings: FlowSettings(), pages: [])
        #expect(empty.compactManifestJSON() == empty.manifestJSON.compactUTF8())
    }

    @Test func aReaderToleratesMissingOptionalKeysButNotMissingRequiredOnes() throws {
        let link = #"{"href": "/app", "label": "Go"}"#
        let settings = #"{"skip": true, "advance": "auto", "draft": false}"#
        let decoded = try JSONDecoder().decode(PageSettings.self, from: Data(settings.utf8))
        #expect(decoded == PageSettings(skip: true))
        #expect(try JSONDecoder().decode(LinkAction.self, from: Data(link.utf8)) == LinkAction(label: "Go", href: "/app"))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LinkAction.self, from: Data(#"{"href": "/app"}"#.utf8))
        }
        // A page of a manifest written before pages had code blocks.
        let older = #"{"html": "<p>x</p>", "id": "a", "image": null, "index": 0, "source": "f/a.md", "title": "A", "settings": \#(settings)}"#
        #expect(try JSONDecoder().decode(ManifestPage.self, from: Data(older.utf8)).codeBlocks == [])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PageSettings.self, from: Data(#"{"skip": true, "advance": "sometimes", "draft": false}"#.utf8))
        }
    }

    @Test func theSchemaDefinesEveryObjectWithItsKeysRequired() throws {
        let schema = try #require(
            JSONSerialization.jsonObject(with: Data(Manifest.schema.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        for object in Self.objects {
            let definition = object.name == Manifest.schemaName ? schema : definitions[object.name]
            #expect(definition?["required"] as? [String] == object.keys, "\(object.name)")
            #expect(definition?["additionalProperties"] as? Bool == false, "\(object.name)")
            #expect((definition?["properties"] as? [String: Any]).map { Set($0.keys) } == Set(object.keys), "\(object.name)")
        }
        #expect(definitions.count == Self.objects.count - 1, "no definition without a type")
    }

    @Test func theSchemaCarriesTheFieldsConstraints() throws {
        let schema = try #require(JSONSerialization.jsonObject(with: Data(Manifest.schema.utf8)) as? [String: Any])
        let properties = schema["properties"] as? [String: [String: Any]]
        #expect(properties?["format"]?["const"] as? Int == Manifest.currentFormat)
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        let page = definitions["page"]?["properties"] as? [String: [String: Any]]
        #expect(page?["index"]?["minimum"] as? Int == 0)
        #expect((page?["image"]?["oneOf"] as? [[String: Any]])?.count == 2, "an optional object is null or the object")
        let pageSettings = definitions["pageSettings"]?["properties"] as? [String: [String: Any]]
        #expect(pageSettings?["class"]?["type"] as? [String] == ["string", "null"], "an optional string is a string or null")
        #expect(pageSettings?["advance"]?["enum"] as? [String] == Advance.allCases.map(\.rawValue))
        let flow = definitions["flow"]?["properties"] as? [String: [String: Any]]
        #expect(flow?["pages"]?["minItems"] as? Int == 1)
        #expect((flow?["pages"]?["items"] as? [String: String])?["$ref"] == "#/$defs/page")
    }
}

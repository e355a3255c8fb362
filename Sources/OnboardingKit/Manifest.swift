/// The data form of a built sitegen site: every flow and page, as `manifest.json` holds it.
///
/// The manifest's types describe it once: each lists its fields, and from that list come their
/// `Codable` conformance, the JSON sitegen writes and `manifest.schema.json`. An app that decodes
/// the manifest with `JSONDecoder` reads exactly what the generator wrote.
public struct Manifest: ManifestObject, Equatable {
    /// The manifest format's version; it changes only when a change would break a reader.
    public static let currentFormat = 1

    /// The flows in the order the site index lists them.
    public var flows: [ManifestFlow] = []
    /// The format version this manifest was written in.
    public var format: Int = Manifest.currentFormat
    /// The program that wrote the manifest.
    public var generator = Generator()
    /// Site-wide settings.
    public var site = Site()

    public static let schemaName = "manifest"
    public static let fields: [ManifestField<Manifest>] = [
        .init("flows", \.flows),
        .init("format", \.format, .constant(currentFormat)),
        .init("generator", \.generator),
        .init("site", \.site),
    ]

    public init() {}

    public init(format: Int = Manifest.currentFormat, generator: Generator, site: Site, flows: [ManifestFlow]) {
        self.format = format
        self.generator = generator
        self.site = site
        self.flows = flows
    }

    /// The name and version of the program that wrote a manifest.
    public struct Generator: ManifestObject {
        public var name = ""
        public var version = ""

        public static let schemaName = "generator"
        public static let fields: [ManifestField<Generator>] = [.init("name", \.name), .init("version", \.version)]

        public init() {}

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// Site-wide settings carried into the manifest.
    public struct Site: ManifestObject {
        /// The URL the site is served from, ending in `/`; `nil` when the site is served relatively.
        public var baseURL: String?
        /// The default locale, a BCP 47 tag such as `en` or `ar-EG`.
        public var locale = ""
        public var title = ""

        public static let schemaName = "site"
        public static let fields: [ManifestField<Site>] = [
            .init("base_url", \.baseURL, .description("The URL the site is served from, ending in /; null when it links relatively.")),
            .init("locale", \.locale, .locale),
            .init("title", \.title),
        ]

        public init() {}

        public init(title: String, baseURL: String?, locale: String) {
            self.title = title
            self.baseURL = baseURL
            self.locale = locale
        }
    }
}

extension Manifest {
    /// The flow with the given id, if the manifest has one.
    public func flow(id: String) -> ManifestFlow? {
        flows.first { $0.id == id }
    }

    /// `manifest.schema.json`: the JSON Schema (draft 2020-12) of the manifest, from the same
    /// description as the manifest itself.
    public static var schema: JSONValue {
        var definitions = ManifestSchemaDefinitions()
        let root = objectSchema(in: &definitions)
        guard case .object(let members) = root else { return root }
        let heading: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "sitegen manifest",
            "description": "Every onboarding flow of a sitegen site and its pages, for native apps and other clients.",
        ]
        return heading.adding(members + [("$defs", definitions.json)])
    }
}

extension ManifestConstraint {
    /// A BCP 47 language tag.
    public static let locale = ManifestConstraint.pattern("^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$")
}

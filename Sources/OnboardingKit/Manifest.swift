/// The data form of a built sitegen site: every flow and page, as `manifest.json` holds it.
///
/// sitegen writes the manifest with these very types, so an app that decodes it with
/// `JSONDecoder` reads exactly what the generator wrote.
public struct Manifest: Codable, Sendable, Equatable {
    /// The manifest format's version; it changes only when a change would break a reader.
    public static let currentFormat = 1

    /// The format version this manifest was written in.
    public var format: Int
    /// The program that wrote the manifest.
    public var generator: Generator
    /// Site-wide settings.
    public var site: Site
    /// The flows in the order the site index lists them.
    public var flows: [ManifestFlow]

    public init(format: Int = Manifest.currentFormat, generator: Generator, site: Site, flows: [ManifestFlow]) {
        self.format = format
        self.generator = generator
        self.site = site
        self.flows = flows
    }

    /// The name and version of the program that wrote a manifest.
    public struct Generator: Codable, Sendable, Equatable {
        public var name: String
        public var version: String

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// Site-wide settings carried into the manifest.
    public struct Site: Codable, Sendable, Equatable {
        public var title: String
        /// The URL the site is served from, ending in `/`; `nil` when the site is served relatively.
        public var baseURL: String?
        /// The default locale, a BCP 47 tag such as `en` or `ar-EG`.
        public var locale: String

        public init(title: String, baseURL: String?, locale: String) {
            self.title = title
            self.baseURL = baseURL
            self.locale = locale
        }

        enum CodingKeys: String, CodingKey {
            case title
            case baseURL = "base_url"
            case locale
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(baseURL, forKey: .baseURL)
            try container.encode(locale, forKey: .locale)
        }
    }
}

extension Manifest {
    /// The flow with the given id, if the manifest has one.
    public func flow(id: String) -> ManifestFlow? {
        flows.first { $0.id == id }
    }
}

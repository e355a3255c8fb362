import OnboardingKit

/// A summary as the build cache keeps it: its fields in order, the image with its versions and
/// stills (which the site index's card shows) but not its animation.
extension FlowSummary: Codable {
    private enum CodingKeys: CodingKey {
        case slug, title, description, order, locale, direction, pageCount, image, storageKey, contentVersion, showOnce, translations
    }

    private struct Image: Codable {
        var src: String
        var alt: String
        var width: Int
        var height: Int
        var variants: [Version]
        var stills: [Version]

        init(_ image: ManifestImage) {
            (src, alt, width, height) = (image.src, image.alt, image.width, image.height)
            variants = image.variants.map(Version.init)
            stills = image.stills.map(Version.init)
        }

        var manifest: ManifestImage {
            var image = ManifestImage(src: src, width: width, height: height, alt: alt)
            image.variants = variants.map(\.manifest)
            image.stills = stills.map(\.manifest)
            return image
        }
    }

    private struct Version: Codable {
        var src: String
        var width: Int
        var height: Int
        var type: String

        init(_ version: ManifestImageVariant) {
            (src, width, height, type) = (version.src, version.width, version.height, version.type)
        }

        var manifest: ManifestImageVariant { ManifestImageVariant(src: src, width: width, height: height, type: type) }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slug, forKey: .slug)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encodeIfPresent(order, forKey: .order)
        try container.encode(locale, forKey: .locale)
        try container.encode(direction.rawValue, forKey: .direction)
        try container.encode(pageCount, forKey: .pageCount)
        try container.encodeIfPresent(image.map(Image.init), forKey: .image)
        try container.encode(storageKey, forKey: .storageKey)
        try container.encode(contentVersion, forKey: .contentVersion)
        try container.encode(showOnce, forKey: .showOnce)
        try container.encode(translations, forKey: .translations)
    }

    // Read in the order written: a record's fields have no names.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let slug = try container.decode(String.self, forKey: .slug)
        let title = try container.decode(String.self, forKey: .title)
        let description = try container.decode(String.self, forKey: .description)
        let order = try container.decodeIfPresent(Int.self, forKey: .order)
        let locale = try container.decode(String.self, forKey: .locale)
        let direction = try container.decode(String.self, forKey: .direction)
        guard let textDirection = TextDirection(rawValue: direction) else {
            throw DecodingError.dataCorruptedError(forKey: .direction, in: container, debugDescription: "no direction '\(direction)'")
        }
        let pageCount = try container.decode(Int.self, forKey: .pageCount)
        let image = try container.decodeIfPresent(Image.self, forKey: .image)
        self.init(
            slug: slug, title: title, description: description, order: order, locale: locale, direction: textDirection,
            pageCount: pageCount, image: image?.manifest,
            storageKey: try container.decode(String.self, forKey: .storageKey),
            contentVersion: try container.decode(String.self, forKey: .contentVersion),
            showOnce: try container.decode(Bool.self, forKey: .showOnce))
        translations = try container.decode([FlowSummary].self, forKey: .translations)
    }
}

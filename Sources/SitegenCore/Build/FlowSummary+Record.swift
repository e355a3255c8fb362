import OnboardingKit

/// A summary as the build cache keeps it: its fields in order, the image as four fields.
extension FlowSummary: Codable {
    private enum CodingKeys: CodingKey {
        case slug, title, description, order, locale, direction, pageCount, image, storageKey, contentVersion, showOnce, translations
    }

    private struct Image: Codable {
        var src: String
        var alt: String
        var width: Int
        var height: Int
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
        try container.encodeIfPresent(image.map { Image(src: $0.src, alt: $0.alt, width: $0.width, height: $0.height) }, forKey: .image)
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
            pageCount: pageCount, image: image.map { ManifestImage(src: $0.src, width: $0.width, height: $0.height, alt: $0.alt) },
            storageKey: try container.decode(String.self, forKey: .storageKey),
            contentVersion: try container.decode(String.self, forKey: .contentVersion),
            showOnce: try container.decode(Bool.self, forKey: .showOnce))
        translations = try container.decode([FlowSummary].self, forKey: .translations)
    }
}

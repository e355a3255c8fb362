import OnboardingKit

/// A summary as the build cache keeps it: its fields in order, the image with its versions and
/// stills (which the site index's card shows) but not its animation. Listed once, as a record
/// (`RecordCodable`): a cache decodes a thousand of them on every rebuild, and going through
/// `Decoder`'s containers cost ten times as much.
extension FlowSummary: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(slug)
        sink.add(title)
        sink.add(description)
        sink.add(order, sink.add)
        sink.add(locale)
        sink.add(direction.rawValue)
        sink.add(pageCount)
        sink.add(image) { image in
            sink.add(image.src)
            sink.add(image.alt)
            sink.add(image.width)
            sink.add(image.height)
            image.variants.map(ImageVersion.init).write(to: sink)
            image.stills.map(ImageVersion.init).write(to: sink)
        }
        sink.add(storageKey)
        sink.add(contentVersion)
        sink.add(showOnce)
        translations.write(to: sink)
    }

    init(record source: RecordSource) throws {
        let slug = try source.string()
        let title = try source.string()
        let description = try source.string()
        let order = try source.optional(source.int)
        let locale = try source.string()
        let direction = try source.string()
        guard let textDirection = TextDirection(rawValue: direction) else { throw source.malformed("no direction '\(direction)'") }
        let pageCount = try source.int()
        let image = try source.optional { () throws -> ManifestImage in
            var image = ManifestImage(src: try source.string(), width: 0, height: 0, alt: try source.string())
            image.width = try source.int()
            image.height = try source.int()
            image.variants = try [ImageVersion](record: source).map(\.manifest)
            image.stills = try [ImageVersion](record: source).map(\.manifest)
            return image
        }
        self.init(
            slug: slug, title: title, description: description, order: order, locale: locale, direction: textDirection,
            pageCount: pageCount, image: image, storageKey: try source.string(), contentVersion: try source.string(),
            showOnce: try source.bool())
        translations = try [FlowSummary](record: source)
    }
}

/// Kept only in the cache's records, whose coding is `RecordCodable`'s: a summary in a type whose
/// `Codable` conformance is synthesized (`FlowRecord`) is written and read as a record there.
extension FlowSummary: Codable {
    package func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: RecordEncoder.recordOnly))
    }

    package init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: RecordEncoder.recordOnly))
    }
}

/// A version or still of a summary's image, as the record keeps it.
private struct ImageVersion: RecordCodable {
    var manifest: ManifestImageVariant

    init(_ manifest: ManifestImageVariant) {
        self.manifest = manifest
    }

    func write(to sink: RecordSink) {
        sink.add(manifest.src)
        sink.add(manifest.width)
        sink.add(manifest.height)
        sink.add(manifest.type)
    }

    init(record source: RecordSource) throws {
        manifest = ManifestImageVariant(src: try source.string(), width: try source.int(), height: try source.int(), type: try source.string())
    }
}

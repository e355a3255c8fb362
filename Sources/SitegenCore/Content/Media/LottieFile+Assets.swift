import Foundation

extension LottieFile {
    /// Where an image asset's pixels come from, read as the renderers read `"u"`, `"p"` and `"e"`.
    enum ImageSource: Sendable, Equatable {
        /// A PNG or JPEG `data:` URI in the file itself, which every renderer decodes.
        case embedded
        /// Embedded in a form rlottie does not decode: another type, not base64, or `"e": 1`
        /// without a `data:` URI.
        case undecodable
        /// A file, `"u"` (a folder) and `"p"` (its name), relative to the animation.
        case file(String)
    }

    /// The beginnings of the `data:` URIs rlottie decodes (its image loader reads PNG and JPEG).
    static let decodablePrefixes = ["data:image/png;base64,", "data:image/jpeg;base64,", "data:image/jpg;base64,"]

    /// The pixel size a PNG or JPEG `data:` URI's image has, from its header; nil when unreadable.
    static func embeddedSize(_ uri: String) -> ImageSize.Size? {
        guard let comma = uri.utf8.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        // The header is at the start: a few kilobytes of base64 hold any PNG's, and most JPEGs'.
        let payload = uri.utf8[uri.utf8.index(after: comma)...].prefix(256 << 10)
        let usable = payload.prefix(payload.count / 4 * 4)
        guard let bytes = Data(base64Encoded: Data(usable)) else { return nil }
        return ImageSize.read(Array(bytes))
    }

    /// The image source of an asset object; nil for a precomposition or an asset that names no image.
    static func imageSource(of asset: JSONDocument.Node) -> ImageSource? {
        guard asset.isObject, asset["layers"] == nil, let name = asset["p"]?.string else { return nil }
        if name.hasPrefix("data:") || asset["e"]?.number == 1 {
            return decodablePrefixes.contains { name.hasPrefix($0) } ? .embedded : .undecodable
        }
        return .file((asset["u"]?.string ?? "") + name)
    }
}

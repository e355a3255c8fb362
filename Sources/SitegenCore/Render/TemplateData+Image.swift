import Mustache
import OnboardingKit

/// A page's image (`image:`) as the page template and a flow's card on the site index show it:
/// its `<img>`, and when it has versions at other widths or a still for reduced motion, the
/// `<picture>` around it and its `<source>`s.
extension TemplateData {
    /// What `sizes` says of the media box the page template shows a page's image in (28rem wide).
    static let heroSizes = "min(100vw, 28rem)"
    /// What `sizes` says of a flow's card on the index: the whole width on a phone, and never
    /// wider than one column of the index's grid (31rem before the grid has two).
    static let cardSizes = "min(100vw, 31rem)"

    static func image(_ image: ManifestImage, eager: Bool, sizes: String = heroSizes) -> MustacheValue {
        let own = image.variants.first { $0.src == image.src }?.type
        let ownVersions = image.variants.filter { $0.type == own }
        let webp = own == "image/webp" ? [] : image.variants.filter { $0.type == "image/webp" }
        func srcset(_ versions: [ManifestImageVariant]) -> String {
            versions.map { "\($0.src) \($0.width)w" }.joined(separator: ", ")
        }
        return [
            "src": .string(image.src), "width": .int(image.width), "height": .int(image.height),
            "alt": .string(image.alt), "eager": .bool(eager),
            "picture": .bool(!webp.isEmpty || !image.stills.isEmpty),
            "srcset": ownVersions.count > 1 ? .string(srcset(ownVersions)) : .null,
            "webp": webp.isEmpty ? .null : .string(srcset(webp)),
            "still": image.stills.isEmpty ? .null : .string(image.stills.count == 1 ? image.stills[0].src : srcset(image.stills)),
            "still_sizes": .bool(image.stills.count > 1),
            "sizes": .string(sizes),
        ]
    }
}

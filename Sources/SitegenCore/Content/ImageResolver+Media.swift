import Diagnostics
import Markdown

/// What the build makes of an image besides copying it: versions at the widths the page shows it
/// at (WebP, and the image's own format), a still first frame of an animated image for readers who
/// prefer reduced motion, and for a Lottie animation an animated WebP and a still poster at the
/// size it is shown. Only planned here, with their sizes and names, so that the page can be
/// written at once; the files are made, in parallel and cached, when the build writes them.
extension ImageResolver {
    /// Where a page shows an image: the media box above its body (`image:`), or in its body.
    enum Placement: String, Sendable, Hashable, CaseIterable {
        case hero, body

        /// The widest the theme shows it, in CSS pixels: `.sg-media` is 28rem, the body's column 36rem.
        var width: Int { self == .hero ? 448 : 576 }
        /// The widest version made of any image: 2× the widest placement.
        static let widestVersion = allCases.map { $0.width * 2 }.max() ?? 0
        /// What `sizes` says of an image shown `width` pixels wide at most, for the browser to pick
        /// from a `srcset`: the media box's width (the theme fills it), or the image's own.
        func sizes(width: Int) -> String { self == .hero ? "min(100vw, 28rem)" : "min(100vw, \(width)px)" }
    }

    /// The media query of the `<source>` that readers who prefer reduced motion see.
    static let reducedMotion = "(prefers-reduced-motion: reduce)"
    /// The most pixels a raster image may have: libvips decodes all of them to make its versions
    /// or its still, and a header of a few bytes may claim a million pixels a side.
    static let maximumRasterPixels = 1_000_000_000
    /// The most pixels of a GIF or WebP image, and of an animation's image: libvips shrinks a JPEG
    /// while decoding it and reads a PNG a band at a time, but holds every pixel of these at once
    /// (4 bytes each: a 334 KB GIF of 900 million pixels took 3.7 GB), and so does rlottie an
    /// animation's images.
    static let maximumDecodedWholePixels = 100_000_000

    /// The most pixels an image in `format` may have.
    static func maximumPixels(_ format: ImageSize.Format) -> Int {
        format == .gif || format == .webp ? maximumDecodedWholePixels : maximumRasterPixels
    }
    /// The longest side a WebP image may have (its format stores 14 bits).
    static let maximumWebPSide = 16_383

    /// A raster image wider than `placement` shows it, shrunk to 1× and 2× that width (never past
    /// its own: the image itself stands for a width it does not pass) in WebP and in its own
    /// format, with a `srcset` of each; the `<img>` takes the 1× version's size. An image no wider
    /// than that, or a site that turns versions off, keeps the image as it is.
    func withVersions(
        _ resolved: Resolved, size: ImageSize.Size, format: ImageSize.Format, placement: Placement, digest: String
    ) -> Resolved {
        guard responsive, format != .svg, size.width > placement.width else { return resolved }
        let own: MediaRecipe.Format = format == .jpeg ? .jpeg : format == .webp ? .webp : .png
        // Every version of the image is made from one shrinking of it, whichever pages show it.
        let base = min(Placement.widestVersion, size.width)
        var widths = [placement.width, placement.width * 2].filter { $0 < size.width }
        if widths.count < 2 { widths.append(size.width) }
        var result = resolved
        result.publishesOriginal = widths.last == size.width
        // Each width in each format: the image itself where it is that width and format, else a version made from it.
        func candidate(_ width: Int, _ format: MediaRecipe.Format) -> Variant {
            let height = Self.scaledHeight(size, width: width)
            if width == size.width, format == own { return Variant(src: resolved.src, width: width, height: height, format: format) }
            let name = version(of: resolved, width: width, format: format)
            result.extraAssets.append(
                made(from: resolved.asset, name: name.name, recipe: MediaRecipe(kind: .resized, format: format, width: width, height: height, base: base, sourceDigest: digest)))
            return Variant(src: name.src, width: width, height: height, format: format)
        }
        let ownVersions = widths.map { candidate($0, own) }
        // A version taller than WebP allows (a long screenshot) is made in the image's own format only.
        let webpVersions = own == .webp ? [] : widths.filter { Self.scaledHeight(size, width: $0) <= Self.maximumWebPSide }.map { candidate($0, .webp) }
        func srcset(_ versions: [Variant]) -> String {
            versions.map { "\($0.src) \($0.width)w" }.joined(separator: ", ")
        }
        result.src = ownVersions[0].src
        result.width = ownVersions[0].width
        result.height = ownVersions[0].height
        result.variants = ownVersions + webpVersions
        let sizes = placement.sizes(width: ownVersions[0].width)
        result.picture = PictureMarkup(
            sources: webpVersions.isEmpty ? [] : [PictureMarkup.Source(srcset: srcset(webpVersions), sizes: sizes, type: "image/webp")],
            srcset: srcset(ownVersions), sizes: sizes)
        return result
    }

    /// An animated GIF, PNG or WebP with a still of its first frame beside it, which readers who
    /// prefer reduced motion see instead.
    func withStill(_ resolved: Resolved, size: ImageSize.Size, digest: String) -> Resolved {
        var result = resolved
        let format: MediaRecipe.Format = max(size.width, size.height) <= Self.maximumWebPSide ? .webp : .png
        let name = sibling(of: resolved, named: stem(of: resolved) + ".still." + format.fileExtension)
        result.extraAssets = [made(from: resolved.asset, name: name.name, recipe: MediaRecipe(kind: .firstFrame, format: format, width: size.width, height: size.height, sourceDigest: digest))]
        result.stills = [Variant(src: name.src, width: size.width, height: size.height, format: format)]
        result.picture = PictureMarkup(sources: [PictureMarkup.Source(srcset: name.src, media: Self.reducedMotion)])
        return result
    }

    /// The height of `size` shrunk to `width`, rounded as libvips rounds it.
    static func scaledHeight(_ size: ImageSize.Size, width: Int) -> Int {
        max(1, Int((Double(size.height) * Double(width) / Double(size.width)).rounded()))
    }

    /// The file name of `resolved` without its extension.
    func stem(of resolved: Resolved) -> String {
        let name = Path.fileName(of: resolved.asset.destination)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `name.<width>w.<format>`, beside `resolved`.
    func version(of resolved: Resolved, width: Int, format: MediaRecipe.Format) -> (name: String, src: String) {
        sibling(of: resolved, named: "\(stem(of: resolved)).\(width)w.\(format.fileExtension)")
    }

    /// A file named `name` beside `resolved`: its destination, and its URL from the page.
    func sibling(of resolved: Resolved, named name: String) -> (name: String, src: String) {
        let folder = Path.directory(of: resolved.src)
        return (Path.join(Path.directory(of: resolved.asset.destination), name), (folder.isEmpty ? "" : folder + "/") + Path.urlEncoded(name))
    }

    /// An asset made by `recipe` from `source`'s file, published at `name`.
    func made(from source: Asset, name: String, recipe: MediaRecipe) -> Asset {
        Asset(source: source.source, destination: name, root: source.root, recipe: recipe)
    }
}

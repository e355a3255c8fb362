/// How a build makes a file of the output from one of the site's media files (an `Asset`'s
/// source) instead of copying it: a photo shrunk to a width the page shows it at, the first frame
/// of an animated image, or a Lottie animation drawn into an animated WebP or a still poster. The
/// result is kept in the build cache under a key of everything that made it, so that a rebuild
/// does no image work for images it has made before.
package struct MediaRecipe: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Codable {
        /// `source` shrunk to `width` (never enlarged), as `format`.
        case resized
        /// The first frame of an animated GIF, PNG or WebP, as `format`.
        case firstFrame
        /// A Lottie animation drawn at `width` × `height`, every frame, as an animated WebP.
        case animation
        /// Frame `frame` of a Lottie animation drawn at `width` × `height`, as `format`.
        case poster
    }

    package enum Format: String, Sendable, Codable {
        case webp, jpeg, png

        /// The file name extension results in this format get.
        package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
        /// The MIME type a `<source type>` names it by.
        package var mimeType: String { "image/" + rawValue }
    }

    package var kind: Kind
    package var format: Format
    package var width: Int
    package var height: Int
    package var frame: Int
    /// For `resized`: the width the source is first shrunk to (never enlarged), that each of its
    /// versions is made from. The same for every version of a source, whichever a build needs, so
    /// that a version's bytes never depend on what else one build makes.
    package var base: Int
    /// A digest of the source's bytes, which the result depends on.
    package var sourceDigest: String

    package init(kind: Kind, format: Format, width: Int, height: Int, frame: Int = 0, base: Int = 0, sourceDigest: String) {
        self.kind = kind
        self.format = format
        self.width = width
        self.height = height
        self.frame = frame
        self.base = base
        self.sourceDigest = sourceDigest
    }

    /// What the build cache keeps the result under: the recipe and the `tools` that follow it
    /// (their versions, so that an upgrade makes every result again).
    package func key(tools: String) -> String {
        var hash = ContentHash()
        for part in [tools, kind.rawValue, format.rawValue, String(width), String(height), String(frame), String(base), sourceDigest] { hash.add(part) }
        return hash.hex
    }
}

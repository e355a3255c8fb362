import Mustache
import SitegenCore

/// The parsers a fuzzer drives, each a function of arbitrary bytes that must return, never
/// crash or hang: `make fuzz` runs them under libFuzzer with AddressSanitizer, and the tests
/// replay every committed input (the seed corpus and every crash ever found) through them.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// YAML front matter and settings files, through libyaml and the typed readers.
    case frontMatter = "front-matter"
    /// The Mustache parser and renderer: a template, then after a NUL byte a partial.
    case mustache
    /// Image headers: PNG, JPEG, GIF, WebP and SVG, and the scan of an SVG for script.
    case imageSize = "image-size"
    /// Video container headers: MP4 boxes and WebM's EBML.
    case videoHeader = "video-header"
    /// One page through the whole pipeline, with a theme, images and the example's settings.
    case page
    /// A Markdown body through cmark and GitHub's extensions (tables, footnotes, ...).
    case markdown
    /// A code block through the highlighting engine, in a language its first byte picks.
    case highlight
    /// A Lottie animation's JSON through the reader and its checks, and an image's animation flags.
    case lottie

    /// Runs the target on one input.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .frontMatter: FrontMatterFuzzing.run(bytes)
        case .mustache: MustacheFuzzing.run(bytes)
        case .imageSize:
            _ = ImageSize.read(bytes)
            _ = SVGScript.find(in: bytes)
        case .videoHeader: _ = VideoHeader.read(bytes)
        case .page: PageFuzzing.run(bytes)
        case .markdown: MarkdownFuzzing.run(bytes)
        case .highlight: HighlightFuzzing.run(bytes)
        case .lottie:
            _ = LottieFile.read(bytes)
            _ = ImageSize.isAnimated(bytes)
        }
    }
}

/// An image that a Markdown body refers to.
package struct MarkdownImage: Sendable, Hashable {
    /// The destination as written.
    package var url: String
    /// The alt text as plain text (what cmark puts in `alt`, unescaped).
    package var alt: String
    package var title: String
    /// Line within the Markdown body (1-based) and byte column within that line (1-based).
    package var line: Int
    package var byteColumn: Int
}

/// What a local image becomes in the rendered HTML: its output URL and intrinsic size.
package struct ImageReplacement: Sendable, Hashable {
    package var src: String
    package var width: Int
    package var height: Int
    /// For a video (`![demo](demo.mp4)`), what its `<video>` element holds besides.
    package var video: VideoMarkup?
    /// For an image made at several widths or with a still for reduced motion, the `<picture>`
    /// around its `<img>`.
    package var picture: PictureMarkup?

    package init(src: String, width: Int, height: Int, video: VideoMarkup? = nil, picture: PictureMarkup? = nil) {
        self.src = src
        self.width = width
        self.height = height
        self.video = video
        self.picture = picture
    }
}

/// The `<picture>` an image stands in: the `<source>`s a browser picks from (a WebP version, a
/// still frame for readers who prefer reduced motion) and the `<img>`'s own `srcset`.
package struct PictureMarkup: Sendable, Hashable {
    package var sources: [Source]
    /// The `<img>`'s candidates (`a.576w.jpg 576w, a.jpg 800w`), and the width it is shown at.
    package var srcset: String?
    package var sizes: String?

    package struct Source: Sendable, Hashable {
        package var srcset: String
        package var sizes: String?
        /// The MIME type (`image/webp`), or nil.
        package var type: String?
        /// The media query (`(prefers-reduced-motion: reduce)`), or nil.
        package var media: String?

        package init(srcset: String, sizes: String? = nil, type: String? = nil, media: String? = nil) {
            self.srcset = srcset
            self.sizes = sizes
            self.type = type
            self.media = media
        }
    }

    package init(sources: [Source], srcset: String? = nil, sizes: String? = nil) {
        self.sources = sources
        self.srcset = srcset
        self.sizes = sizes
    }
}

/// A video's poster and caption tracks, as its `<video>` element names them.
package struct VideoMarkup: Sendable, Hashable {
    /// The still shown before it plays (and all a reader sees until they ask it to).
    package var poster: String?
    package var tracks: [Track]
    /// Whether the author asked for it to play by itself (muted, looping, and only for readers
    /// who do not prefer reduced motion: the runtime starts it, never the markup).
    package var autoplay = false

    package struct Track: Sendable, Hashable {
        package var src: String
        /// The track's language (BCP 47) and its name in that language.
        package var language: String
        package var label: String
        package var isDefault: Bool

        package init(src: String, language: String, label: String, isDefault: Bool) {
            self.src = src
            self.language = language
            self.label = label
            self.isDefault = isDefault
        }
    }

    package init(poster: String?, tracks: [Track], autoplay: Bool = false) {
        self.poster = poster
        self.tracks = tracks
        self.autoplay = autoplay
    }
}

/// A Markdown body turned into HTML, with what the rest of the build needs to know about it.
package struct RenderedMarkdown: Sendable, Hashable {
    package var html: String
    /// The text of the first heading that has some, as plain text.
    package var firstHeading: String?
    /// The body's text without markup, blocks separated by blank lines (when asked for).
    package var plainText: String
    /// True when the body has no blocks at all.
    package var isEmpty: Bool
    /// Every image, in document order.
    package var images: [MarkdownImage]
    /// The anchor of every heading, in document order, when the body's headings were given ids.
    package var headings: [String] = []
    /// The ids of the footnotes shown and of every reference to them (`MarkdownAnchors.footnotes`).
    package var footnoteIDs: Set<String> = []
    /// What the author most likely meant otherwise, in source order (see `MarkdownWarning`).
    package var warnings: [MarkdownWarning] = []
    /// Where the first footnote reference left as written is, when some were: they would have
    /// made more HTML than `MarkdownOptions.maximumFootnoteHTML`.
    package var footnotesExceeded: MarkdownPosition?
}

/// A place in a Markdown body: its line (1-based) and byte column within that line (1-based).
package struct MarkdownPosition: Sendable, Hashable {
    package var line: Int
    package var byteColumn: Int
}

import Diagnostics
import FrontMatter
import Markdown
import OnboardingKit

/// A page read and rendered, before its flow gives it a place.
struct ParsedPage: Sendable {
    let file: SourceFile
    /// The file name, such as `01-welcome.md`; a translation has its source's.
    var name: String
    /// A translation's source page, where the front matter it takes from there is written.
    var sourceFile: SourceFile?
    let frontMatter: PageFrontMatter
    /// The front matter as written, which a translation's is read over.
    var fields: YAMLNode?
    /// The language the page is written in, once its flow knows it.
    var lang = ""
    /// True for a page of a translated flow that is shown in another language, for want of a translation.
    var fallback = false
    /// A translation's `source:`, the version of the source page it was made from.
    var sourceStamp: SourceStamp?
    var title: String?
    /// A translation's title when it neither sets one nor has a heading: its source's `title`.
    var sourceTitle: String?
    var html: String
    var image: ManifestImage?
    /// The page's own button, its link resolved like the body's (`href: 04-setup.md`).
    var action: LinkAction?
    /// The body's code blocks, as the manifest describes them.
    var codeBlocks: [ManifestCodeBlock] = []
    /// The body's Lottie animations and videos, as the manifest describes them.
    var animations: [ManifestAnimation] = []
    var videos: [ManifestVideo] = []
    var assets: [Asset]
    /// Digests of the images the page shows, for its flow's content version.
    var imageDigests: [String]

    /// The id from the front matter, or from the file name (`01-welcome.md` is `welcome`); the
    /// flow makes file-name ids that clash unique (see `PageIDs`).
    var id: String
    /// Where the page goes in its flow: by `order`, else by the file name's number, then by name.
    var sortKey: (Int, String)

    /// The Markdown after the front matter (a part of `file`'s text), and the line of the file it starts on.
    let body: Substring
    let bodyStartLine: Int

    init(file: SourceFile, name: String, frontMatter: PageFrontMatter, body: Substring = "", bodyStartLine: Int = 1) {
        self.file = file
        self.name = name
        self.frontMatter = frontMatter
        self.body = body
        self.bodyStartLine = bodyStartLine
        title = frontMatter.title
        action = frontMatter.settings.action
        html = ""
        assets = []
        imageDigests = []
        id = frontMatter.id ?? PageNaming.defaultID(fileName: name)
        sortKey = PageNaming.sortKey(order: frontMatter.order, fileName: name)
    }
}

extension ParsedPage {
    /// Takes on what publishing `image` takes: its file (unless versions stand for it), the files
    /// made from it or shown with it, and its digest for the flow's content version.
    mutating func adopt(_ image: ImageResolver.Resolved) {
        if image.publishesOriginal { assets.append(image.asset) }
        assets += image.extraAssets
        imageDigests.append(image.digest)
    }
}

/// Reads one page in two steps: its front matter first, for every page of the site (which gives
/// each page its id and its place), then its Markdown and the images it shows, once every page's
/// address is known.
struct PageParser: Sendable {
    let resolver: ImageResolver
    var markdown: MarkdownOptions
    /// How code blocks are highlighted and laid out.
    var code = CodeBlockRenderer(highlighting: nil)

    /// How many broken links of a page name a likely target ("did you mean"); later ones do not,
    /// so that renaming a heading many links point to costs little to report.
    static let suggestedLinkProblems = 50

    /// What rendering a page found out about its links and headings.
    struct Links: Sendable {
        /// The anchor of each of the page's headings, and the ids of its footnotes (`fn-…`,
        /// `fnref-…`), which links from other pages may name too.
        var headings: Set<String> = []
        /// Headings on other pages that its links point to.
        var checks: [AnchorCheck] = []
        /// Every flow its links point to, its own included.
        var flows: Set<String> = []
    }

    /// The page's front matter; the page itself is rendered by `render`. A translation's is read
    /// over its source's (`base`), and may say which version of the source it was made from.
    func readFrontMatter(_ page: PageFile, over base: YAMLNode? = nil, isTranslation: Bool = false) -> (ParsedPage?, [Diagnostic]) {
        let file = page.file
        let split: FrontMatter
        switch FrontMatter.parse(file) {
        case .success(let value): split = value
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        var own = split.fields
        var diagnostics: [Diagnostic] = []
        var stamp: SourceStamp?
        if isTranslation, let written = own {
            let (rest, value) = written.removing(SourceStamp.key)
            own = rest
            if let repeated = SourceStamp.repeated(in: written, file: file) { diagnostics.append(repeated) }
            for key in ["id", "order"] {
                guard let node = rest.removing(key).1 else { continue }
                diagnostics.append(
                    file.error("'\(key)' comes from the source page, the same in every language: set it there", at: node.location, length: node.length))
            }
            if let value {
                switch SourceStamp.read(value) {
                case .success(let read): stamp = read
                case .failure(let problem): diagnostics.append(file.error(problem.message, at: value.location, length: value.length))
                }
            }
        }
        // A translation's title is its own: the one it sets, else its first heading; the source's
        // `title`, in the source's language, only when it has neither.
        var base = base
        var sourceTitle: String?
        if isTranslation, own?.removing("title").1 == nil, let written = base?.removing("title"), let title = written.1 {
            (base, sourceTitle) = (written.0, title.scalarText)
        }
        let merged = base.map { own?.merged(over: $0) ?? $0.inherited } ?? own
        let (fields, problems) = PageFrontMatter.read(merged, file: file)
        // What the source sets is the source's to report.
        let inherited = base.map { Set(PageFrontMatter.read($0, file: file).1) } ?? []
        diagnostics += problems.filter { !inherited.contains($0) }
        diagnostics += split.warnings
        if let nul = Self.firstNUL(in: file) {
            // CommonMark shows a NUL as U+FFFD; a text editor never writes one.
            diagnostics.append(file.warning("the page holds a NUL byte, shown as \u{FFFD}; is it really a text file?", at: nul))
        }
        var parsed = ParsedPage(file: file, name: page.name, frontMatter: fields, body: split.body, bodyStartLine: split.bodyStartLine)
        parsed.fields = merged
        parsed.sourceStamp = stamp
        parsed.sourceTitle = sourceTitle
        return (parsed, diagnostics)
    }


    /// Renders `parsed`, a page of `flow`, whose links `links` resolves; `images` remembers the
    /// flow's images from page to page. `footnotePrefix` starts the page's footnote ids, so that
    /// they are unique in the flow's document.
    func render(
        _ parsed: inout ParsedPage, in flow: FlowSources, images: inout ResolvedImages, footnotePrefix: String = "",
        links: PageLinkResolver
    ) -> ([Diagnostic], Links) {
        let file = parsed.file
        let fields = parsed.frontMatter
        var diagnostics: [Diagnostic] = []
        var found = Links()
        // A value a translation takes from its source is reported where it is written, for the translation's language.
        let source = parsed.sourceFile
        func written(_ node: YAMLNode?) -> SourceFile { node?.isInherited == true ? source ?? file : file }
        // Its readers' language: a page may stand in for another's (a `zh` page for `zh-Hant` readers).
        let readers = flow.translation?.locale ?? parsed.lang
        func language(_ node: YAMLNode?) -> String { node?.isInherited == true && source != nil ? "in '\(readers)', " : "" }
        if let reference = fields.image, let node = fields.imageNode {
            let file = written(node)
            let inLanguage = language(node)
            switch images.resolve(reference, in: flow, with: resolver, placement: .hero) {
            case .success(let image) where image.video != nil:
                diagnostics.append(
                    file.error(inLanguage + "'image' is the page's picture, and '\(reference)' is a video: show it in the page's Markdown, as ![what it shows](\(reference))",
                        at: node.location, length: node.length))
            case .success(let image):
                var manifest = ManifestImage(src: image.src, width: image.width, height: image.height, alt: fields.imageAlt ?? "")
                manifest.variants = image.variants.map(\.manifest)
                manifest.stills = image.stills.map(\.manifest)
                manifest.animation = image.animation
                parsed.image = manifest
                parsed.adopt(image)
                diagnostics += image.diagnostics
                diagnostics += image.referenceWarnings.map { file.warning(inLanguage + $0, at: node.location, length: node.length) }
                // A translation that takes both from its source is not told what the source is.
                if fields.imageAlt == nil, !node.isInherited {
                    diagnostics.append(
                        file.warning(
                            inLanguage + "image has no 'image_alt'; describe it for screen readers, or set image_alt: \"\" if it is decorative",
                            at: node.location, length: node.length))
                }
            case .failure(let problem):
                diagnostics.append(file.error(inLanguage + problem.message, at: node.location, length: node.length))
            case nil:
                diagnostics.append(
                    file.error(inLanguage + "'image' must be a file of the site, so that its size can be read; '\(reference)' is not",
                        at: node.location, length: node.length))
            }
        }

        let bodyStartLine = parsed.bodyStartLine
        // Found only for a diagnostic: most images and links have none, and finding it reads the line.
        func location(_ line: Int, _ byteColumn: Int, marker: String?) -> SourceLocation {
            file.location(line: bodyStartLine + line - 1, readColumn: byteColumn, marker: marker)
        }
        var broken = 0
        var options = markdown
        options.maximumFootnoteHTML = Self.maximumPageHTML
        let rendered = Markdown.render(
            parsed.body, options: options, footnotePrefix: footnotePrefix,
            headingIDPrefix: parsed.id + PageDirectory.headingSeparator,
            resolveImage: { image in
                let length = 2 + image.alt.count
                if image.alt.trimmingBlanks.isEmpty {
                    diagnostics.append(
                        file.warning(
                            "image '\(image.url)' has no alt text; describe it in ![…]",
                            at: location(image.line, image.byteColumn, marker: "!["), length: length))
                }
                switch images.resolve(image.url, in: flow, with: resolver) {
                case .success(let resolved):
                    parsed.adopt(resolved)
                    diagnostics += resolved.diagnostics
                    diagnostics += resolved.referenceWarnings.map {
                        file.warning($0, at: location(image.line, image.byteColumn, marker: "!["), length: length)
                    }
                    if let animation = resolved.animation { parsed.animations.append(animation) }
                    if let video = resolved.video {
                        parsed.videos.append(
                            ManifestVideo(
                                src: resolved.src, width: resolved.width, height: resolved.height, poster: video.poster,
                                captions: video.tracks.map { ManifestCaption(src: $0.src, lang: $0.language, label: $0.label) },
                                autoplay: video.autoplay))
                    }
                    return ImageReplacement(
                        src: resolved.src, width: resolved.width, height: resolved.height, video: resolved.video, picture: resolved.picture)
                case .failure(let problem):
                    diagnostics.append(file.error(problem.message, at: location(image.line, image.byteColumn, marker: "!["), length: length))
                    return nil
                case nil:
                    return nil
                }
            },
            resolveLink: { link, anchors in
                if !link.hasText {
                    diagnostics.append(
                        file.warning(
                            "link '\(link.url)' has no text, so a screen reader reads out only its address; say where it leads in […]",
                            at: location(link.line, link.byteColumn, marker: "[")))
                }
                switch links.resolve(link.url, anchors: anchors, suggesting: broken < Self.suggestedLinkProblems) {
                case .unchanged:
                    return flow.translation == nil ? nil : PageLinkResolver.fromTranslation(link.url, flow: flow.slug)
                case .checked(let target):
                    found.flows.insert(target)
                    return flow.translation == nil ? nil : PageLinkResolver.fromTranslation(link.url, flow: flow.slug)
                case .resolved(let href, let target, let check):
                    found.flows.insert(target)
                    if let check {
                        found.checks.append(
                            AnchorCheck(
                                flow: target, page: check.page, anchor: check.anchor, written: link.url, file: file,
                                location: location(link.line, link.byteColumn, marker: "[")))
                    }
                    return href
                case .file(let sitePath, let target):
                    found.flows.insert(target)
                    switch resolver.download(sitePath, written: link.url, in: flow) {
                    case .success(let (href, asset)):
                        parsed.assets.append(asset)
                        return href
                    case .failure(let problem):
                        broken += 1
                        diagnostics.append(file.error(problem.message, at: location(link.line, link.byteColumn, marker: "[")))
                        return nil
                    }
                case .broken(let message, let target):
                    broken += 1
                    if let target { found.flows.insert(target) }
                    diagnostics.append(file.error(message, at: location(link.line, link.byteColumn, marker: "[")))
                    return nil
                }
            },
            renderCode: { block in
                let rendered = code.render(block, flow: flow.slug)
                parsed.codeBlocks.append(rendered.manifest)
                for problem in rendered.problems {
                    diagnostics.append(file.warning(problem.message, at: location(block.line, block.infoByteColumn + problem.offset, marker: nil)))
                }
                if let error = rendered.error { diagnostics.append(file.error(error, at: location(block.line, block.infoByteColumn, marker: nil))) }
                return rendered.html
            }
        )
        parsed.html = rendered.html
        if let position = rendered.footnotesExceeded {
            // Found before the references were made: a few bytes each, they would have made gigabytes.
            diagnostics.append(
                file.error(
                    "the page's footnote references would make more than the \(Self.maximumPageHTML >> 20) MiB of HTML a page may (each makes a link, and a link back from the footnote); those from here on are not made; split the page",
                    at: location(position.line, position.byteColumn, marker: "[")))
        } else if rendered.html.utf8.count > Self.maximumPageHTML {
            diagnostics.append(
                file.error(
                    "the page makes \(Self.mebibytes(rendered.html.utf8.count)) MiB of HTML, more than the \(Self.maximumPageHTML >> 20) MiB a page may (escaped characters, deep nesting or footnotes multiply its text); split it",
                    at: SourceLocation(line: bodyStartLine, column: 1)))
        }
        found.headings = Set(rendered.headings).union(rendered.footnoteIDs)
        if let action = parsed.action {
            let hrefNode = parsed.fields?.hrefNode(under: "action") ?? fields.actionNode
            let (actionFile, inLanguage) = (written(hrefNode), language(hrefNode))
            let resolved = links.resolve(action.href, anchors: MarkdownAnchors(headings: Set(rendered.headings), footnotes: rendered.footnoteIDs))
            switch resolved {
            case .unchanged, .checked:
                if case .checked(let target) = resolved { found.flows.insert(target) }
                if flow.translation != nil, let href = PageLinkResolver.fromTranslation(action.href, flow: flow.slug) { parsed.action?.href = href }
            case .resolved(let href, let target, let check):
                found.flows.insert(target)
                parsed.action?.href = href
                if let check, let node = hrefNode {
                    found.checks.append(
                        AnchorCheck(flow: target, page: check.page, anchor: check.anchor, written: action.href, file: actionFile, location: node.location, field: "action"))
                }
            case .file(let sitePath, let target):
                found.flows.insert(target)
                switch resolver.download(sitePath, written: action.href, in: flow) {
                case .success(let (href, asset)):
                    parsed.assets.append(asset)
                    parsed.action?.href = href
                case .failure(let problem):
                    diagnostics.append(actionFile.error("'action': " + inLanguage + problem.message, at: hrefNode?.location, length: hrefNode?.length ?? 1))
                }
            case .broken(let message, let target):
                if let target { found.flows.insert(target) }
                if !inLanguage.isEmpty, action.href.hasPrefix("#") {
                    // A heading of the source page the translation names otherwise: the source
                    // reports the link if its own page lacks it too, as for links between pages.
                    diagnostics.append(
                        actionFile.warning(
                            "'action': " + inLanguage + message + "; the button does not move the page until action.href in " + Path.fileName(of: file.path) + " names a heading of the translation",
                            at: hrefNode?.location, length: hrefNode?.length ?? 1))
                } else {
                    diagnostics.append(actionFile.error("'action': " + inLanguage + message, at: hrefNode?.location, length: hrefNode?.length ?? 1))
                }
            }
        }
        for warning in rendered.warnings {
            let location = file.location(line: bodyStartLine + warning.line - 1, readColumn: warning.byteColumn)
            diagnostics.append(file.warning(warning.message, at: location))
        }
        // A heading may be long; the title made from it, repeated in labels, is cut short.
        parsed.title = parsed.title ?? rendered.firstHeading.map(Self.shortTitle) ?? parsed.sourceTitle
        if rendered.isEmpty, parsed.image == nil {
            diagnostics.append(
                file.warning("the page is empty: give it some Markdown or an image", at: SourceLocation(line: bodyStartLine, column: 1)))
        }
        // In the page's order (stable: the problems of one place keep theirs), then limited.
        let ordered = diagnostics.sorted { ($0.location ?? SourceLocation(line: 0, column: 0)) < ($1.location ?? SourceLocation(line: 0, column: 0)) }
        return (ordered.limited(in: "page"), found)
    }

    /// The most HTML one page may make: a page of 4 MiB of footnote references made 46 times its
    /// size, and its flow's files passed the 64 MiB one rendered file may be, blamed on the theme.
    static let maximumPageHTML = 16 << 20

    /// A title made from `heading`: as it is, or cut after the whole characters that fit in the
    /// title's length with `…` (a family emoji or a letter with its accents is never split, unless
    /// the first character alone is longer than a title).
    static func shortTitle(_ heading: String) -> String {
        guard heading.unicodeScalars.count > PageFrontMatter.maximumTitleLength else { return heading }
        let room = PageFrontMatter.maximumTitleLength - 1
        var end = heading.startIndex
        var used = 0
        while end < heading.endIndex {
            let next = heading.index(after: end)
            let size = heading.unicodeScalars[end..<next].count
            guard used + size <= room else { break }
            used += size
            end = next
        }
        if end == heading.startIndex { return String(String.UnicodeScalarView(heading.unicodeScalars.prefix(room))) + "…" }
        return String(heading[..<end]) + "…"
    }

    /// A size in MiB to a tenth, rounded up: a size just past a limit never reads as the limit.
    static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) - 1) >> 20
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Where the first NUL byte of `file` is, if it has one.
    static func firstNUL(in file: SourceFile) -> SourceLocation? {
        let hasNUL = file.text.utf8.withContiguousStorageIfAvailable { ByteScan.contains(0, in: $0) } ?? file.text.utf8.contains(0)
        guard hasNUL else { return nil }
        var line = 1
        for text in file.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            if let index = text.unicodeScalars.firstIndex(of: "\u{0}") {
                return SourceLocation(line: line, column: text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1)
            }
            line += 1
        }
        return nil
    }
}

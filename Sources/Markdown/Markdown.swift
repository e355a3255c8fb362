import CCMark
import Diagnostics
import Foundation

/// CommonMark through cmark. The only code that touches libcmark.
package enum Markdown {
    /// Parses and renders `text`. `resolveImage` is asked about each image in document order; an
    /// image it answers for is rendered with the answer's URL and its width and height, and every
    /// other byte is exactly what cmark renders, with GitHub's extensions as cmark-gfm renders them
    /// (docs/markdown.md lists where sitegen differs). The body's plain text is extracted only when
    /// `plainText` asks for it. Control characters other than tab and line ends are read as U+FFFD.
    /// `footnotePrefix` goes into every footnote id (`fn-<prefix><label>`), so that the footnotes
    /// of pages shown on one document stay apart. With a `headingIDPrefix`, every heading gets an
    /// id: the prefix and its GitHub anchor (`HeadingSlugger`). `resolveLink` is asked about each
    /// link, with the anchors of the body's headings and its footnotes' ids; a destination it
    /// answers with replaces the written one. `renderCode` is asked about each code block; HTML it answers with stands for
    /// the block.
    package static func render(
        _ text: some StringProtocol, options: MarkdownOptions = .init(), plainText wantsPlainText: Bool = false,
        footnotePrefix: String = "", headingIDPrefix: String? = nil,
        resolveImage: (MarkdownImage) -> ImageReplacement? = { _ in nil },
        resolveLink: (MarkdownLink, MarkdownAnchors) -> String? = { _, _ in nil },
        renderCode: (MarkdownCodeBlock) -> String? = { _ in nil }
    ) -> RenderedMarkdown {
        // Copied as one buffer: a substring's bytes copied through the generic path cost 2% of a build.
        let bytes = ControlCharacters.replaced(in: text.utf8) ?? text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
        let extensions = options.extensions.needed(by: bytes)
        let marked = extensions.footnotes ? Footnotes.mark(bytes) : nil
        let parsed = marked ?? bytes
        guard var root = CMarkNode.parse(parsed, flags: options.cmarkFlags) else {
            return RenderedMarkdown(html: "", firstHeading: nil, plainText: "", isEmpty: true, images: [])
        }
        // The lines of what cmark parsed, found once, for the extensions and the code blocks.
        var parsedLines: SourceText?
        func parsedSource() -> SourceText {
            if let parsedLines { return parsedLines }
            let lines = SourceText(parsed)
            parsedLines = lines
            return lines
        }
        // The body as written, where it differs from what cmark parsed (footnotes marked).
        let written = marked == nil ? nil : SourceText(bytes)
        var context = extensions.isEmpty
            ? nil : ExtensionContext(root: root, source: parsedSource(), extensions: extensions, flags: options.cmarkFlags)
        if let first = context, extensions.autolinks,
            let whole = Autolinks.parsedKeepingLinksWhole(parsed, root: root, source: written ?? parsedSource(), context: first)
        {
            cmark_node_free(root)
            root = whole
            context = ExtensionContext(root: root, source: parsedSource(), extensions: extensions, flags: options.cmarkFlags)
        }
        if ReferencedControls.mayHold(parsed) { ReferencedControls.replace(under: root) }
        defer { cmark_node_free(root) }
        // An image inside another's description is only text of that description, as cmark renders it.
        let shown = options.unsafe ? [] : nodes(under: root, enteringImages: false)
        var positions = WrittenPositions(bytes: bytes, lines: written ?? parsedLines, context: context, flags: options.cmarkFlags)
        let dropped = RawHTMLWarnings.warnings(for: shown, positions: &positions) + UnsafeURLWarnings.warnings(for: shown)
        if let context {
            context.footnotePrefix = footnotePrefix
            context.footnoteBackLabel = escapedAttribute(options.footnoteBackLabel)
            context.maximumFootnoteHTML = options.maximumFootnoteHTML
            GitHubExtensions.apply(
                to: root, source: written ?? parsedSource(), marked: parsedSource(), alertTitles: options.alertTitles,
                context: context)
        }

        var images: [MarkdownImage] = []
        var replacements: [(node: OpaquePointer, tag: String)] = []
        var droppedImages: [(node: OpaquePointer, description: OpaquePointer)] = []
        var firstHeading: String?
        var slugger = HeadingSlugger()
        var headingIDs: [OpaquePointer: String] = [:]
        var headings: [String] = []
        var links: [OpaquePointer] = []
        var codeBlocks: [OpaquePointer] = []
        // An image inside another's description is only text of that description, as cmark renders it.
        for node in nodes(under: root, enteringImages: false) {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                // The title and the anchor are made from the heading's text as a browser shows it: no tags.
                let text = plainText(of: node, keepingHTML: false).trimmingBlanks
                if firstHeading == nil, !text.isEmpty { firstHeading = Self.title(text) }
                if let headingIDPrefix {
                    let slug = slugger.slug(text)
                    headings.append(slug)
                    headingIDs[node] = headingIDPrefix + slug
                }
            } else if type == CMARK_NODE_LINK {
                links.append(node)
            } else if type == CMARK_NODE_CODE_BLOCK {
                codeBlocks.append(node)
            } else if type == CMARK_NODE_IMAGE {
                // cmark writes a dropped image as `<img src="">`, which HTML does not allow and no
                // browser shows: its description stands in its place, as a browser shows it for an
                // image it cannot load.
                if !options.unsafe, UnsafeURLWarnings.droppedScheme(string(cmark_node_get_url(node))) != nil {
                    if let text = CMarkNode.text(plainText(of: node)) { droppedImages.append((node, text)) }
                    continue
                }
                let position = positions.ofLink(node, marker: "![")
                let image = MarkdownImage(
                    url: string(cmark_node_get_url(node)),
                    alt: plainText(of: node),
                    title: string(cmark_node_get_title(node)),
                    line: position.line,
                    byteColumn: position.column)
                images.append(image)
                if let replacement = resolveImage(image) {
                    replacements.append((node, imageTag(image, replacement)))
                }
            }
        }
        let anchors = MarkdownAnchors(headings: Set(headings), footnotes: context?.footnoteIDs ?? [])
        for node in links {
            let position = positions.ofLink(node, marker: "[")
            let link = MarkdownLink(
                url: string(cmark_node_get_url(node)),
                line: position.line,
                byteColumn: position.column,
                // What a reader is given: no HTML (safe mode drops it), no space of any kind.
                hasText: plainText(of: node, keepingHTML: false).unicodeScalars.contains { !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint })
            if let url = resolveLink(link, anchors) { cmark_node_set_url(node, url) }
        }
        let lines = codeBlocks.isEmpty ? nil : parsedSource()
        for node in codeBlocks {
            let (line, column) = positions.of(node)
            let block = MarkdownCodeBlock(
                info: string(cmark_node_get_fence_info(node)), code: string(cmark_node_get_literal(node)), line: line,
                infoByteColumn: lines.map { infoColumn(of: node, startingAt: column, line: $0.line(line)) } ?? 1)
            guard let html = renderCode(block), let custom = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: html, exit: "") else {
                continue
            }
            cmark_node_replace(node, custom)
            cmark_node_free(node)
        }
        for (node, tag) in replacements {
            guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(custom, tag)
            cmark_node_set_on_exit(custom, "")
            cmark_node_replace(node, custom)
            cmark_node_free(node)
        }
        for (node, description) in droppedImages {
            cmark_node_replace(node, description)
            cmark_node_free(node)
        }
        let body = wantsPlainText ? blockText(of: root) : ""
        if let context { GitHubExtensions.finish(root, context) }
        if options.breaksInHeadings { HeadingBreaks.apply(under: root) }
        HeadingIDs.apply(under: root, ids: headingIDs, flags: options.cmarkFlags)
        var html = cmark_render_html(root, options.cmarkFlags).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? ""
        if let context { html = GitHubExtensions.finish(html, context) }
        return RenderedMarkdown(
            html: html, firstHeading: firstHeading, plainText: body,
            isEmpty: cmark_node_first_child(root) == nil, images: images, headings: headings, footnoteIDs: anchors.footnotes,
            warnings: ((context?.warnings ?? []) + dropped).sorted { ($0.line, $0.byteColumn) < ($1.line, $1.byteColumn) },
            footnotesExceeded: context?.footnotesExceeded)
    }

    /// Every node under `root`, in document order, collected before the tree is changed; with
    /// `enteringImages` false, the nodes inside an image's description are left out.
    private static func nodes(under root: OpaquePointer, enteringImages: Bool = true) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return result }
        defer { cmark_iter_free(iterator) }
        var insideImages = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let isImage = !enteringImages && cmark_node_get_type(node) == CMARK_NODE_IMAGE
            if event == CMARK_EVENT_ENTER {
                if insideImages == 0 { result.append(node) }
                if isImage { insideImages += 1 }
            } else if event == CMARK_EVENT_EXIT, isImage {
                insideImages -= 1
            }
        }
        return result
    }

    /// The byte column (1-based) where a fenced block's info string starts on its opening line:
    /// after the fence and the blanks that follow it. The fence's own column for any other block.
    private static func infoColumn(of node: OpaquePointer, startingAt start: Int, line: ArraySlice<UInt8>) -> Int {
        guard cmark_node_get_fence_info(node).map({ $0.pointee != 0 }) == true, start >= 1, start <= line.count else { return max(start, 1) }
        var index = line.startIndex + start - 1
        // Block quote markers and list indentation come before the fence, which starts at `start`.
        while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: ">") { index += 1 }
        guard index < line.endIndex else { return start }
        let fence = line[index]
        while index < line.endIndex, line[index] == fence { index += 1 }
        while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        return index - line.startIndex + 1
    }

    /// The `<img>` cmark would write for `image`, with the replacement's URL and size added; for a
    /// video, a `<video>` with controls that loads nothing until it is played (so a flow's videos
    /// do not all download at once), its poster and captions, and a link to the file inside for
    /// browsers that play none of it. The alt text names the video.
    private static func imageTag(_ image: MarkdownImage, _ replacement: ImageReplacement) -> String {
        if let video = replacement.video {
            var tag = "<video src=\"\(escapedAttribute(replacement.src))\" width=\"\(replacement.width)\" height=\"\(replacement.height)\""
            if let poster = video.poster { tag += " poster=\"\(escapedAttribute(poster))\"" }
            tag += " controls playsinline preload=\"none\" aria-label=\"\(escapedAttribute(image.alt))\""
            if video.autoplay { tag += " muted loop data-autoplay" }
            if !image.title.isEmpty { tag += " title=\"\(escapedAttribute(image.title))\"" }
            tag += ">"
            for track in video.tracks {
                tag += "<track kind=\"captions\" src=\"\(escapedAttribute(track.src))\" srclang=\"\(escapedAttribute(track.language))\" label=\"\(escapedAttribute(track.label))\"\(track.isDefault ? " default" : "")>"
            }
            return tag + "<a href=\"\(escapedAttribute(replacement.src))\">\(escapedAttribute(image.alt.isEmpty ? replacement.src : image.alt))</a></video>"
        }
        var tag = "<img src=\"\(escapedAttribute(replacement.src))\""
        if let srcset = replacement.picture?.srcset { tag += " srcset=\"\(escapedAttribute(srcset))\"" }
        if let sizes = replacement.picture?.sizes { tag += " sizes=\"\(escapedAttribute(sizes))\"" }
        tag += " alt=\"\(escapedAttribute(image.alt))\""
        if !image.title.isEmpty {
            tag += " title=\"\(escapedAttribute(image.title))\""
        }
        tag += " width=\"\(replacement.width)\" height=\"\(replacement.height)\" />"
        guard let picture = replacement.picture, !picture.sources.isEmpty else { return tag }
        var sources = ""
        for source in picture.sources {
            sources += "<source"
            if let media = source.media { sources += " media=\"\(escapedAttribute(media))\"" }
            if let type = source.type { sources += " type=\"\(escapedAttribute(type))\"" }
            sources += " srcset=\"\(escapedAttribute(source.srcset))\""
            if let sizes = source.sizes { sources += " sizes=\"\(escapedAttribute(sizes))\"" }
            sources += " />"
        }
        return "<picture>" + sources + tag + "</picture>"
    }

    /// The text of a node's inline content as cmark renders it into `alt`: text, code and (when
    /// `keepingHTML`) raw HTML literally, line breaks as spaces. Walked with cmark's iterator, not by recursion, so
    /// that no nesting of inlines is too deep for it.
    private static func plainText(of node: OpaquePointer, keepingHTML: Bool = true) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator), current != node else { continue }
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || (keepingHTML && type == CMARK_NODE_HTML_INLINE) {
                text += string(cmark_node_get_literal(current))
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                text += " "
            }
        }
        return text
    }

    /// A heading's text as a title: the spaces a left-out tag had on both sides are one, and
    /// (since references can spell combining marks the file does not hold) stream-safe. Spaces
    /// are found as bytes: splitting by characters compares each with a space, which takes time
    /// that grows with the square of a run of marks.
    static func title(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != UInt8(ascii: " ") || bytes.last != UInt8(ascii: " ") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).streamSafe
    }

    /// The text of every leaf block under `node`, separated by blank lines, as a reader sees it:
    /// without the tags of raw HTML.
    private static func blockText(of node: OpaquePointer) -> String {
        var blocks: [String] = []
        for child in nodes(under: node) {
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING {
                blocks.append(plainText(of: child, keepingHTML: false).trimmingBlanks)
            } else if type == CMARK_NODE_CODE_BLOCK {
                blocks.append(string(cmark_node_get_literal(child)).trimmingBlanks)
            }
        }
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// Text escaped for an HTML attribute as cmark escapes it: `&`, `<`, `>` and `"`. Bytes, not
    /// characters: a quote followed by a combining mark is one Swift `Character` and is not
    /// equal to `"`, yet a browser reads the quote and ends the attribute there.
    static func escapedAttribute(_ text: String) -> String {
        func special(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
        }
        guard text.utf8.contains(where: special) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped += "&amp;".utf8
            case UInt8(ascii: "<"): escaped += "&lt;".utf8
            case UInt8(ascii: ">"): escaped += "&gt;".utf8
            case UInt8(ascii: "\""): escaped += "&quot;".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

import Diagnostics
import FrontMatter
import OnboardingKit

/// The settings a page's front matter sets; anything left out is nil and takes its default later.
package struct PageFrontMatter: Sendable, Equatable {
    package var title: String?
    package var image: String?
    /// Where `image` is written, to point at it when the file is missing.
    package var imageNode: YAMLNode?
    package var imageAlt: String?
    package var order: Int?
    package var id: String?
    package var idNode: YAMLNode?
    /// Where `action`'s link is written (its `href`, else the action itself), for a problem with it.
    package var actionNode: YAMLNode?
    /// The settings the page sets (`PageSettingField`), over their defaults.
    package var settings = PageSettings()

    package init() {}

    /// The longest title a page may set: a title is repeated in labels on other pages.
    static let maximumTitleLength = 500

    static let keys = ["title", "image", "image_alt", "order", "id"] + PageSettingField.all.map(\.key)

    /// The reference's table of a page's keys (docs/writing.md): those that place and name the
    /// page, then its settings (`PageSettingField`).
    static var referenceTable: String {
        let own = [
            ("`title`", "the page's title (indicator labels, manifest), at most \(maximumTitleLength) characters",
                "the first heading (cut at \(maximumTitleLength) characters), else the id as words (`get-ready` is \"Get ready\")"),
            ("`image`, `image_alt`", "the page's main image, relative to the page; its alt text (`\"\"` if decorative)", "none"),
            ("`order`", "position in the flow, before file-name numbers", "the file name's number"),
            ("`id`", "the page's anchor (`#record`): ASCII letters, digits, `-` and `_`",
                "the file name without number, in ASCII: `02-record.md` is `record`, `06-café.md` is `cafe`; letters ASCII cannot spell are dropped (`01-설치.md` is `page`, so give such a page an `id`); numbered steps that share a name (`01-step.md`, `02-step.md`…) are `step-1`, `step-2`…, and one without a number among them takes the first number none has (`faq.md` beside `02-faq.md` is `faq-1`)"),
        ]
        return "| key | meaning | default |\n| --- | --- | --- |\n" + own.map { "| \($0.0) | \($0.1) | \($0.2) |\n" }.joined()
            + PageSettingField.referenceRows
    }

    package static func read(_ fields: YAMLNode?, file: SourceFile) -> (PageFrontMatter, [Diagnostic]) {
        var reader = FieldReader(fields, keys: keys, file: file, context: "page front matter")
        var page = PageFrontMatter()
        if let node = reader.node("title"), let title = reader.nonBlankString("title") {
            // Scalars, not characters: marks piled on one letter make one character of any size.
            if title.unicodeScalars.count > Self.maximumTitleLength {
                reader.report("'title' is \(title.unicodeScalars.count) characters long; a title is at most \(Self.maximumTitleLength)", at: node)
            } else {
                page.title = title
            }
        }
        page.imageNode = reader.node("image")
        page.image = reader.string("image")
        page.imageAlt = reader.string("image_alt")
        page.order = reader.int("order")
        if let node = reader.node("id"), let id = reader.string("id") {
            if !Validation.isSlug(id) {
                reader.report("'id' must be letters, digits, '-' and '_', starting with a letter or digit, not '\(id)'", at: node)
            } else if let reserved = Validation.reservedIDPrefixes.first(where: id.hasPrefix) {
                reader.report("'id' may not start with '\(reserved)', which sitegen uses for its own ids", at: node)
            } else if id.contains(PageDirectory.headingSeparator) || id.hasSuffix("-") {
                reader.report(
                    "'id' may not hold '\(PageDirectory.headingSeparator)' or end with '-': a heading's id is its page's id, "
                        + "'\(PageDirectory.headingSeparator)' and its anchor", at: node)
            } else {
                page.id = id
                page.idNode = node
            }
        }
        for field in PageSettingField.all where reader.node(field.key) != nil {
            field.read(&reader, &page.settings)
        }
        if page.settings.action != nil { page.actionNode = reader.node("action").map { $0.removing("href").1 ?? $0 } }
        var diagnostics = reader.diagnostics
        // Alt text for an image the page does not have: `image` misspelt or left out, or the
        // picture written in the body, whose description goes in its brackets.
        if page.image == nil, reader.node("image") == nil, let node = reader.node("image_alt") {
            diagnostics.append(
                file.warning(
                    "'image_alt' describes the page's image, and the page has none; set 'image', or write the description of an image in the body in its brackets: ![description](file.png)",
                    at: node.location, length: node.length))
        }
        return (page, diagnostics)
    }
}

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
    /// Where `action` is written, for a problem with its link.
    package var actionNode: YAMLNode?
    package var draft = false
    package var skip: Bool?
    package var action: LinkAction?
    package var advance: Advance?
    package var background: String?
    package var cssClass: String?

    package init() {}

    /// The longest title a page may set: a title is repeated in labels on other pages.
    static let maximumTitleLength = 500

    static let keys = [
        "title", "image", "image_alt", "order", "id", "draft", "skip", "action", "advance", "background", "class",
    ]

    package static func read(_ fields: YAMLNode?, file: SourceFile) -> (PageFrontMatter, [Diagnostic]) {
        var reader = FieldReader(fields, keys: keys, file: file, context: "page front matter")
        var page = PageFrontMatter()
        if let node = reader.node("title"), let title = reader.string("title") {
            if title.count > Self.maximumTitleLength {
                reader.report("'title' is \(title.count) characters long; a title is at most \(Self.maximumTitleLength)", at: node)
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
        page.draft = reader.bool("draft") ?? false
        page.skip = reader.bool("skip")
        if let node = reader.node("action"), let parts = reader.linkParts("action") {
            if let label = parts.label, let href = parts.href {
                page.action = LinkAction(label: label, href: href)
                page.actionNode = node
            } else if reader.diagnostics.isEmpty {
                reader.report("'action' needs both a 'label' and an 'href'", at: node)
            }
        }
        if let node = reader.node("advance"), let advance = reader.choice("advance", Advance.self) {
            if advance == .action, reader.node("action") == nil {
                reader.report("'advance: action' needs an 'action' on the page, whose button moves on", at: node)
            }
            page.advance = advance
        }
        page.background = reader.cssValue("background")
        if let node = reader.node("class"), let cssClass = reader.string("class") {
            if Validation.isClassList(cssClass) {
                page.cssClass = cssClass
            } else {
                reader.report("'class' must be CSS class names separated by spaces, not '\(cssClass)'", at: node)
            }
        }
        return (page, reader.diagnostics)
    }
}

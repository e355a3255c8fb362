import OnboardingKit

/// Renders the site's HTML documents: the site index and one carousel per flow. All markup the
/// build writes comes from here.
struct HTMLRenderer: Sendable {
    let settings: SiteSettings
    let strings: ThemeStrings

    static let stylesheet = "assets/sitegen.css"

    func document(_ head: DocumentHead, body: String) -> String {
        let description = head.description.isEmpty ? "" : "<meta name=\"description\"\(HTML.attribute("content", head.description))>\n"
        return """
            <!DOCTYPE html>
            <html\(HTML.attribute("lang", head.locale))\(HTML.attribute("dir", head.direction.rawValue))>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.text(head.title))</title>
            \(description)<meta name="generator" content="sitegen">
            <link rel="stylesheet"\(HTML.attribute("href", head.rootPath + Self.stylesheet))>
            </head>
            <body\(HTML.attribute("class", head.bodyClass))>
            \(body)</body>
            </html>

            """
    }

    // MARK: The site index

    func index(_ site: Site) -> String {
        var body = "<main class=\"sg-index\">\n<header class=\"sg-index-header\">\n"
        body += "<h1>\(HTML.text(settings.title))</h1>\n"
        if !settings.description.isEmpty {
            body += "<p class=\"sg-lead\">\(HTML.text(settings.description))</p>\n"
        }
        body += "</header>\n<h2 class=\"sg-visually-hidden\">\(HTML.text(strings.flowsHeading))</h2>\n"
        body += "<ul class=\"sg-flow-list\">\n"
        for flow in site.flows {
            body += flowCard(flow)
        }
        body += "</ul>\n</main>\n"
        let head = DocumentHead(
            title: settings.title, description: settings.description, locale: settings.locale,
            direction: TextDirection.of(locale: settings.locale), rootPath: "", bodyClass: "sg-site")
        return document(head, body: body)
    }

    private func flowCard(_ flow: Flow) -> String {
        var card = "<li class=\"sg-flow-card\"\(HTML.attribute("lang", flow.settings.locale))\(HTML.attribute("dir", flow.settings.direction.rawValue))>\n"
        if let image = flow.pages.lazy.compactMap(\.image).first {
            card += "<div class=\"sg-flow-card-media\">"
            card += HTML.image(src: flow.slug + "/" + image.src, alt: "", width: image.width, height: image.height, eager: false)
            card += "</div>\n"
        }
        card += "<h3 class=\"sg-flow-card-title\"><a\(HTML.attribute("href", flow.slug + "/"))>\(HTML.text(flow.title))</a></h3>\n"
        if !flow.description.isEmpty {
            card += "<p class=\"sg-flow-card-description\">\(HTML.text(flow.description))</p>\n"
        }
        let count = flow.pages.count == 1
            ? strings.pageCountOne : ThemeStrings.format(strings.pageCount, ["count": String(flow.pages.count)])
        card += "<p class=\"sg-flow-card-count\">\(HTML.text(count))</p>\n</li>\n"
        return card
    }

    // MARK: A flow's carousel

    func carousel(_ flow: Flow) -> String {
        let settings = flow.settings
        var body = "<main class=\"sg-main\">\n"
        body += "<h1 class=\"sg-visually-hidden\">\(HTML.text(flow.title))</h1>\n"
        body += "<section class=\"sg-carousel\" id=\"sg-carousel\" aria-roledescription=\"carousel\""
        body += HTML.attribute("aria-label", flow.title)
        body += HTML.attribute("data-flow", flow.slug)
        body += HTML.attribute("data-transition", settings.transition.rawValue)
        body += HTML.attribute("data-orientation", settings.orientation.rawValue)
        body += HTML.attribute("data-show-once", settings.showOnce ? "true" : "false")
        body += HTML.attribute("data-storage-key", settings.storageKey)
        body += HTML.attribute("data-content-version", flow.contentVersion)
        body += HTML.attribute("data-skip-target", settings.skip.target.rawValue)
        body += HTML.attribute("data-finish-href", settings.finish.href)
        body += ">\n<div class=\"sg-track\" id=\"sg-track\">\n"
        for page in flow.pages {
            body += self.page(page, in: flow)
        }
        body += "</div>\n</section>\n</main>\n"
        let head = DocumentHead(
            title: flow.title == self.settings.title ? flow.title : "\(flow.title) · \(self.settings.title)",
            description: flow.description, locale: settings.locale, direction: settings.direction, rootPath: "../",
            bodyClass: "sg-flow")
        return document(head, body: body)
    }

    private func page(_ page: Page, in flow: Flow) -> String {
        let count = flow.pages.count
        let position = ThemeStrings.format(strings.pagePosition, ["n": String(page.index + 1), "count": String(count)])
        let classes = ["sg-page"] + (page.settings.cssClass.map { [$0] } ?? [])
        var html = "<div\(HTML.attribute("class", classes.joined(separator: " ")))\(HTML.attribute("id", page.id))"
        html += " role=\"group\" aria-roledescription=\"slide\"\(HTML.attribute("aria-label", position))"
        html += HTML.attribute("data-index", String(page.index))
        if page.settings.advance == .action { html += " data-advance=\"action\"" }
        html += HTML.attribute("style", page.settings.background.map { "--sg-page-background: \($0)" })
        html += ">\n"
        if let skip = skipLink(for: page, in: flow) {
            html += skip
        }
        if let image = page.image {
            html += "<div class=\"sg-media\">"
            html += HTML.image(src: image.src, alt: image.alt, width: image.width, height: image.height, eager: page.index == 0)
            html += "</div>\n"
        }
        html += "<div class=\"sg-body\">\n\(page.html)</div>\n"
        if let action = page.settings.action {
            html += "<p class=\"sg-action\"><a class=\"sg-button\"\(HTML.attribute("href", action.href))>\(HTML.text(action.label))</a></p>\n"
        }
        html += controls(for: page, in: flow)
        html += "</div>\n"
        return html
    }

    private func skipLink(for page: Page, in flow: Flow) -> String? {
        let skip = flow.settings.skip
        guard skip.enabled, page.settings.skip, let last = flow.pages.last, page.index < last.index else { return nil }
        let href = skip.target == .last ? "#" + last.id : flow.settings.finish.href
        return "<p class=\"sg-skip\"><a class=\"sg-skip-link\"\(HTML.attribute("href", href))>\(HTML.text(skip.label))</a></p>\n"
    }

    private func controls(for page: Page, in flow: Flow) -> String {
        let pages = flow.pages
        var html = "<div class=\"sg-controls\">\n"
        if page.index > 0 {
            html += "<a class=\"sg-prev\" rel=\"prev\"\(HTML.attribute("href", "#" + pages[page.index - 1].id))>\(HTML.text(strings.previous))</a>\n"
        } else {
            html += "<a class=\"sg-prev\">\(HTML.text(strings.previous))</a>\n"
        }
        html += "<ol class=\"sg-indicators\"\(HTML.attribute("aria-label", strings.indicatorsLabel))>\n"
        for other in pages {
            let label = ThemeStrings.format(strings.indicatorLabel, ["n": String(other.index + 1), "title": other.title])
            let current = other.index == page.index ? " aria-current=\"step\"" : ""
            html += "<li><a class=\"sg-indicator\"\(HTML.attribute("href", "#" + other.id))\(HTML.attribute("aria-label", label))\(current)></a></li>\n"
        }
        html += "</ol>\n"
        if page.index + 1 < pages.count {
            html += "<a class=\"sg-next\" rel=\"next\"\(HTML.attribute("href", "#" + pages[page.index + 1].id))>\(HTML.text(strings.next))</a>\n"
        } else {
            let finish = flow.settings.finish
            html += "<a class=\"sg-finish sg-button\"\(HTML.attribute("href", finish.href))>\(HTML.text(finish.label))</a>\n"
        }
        html += "</div>\n"
        return html
    }
}

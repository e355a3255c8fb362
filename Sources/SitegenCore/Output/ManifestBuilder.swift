import OnboardingKit

/// The manifest of a site: the model as OnboardingKit's types, and those types as JSON text with
/// the same keys their Codable conformance reads (a test decodes the text to prove it).
enum ManifestBuilder {
    static func manifest(for site: Site) -> Manifest {
        let base = site.settings.baseURL
        let flows = site.flows.map { flow in
            let flowURL = (base ?? "") + Path.urlEncoded(flow.slug) + "/"
            return ManifestFlow(
                id: flow.slug, title: flow.title, description: flow.description, url: flowURL,
                contentVersion: flow.contentVersion, settings: flow.settings,
                pages: flow.pages.map { page in
                    ManifestPage(
                        id: page.id, index: page.index, title: page.title, html: page.html,
                        image: page.image.map {
                            ManifestImage(
                                src: base == nil ? $0.src : flowURL + $0.src, width: $0.width, height: $0.height,
                                alt: $0.alt)
                        },
                        source: page.source, settings: page.settings)
                })
        }
        return Manifest(
            generator: .init(name: SitegenVersion.name, version: SitegenVersion.version),
            site: .init(title: site.settings.title, baseURL: base, locale: site.settings.locale),
            flows: flows)
    }

    static func encode(_ manifest: Manifest) -> String {
        json(manifest).text
    }

    static func json(_ manifest: Manifest) -> JSONText {
        .object([
            "format": .int(manifest.format),
            "generator": .object(["name": .string(manifest.generator.name), "version": .string(manifest.generator.version)]),
            "site": .object([
                "title": .string(manifest.site.title), "base_url": JSONText(manifest.site.baseURL),
                "locale": .string(manifest.site.locale),
            ]),
            "flows": .array(manifest.flows.map(json)),
        ])
    }

    static func json(_ flow: ManifestFlow) -> JSONText {
        let settings = flow.settings
        return .object([
            "id": .string(flow.id), "title": .string(flow.title), "description": .string(flow.description),
            "url": .string(flow.url), "content_version": .string(flow.contentVersion),
            "settings": .object([
                "skip": .object([
                    "enabled": .bool(settings.skip.enabled), "label": .string(settings.skip.label),
                    "target": .string(settings.skip.target.rawValue),
                ]),
                "finish": json(settings.finish),
                "show_once": .bool(settings.showOnce), "storage_key": .string(settings.storageKey),
                "transition": .string(settings.transition.rawValue), "orientation": .string(settings.orientation.rawValue),
                "locale": .string(settings.locale), "dir": .string(settings.direction.rawValue),
            ]),
            "pages": .array(flow.pages.map(json)),
        ])
    }

    static func json(_ page: ManifestPage) -> JSONText {
        let settings = page.settings
        return .object([
            "id": .string(page.id), "index": .int(page.index), "title": .string(page.title), "html": .string(page.html),
            "image": page.image.map { image in
                .object([
                    "src": .string(image.src), "width": .int(image.width), "height": .int(image.height),
                    "alt": .string(image.alt),
                ])
            } ?? .null,
            "source": .string(page.source),
            "settings": .object([
                "skip": .bool(settings.skip), "action": settings.action.map(json) ?? .null,
                "advance": .string(settings.advance.rawValue), "background": JSONText(settings.background),
                "class": JSONText(settings.cssClass), "draft": .bool(settings.draft),
            ]),
        ])
    }

    private static func json(_ link: LinkAction) -> JSONText {
        .object(["label": .string(link.label), "href": .string(link.href)])
    }
}

import OnboardingKit

/// The manifest of a site: the model as OnboardingKit's types, and those types as JSON text with
/// the same keys their Codable conformance reads (a test decodes the text to prove it).
enum ManifestBuilder {
    static func manifest(for site: Site) -> Manifest {
        Manifest(
            generator: .init(name: SitegenVersion.name, version: SitegenVersion.version),
            site: manifestSite(site.settings),
            flows: site.flows.map { manifestFlow($0, baseURL: site.settings.baseURL) })
    }

    static func manifestSite(_ settings: SiteSettings) -> Manifest.Site {
        .init(title: settings.title, baseURL: settings.baseURL, locale: settings.locale)
    }

    static func manifestFlow(_ flow: Flow, baseURL base: String?) -> ManifestFlow {
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

    /// The depth at which each flow stands in the manifest: root object, then `flows` array.
    static let flowDepth = 2

    /// A flow's JSON as it stands in the manifest, so that a build can reuse it unchanged.
    static func fragment(_ flow: ManifestFlow) -> [UInt8] {
        // Room for the pages' HTML and the rest of each page, so that the buffer seldom grows.
        let expected = flow.pages.reduce(1024) { $0 + $1.html.utf8.count + 640 }
        return json(flow).utf8(indentation: flowDepth, expectedSize: expected)
    }

    /// The manifest's UTF-8 in pieces: the text around the flows, and the flows' own fragments
    /// with what goes between them, so that the fragments are written as they are, not copied;
    /// and where each fragment stands in the whole.
    static func parts(site: Manifest.Site, flows fragments: [FilePiece]) -> (parts: [FilePiece], fragments: [Range<Int>]) {
        // The manifest with two stand-ins for flows shows what comes before, between and after.
        let standIn = Array("\u{0}flow\u{0}".utf8)
        let text = json(site: site, flows: [standIn, standIn]).utf8
        guard !fragments.isEmpty, let first = text.firstRange(of: standIn),
            let second = text[first.upperBound...].firstRange(of: standIn)
        else { return ([.bytes(json(site: site, flows: []).utf8)], []) }
        let separator = FilePiece.bytes(Array(text[first.upperBound..<second.lowerBound]))
        var parts: [FilePiece] = [.bytes(Array(text[..<first.lowerBound]))]
        var ranges: [Range<Int>] = []
        var offset = first.lowerBound
        for (index, fragment) in fragments.enumerated() {
            if index > 0 {
                parts.append(separator)
                offset += separator.count
            }
            parts.append(fragment)
            ranges.append(offset..<offset + fragment.count)
            offset += fragment.count
        }
        parts.append(.bytes(Array(text[second.upperBound...])))
        return (joiningAdjacentRanges(parts, separator: separator.count), ranges)
    }

    /// The pieces with each run of fragments that stood side by side in the same file (as
    /// unchanged flows do in the previous manifest) made one range, separators included, so that
    /// they are copied at once.
    private static func joiningAdjacentRanges(_ parts: [FilePiece], separator: Int) -> [FilePiece] {
        var joined: [FilePiece] = []
        for part in parts {
            if case .range(let range, let file) = part, joined.count >= 2,
                case .range(let previous, file) = joined[joined.count - 2], previous.upperBound + separator == range.lowerBound
            {
                joined.removeLast(2)
                joined.append(.range(previous.lowerBound..<range.upperBound, of: file))
            } else {
                joined.append(part)
            }
        }
        return joined
    }

    /// The manifest around flows already written as fragments.
    static func json(site: Manifest.Site, flows fragments: [[UInt8]]) -> JSONText {
        .object([
            "flows": .array(fragments.map(JSONText.raw)),
            "format": .int(Manifest.currentFormat),
            "generator": .object(["name": .string(SitegenVersion.name), "version": .string(SitegenVersion.version)]),
            "site": .object([
                "base_url": JSONText(site.baseURL), "locale": .string(site.locale), "title": .string(site.title),
            ]),
        ])
    }

    // The keys below are written in sorted order, which JSONObject then need not sort.

    static func json(_ flow: ManifestFlow) -> JSONText {
        let settings = flow.settings
        return .object([
            "content_version": .string(flow.contentVersion), "description": .string(flow.description), "id": .string(flow.id),
            "pages": .array(flow.pages.map(json)),
            "settings": .object([
                "dir": .string(settings.direction.rawValue), "finish": json(settings.finish), "locale": .string(settings.locale),
                "orientation": .string(settings.orientation.rawValue), "show_once": .bool(settings.showOnce),
                "skip": .object([
                    "enabled": .bool(settings.skip.enabled), "label": .string(settings.skip.label),
                    "target": .string(settings.skip.target.rawValue),
                ]),
                "storage_key": .string(settings.storageKey), "transition": .string(settings.transition.rawValue),
            ]),
            "title": .string(flow.title), "url": .string(flow.url),
        ])
    }

    static func json(_ page: ManifestPage) -> JSONText {
        let settings = page.settings
        return .object([
            "html": .string(page.html), "id": .string(page.id),
            "image": page.image.map { image in
                .object([
                    "alt": .string(image.alt), "height": .int(image.height), "src": .string(image.src), "width": .int(image.width),
                ])
            } ?? .null,
            "index": .int(page.index),
            "settings": .object([
                "action": settings.action.map(json) ?? .null, "advance": .string(settings.advance.rawValue),
                "background": JSONText(settings.background), "class": JSONText(settings.cssClass), "draft": .bool(settings.draft),
                "skip": .bool(settings.skip),
            ]),
            "source": .string(page.source), "title": .string(page.title),
        ])
    }

    private static func json(_ link: LinkAction) -> JSONText {
        .object(["href": .string(link.href), "label": .string(link.label)])
    }
}

import Foundation
import OnboardingKit

/// The manifest of a site: the model as OnboardingKit's Codable types, encoded with sorted keys
/// so the same site always gives the same bytes.
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

    static func encode(_ manifest: Manifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest)) + [0x0A]
    }
}

import OnboardingKit

/// `manifest.json` and `manifest.schema.json`, both from OnboardingKit's description of the
/// manifest. The model holds flows with URLs relative to the site; the manifest resolves them
/// against the base URL. Flows are written as fragments, so that a build can reuse an unchanged
/// flow's text, kept in the build cache. The manifest is data for programs, written compact (a
/// third smaller than indented; `jq .` shows it indented); the schema, read by people, is indented.
enum ManifestBuilder {
    static let schemaFileName = "manifest.schema.json"

    /// The schema's text: the same for every site, so it is written once per process.
    static let schemaText = Manifest.schema.text

    static func manifest(for site: Site) -> Manifest {
        Manifest(
            generator: generator, site: manifestSite(site.settings),
            flows: site.flows.map { manifestFlow($0, baseURL: site.settings.baseURL) })
    }

    static let generator = Manifest.Generator(name: SitegenVersion.name, version: SitegenVersion.version)

    static func manifestSite(_ settings: SiteSettings) -> Manifest.Site {
        .init(title: settings.title, baseURL: settings.baseURL?.text, locale: settings.locale)
    }

    /// The flow as the manifest holds it: its URL, and its images', absolute when there is a base URL.
    /// Its translations likewise.
    static func manifestFlow(_ flow: Flow, baseURL base: BaseURL?) -> ManifestFlow {
        guard let base else { return flow.manifest }
        return absolute(flow.manifest, base: base)
    }

    private static func absolute(_ flow: ManifestFlow, base: BaseURL) -> ManifestFlow {
        var resolved = flow
        resolved.url = base.text + flow.url
        // `hero.png` in `tour/`, or `../../tour/hero.png` in a translation's `ko/tour/`.
        func url(_ src: String) -> String {
            base.text + (Path.normalize(Path.join(String(flow.url.dropLast()), src)) ?? src)
        }
        for index in resolved.pages.indices {
            var page = resolved.pages[index]
            page.image = page.image?.mappingURLs(url)
            page.animations = page.animations.map { $0.mappingURLs(url) }
            for video in page.videos.indices {
                page.videos[video].src = url(page.videos[video].src)
                page.videos[video].poster = page.videos[video].poster.map(url)
                for caption in page.videos[video].captions.indices {
                    page.videos[video].captions[caption].src = url(page.videos[video].captions[caption].src)
                }
            }
            resolved.pages[index] = page
        }
        resolved.translations = flow.translations.map { absolute($0, base: base) }
        return resolved
    }

    /// A flow's JSON as it stands in the manifest, so that a build can reuse it unchanged.
    static func fragment(_ flow: ManifestFlow) -> [UInt8] {
        // Room for the pages' HTML and the rest of each page, so that the buffer seldom grows.
        let expected = flow.pages.reduce(1024) { $0 + $1.html.utf8.count + 512 }
        return flow.compactManifestJSON(expectedSize: expected)
    }

    /// The manifest's UTF-8 in pieces: the text around the flows, and the flows' own fragments
    /// with what goes between them, so that the fragments are written as they are (copied from
    /// the build cache's files, or from memory), never joined into one string.
    static func parts(site: Manifest.Site, flows fragments: [FilePiece]) -> [FilePiece] {
        parts(site: site, flows: fragments.map { (piece: $0, separated: false) })
    }

    /// The manifest's pieces for fragments of which some (`separated`) are stored after the text
    /// that goes between two flows (`flowSeparator`): the first one's is left out, and none is
    /// added before them, so that fragments stored one after another in one file are one range.
    static func parts(site: Manifest.Site, flows fragments: [(piece: FilePiece, separated: Bool)]) -> [FilePiece] {
        guard !fragments.isEmpty, let (head, separator, tail) = frame(site) else { return [.bytes(text(site: site, flows: []))] }
        var parts: [FilePiece] = [.bytes(head)]
        for (index, fragment) in fragments.enumerated() {
            switch (index > 0, fragment.separated, fragment.piece) {
            case (false, true, .range(let range, let file)): parts.append(.range((range.lowerBound + separator.count)..<range.upperBound, of: file))
            case (false, true, .bytes(let bytes)): parts.append(.bytes(Array(bytes.dropFirst(separator.count))))
            case (true, false, let piece): parts += [.bytes(separator), piece]
            case (_, _, let piece): parts.append(piece)
            }
        }
        parts.append(.bytes(tail))
        return parts
    }

    /// What goes between two flows' fragments in the manifest.
    static let flowSeparator = frame(Manifest.Site())?.separator ?? []

    /// The manifest's text before, between and after its flows, found by writing it with two
    /// stand-ins for flows.
    private static func frame(_ site: Manifest.Site) -> (head: [UInt8], separator: [UInt8], tail: [UInt8])? {
        let standIn = JSONValue.string("\u{0}flow\u{0}")
        let standInText = standIn.compactUTF8()
        let text = text(site: site, flows: [standIn, standIn])
        guard let first = text.firstRange(of: standInText), let second = text[first.upperBound...].firstRange(of: standInText) else {
            return nil
        }
        return (Array(text[..<first.lowerBound]), Array(text[first.upperBound..<second.lowerBound]), Array(text[second.upperBound...]))
    }

    /// The manifest's text, compact and ending with a line break, with `flows` as its flows.
    static func text(site: Manifest.Site, flows: [JSONValue]) -> [UInt8] {
        json(site: site, flows: flows).compactUTF8() + [UInt8(ascii: "\n")]
    }

    /// The manifest with `flows` in place of its flows' own JSON.
    static func json(site: Manifest.Site, flows: [JSONValue]) -> JSONValue {
        let manifest = Manifest(generator: generator, site: site, flows: [])
        guard case .object(var members) = manifest.manifestJSON,
            let flowsIndex = members.firstIndex(where: { $0.key == "flows" })
        else { return manifest.manifestJSON }
        members[flowsIndex].value = .array(flows)
        return .object(members)
    }
}

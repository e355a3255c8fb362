import OnboardingKit

/// What the build cache keeps of one flow, so a build that does not rebuild the flow can still
/// write the site index and the manifest: the hash of the flow's files, its index summary, the
/// output files it produced, and where its JSON stands in the output's manifest.
struct FlowRecord: Sendable, Equatable {
    var slug: String
    /// A digest of the content hashes of the files in the flow's folder.
    var digest: String
    var summary: FlowSummary
    /// Output files of this flow, relative to the output folder.
    var outputs: [String]
    /// The byte range of the flow's fragment in the output's `manifest.json`.
    var fragment: Range<Int>
    /// The other flows its pages link to, whose pages it must be rebuilt with.
    var linkedFlows: [String]

    init(slug: String, digest: String, summary: FlowSummary, outputs: [String], fragment: Range<Int>, linkedFlows: [String] = []) {
        self.slug = slug
        self.digest = digest
        self.summary = summary
        self.outputs = outputs
        self.fragment = fragment
        self.linkedFlows = linkedFlows
    }

    /// The record of a flow just rendered, whose files hash to `digest` and whose fragment the
    /// manifest holds at `fragment`.
    init(_ flow: SiteRenderer.RenderedFlow, digest: String, fragment: Range<Int>) {
        self.init(
            slug: flow.slug, digest: digest, summary: flow.summary, outputs: flow.outputs, fragment: fragment, linkedFlows: flow.linkedFlows)
    }

    func write(to writer: inout NetstringWriter) {
        for text in [
            slug, digest, summary.title, summary.description, summary.locale, summary.direction.rawValue, summary.storageKey,
            summary.contentVersion,
        ] {
            writer.add(text)
        }
        for number in [
            summary.order ?? -1, summary.order == nil ? 0 : 1, summary.pageCount, summary.showOnce ? 1 : 0, fragment.lowerBound,
            fragment.upperBound,
        ] {
            writer.add(number)
        }
        writer.add(outputs.count)
        outputs.forEach { writer.add($0) }
        writer.add(linkedFlows.count)
        linkedFlows.forEach { writer.add($0) }
        if let image = summary.image {
            writer.add(1)
            for text in [image.src, image.alt] { writer.add(text) }
            for number in [image.width, image.height] { writer.add(number) }
        } else {
            writer.add(0)
        }
    }

    /// A record as `write(to:)` wrote it; nil when anything is missing or malformed.
    init?(reading reader: inout NetstringReader) {
        guard let slug = reader.string(), let digest = reader.string(), let title = reader.string(),
            let description = reader.string(), let locale = reader.string(),
            let direction = reader.string().flatMap(TextDirection.init(rawValue:)), let storageKey = reader.string(),
            let contentVersion = reader.string(), let order = reader.int(), let hasOrder = reader.int(),
            let pageCount = reader.int(), let showOnce = reader.int(),
            let fragmentStart = reader.int(), let fragmentEnd = reader.int(), fragmentStart <= fragmentEnd,
            let outputCount = reader.int()
        else { return nil }
        var outputs: [String] = []
        for _ in 0..<max(0, outputCount) {
            guard let output = reader.string() else { return nil }
            outputs.append(output)
        }
        guard let linkedCount = reader.int() else { return nil }
        var linkedFlows: [String] = []
        for _ in 0..<max(0, linkedCount) {
            guard let slug = reader.string() else { return nil }
            linkedFlows.append(slug)
        }
        guard let hasImage = reader.int() else { return nil }
        var image: ManifestImage?
        if hasImage == 1 {
            guard let src = reader.string(), let alt = reader.string(), let width = reader.int(), let height = reader.int() else {
                return nil
            }
            image = ManifestImage(src: src, width: width, height: height, alt: alt)
        }
        self.init(
            slug: slug, digest: digest,
            summary: FlowSummary(
                slug: slug, title: title, description: description, order: hasOrder == 1 ? order : nil, locale: locale,
                direction: direction, pageCount: pageCount, image: image, storageKey: storageKey,
                contentVersion: contentVersion, showOnce: showOnce == 1),
            outputs: outputs, fragment: fragmentStart..<fragmentEnd, linkedFlows: linkedFlows)
    }

    /// Splits the cache's entries into one digest per flow folder and one over everything else
    /// (configuration, templates, files in `content/` outside any flow, other inputs).
    static func digests(of entries: [BuildCache.Entry], identity: String) -> (global: String, flows: [String: String]) {
        var global = ContentHash()
        global.add(identity)
        // The walk lists each folder's files together, so a flow's entries are consecutive.
        var flows: [String: String] = [:]
        var current: (slug: Substring, hash: ContentHash)?
        func finish() {
            if let current { flows[String(current.slug)] = current.hash.hex }
        }
        for entry in entries {
            guard let slug = ContentLayout.flowSlug(containing: entry.path) else {
                global.add(entry.path)
                global.add(entry.hash)
                continue
            }
            if current?.slug != slug {
                finish()
                current = (slug, ContentHash())
            }
            current?.hash.add(entry.path)
            current?.hash.add(entry.hash)
        }
        finish()
        global.add(flows.keys.sorted().joined(separator: "\u{0}"))
        return (global.hex, flows)
    }
}

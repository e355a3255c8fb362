import Foundation
import OnboardingKit

/// What the build cache keeps of one flow, so a build that does not rebuild the flow can still
/// write the site index and the manifest: the hash of the flow's files, its index summary, the
/// output files it produced, and its manifest fragment.
struct FlowRecord: Sendable, Equatable {
    var slug: String
    /// A digest of the content hashes of the files in the flow's folder.
    var digest: String
    var summary: FlowSummary
    /// Output files of this flow, relative to the output folder.
    var outputs: [String]
    /// The flow's JSON (UTF-8) as it stands in the manifest; kept in a file of its own, not in JSON.
    var fragment: [UInt8] = []

    init(slug: String, digest: String, summary: FlowSummary, outputs: [String], fragment: [UInt8]) {
        self.slug = slug
        self.digest = digest
        self.summary = summary
        self.outputs = outputs
        self.fragment = fragment
    }

    /// The record of a flow just rendered, whose files hash to `digest`.
    init(_ flow: SiteRenderer.RenderedFlow, digest: String) {
        self.init(slug: flow.slug, digest: digest, summary: flow.summary, outputs: flow.outputs, fragment: flow.fragment)
    }

    /// The record as JSON, written by `JSONText` (much faster than JSONEncoder for thousands).
    var json: JSONText {
        let image = summary.image.map { image -> JSONText in
            .object(["src": .string(image.src), "width": .int(image.width), "height": .int(image.height), "alt": .string(image.alt)])
        } ?? .null
        return .object([
            "slug": .string(slug), "digest": .string(digest), "outputs": .array(outputs.map(JSONText.string)),
            "summary": .object([
                "slug": .string(summary.slug), "title": .string(summary.title), "description": .string(summary.description),
                "order": summary.order.map(JSONText.int) ?? .null, "locale": .string(summary.locale),
                "direction": .string(summary.direction.rawValue), "pageCount": .int(summary.pageCount), "image": image,
            ]),
        ])
    }

    /// A record read back with JSONSerialization; nil when anything is missing or malformed.
    init?(json: [String: Any]) {
        guard let slug = json["slug"] as? String, let digest = json["digest"] as? String,
            let outputs = json["outputs"] as? [String], let summary = json["summary"] as? [String: Any],
            let title = summary["title"] as? String, let description = summary["description"] as? String,
            let locale = summary["locale"] as? String,
            let direction = (summary["direction"] as? String).flatMap(TextDirection.init(rawValue:)),
            let pageCount = summary["pageCount"] as? Int
        else { return nil }
        var image: ManifestImage?
        if let fields = summary["image"] as? [String: Any] {
            guard let src = fields["src"] as? String, let width = fields["width"] as? Int, let height = fields["height"] as? Int,
                let alt = fields["alt"] as? String
            else { return nil }
            image = ManifestImage(src: src, width: width, height: height, alt: alt)
        }
        self.init(
            slug: slug, digest: digest,
            summary: FlowSummary(
                slug: slug, title: title, description: description, order: summary["order"] as? Int, locale: locale,
                direction: direction, pageCount: pageCount, image: image),
            outputs: outputs, fragment: [])
    }

    static let recordsFile = "flows.json"
    static let fragmentsFolder = "manifest"

    /// Writes the records as JSON and each fragment to a file of its own, those of `changed`
    /// flows only (all when nil), in parallel.
    static func save(_ records: [FlowRecord], changed: Set<String>?, in folder: String, fileSystem: any FileSystem) throws {
        let fragments = Path.join(folder, fragmentsFolder)
        if changed == nil, fileSystem.kind(of: fragments) != nil { try fileSystem.remove(fragments) }
        try fileSystem.createDirectory(fragments)
        let failures = records.filter { changed?.contains($0.slug) ?? true }.parallelMap { record -> String? in
            do {
                try fileSystem.writeFile(Path.join(folder, fragmentsFolder, record.slug + ".json"), record.fragment)
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw FileSystemError(path: folder, reason: failure) }
        try fileSystem.writeFile(Path.join(folder, recordsFile), JSONText.array(records.map(\.json)).utf8)
    }

    /// The records of the last build, with their fragments; nil when any is missing.
    static func load(from folder: String, fileSystem: any FileSystem) -> [FlowRecord]? {
        guard let json = try? fileSystem.readFile(Path.join(folder, recordsFile)),
            let objects = (try? JSONSerialization.jsonObject(with: Data(json))) as? [[String: Any]]
        else { return nil }
        let records = objects.compactMap(FlowRecord.init(json:))
        guard records.count == objects.count else { return nil }
        let loaded = records.parallelMap { record -> FlowRecord? in
            guard let fragment = try? fileSystem.readFile(Path.join(folder, fragmentsFolder, record.slug + ".json")) else {
                return nil
            }
            var record = record
            record.fragment = fragment
            return record
        }
        let complete = loaded.compactMap { $0 }
        return complete.count == records.count ? complete : nil
    }

    /// Splits the cache's entries into one digest per flow folder and one over everything else
    /// (configuration, templates, files in `content/` outside any flow, other inputs).
    static func digests(of entries: [BuildCache.Entry], identity: String) -> (global: String, flows: [String: String]) {
        var global = ContentHash()
        global.add(identity)
        var flows: [String: ContentHash] = [:]
        let prefix = SiteLoader.contentDirectory + "/"
        for entry in entries {
            let utf8 = entry.path.utf8
            let rest = entry.path.hasPrefix(prefix) ? utf8.dropFirst(prefix.utf8.count) : utf8.suffix(0)
            if let slash = rest.firstIndex(of: UInt8(ascii: "/")), let first = rest.first,
                first != UInt8(ascii: "."), first != UInt8(ascii: "_")
            {
                let slug = String(entry.path[rest.startIndex..<slash])
                flows[slug, default: ContentHash()].add(entry.path)
                flows[slug, default: ContentHash()].add(entry.hash)
            } else {
                global.add(entry.path)
                global.add(entry.hash)
            }
        }
        global.add(flows.keys.sorted().joined(separator: "\u{0}"))
        return (global.hex, flows.mapValues(\.hex))
    }
}

import Highlight

/// The build cache's packs (`PackWriter`): which of the last build's are still as it left them,
/// the code blocks they keep, a name for this build's, and keeping them few and mostly in use.
extension SiteBuilder {
    /// The packs among `packs` (the cache's record of them) that are as it recorded them. None
    /// when the pack folder or the cache folder holding it is a link: the build makes both real
    /// folders before it writes (`makeRealDirectory`), and what was seen through the link is gone.
    static func intactPacks(_ packs: [PackFile], folder: String, fileSystem: any FileSystem) -> Set<String> {
        guard fileSystem.linkStatus(of: folder)?.kind == .directory, fileSystem.linkStatus(of: Path.directory(of: folder))?.kind == .directory
        else { return [] }
        return Set(packs.filter { pack in fileSystem.linkStatus(of: Path.join(folder, pack.name)).map { $0.sameContent(as: pack.status) } == true }.map(\.name))
    }

    /// Each flow's code blocks as the last build kept them, read from its pack when the flow is
    /// made again.
    static func keptBlocks(
        _ flows: [FlowRecord], intactPacks: Set<String>, folder: String, fileSystem: any FileSystem
    ) -> @Sendable (String) -> [String: [TokenRun]] {
        let references = Dictionary(flows.compactMap { flow in flow.highlights.map { (flow.slug, $0) } }) { first, _ in first }
        return { slug in
            guard let reference = references[slug], intactPacks.contains(reference.pack),
                let bytes = PackWriter.read(reference, folder: folder, fileSystem: fileSystem)
            else { return [:] }
            return HighlightStore(bytes: bytes).entries
        }
    }

    /// A name for this build's packs that no file in the pack folder starts with.
    func packPrefix(_ run: Run) -> String {
        let existing = (try? fileSystem.contentsOfDirectory(run.packFolder)) ?? []
        var attempt = 0
        while true {
            var name = ContentHash()
            name.add(run.fingerprint.digest)
            name.add(String(attempt))
            let prefix = name.hex
            if !existing.contains(where: { $0.hasPrefix(prefix) }) { return prefix }
            attempt += 1
        }
    }

    /// Most packs the cache keeps: beyond them, the smallest are copied into the new one.
    static let packLimit = 16

    /// Copies what `records` keep in sparse old packs (less than half of them still used) or in
    /// the smallest ones beyond `packLimit` into `pack`, so that the cache's packs stay few and
    /// mostly in use however many builds go by. A range that cannot be read stays where it is.
    func compact(_ records: inout [FlowRecord], packs: [PackFile], into pack: PackWriter, folder: String) {
        var used: [String: Int] = [:]
        for record in records {
            used[record.fragment.pack, default: 0] += record.fragment.length
            if let highlights = record.highlights { used[highlights.pack, default: 0] += highlights.length }
        }
        let live = packs.filter { used[$0.name] != nil }
        let bySize = live.sorted { ($0.status.size, $0.name) < ($1.status.size, $1.name) }
        var moved = Set(live.filter { used[$0.name, default: 0] * 2 < $0.status.size }.map(\.name))
        for pack in bySize.prefix(max(0, live.count - Self.packLimit)) { moved.insert(pack.name) }
        guard !moved.isEmpty else { return }
        func relocated(_ reference: PackReference) -> PackReference {
            guard moved.contains(reference.pack), let bytes = PackWriter.read(reference, folder: folder, fileSystem: fileSystem) else {
                return reference
            }
            return pack.append(bytes)
        }
        for index in records.indices {
            records[index].fragment = relocated(records[index].fragment)
            records[index].highlights = records[index].highlights.map(relocated)
        }
    }

    /// Removes the files of the pack folder that no flow of the saved cache uses: those of earlier
    /// builds, and any a failed or stopped build left.
    func removePacks(except kept: Set<String>, folder: String) {
        guard fileSystem.linkStatus(of: folder)?.kind == .directory else { return }
        for name in (try? fileSystem.contentsOfDirectory(folder)) ?? [] where !kept.contains(name) {
            try? fileSystem.remove(Path.join(folder, name))
        }
    }

    /// Folders of the cache that earlier versions of sitegen kept a file per flow in.
    static let earlierCacheFolders = ["manifest", "highlight"]

    func removeEarlierLayouts(loader: SiteLoader, folder: String) {
        for name in Self.earlierCacheFolders {
            let path = loader.diskPath(Path.join(folder, name))
            if fileSystem.linkStatus(of: path) != nil { try? fileSystem.remove(path) }
        }
    }
}

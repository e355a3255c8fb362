import Diagnostics

extension ImageResolver {
    /// The file at `sitePath` in a flow's folder that a page of `flow` links to (a download, a
    /// sample project), published as it is beside the flow's pages: its address from the page
    /// (with the query and fragment `written` has), and the copy. Why not, when it is missing, a folder, hidden, in an output or too large.
    /// It is never read here: the copy is confined to the site as every input is.
    func download(_ sitePath: String, written: String, in flow: FlowSources) -> Result<(href: String, asset: Asset), ImageProblem> {
        let subject = "link '\(written)'"
        let sitePath = localized(sitePath, for: flow.translation)
        let diskPath = loader.diskPath(sitePath)
        switch loader.fileSystem.status(of: diskPath) {
        case nil:
            return .failure(.init("\(subject) finds no file: \(diskPath) does not exist"))
        case let status? where status.kind == .directory:
            return .failure(.init("\(subject) leads to the folder \(diskPath), which is not published; link to a file in it"))
        case let status? where status.kind != .file:
            return .failure(.init("\(subject) leads to \(status.kind.description), not a file"))
        case let status?:
            if status.size > Self.maximumDownloadSize {
                return .failure(.init("\(subject) leads to a file of \(status.size >> 20) MiB, more than the \(Self.maximumDownloadSize >> 20) MiB a site may publish; host it elsewhere and link to it"))
            }
        }
        if let real = loader.fileSystem.realPath(diskPath), !Path.isInside(real, root: loader.root) {
            return .failure(.init("\(subject) leads to \(real), outside the site folder; sitegen reads only the site's own files"))
        }
        if let problem = unreadTarget(sitePath, subject: subject) { return .failure(problem) }
        let (src, asset) = published(sitePath, in: flow)
        if ContentLayout.flowOwnFiles.contains(where: { Path.join(flow.slug, $0) == asset.destination }) {
            return .failure(.init("\(subject) names a file the build writes for the flow itself (\(ContentLayout.flowOwnFiles.joined(separator: " and "))); rename the file"))
        }
        if !allowsScripts, let problem = script(in: sitePath, subject: subject) { return .failure(problem) }
        return .success((src + URLParts(written).suffix, asset))
    }

    /// Extensions of files a browser opens as a document that runs script, on the site's origin,
    /// or that such a document loads: published from a flow's folder only for a site that keeps
    /// raw HTML, as raw HTML is. (`static/` holds what the site vouches for.)
    /// Besides HTML and script: XML, which a browser shows as a document whose XHTML elements run,
    /// under the `+xml` types web servers give these extensions (`.svgz` is gzipped SVG, whose
    /// script the check of an `.svg` cannot read), and web archives.
    static let documentExtensions: Set<String> = [
        "html", "htm", "xhtml", "xht", "shtml", "xml", "xsl", "xslt", "js", "mjs", "svgz", "rdf", "atom", "rss", "mml", "mathml", "kml",
        "xspf", "xul", "xsd", "xbl", "wsdl", "xlf", "xliff", "smil", "gpx", "ttml", "dbk", "xaml", "vxml", "dtd", "rsd", "pls", "ssml",
        "xenc", "xpl", "inkml", "ink", "mads", "mods", "mets", "marcxml", "davmount", "grxml", "xer", "opml", "xop", "xdf", "mxml",
        "musicxml", "xvml", "xvm", "xhvml", "mht", "mhtml", "hta", "htc",
    ]

    /// Extensions that web servers give a plain-text or a binary type, which a browser never runs
    /// whatever the file holds.
    static let inertExtensions: Set<String> = [
        "txt", "md", "markdown", "csv", "tsv", "json", "log", "vtt", "srt", "yml", "yaml", "toml", "ini", "cfg", "conf",
        "pdf", "zip", "gz", "tgz", "bz2", "xz", "7z", "tar", "epub", "ics", "png", "jpg", "jpeg", "gif", "webp", "avif", "mp4", "m4v",
        "webm", "mp3", "m4a", "wav", "ogg", "woff", "woff2", "ttf", "otf", "docx", "xlsx", "pptx", "key", "numbers", "pages",
    ]

    /// Why the file at `sitePath` may not be published beside the pages of a site that does not
    /// keep raw HTML: it is a document that could run script; nil when it is not.
    private func script(in sitePath: String, subject: String) -> ImageProblem? {
        let name = Path.fileName(of: sitePath)
        let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
        if Self.documentExtensions.contains(ext) {
            return .init("\(subject) leads to a .\(ext) file, which could run script on the site when it is opened; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)")
        }
        if ext == "svg" {
            guard let bytes = try? loader.fileSystem.readFile(loader.diskPath(sitePath), confinedTo: loader.root) else { return nil }
            return SVGScript.find(in: bytes).map {
                .init("\(subject) leads to an SVG file that holds \($0); \(SVGScript.refusal)")
            }
        }
        // Markup under a name this list does not know may be served as some XML type, in which
        // XHTML runs: refused when it holds script.
        guard !Self.inertExtensions.contains(ext),
            let start = try? loader.fileSystem.readFile(loader.diskPath(sitePath), range: 0..<(64 << 10), confinedTo: loader.root),
            start.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "<"),
            Self.holdsScript(start)
        else { return nil }
        let named = ext.isEmpty ? "a file with no extension" : ".\(ext)"
        return .init("\(subject) leads to markup that holds script, which could run on the site if a server gives \(named) an XML type; put it in static/, where the site vouches for its files, or set markdown: {unsafe: true} in sitegen.yml (only for trusted authors)")
    }

    /// Whether markup holds what runs script: a `script` element (`<script`, or `<h:script` with a
    /// prefix) or the XHTML namespace, in which elements' event attributes run, in any case. The
    /// word alone in its text (`<doc>the script</doc>`) is not.
    private static func holdsScript(_ bytes: [UInt8]) -> Bool {
        let lowered = bytes.map { (0x41...0x5A).contains($0) ? $0 + 32 : $0 }
        return ["<script", ":script", "1999/xhtml"].contains { needle in lowered.firstRange(of: Array(needle.utf8)) != nil }
    }

    /// The largest file a page may link to and have published.
    static let maximumDownloadSize = maximumVideoSize
}

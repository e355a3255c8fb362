/// Turns an image reference written in a page into a measured file in the output, or says why it
/// cannot: the file is missing, unreadable, not an image, or outside the site folder.
struct ImageResolver: Sendable {
    /// A local image, found and measured.
    struct Resolved: Sendable, Hashable {
        /// URL relative to the flow's output folder.
        var src: String
        var width: Int
        var height: Int
        var asset: Asset
        /// A digest of the file's bytes, for the flow's content version.
        var digest: String
    }

    let loader: SiteLoader

    /// True for a reference to a file of the site, as opposed to a remote URL or a fragment.
    static func isLocal(_ reference: String) -> Bool {
        guard !reference.isEmpty, !reference.hasPrefix("#"), !reference.hasPrefix("//") else { return false }
        if let colon = reference.firstIndex(of: ":") {
            let scheme = reference[..<colon]
            let isScheme = scheme.first?.isLetter == true
                && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
            if isScheme { return false }
        }
        return true
    }

    /// Resolves `reference`, written in a page of `flow`, relative to the flow's folder.
    /// Returns nil for a reference that is not local; an error message when it cannot be used.
    func resolve(_ reference: String, in flow: FlowSources) -> Result<Resolved, ImageProblem>? {
        guard Self.isLocal(reference) else { return nil }
        let pathPart = String(reference.prefix { $0 != "?" && $0 != "#" })
        guard let decoded = Path.percentDecoded(pathPart) else {
            return .failure(.init("image path '\(reference)' has a malformed %-escape"))
        }
        if decoded.hasPrefix("/") {
            return .failure(.init("image path '\(reference)' is absolute; write it relative to the page, such as images/screen.png"))
        }
        guard let sitePath = Path.normalize(Path.join(flow.directory, decoded)), !sitePath.isEmpty else {
            return .failure(.init("image path '\(reference)' leaves the site folder"))
        }
        let diskPath = loader.diskPath(sitePath)
        let bytes: [UInt8]
        do {
            bytes = try loader.fileSystem.readFile(diskPath, confinedTo: loader.root)
        } catch let error as FileSystemError {
            switch error.kind {
            case .notFound: return .failure(.init("image '\(reference)' not found: \(diskPath) does not exist"))
            case .notARegularFile(.directory): return .failure(.init("image '\(reference)' not found: \(diskPath) is a folder, not an image"))
            case .notARegularFile(let kind): return .failure(.init("image '\(reference)' is \(kind.description), not an image file"))
            case .outsideRoot(let real):
                return .failure(.init("image '\(reference)' is really \(real), outside the site folder; sitegen reads only the site's own files"))
            default: return .failure(.init("image '\(reference)' cannot be read: \(error.reason)"))
            }
        } catch {
            return .failure(.init("image '\(reference)' cannot be read: \(error)"))
        }
        guard let size = ImageSize.read(bytes) else {
            return .failure(.init("cannot read the size of image '\(reference)': it is not a \(ImageSize.formats) image with a pixel size"))
        }
        let inFlow = Path.relative(sitePath, to: flow.directory) ?? Path.join("_site", sitePath)
        var hash = ContentHash()
        hash.add(bytes)
        return .success(
            Resolved(
                src: Path.urlEncoded(inFlow), width: size.width, height: size.height,
                asset: Asset(source: diskPath, destination: Path.join(flow.slug, inFlow), root: loader.root), digest: hash.hex))
    }
}

/// Why an image reference cannot be used.
struct ImageProblem: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

import Diagnostics
import Markdown
import OnboardingKit

/// Turns an image reference written in a page into a measured file in the output, or says why it
/// cannot: the file is missing, unreadable, not an image, or outside the site folder.
struct ImageResolver: Sendable {
    /// Where an image from outside the flow's folder is published, in the output.
    static let siteImagesFolder = "_site"

    /// A local image, found and measured.
    struct Resolved: Sendable, Equatable {
        /// URL relative to the flow's output folder.
        var src: String
        var width: Int
        var height: Int
        var asset: Asset
        /// A digest of the file's bytes, for the flow's content version.
        var digest: String
        /// For a video: its poster and captions, their files (copied beside it), and what its
        /// captions' check found.
        var video: VideoMarkup?
        var extraAssets: [Asset] = []
        /// Problems in the files it is made from, at their places there.
        var diagnostics: [Diagnostic] = []
        /// Warnings about the reference itself (its options, a file missing beside it), which the
        /// page reports where it names the file.
        var referenceWarnings: [String] = []
        /// Whether the file itself is published: not when versions made from it stand for it.
        var publishesOriginal = true
        /// The `<picture>` the page's `<img>` stands in, when it has versions or a still.
        var picture: PictureMarkup?
        /// Its versions at other widths and formats, the `<img>`'s own first.
        var variants: [Variant] = []
        /// Still first frames (of an animated image, or a Lottie animation's posters), for readers
        /// who prefer reduced motion.
        var stills: [Variant] = []
        /// For a Lottie animation: what the manifest says of it.
        var animation: ManifestAnimation?
        /// What the file is, for what `place` makes of it where a page shows it.
        var kind: Kind = .plain
    }

    /// What a resolved file is, as far as where it is shown matters.
    enum Kind: Sendable, Equatable {
        /// A video, or an image that is published as it is wherever it is shown (an SVG).
        case plain
        case raster(ImageSize.Size, ImageSize.Format, animated: Bool)
        /// A Lottie animation, read and checked, and the reference that named it.
        case lottie(LottieFile, reference: String)
    }

    /// One version of an image the build makes (or the image itself, at its own width).
    struct Variant: Sendable, Hashable {
        var src: String
        var width: Int
        var height: Int
        var format: MediaRecipe.Format

        var manifest: ManifestImageVariant { ManifestImageVariant(src: src, width: width, height: height, type: format.mimeType) }
    }

    let loader: SiteLoader
    /// Whether an SVG may hold script (only when the site keeps raw HTML: `markdown: {unsafe: true}`).
    var allowsScripts = false
    /// Site-relative folders no image may come from: the output, which builds write, not read.
    var excludedFolders: [String] = []
    /// The site's locales, the source first, for a video's captions (`demo.ko.vtt`).
    var locales: [String] = ["en"]
    /// Whether raster images wider than the page shows them get smaller versions (`images:
    /// {responsive: false}` turns it off).
    var responsive = true

    /// True for a reference to a file of the site, as opposed to a remote URL or a fragment.
    static func isLocal(_ reference: String) -> Bool {
        !reference.isEmpty && !reference.hasPrefix("#") && !reference.hasPrefix("//") && !PageLinkResolver.hasScheme(reference)
    }

    /// Resolves `reference`, written in a page of `flow`, relative to the flow's folder, and
    /// places it where the page shows it (see `place`).
    func resolve(_ reference: String, in flow: FlowSources, placement: Placement) -> Result<Resolved, ImageProblem>? {
        resolve(reference, in: flow).map { $0.flatMap { place($0, placement: placement, in: flow) } }
    }

    /// Resolves `reference`, written in a page of `flow`, relative to the flow's folder: found,
    /// read and checked, whoever shows it where. Returns nil for a reference that is not local;
    /// an error message when it cannot be used.
    func resolve(_ reference: String, in flow: FlowSources) -> Result<Resolved, ImageProblem>? {
        guard Self.isLocal(reference) else { return nil }
        let pathPart = URLParts(reference).path
        guard let decoded = Path.percentDecoded(pathPart) else {
            if Path.holdsEncodedNUL(pathPart) { return .failure(.init("image path '\(reference)' holds %00, a NUL byte, which no file name can hold")) }
            return .failure(.init("image path '\(reference)' has a malformed %-escape"))
        }
        if decoded.hasPrefix("/") {
            return .failure(.init("image path '\(reference)' is absolute; write it relative to the page, such as images/screen.png"))
        }
        guard let writtenPath = Path.normalize(Path.join(flow.directory, decoded)), !writtenPath.isEmpty else {
            return .failure(.init("image path '\(reference)' leaves the site folder"))
        }
        if let problem = unread(writtenPath, subject: "image '\(reference)'", really: false) { return .failure(problem) }
        if let container = VideoHeader.Container(fileName: Path.fileName(of: writtenPath)) {
            return video(reference, at: localized(writtenPath, for: flow.translation), container: container, in: flow)
        }
        if Path.fileName(of: writtenPath).lowercased().hasSuffix(".json") {
            return lottie(reference, at: localized(writtenPath, for: flow.translation), in: flow)
        }
        guard let named = ImageSize.Format(fileName: Path.fileName(of: writtenPath)) else {
            // `my shot #1.png` is the file `my shot ` and the fragment `1.png` in a URL.
            let fragment = reference.contains("#") && ImageSize.Format(fileName: reference) != nil
                ? " (a '#' starts the fragment of an address: write it %23, as in \(reference.split(separator: "#", omittingEmptySubsequences: false).joined(separator: "%23")))" : ""
            return .failure(.init("'\(reference)' is not an image or video file\(fragment): sitegen publishes .png, .jpg, .jpeg, .gif, .webp and .svg images, Lottie animations (.json), and .mp4, .m4v and .webm videos"))
        }
        let version = localizedVersion(of: writtenPath, for: flow.translation)
        let sitePath = version?.path ?? writtenPath
        // A language's own file (`hero.ko.png`) is named: it is the one to mend.
        let image = version.map { "image '\(reference)' (its '\($0.locale)' version, \(Path.fileName(of: $0.path)))" } ?? "image '\(reference)'"
        let bytes: [UInt8]
        switch self.bytes(reference, at: sitePath, what: "image") {
        case .success(let read): bytes = read
        case .failure(let problem): return .failure(problem)
        }
        let format = ImageSize.Format(bytes: bytes)
        guard format == named else {
            return .failure(.init("\(image) is not a \(named.rawValue) file\(format == .svg ? "" : ": it is a \(format.rawValue) image")"))
        }
        if format == .svg, let problem = SVGScript.expansion(in: bytes) {
            return .failure(.init("\(image) holds \(problem), which no drawing needs and which would exhaust the memory of whatever reads it; write the text out"))
        }
        if format == .svg, !allowsScripts, let script = SVGScript.find(in: bytes) {
            return .failure(.init("\(image) holds \(script); \(SVGScript.refusal)"))
        }
        guard let size = ImageSize.read(bytes) else {
            // Browsers do not show an SVG image whose text is not UTF-8, whatever it declares.
            if format == .svg, String(validating: bytes, as: UTF8.self) == nil {
                return .failure(.init("\(image) is not UTF-8 text, which browsers show an SVG image only in; save it as UTF-8"))
            }
            return .failure(.init("cannot read the size of \(image): it is not a \(ImageSize.formats) image with a pixel size"))
        }
        if let damage = ImageSize.damage(in: bytes) {
            return .failure(.init("\(image) is damaged or cut short: \(damage); export it again"))
        }
        // libvips decodes every pixel of an image it makes versions or a still of; a header may claim any size.
        if format != .svg, size.width * size.height > Self.maximumPixels(format) {
            let kind = Self.maximumPixels(format) == Self.maximumRasterPixels ? "an image" : "a \(format == .gif ? "GIF" : "WebP") image (decoded whole)"
            return .failure(.init(
                "image '\(reference)' is \(size.width) × \(size.height) pixels, more than the \(Self.maximumPixels(format) / 1_000_000) million pixels \(kind) may have; make it smaller"))
        }
        let (src, asset) = published(sitePath, in: flow)
        var hash = ContentHash()
        hash.add(bytes)
        var resolved = Resolved(src: src, width: size.width, height: size.height, asset: asset, digest: hash.hex)
        if format != .svg { resolved.kind = .raster(size, format, animated: ImageSize.isAnimated(bytes)) }
        return .success(resolved)
    }

    /// What `resolved` becomes where a page shows it (`placement`): a raster image's versions
    /// at the widths shown there or its still, a Lottie animation drawn at that size.
    func place(_ resolved: Resolved, placement: Placement, in flow: FlowSources) -> Result<Resolved, ImageProblem> {
        switch resolved.kind {
        case .plain: return .success(resolved)
        case .raster(let size, _, animated: true): return .success(withStill(resolved, size: size, digest: resolved.digest))
        case .raster(let size, let format, animated: false):
            return .success(withVersions(resolved, size: size, format: format, placement: placement, digest: resolved.digest))
        case .lottie(let file, let reference): return drawn(resolved, file: file, reference: reference, placement: placement)
        }
    }

    /// Where a file of the site at `sitePath`, shown by a page of `flow`, is published: its URL
    /// from the page, and the copy that puts it there.
    func published(_ sitePath: String, in flow: FlowSources) -> (src: String, asset: Asset) {
        let inFlow = Path.relative(sitePath, to: flow.directory) ?? Path.join(Self.siteImagesFolder, sitePath)
        // A translation's page is one folder deeper (`ko/tour/`) and shows the flow's own copy.
        let src = flow.translation == nil ? Path.urlEncoded(inFlow) : "../../" + Path.urlEncoded(flow.slug) + "/" + Path.urlEncoded(inFlow)
        return (src, Asset(source: loader.diskPath(sitePath), destination: Path.join(flow.slug, inFlow), root: loader.root))
    }

    /// Why a build does not read the file at `sitePath` (relative to the site): it is in a hidden
    /// folder or file, or in an output; nil when it may. `subject` is what the file is to the
    /// reader ("image 'a.png'"), `verb` what agrees with it; `really` when `sitePath` is where
    /// the reference's links lead rather than what it says.
    private func unread(_ sitePath: String, subject: String, verb: String = "is", really: Bool) -> ImageProblem? {
        if let hidden = Path.components(of: sitePath).first(where: Path.isHidden) {
            return .init(really
                ? "\(subject) \(verb) really in '\(hidden)', a hidden folder or file of the site, which a build does not read"
                : "\(subject) \(verb) in a hidden folder or file, which a build does not read")
        }
        return excludedFolders.first { Path.isInside(sitePath, root: $0) }.map { inOutput($0, subject: subject, verb: verb, really: really) }
    }

    private func inOutput(_ folder: String, subject: String, verb: String, really: Bool) -> ImageProblem {
        .init("\(subject) \(verb) \(really ? "really " : "")in the site's output folder '\(folder)', which builds write and never read")
    }

    /// Why a build does not read the file at `sitePath`, going by where its links lead; nil
    /// when it may.
    func unreadTarget(_ sitePath: String, subject: String, verb: String = "is") -> ImageProblem? {
        guard let real = loader.fileSystem.realPath(loader.diskPath(sitePath)), let inside = Path.relative(real, to: loader.root) else { return nil }
        if let problem = unread(inside, subject: subject, verb: verb, really: inside != sitePath) { return problem }
        // Any other output a build left (`output/` while `serve` writes its preview elsewhere),
        // known by its marker as a walk of the inputs knows it.
        let walker = DirectoryWalker(fileSystem: loader.fileSystem, root: loader.root)
        guard let folder = walker.writtenFolder(holding: real, kind: .file, root: loader.root) else { return nil }
        return inOutput(Path.relative(folder, to: loader.root) ?? folder, subject: subject, verb: verb, really: inside != sitePath)
    }

    /// The bytes of the file a reference names, or why they cannot be read, in the words of a
    /// diagnostic about `what` ("image", "video").
    func bytes(_ reference: String, at sitePath: String, what: String, maximumSize: Int? = nil) -> Result<[UInt8], ImageProblem> {
        let diskPath = loader.diskPath(sitePath)
        let one = what == "image" ? "an image" : "a \(what)"
        if let maximumSize, let size = loader.fileSystem.status(of: diskPath)?.size, size > maximumSize {
            return .failure(.init("\(what) '\(reference)' is \(size >> 20) MiB, more than the \(maximumSize >> 20) MiB a site may publish; host it elsewhere and link to it"))
        }
        // What the path names once links are followed: a link inside the site does not make a
        // hidden folder (`.git`) or an output something a build reads.
        if let problem = unreadTarget(sitePath, subject: "\(what) '\(reference)'") { return .failure(problem) }
        do {
            return .success(try loader.fileSystem.readFile(diskPath, confinedTo: loader.root))
        } catch let error as FileSystemError {
            switch error.kind {
            case .notFound: return .failure(.init("\(what) '\(reference)' not found: \(diskPath) does not exist"))
            case .notARegularFile(.directory): return .failure(.init("\(what) '\(reference)' not found: \(diskPath) is a folder, not \(one)"))
            case .notARegularFile(let kind): return .failure(.init("\(what) '\(reference)' is \(kind.description), not \(one) file"))
            case .outsideRoot(let real):
                return .failure(.init("\(what) '\(reference)' is really \(real), outside the site folder; sitegen reads only the site's own files"))
            default: return .failure(.init("\(what) '\(reference)' cannot be read: \(error.reason)"))
            }
        } catch {
            return .failure(.init("\(what) '\(reference)' cannot be read: \(error)"))
        }
    }
}

extension ImageResolver {
    /// The image a page in `translation` shows for `sitePath`: the first of its locale's chain
    /// that has a file of its own (`hero.ar.png` beside `hero.png`), else the image itself.
    func localized(_ sitePath: String, for translation: LocaleView?) -> String {
        localizedVersion(of: sitePath, for: translation)?.path ?? sitePath
    }

    /// The file of a language of `translation`'s chain that stands for `sitePath`, and that
    /// language; nil when none has one.
    func localizedVersion(of sitePath: String, for translation: LocaleView?) -> (path: String, locale: String)? {
        guard let translation else { return nil }
        let name = Path.fileName(of: sitePath)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        for locale in translation.chain.dropLast() {
            let candidate = Path.join(Path.directory(of: sitePath), name[..<dot] + "." + locale + name[dot...])
            if loader.fileSystem.status(of: loader.diskPath(candidate)) != nil { return (candidate, locale) }
        }
        return nil
    }
}

/// Why an image reference cannot be used.
struct ImageProblem: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

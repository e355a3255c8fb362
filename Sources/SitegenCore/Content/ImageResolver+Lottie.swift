import Diagnostics
import Markdown
import OnboardingKit

/// A Lottie animation a page shows (`![A note being recorded](record.json)`, or `image:
/// record.json`): read and checked, its features that some renderer does not draw reported at
/// the layers that use them, and planned as an animated WebP at the size the page shows it (1×
/// and 2×) with a still poster for readers who prefer reduced motion, which a `<picture>` picks
/// between without JavaScript. The JSON itself is published too, with the images it names, for
/// an app's own Lottie player.
extension ImageResolver {
    /// The largest Lottie file a page may show.
    static let maximumLottieSize = 8 << 20
    /// The most pixels a build draws for one animation, its frames at 1× and 2× together: a
    /// bound on how long drawing one file may take (a few seconds).
    static let maximumLottiePixels = 1_000_000_000
    /// The most layers a build draws for one animation, each frame's together (a layer in 100
    /// frames counts 100): the other bound on how long drawing one file may take, about 12 s.
    static let maximumLottieLayerFrames = 1_000_000
    /// The most problems of an animation's images reported one by one.
    static let maximumAssetProblems = 10

    /// Reads and checks the Lottie file at `sitePath`: its problems, the images it names (checked
    /// like any image and published with it), and the features some renderer lacks, as warnings
    /// at the layers that use them.
    func lottie(_ reference: String, at sitePath: String, in flow: FlowSources) -> Result<Resolved, ImageProblem> {
        let bytes: [UInt8]
        switch self.bytes(reference, at: sitePath, what: "animation", maximumSize: Self.maximumLottieSize) {
        case .success(let read): bytes = read
        case .failure(let problem): return .failure(problem)
        }
        let lines = LineIndex(bytes)
        let file: LottieFile
        switch LottieFile.read(bytes) {
        case .success(let read): file = read
        case .failure(let problem):
            let (line, byteColumn) = lines.position(of: problem.offset)
            // Columns count characters, as every diagnostic's do.
            let place = SourceFile(path: sitePath, text: String(decoding: bytes, as: UTF8.self)).location(line: line, utf8Column: byteColumn)
            return .failure(.init("animation '\(reference)' cannot be used: \(problem.message) (line \(place.line), column \(place.column) of the file)"))
        }
        var hash = ContentHash()
        hash.add(bytes)
        let (src, asset) = published(sitePath, in: flow)
        var resolved = Resolved(src: src, width: file.width, height: file.height, asset: asset, digest: "", kind: .lottie(file, reference: reference))
        let jsonFile = SourceFile(path: loader.diskPath(sitePath), text: String(decoding: bytes, as: UTF8.self))
        func location(_ offset: Int) -> SourceLocation {
            let (line, column) = lines.position(of: offset)
            return jsonFile.location(line: line, utf8Column: column)
        }
        // Problems of its images, each at its asset; past the first ten, one more says how many are left.
        var imageProblems: [(offset: Int, message: String)] = []
        for image in file.images {
            // A player reads the name as a URL: what follows '#' or '?' is no part of the file's
            // name, and `a.json#x.png` would be this animation again, not a PNG.
            if image.path.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) {
                imageProblems.append((image.offset, "image asset '\(image.id)' is '\(image.path)': an animation's image names a file, without '#' or '?', which a player reads as part of a URL"))
                continue
            }
            let written = Path.join(Path.directory(of: URLParts(reference).path), image.path)
            // rlottie decodes PNG and JPEG; nothing else is read as an animation's image (a video, another animation).
            guard let format = ImageSize.Format(fileName: Path.fileName(of: URLParts(written).path)), format == .png || format == .jpeg else {
                imageProblems.append((image.offset, "image asset '\(image.id)' is '\(image.path)': an animation's images must be PNG or JPEG files, which every renderer reads"))
                continue
            }
            switch resolve(written, in: flow) {
            case .success(let found) where found.width * found.height > Self.maximumDecodedWholePixels:
                imageProblems.append((image.offset, Self.tooManyPixels(image.id, width: found.width, height: found.height)))
            case .success(let found):
                resolved.extraAssets.append(found.asset)
                hash.add(found.digest)
            case .failure(let problem):
                imageProblems.append((image.offset, "image asset '\(image.id)': \(problem.message)"))
            case nil:
                imageProblems.append((image.offset, "image asset '\(image.id)' must be a file beside the animation or embedded (\"e\": 1)"))
            }
        }
        for image in file.embeddedImages where image.width * image.height > Self.maximumDecodedWholePixels {
            imageProblems.append((image.offset, Self.tooManyPixels(image.id, width: image.width, height: image.height)))
        }
        let shown = imageProblems.keepingFirst(Self.maximumAssetProblems) { rest, first in
            (first.offset, "and \(rest) more image \(rest == 1 ? "asset" : "assets") cannot be used")
        }
        for problem in shown { resolved.diagnostics.append(jsonFile.error(problem.message, at: location(problem.offset))) }
        for warning in file.warnings { resolved.diagnostics.append(jsonFile.warning(warning.message, at: location(warning.offset))) }
        for use in file.features { resolved.diagnostics.append(jsonFile.warning(Self.report(use), at: location(use.layers.first?.offset ?? 0))) }
        resolved.digest = hash.hex
        return .success(resolved)
    }

    /// Why an animation's image is refused: rlottie decodes every pixel of it at once.
    static func tooManyPixels(_ id: String, width: Int, height: Int) -> String {
        "image asset '\(id)' is \(width) × \(height) pixels, more than the \(maximumDecodedWholePixels / 1_000_000) million an animation's image may have (rlottie decodes it whole); make it smaller"
    }

    /// What the warning of a feature some renderer lacks says.
    static func report(_ use: LottieFile.FeatureUse) -> String {
        let layers = use.layers.map(\.described)
        let shown = LottieFile.shortList(layers)
        let lacking = use.feature.lacking
        let unsupported = lacking.filter { $0.support == .unsupported }.map(\.renderer.rawValue)
        let unknown = lacking.filter { $0.support == .unknown }.map(\.renderer.rawValue)
        let verb = use.feature.isKindOfLayer ? (layers.count == 1 ? "is" : "are") : (layers.count == 1 ? "uses" : "use")
        var message = "\(layers.count == 1 ? "layer" : "layers") \(shown) \(verb) \(use.feature.name(plural: layers.count > 1)), which "
        message += unsupported.isEmpty ? "" : list(unsupported) + (unsupported.count == 1 ? " does" : " do") + " not draw"
        message += unknown.isEmpty ? "" : (unsupported.isEmpty ? "" : ", and ") + list(unknown) + " may not"
        if unsupported.contains(LottieRenderer.rlottie.rawValue) { message += "; the page's animated image, drawn by rlottie, shows it without" }
        return message
    }

    /// A checked Lottie file where a page shows it: an animated WebP at 1× and 2× the size it is
    /// shown, and a poster of each, which a `<picture>` picks between.
    func drawn(_ read: Resolved, file: LottieFile, reference: String, placement: Placement) -> Result<Resolved, ImageProblem> {
        let width = placement == .hero ? placement.width : min(file.width, placement.width)
        let height = max(1, Int((Double(file.height) * Double(width) / Double(file.width)).rounded()))
        let frames = file.frameCount
        guard height * 2 <= Self.maximumWebPSide else {
            return .failure(.init(
                "animation '\(reference)' would be drawn \(width * 2) × \(height * 2) pixels at 2×, taller than the \(Self.maximumWebPSide) pixels a WebP image may be; crop its canvas (\(file.width) × \(file.height))"))
        }
        guard file.drawnLayers * frames <= Self.maximumLottieLayerFrames else {
            return .failure(.init(
                "animation '\(reference)' would take \(frames) frames of \(file.drawnLayers) layers (its precomps expanded) to draw, more than the \(Self.maximumLottieLayerFrames / 1_000_000) million layers one animation may draw in all its frames; shorten it or use fewer layers"))
        }
        guard frames * width * height * 5 <= Self.maximumLottiePixels else {
            return .failure(.init(
                "animation '\(reference)' would take \(frames) frames of \(width) × \(height) pixels and their 2× versions to draw, more than the \(Self.maximumLottiePixels / 1_000_000) million pixels one animation may take; shorten it or show it smaller"))
        }
        var resolved = read
        resolved.width = width
        resolved.height = height
        let (options, optionWarnings) = Self.fragmentOptions(reference, known: ["poster"])
        resolved.referenceWarnings += optionWarnings
        var posterFrame = 0
        if let written = options["poster"] {
            if let frame = Int(written), (0..<frames).contains(frame) {
                posterFrame = frame
            } else {
                posterFrame = Int(written).map { max(0, min($0, frames - 1)) } ?? 0
                resolved.referenceWarnings.append(
                    "'poster=\(written)' is no frame of the animation, whose frames are 0 to \(frames - 1); frame \(posterFrame) is its poster")
            }
        }
        let stem = self.stem(of: resolved)
        var animation: [Variant] = []
        var posters: [Variant] = []
        for scale in [1, 2] {
            let (w, h) = (width * scale, height * scale)
            let moving = sibling(of: read, named: "\(stem).\(w)w.webp")
            resolved.extraAssets.append(
                made(from: read.asset, name: moving.name, recipe: MediaRecipe(kind: .animation, format: .webp, width: w, height: h, sourceDigest: read.digest)))
            animation.append(Variant(src: moving.src, width: w, height: h, format: .webp))
            // Two references to one animation may name two posters: each frame's has a name of its own.
            let still = sibling(of: read, named: "\(stem).poster\(posterFrame == 0 ? "" : "-\(posterFrame)").\(w)w.webp")
            resolved.extraAssets.append(
                made(from: read.asset, name: still.name, recipe: MediaRecipe(kind: .poster, format: .webp, width: w, height: h, frame: posterFrame, sourceDigest: read.digest)))
            posters.append(Variant(src: still.src, width: w, height: h, format: .webp))
        }
        func srcset(_ versions: [Variant]) -> String { versions.map { "\($0.src) \($0.width)w" }.joined(separator: ", ") }
        resolved.src = animation[0].src
        resolved.variants = animation
        resolved.stills = posters
        let sizes = placement.sizes(width: width)
        resolved.picture = PictureMarkup(
            sources: [PictureMarkup.Source(srcset: srcset(posters), sizes: sizes, media: Self.reducedMotion)],
            srcset: srcset(animation), sizes: sizes)
        resolved.animation = ManifestAnimation(
            src: read.src, poster: posters[1].src, width: file.width, height: file.height, frames: frames,
            durationMS: Int((file.duration * 1000).rounded()),
            features: file.features.map { use in
                ManifestAnimationFeature(
                    feature: use.feature.manifestName, layers: use.layers.map(\.name),
                    unsupported: use.feature.lacking.filter { $0.support == .unsupported }.map(\.renderer.rawValue),
                    unknown: use.feature.lacking.filter { $0.support == .unknown }.map(\.renderer.rawValue))
            })
        return .success(resolved)
    }

    /// The options after `#` in a reference (`intro.json#poster=30`, `demo.mp4#autoplay`), each
    /// `name` or `name=value`, separated by `&`, of those `known` for the kind of file; any other
    /// is a warning naming the ones it knows, and the option is not used.
    static func fragmentOptions(_ reference: String, known: [String]) -> (options: [String: String], warnings: [String]) {
        guard let fragment = URLParts(reference).fragment else { return ([:], []) }
        var options: [String: String] = [:]
        var warnings: [String] = []
        // Split at bytes, as a browser splits: `&` and a combining mark after it are one character.
        for part in fragment.utf8.split(separator: UInt8(ascii: "&")).map(Substring.init) {
            let pieces = part.utf8.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false).map(Substring.init)
            let name = String(pieces[0])
            guard known.contains(name) else {
                warnings.append("'\(part)' after '#' is no option of this file, which knows \(known.map { "'\($0)'" }.joined(separator: " and ")); it is not used")
                continue
            }
            options[name] = pieces.count > 1 ? String(pieces[1]) : ""
        }
        return (options, warnings)
    }

    private static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}

extension LottieFeature {
    /// How the manifest names it: `text_layer`, `merge_paths`…
    var manifestName: String {
        var name = ""
        for character in rawValue {
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
        return name
    }
}

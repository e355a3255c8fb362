import Diagnostics
import Foundation
import Imaging
import LottieRendering

/// Makes the files that recipes describe (`MediaRecipe`): photos shrunk to the widths pages show
/// them at, still frames of animated images, Lottie animations drawn as animated WebP and as
/// posters. On every core, each result once however many pages show it, and kept in the build
/// cache's `media/` folder under a key of everything that made it, so that a rebuild makes none
/// it has made before. A result is written under a temporary name and renamed into place, so a
/// killed build never leaves half of one; its name holds a digest of its bytes, checked before it
/// is published again, so a result damaged in the cache (flipped, cut short, swapped for another)
/// is made again rather than published.
struct MediaWorkshop: Sendable {
    let loader: SiteLoader
    /// The cache's media folder, on disk; it exists.
    let folder: String

    static let folderName = "media"

    /// What identifies the tools a result was made with: a new libvips or sitegen makes every
    /// result again.
    static let tools = "libvips \(Imaging.version), rlottie 0.1, \(SitegenVersion.name) \(SitegenVersion.version)"

    /// The start of the names `recipe`'s result is kept under: its key.
    func stem(of recipe: MediaRecipe) -> String {
        recipe.key(tools: Self.tools)
    }

    /// The name `recipe`'s result, `bytes`, is kept under: its key, a digest of the bytes, and its
    /// format's extension.
    func keptName(of recipe: MediaRecipe, bytes: [UInt8]) -> String {
        var digest = ContentHash()
        digest.add(bytes)
        return stem(of: recipe) + "." + digest.hex + "." + recipe.format.fileExtension
    }

    /// What making a build's media did.
    struct Made: Sendable {
        /// Each asset's file, copied from the cache.
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        /// How many results were made rather than found in the cache.
        var madeCount = 0
    }

    /// Makes (or finds) the result of every asset of `assets` that has a recipe, in parallel.
    func make(_ assets: [Asset]) -> Made {
        let withRecipes = assets.filter { $0.recipe != nil }
        var unique: [String: Asset] = [:]
        for asset in withRecipes {
            guard let recipe = asset.recipe else { continue }
            unique[stem(of: recipe)] = unique[stem(of: recipe)] ?? asset
        }
        let fileSystem = loader.fileSystem
        // A result is read and copied only from the media folder itself: one swapped for a link meanwhile is refused.
        let realFolder = fileSystem.realPath(folder) ?? folder
        let found = intactResults(unique, confinedTo: realFolder)
        let missing = unique.sorted { $0.key < $1.key }.filter { found[$0.key] == nil }
        // The versions of one image are made together, from one decoding of it; every other result on its own.
        let jobs = Dictionary(grouping: missing) { stem, asset in
            asset.recipe.map { $0.kind == .resized ? asset.source + "\u{0}" + String($0.base) : stem } ?? stem
        }
            .sorted { $0.key < $1.key }.map(\.value)
        let outcomes = jobs.parallelMap { job -> JobOutcome in
            guard let first = job.first?.value else { return JobOutcome() }
            let results: [[UInt8]]
            do throws(MediaFailure) {
                results = try make(job.compactMap { $0.value.recipe }, from: first)
            } catch {
                return JobOutcome(problems: [.error(error.message(for: first), path: first.source)])
            }
            var outcome = JobOutcome()
            for ((stem, asset), bytes) in zip(job, results) {
                guard let recipe = asset.recipe else { continue }
                let path = Path.join(folder, keptName(of: recipe, bytes: bytes))
                let temporary = Path.join(folder, stem + ".new")
                do {
                    try fileSystem.clearTemporary(temporary)
                    try fileSystem.writeFile(temporary, bytes)
                    try fileSystem.move(from: temporary, to: path)
                    outcome.kept[stem] = path
                } catch {
                    // The output is written from memory instead; the next build makes it again.
                    try? fileSystem.remove(temporary)
                    if outcome.problems.isEmpty {
                        outcome.problems.append(.warning(
                            "cannot keep what was made of this file in the build cache (\(SiteLoader.reason(error))); the next build makes it again",
                            path: first.source))
                    }
                    outcome.unkept[stem] = bytes
                }
            }
            return outcome
        }
        var made = Made(diagnostics: outcomes.flatMap(\.problems), madeCount: missing.count)
        var kept = found
        var unkept: [String: [UInt8]] = [:]
        for outcome in outcomes {
            kept.merge(outcome.kept) { first, _ in first }
            unkept.merge(outcome.unkept) { first, _ in first }
        }
        for asset in withRecipes {
            guard let recipe = asset.recipe else { continue }
            let stem = stem(of: recipe)
            if let bytes = unkept[stem] {
                made.files.append(OutputFile(path: asset.destination, contents: .bytes(bytes)))
            } else if let path = kept[stem] {
                made.files.append(OutputFile(path: asset.destination, contents: .copy(from: path, confinedTo: realFolder)))
            }
        }
        return made
    }

    /// The kept result, by stem, of each of `results` that the media folder holds intact: a
    /// regular file whose bytes match the digest its name holds. Anything else kept under one of
    /// their stems (a damaged result, a temporary file a killed build left) is removed. Read on
    /// every core.
    private func intactResults(_ results: [String: Asset], confinedTo root: String) -> [String: String] {
        let fileSystem = loader.fileSystem
        let names = Dictionary(grouping: (try? fileSystem.entries(in: folder)) ?? []) { Self.stem(ofName: $0.name) }
        let checked = results.sorted { $0.key < $1.key }.parallelMap { stem, asset -> (String, String)? in
            var intact: String?
            for entry in names[stem] ?? [] {
                let path = Path.join(folder, entry.name)
                if intact == nil, let recipe = asset.recipe, entry.status.kind == .file,
                    let bytes = try? fileSystem.readFile(path, confinedTo: root), keptName(of: recipe, bytes: bytes) == entry.name
                {
                    intact = path
                } else {
                    try? fileSystem.remove(path)
                }
            }
            return intact.map { (stem, $0) }
        }
        return Dictionary(checked.compactMap { $0 }) { first, _ in first }
    }

    /// What making the results of one job did: its problems, and where each result was kept or,
    /// when the cache could not keep it, its bytes; both by stem.
    private struct JobOutcome: Sendable {
        var problems: [Diagnostic] = []
        var kept: [String: String] = [:]
        var unkept: [String: [UInt8]] = [:]
    }

    /// Removes the results no asset of `assets` (every flow's, kept or made) has a recipe for.
    func removeUnused(keeping assets: [Asset]) {
        let kept = Set(assets.compactMap { $0.recipe.map(stem(of:)) })
        for name in (try? loader.fileSystem.contentsOfDirectory(folder)) ?? [] where !kept.contains(Self.stem(ofName: name)) {
            try? loader.fileSystem.remove(Path.join(folder, name))
        }
    }

    /// The stem a kept file's name starts with.
    private static func stem(ofName name: String) -> String {
        name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
    }

    /// The results of `recipes`, all of one source (`asset`'s), in their order.
    private func make(_ recipes: [MediaRecipe], from asset: Asset) throws(MediaFailure) -> [[UInt8]] {
        guard let first = recipes.first else { return [] }
        let bytes: [UInt8]
        do {
            bytes = try loader.fileSystem.readFile(asset.source, confinedTo: asset.root)
        } catch {
            throw MediaFailure(recipe: first, reason: "it cannot be read (\(SiteLoader.reason(error)))")
        }
        func format(_ recipe: MediaRecipe) -> Imaging.Format {
            switch recipe.format {
            case .webp: return .webp
            case .jpeg: return .jpeg
            case .png: return .png
            }
        }
        do throws(Imaging.Failure) {
            if first.kind == .resized {
                return try Imaging.versions(bytes, recipes.map { ($0.width, $0.height, format($0)) }, from: first.base).map(\.bytes)
            }
            return try recipes.map { recipe throws(Imaging.Failure) in try make(recipe, from: bytes, asset: asset, format: format(recipe)) }
        } catch {
            throw MediaFailure(recipe: first, reason: error.message)
        }
    }

    private func make(_ recipe: MediaRecipe, from bytes: [UInt8], asset: Asset, format: Imaging.Format) throws(Imaging.Failure) -> [UInt8] {
        switch recipe.kind {
        case .resized: return try Imaging.versions(bytes, [(recipe.width, recipe.height, format)], from: recipe.base).first?.bytes ?? []
        case .firstFrame: return try Imaging.firstFrame(bytes, as: format).bytes
        case .animation, .poster:
            let player = try Self.player(bytes, source: asset, loader: loader)
            let (width, height) = (recipe.width, recipe.height)
            if recipe.kind == .poster {
                var pixels = [UInt8](repeating: 0, count: width * height * 4)
                pixels.withUnsafeMutableBufferPointer { player.draw(frame: recipe.frame, width: width, height: height, into: $0) }
                return try Imaging.encode(rgba: pixels, width: width, height: height, as: format).bytes
            }
            return try Imaging.animatedWebP(width: width, height: height, delays: Self.delays(frames: player.frameCount, rate: player.frameRate)) { frame, pixels in
                player.draw(frame: frame, width: width, height: height, into: pixels)
                return true
            }
        }
    }

    /// How long each of `frames` frames shows at `rate` a second, in whole milliseconds that add
    /// up to the animation's duration.
    static func delays(frames: Int, rate: Double) -> [Int] {
        guard frames > 0, rate > 0 else { return [100] }
        return (0..<frames).map { Int((Double($0 + 1) * 1000 / rate).rounded()) - Int((Double($0) * 1000 / rate).rounded()) }
    }

    /// rlottie with `bytes`, a Lottie file, its images embedded (`embedded`).
    private static func player(_ bytes: [UInt8], source: Asset, loader: SiteLoader) throws(Imaging.Failure) -> LottiePlayer {
        guard let json = embedded(bytes, source: source, loader: loader) else { throw Imaging.Failure(message: "it is not JSON") }
        guard let player = LottiePlayer(json: json) else { throw Imaging.Failure(message: "rlottie cannot read it") }
        return player
    }

    /// `bytes`, a Lottie file, with every image asset embedded before rlottie sees it, so that it
    /// never opens a file itself: files beside it read from inside the site, as every input, and
    /// any image rlottie cannot decode, or that cannot be read, made an empty one. Nil when it is
    /// not JSON.
    static func embedded(_ bytes: [UInt8], source: Asset, loader: SiteLoader) -> [UInt8]? {
        guard let document = try? LottieFile.document(bytes) else { return nil }
        let folder = Path.directory(of: source.source)
        return document.root.rewritten { node in
            guard let kind = LottieFile.imageSource(of: node), case .object(var members) = node.value else { return node }
            var uri = "data:image/png;base64,"
            switch kind {
            case .embedded:
                uri = node["p"]?.string ?? uri
            case .undecodable:
                break
            case .file(let name):
                let path = Path.normalize(Path.join(folder, name)) ?? ""
                if let image = try? loader.fileSystem.readFile(path, confinedTo: loader.root), let format = Self.embeddable(image) {
                    uri = "data:\(format);base64," + Data(image).base64EncodedString()
                }
            }
            members.removeAll { ["u", "p", "e"].contains($0.key) }
            members += [
                ("u", JSONDocument.Node(value: .string(""), offset: 0)),
                ("p", JSONDocument.Node(value: .string(uri), offset: 0)),
                ("e", JSONDocument.Node(value: .number(1), offset: 0)),
            ]
            var replaced = node
            replaced.value = .object(members)
            return replaced
        }.serialized
    }

    /// The type of `image` for a `data:` URI rlottie decodes: PNG and JPEG only.
    private static func embeddable(_ image: [UInt8]) -> String? {
        switch ImageSize.Format(bytes: image) {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        default: return nil
        }
    }
}

/// Why a recipe could not be made.
private struct MediaFailure: Error {
    var recipe: MediaRecipe
    var reason: String

    func message(for asset: Asset) -> String {
        let what: String
        switch recipe.kind {
        case .resized: what = "a \(recipe.width) px wide version"
        case .firstFrame: what = "a still of the first frame"
        case .animation: what = "the animated image (\(recipe.width) × \(recipe.height))"
        case .poster: what = "the poster (\(recipe.width) × \(recipe.height), frame \(recipe.frame))"
        }
        return "cannot make \(what) of this file for \(asset.destination): \(reason)"
    }
}

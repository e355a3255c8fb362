import Diagnostics
import Markdown

/// A video a page shows (`![Recording a note](demo.mp4)`): measured from its container header,
/// with the poster and captions that sit beside it.
extension ImageResolver {
    /// The largest video a site may publish: a page's video is part of the site, and a build
    /// reads it whole (to measure and fingerprint it).
    static let maximumVideoSize = 512 << 20
    /// The image formats a poster may be, in the order they are looked for beside the video.
    static let posterExtensions = ["jpg", "jpeg", "png", "webp"]

    func video(_ reference: String, at sitePath: String, container: VideoHeader.Container, in flow: FlowSources) -> Result<Resolved, ImageProblem> {
        let bytes: [UInt8]
        switch self.bytes(reference, at: sitePath, what: "video", maximumSize: Self.maximumVideoSize) {
        case .success(let read): bytes = read
        case .failure(let problem): return .failure(problem)
        }
        let info: VideoHeader.Info
        switch VideoHeader.read(bytes) {
        case .success(let read): info = read
        case .failure(let problem): return .failure(.init("cannot measure video '\(reference)': \(problem.message)"))
        }
        guard info.container == container else {
            return .failure(.init("video '\(reference)' is not \(container == .mp4 ? "an" : "a") \(container.rawValue) file: it is \(info.container.rawValue)"))
        }
        var hash = ContentHash()
        hash.add(bytes)
        let (src, asset) = published(sitePath, in: flow)
        var resolved = Resolved(src: src, width: info.width, height: info.height, asset: asset, digest: "")
        let directory = Path.directory(of: sitePath)
        let base = Path.fileName(of: sitePath).dropLast(container == .webm ? 5 : 4)
        let written = URLParts(reference).path
        let writtenBase = written.dropLast(container == .webm ? 5 : 4)
        let (options, optionWarnings) = Self.fragmentOptions(reference, known: ["autoplay", "poster"])
        resolved.referenceWarnings += optionWarnings
        if let value = options["autoplay"], !value.isEmpty {
            resolved.referenceWarnings.append("'autoplay' takes no value: write #autoplay for a video that plays by itself; this one does not")
        }
        var markup = VideoMarkup(poster: nil, tracks: [], autoplay: options["autoplay"] == "")

        // The poster: the image `#poster=` names (a path from the video's folder), else one of the
        // video's own name beside it; measured and published like any image.
        let named = options["poster"].map { Path.join(Path.directory(of: String(written)), $0) }
        let beside = Self.posterExtensions.first { loader.fileSystem.status(of: loader.diskPath(Path.join(directory, base + "." + $0))) != nil }
        if let poster = named ?? beside.map({ String(writtenBase) + "." + $0 }) {
            switch resolve(poster, in: flow) {
            case .success(let image) where image.video == nil && image.animation == nil:
                markup.poster = image.src
                resolved.extraAssets.append(image.asset)
                hash.add(image.digest)
            case .success:
                resolved.referenceWarnings.append("the poster of video '\(reference)' must be an image, and '\(poster)' is not; it has none")
            case .failure(let problem):
                resolved.referenceWarnings.append("the poster of video '\(reference)' cannot be used: \(problem.message)")
            case nil:
                resolved.referenceWarnings.append("the poster of video '\(reference)' must be a file of the site, and '\(poster)' is not")
            }
        } else {
            resolved.referenceWarnings.append(
                "video '\(reference)' has no poster: put \(base).jpg (or .png, .webp) beside it, or name one (\(written)#poster=cover.jpg), the still a reader sees before it plays")
        }

        // Captions: `demo.vtt` in the site's language, `demo.<language>.vtt` in any other (the
        // site's languages first); the page's own language is the one shown.
        let pageLocale = flow.translation?.locale ?? locales.first ?? "en"
        let (candidates, unused) = captionFiles(beside: String(base), in: directory)
        for (name, reason) in unused {
            resolved.diagnostics.append(
                .warning("captions '\(name)' of video '\(reference)' are not used: \(reason)", path: loader.diskPath(Path.join(directory, name))))
        }
        for candidate in candidates {
            let captions = Path.join(directory, candidate.file)
            if let problem = unreadTarget(captions, subject: "captions '\(candidate.file)' of video '\(reference)'", verb: "are") { return .failure(problem) }
            switch loader.read(captions) {
            case .success(let file):
                let report = WebVTTCheck.check(file.text)
                for problem in report.problems {
                    resolved.diagnostics.append(file.warning(problem.message, at: SourceLocation(line: problem.line, column: 1)))
                }
                guard report.hasHeader else { continue }
                if let same = markup.tracks.first(where: { $0.language == candidate.language }) {
                    resolved.diagnostics.append(
                        file.warning("\(Path.fileName(of: same.src)) already holds the \(candidate.language) captions of video '\(reference)'; this file is not used", at: SourceLocation(line: 1, column: 1)))
                    continue
                }
                let (trackSrc, trackAsset) = published(captions, in: flow)
                markup.tracks.append(
                    VideoMarkup.Track(src: trackSrc, language: candidate.language, label: LanguageNames.native(candidate.language), isDefault: false))
                resolved.extraAssets.append(trackAsset)
                hash.add(file.text)
            case .failure(let diagnostic):
                resolved.diagnostics.append(diagnostic)
            }
        }
        if let index = markup.tracks.firstIndex(where: { $0.language == pageLocale }) ?? markup.tracks.indices.first {
            markup.tracks[index].isDefault = true
        }
        resolved.video = markup
        resolved.digest = hash.hex
        return .success(resolved)
    }

    /// The captions files beside a video named `base`: `base.vtt` in the site's language, then
    /// `base.<language>.vtt` for each language tag, the site's languages first, in their order.
    /// A link among them is one too: where it leads is checked as it is read, never skipped unsaid.
    /// Also the files that look meant for it but are not used, each with why: no language tag,
    /// an extension in capitals, or the video's name in another Unicode form (`é` composed beside
    /// a video named with it decomposed), which names are matched by their bytes, as on disk.
    private func captionFiles(beside base: String, in directory: String) -> (files: [(file: String, language: String)], unused: [(file: String, reason: String)]) {
        let names = (try? loader.fileSystem.entries(in: loader.diskPath(directory))
            .filter { $0.status.kind == .file || $0.status.kind == .symbolicLink }.map(\.name)) ?? []
        let prefix = Array((base + ".").utf8)
        var tagged: [(file: String, language: String)] = []
        var unused: [(file: String, reason: String)] = []
        for name in names.sorted() where name.lowercased().hasSuffix(".vtt") && name.hasPrefix(base + ".") {
            guard name.utf8.starts(with: prefix) else {
                unused.append((name, "its name writes '\(base)' in another Unicode form than the video's (an accent composed or not); name it as the video is named"))
                continue
            }
            guard name.hasSuffix(".vtt") else {
                unused.append((name, "its extension is not .vtt in small letters; rename it"))
                continue
            }
            guard name.utf8.count >= prefix.count + 4 else { continue }
            let tag = String(decoding: name.utf8.dropFirst(prefix.count).dropLast(4), as: UTF8.self)
            if Validation.isLanguageTag(tag), LocaleFileName.isKnownLanguage(tag) {
                tagged.append((name, SiteSettings.canonical(tag)))
            } else if let meant = LocaleFileName.languageMeant(by: tag) {
                unused.append((name, "'\(tag)' is not a language (\(meant) is meant, most likely); name the file \(base).\(meant).vtt"))
            } else {
                let dashed = tag.replacingOccurrences(of: "_", with: "-")
                let such = Validation.isLanguageTag(dashed) && LocaleFileName.isKnownLanguage(dashed) ? "\(base).\(dashed).vtt" : "\(base).fr.vtt"
                unused.append((name, "'\(tag)' is not a language code; name the file \(base).<language>.vtt, such as \(such)"))
            }
        }
        let order = Dictionary(locales.enumerated().map { ($1, $0) }) { first, _ in first }
        // Of two files for one language (`demo.ko.vtt`, `demo.KO.vtt`), the one that writes its
        // tag as the language is written is used, whatever order the names sort in.
        func key(_ entry: (file: String, language: String)) -> (Int, String, Int, String) {
            (order[entry.language] ?? locales.count, entry.language, entry.file.hasSuffix(".\(entry.language).vtt") ? 0 : 1, entry.file)
        }
        tagged.sort { key($0) < key($1) }
        let plain = names.contains { $0.utf8.elementsEqual((base + ".vtt").utf8) } ? [(file: base + ".vtt", language: locales.first ?? "en")] : []
        return (plain + tagged, unused)
    }
}

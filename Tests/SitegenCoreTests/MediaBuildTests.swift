import Diagnostics
import Foundation
import Imaging
import OnboardingKit
import SitegenTestSupport
import Testing
@testable import SitegenCore

/// What a build makes of a page's media: a Lottie animation drawn as an animated WebP with a
/// poster, versions of a large photo at the widths the page shows it, a still of an animated
/// image; made once and kept in the build cache; and hostile files refused, naming the file.
@Suite struct MediaBuildTests {
    private func build(_ fileSystem: MemoryFileSystem) -> SiteBuilder.Result {
        SiteBuilder(fileSystem: fileSystem).build(BuildOptions(), tool: SitegenVersion.version)
    }

    private func messages(_ result: SiteBuilder.Result) -> [String] {
        result.diagnostics.map { "\($0.path): \($0.severity.rawValue): \($0.message)" }
    }

    /// A `width` × `height` image whose left half is red and right half blue, as `format`.
    static func picture(_ width: Int, _ height: Int, as format: Imaging.Format) throws -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<height {
            for x in 0..<width { pixels += x < width / 2 ? [220, 20, 20, 255] : [20, 20, 220, 255] }
        }
        return try Imaging.encode(rgba: pixels, width: width, height: height, as: format).bytes
    }

    /// A `width` × `height` image of noise, the same every time, as `format`: shrunk in two steps
    /// or in one, it comes out different, which an image of flat colours would hide.
    static func noise(_ width: Int, _ height: Int, as format: Imaging.Format) throws -> [UInt8] {
        var state: UInt32 = 2026
        let pixels = (0..<width * height * 4).map { index -> UInt8 in
            guard index % 4 != 3 else { return 255 }
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return try Imaging.encode(rgba: pixels, width: width, height: height, as: format).bytes
    }

    /// The output's files and their bytes.
    private func output(_ files: MemoryFileSystem) throws -> [String: [UInt8]] {
        var bytes: [String: [UInt8]] = [:]
        for path in files.snapshot.keys where path.hasPrefix("output/") { bytes[path] = try files.readFile(path) }
        return bytes
    }

    /// The output of a clean build of `fileSystem`'s site: no cache, no output.
    private func cleanOutput(of fileSystem: MemoryFileSystem) throws -> [String: [UInt8]] {
        let clean = MemoryFileSystem()
        for path in fileSystem.snapshot.keys where !path.hasPrefix("output/") && !path.hasPrefix(".sitegen-cache/") {
            clean.add(path, try fileSystem.readFile(path))
        }
        let result = build(clean)
        #expect(result.succeeded, "\(messages(result))")
        return try output(clean)
    }

    private func decoded(_ fileSystem: MemoryFileSystem, _ path: String, page: Int = 0) throws -> Imaging.Pixels {
        try Imaging.decode(try fileSystem.readFile(path), page: page)
    }

    /// Where the fixture's square is in a frame: its first and last pixel on the canvas's middle
    /// row, whatever size it is drawn at, and its colour.
    private func square(_ pixels: Imaging.Pixels) -> (left: Int, right: Int, colour: (UInt8, UInt8, UInt8)) {
        let y = pixels.height / 2
        let row = (0..<pixels.width).filter { pixels[$0, y].alpha > 128 }
        guard !row.isEmpty else { return (-1, -1, (0, 0, 0)) }
        let middle = pixels[row[row.count / 2], y]
        return (row[0], row[row.count - 1], (middle.red, middle.green, middle.blue))
    }

    /// The square of the fixture moves from the left to the right in 30 frames and turns from red
    /// to blue; its text layer, which rlottie does not draw, is named in a warning and in the
    /// manifest's support report.
    @Test func aLottieAnimationIsDrawnFrameByFrameWithAPoster() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "---\nimage: square.json\nimage_alt: A square\n---\n# A\n\n![Square](square.json#poster=29)\n",
        ])
        fileSystem.add("content/tour/square.json", Array(try Data(contentsOf: LottieFileTests.square)))
        let result = build(fileSystem)
        #expect(result.succeeded, "\(messages(result))")
        #expect(messages(result) == [
            "content/tour/square.json: warning: layer 'Caption' is a text layer, which rlottie does not draw; the page's animated image, drawn by rlottie, shows it without",
        ])
        #expect(result.diagnostics.first?.location?.line == 13)
        // In the body: shown at its own size (200 × 100), drawn at 1× and 2×.
        let first = try decoded(fileSystem, "output/tour/square.200w.webp")
        #expect((first.width, first.height, first.pages) == (200, 100, 30))
        let last = try decoded(fileSystem, "output/tour/square.200w.webp", page: 29)
        let (left, right, red) = square(first)
        #expect(abs(left - 5) <= 2 && abs(right - 34) <= 2, "the square starts at the left: \(left)–\(right)")
        #expect(red.0 > 200 && red.2 < 50)
        let (left29, right29, blue) = square(last)
        #expect(abs(left29 - 165) <= 2 && abs(right29 - 194) <= 2, "and ends at the right: \(left29)–\(right29)")
        #expect(blue.2 > 200 && blue.0 < 50)
        #expect(try decoded(fileSystem, "output/tour/square.400w.webp").width == 400)
        // The poster the author named: the last frame.
        let poster = try decoded(fileSystem, "output/tour/square.poster-29.200w.webp")
        #expect(poster.pages == 1 && square(poster).left > 150)
        // As the page's image: the media box's width (448) and its poster the first frame.
        #expect(try decoded(fileSystem, "output/tour/square.896w.webp").width == 896)
        #expect(square(try decoded(fileSystem, "output/tour/square.poster.448w.webp")).left < 100)
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(#"<source media="(prefers-reduced-motion: reduce)" srcset="square.poster.448w.webp 448w, square.poster.896w.webp 896w" sizes="min(100vw, 28rem)"><img src="square.448w.webp" srcset="square.448w.webp 448w, square.896w.webp 896w" sizes="min(100vw, 28rem)" alt="A square" width="448" height="224""#))
        #expect(html.contains(#"<picture><source media="(prefers-reduced-motion: reduce)" srcset="square.poster-29.200w.webp 200w, square.poster-29.400w.webp 400w" sizes="min(100vw, 200px)" /><img src="square.200w.webp""#))
        #expect(fileSystem.text("output/tour/square.json") == String(decoding: try Data(contentsOf: LottieFileTests.square), as: UTF8.self), "the JSON is published for apps")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(try fileSystem.readFile("output/manifest.json")))
        let page = try #require(manifest.flows.first?.pages.first)
        #expect(page.image?.animation?.src == "square.json" && page.image?.animation?.frames == 30 && page.image?.animation?.durationMS == 1000)
        #expect(page.image?.animation?.features == [ManifestAnimationFeature(feature: "text_layer", layers: ["Caption"], unsupported: ["rlottie"], unknown: [])])
        #expect(page.animations.map(\.poster) == ["square.poster-29.400w.webp"])
        #expect(page.image?.stills.map(\.src) == ["square.poster.448w.webp", "square.poster.896w.webp"])
    }

    @Test func aLargePhotoGetsVersionsAtTheWidthsItIsShownAndIsNotPublishedItself() throws {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![A photo](photo.jpg)\n"])
        fileSystem.add("content/tour/photo.jpg", try Self.picture(2000, 1500, as: .jpeg))
        let result = build(fileSystem)
        #expect(result.succeeded && result.madeMedia == 4, "\(messages(result))")
        for (name, width, height) in [("photo.576w.jpg", 576, 432), ("photo.1152w.jpg", 1152, 864), ("photo.576w.webp", 576, 432), ("photo.1152w.webp", 1152, 864)] {
            let pixels = try decoded(fileSystem, "output/tour/" + name)
            #expect((pixels.width, pixels.height) == (width, height), "\(name)")
            #expect(pixels[10, 10].red > 180 && pixels[width - 10, 10].blue > 180, "\(name) is the photo, shrunk")
        }
        #expect(fileSystem.text("output/tour/photo.jpg") == nil, "versions stand for the original")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(#"<picture><source type="image/webp" srcset="photo.576w.webp 576w, photo.1152w.webp 1152w" sizes="min(100vw, 576px)" /><img src="photo.576w.jpg" srcset="photo.576w.jpg 576w, photo.1152w.jpg 1152w" sizes="min(100vw, 576px)" alt="A photo" width="576" height="432" /></picture>"#))
        #expect((try fileSystem.readFile("output/tour/photo.1152w.webp")).count < (try Self.picture(2000, 1500, as: .jpeg)).count)
    }

    /// An image a little wider than the page is never enlarged: it stands for its own width, and
    /// is published; one no wider keeps just itself; a site can turn versions off.
    @Test func anImageIsNeverEnlargedAndVersionsCanBeTurnedOff() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "---\nimage: wide.png\nimage_alt: Wide\n---\n# A\n\n![Wide](wide.png) ![Small](small.png)\n",
        ])
        fileSystem.add("content/tour/wide.png", try Self.picture(800, 400, as: .png))
        fileSystem.add("content/tour/small.png", try Self.picture(300, 200, as: .png))
        #expect(build(fileSystem).succeeded)
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(#"<img src="wide.576w.png" srcset="wide.576w.png 576w, wide.png 800w""#), "the body: 576 px, then the image itself")
        #expect(html.contains(#"<source type="image/webp" srcset="wide.448w.webp 448w, wide.800w.webp 800w" sizes="min(100vw, 28rem)"><img src="wide.448w.png" srcset="wide.448w.png 448w, wide.png 800w""#), "the media box: 448 px")
        #expect(try decoded(fileSystem, "output/tour/wide.800w.webp").width == 800)
        #expect(fileSystem.text("output/tour/wide.png") != nil && fileSystem.text("output/tour/wide.1152w.png") == nil)
        #expect(html.contains(#"<img src="small.png" alt="Small" width="300" height="200" />"#))
        fileSystem.add("sitegen.yml", Array("images:\n  responsive: false\n".utf8))
        #expect(build(fileSystem).succeeded)
        let plain = try #require(fileSystem.text("output/tour/index.html"))
        #expect(plain.contains(#"<img src="wide.png" alt="Wide" width="800" height="400" />"#) && !plain.contains("<picture>"))
        #expect(fileSystem.text("output/tour/wide.576w.png") == nil, "the versions are gone with the setting")
    }

    @Test func anAnimatedImageGetsAStillOfItsFirstFrameForReducedMotion() throws {
        let frames: [[UInt8]] = [[250, 0, 0, 255], [0, 0, 250, 255]]
        let animated = try Imaging.animatedWebP(width: 8, height: 8, delays: [100, 100]) { frame, pixels in
            for offset in stride(from: 0, to: pixels.count, by: 4) { for channel in 0..<4 { pixels[offset + channel] = frames[frame][channel] } }
            return true
        }
        #expect(ImageSize.isAnimated(animated))
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![Blink](blink.webp)\n"])
        fileSystem.add("content/tour/blink.webp", animated)
        #expect(build(fileSystem).succeeded)
        let still = try decoded(fileSystem, "output/tour/blink.still.webp")
        #expect(still.pages == 1 && still[4, 4].red > 200 && still[4, 4].blue < 50, "the first frame")
        #expect(fileSystem.text("output/tour/index.html")?.contains(#"<picture><source media="(prefers-reduced-motion: reduce)" srcset="blink.still.webp" /><img src="blink.webp""#) == true)
    }

    /// A flow's card on the site index shows its first image as the page does: the versions with
    /// `sizes` for the card, a Lottie animation (drawn, being vector, at the width the page shows
    /// it) with its poster for reduced motion, all under the flow's folder; and a rebuild that
    /// takes the flow's summary from the cache shows the same.
    @Test func theSiteIndexShowsAFlowsImageWithItsVersionsAndStills() throws {
        let fileSystem = MemoryFileSystem([
            "content/photo/01-a.md": "---\nimage: photo.jpg\nimage_alt: A photo\n---\n# A\n",
            "content/motion/01-a.md": "---\nimage: square.json\nimage_alt: A square\n---\n# A\n",
            "content/other/01-a.md": "# Other\n",
        ])
        fileSystem.add("content/photo/photo.jpg", try Self.picture(2000, 1500, as: .jpeg))
        fileSystem.add("content/motion/square.json", Array(try Data(contentsOf: LottieFileTests.square)))
        #expect(build(fileSystem).succeeded)
        let index = try #require(fileSystem.text("output/index.html"))
        let sizes = TemplateData.cardSizes
        #expect(index.contains(
            #"<picture><source type="image/webp" srcset="photo/photo.448w.webp 448w, photo/photo.896w.webp 896w" sizes="\#(sizes)">"#
                + #"<img src="photo/photo.448w.jpg" srcset="photo/photo.448w.jpg 448w, photo/photo.896w.jpg 896w" sizes="\#(sizes)" alt="" width="448" height="336" loading="lazy" decoding="async"></picture>"#),
            "\(index)")
        #expect(index.contains(
            #"<picture><source media="(prefers-reduced-motion: reduce)" srcset="motion/square.poster.448w.webp 448w, motion/square.poster.896w.webp 896w" sizes="\#(sizes)">"#
                + #"<img src="motion/square.448w.webp" srcset="motion/square.448w.webp 448w, motion/square.896w.webp 896w""#),
            "\(index)")
        for source in index.matches(of: /srcset="([^"]*)"/).flatMap({ $0.1.split(separator: ", ") }) {
            let url = String(source.split(separator: " ")[0])
            #expect(fileSystem.text("output/" + url) != nil, "\(url) is published")
        }
        fileSystem.add("content/other/01-a.md", Array("# Other, edited\n".utf8))
        let rebuild = build(fileSystem)
        #expect(rebuild.rebuiltFlows == ["other"])
        #expect(fileSystem.text("output/index.html") == index, "the cached summaries keep the versions and stills")
    }

    @Test func aRebuildMakesNothingItHasMadeBeforeAndKeepsOnlyWhatIsUsed() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![A photo](photo.jpg)\n",
            "content/other/01-b.md": "# B\n\n![Square](../tour/square.json)\n",
        ])
        fileSystem.add("content/tour/photo.jpg", try Self.picture(1400, 700, as: .jpeg))
        fileSystem.add("content/tour/square.json", Array(try Data(contentsOf: LottieFileTests.square)))
        let first = build(fileSystem)
        #expect(first.succeeded && first.madeMedia == 8, "4 photo versions, 2 animations, 2 posters")
        fileSystem.add("content/tour/01-a.md", Array("# A, edited\n\n![A photo](photo.jpg)\n".utf8))
        let second = build(fileSystem)
        #expect(second.rebuiltFlows == ["other", "tour"] && second.madeMedia == 0, "other shows a file of tour's folder")
        fileSystem.add("sitegen.yml", Array("title: Changed\n".utf8))
        let third = build(fileSystem)
        #expect(third.outcome == .builtEverything && third.madeMedia == 0, "a full build finds every file in the cache")
        let media = ".sitegen-cache/" + MediaWorkshop.folderName
        #expect(try fileSystem.contentsOfDirectory(media).count == 8)
        try fileSystem.remove("content/other")
        #expect(build(fileSystem).succeeded)
        #expect(try fileSystem.contentsOfDirectory(media).count == 4, "the animation's files go with the flow that showed it")
        #expect(try cleanOutput(of: fileSystem) == output(fileSystem), "the rebuilt output is a clean build's, byte for byte")
    }

    /// A version's bytes are the same whichever other versions of the image one build makes: a
    /// rebuild that finds some in the cache and makes the rest gives a clean build's output.
    @Test(arguments: [Imaging.Format.png, .jpeg]) func aVersionIsTheSameWhicheverOthersABuildMakes(format: Imaging.Format) throws {
        let name = format == .png ? "photo.png" : "photo.jpg"
        let hero = "---\nimage: \(name)\nimage_alt: The app\n---\n# A\n"
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": hero, "content/tour/02-b.md": "# B\n\n![The app](\(name))\n"])
        fileSystem.add("content/tour/" + name, try Self.noise(1400, 90, as: format))
        let first = build(fileSystem)
        #expect(first.succeeded && first.madeMedia == 8, "448 and 896 for the page's own image, 576 and 1152 in its body, each twice")
        // The page's own image alone: its versions were made beside the body's.
        fileSystem.add("content/tour/02-b.md", Array("# B\n\nNo picture now.\n".utf8))
        #expect(build(fileSystem).succeeded)
        #expect(try output(fileSystem) == cleanOutput(of: fileSystem))
        // Both again, with half the results gone from the cache: some are made, some found.
        fileSystem.add("content/tour/02-b.md", Array("# B\n\n![The app](\(name))\n".utf8))
        #expect(build(fileSystem).succeeded)
        let media = ".sitegen-cache/" + MediaWorkshop.folderName
        let kept = try fileSystem.contentsOfDirectory(media).sorted()
        for file in kept.enumerated() where file.offset % 2 == 0 { try fileSystem.remove(media + "/" + file.element) }
        fileSystem.add("content/tour/01-a.md", Array(hero.replacingOccurrences(of: "# A", with: "# A, edited").utf8))
        let last = build(fileSystem)
        #expect(last.succeeded && last.madeMedia == kept.count / 2)
        #expect(try output(fileSystem) == cleanOutput(of: fileSystem))
    }

    /// A result damaged in the build cache (a byte flipped, cut short, swapped for another
    /// result, made a folder, a link or empty) is made again, never published; a rebuild of the
    /// flow and a full build both give a clean build's output.
    @Test(arguments: ["flipped", "cut short", "swapped", "folder", "link", "empty"], [false, true])
    func aResultDamagedInTheCacheIsMadeAgain(_ damage: String, fullBuild: Bool) throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![A photo](photo.jpg)\n", "/elsewhere/secret": "not an image",
        ])
        fileSystem.add("content/tour/photo.jpg", try Self.noise(1400, 700, as: .jpeg))
        #expect(build(fileSystem).madeMedia == 4)
        let media = ".sitegen-cache/" + MediaWorkshop.folderName
        let names = try fileSystem.contentsOfDirectory(media).sorted()
        #expect(names.count == 4 && names.allSatisfy { $0.split(separator: ".").count == 3 }, "key, digest, extension: \(names)")
        let (victim, other) = (media + "/" + names[0], media + "/" + names[1])
        var bytes = try fileSystem.readFile(victim)
        switch damage {
        case "flipped":
            bytes[bytes.count / 2] ^= 0x01
            fileSystem.add(victim, bytes)
        case "cut short": fileSystem.add(victim, Array(bytes.prefix(bytes.count - 1)))
        case "swapped": fileSystem.add(victim, try fileSystem.readFile(other))
        case "folder":
            try fileSystem.remove(victim)
            fileSystem.add(victim + "/inside", bytes)
        case "link":
            try fileSystem.remove(victim)
            fileSystem.addLink(victim, to: "/elsewhere/secret")
        default: fileSystem.add(victim, [])
        }
        if fullBuild {
            fileSystem.add("sitegen.yml", Array("title: Changed\n".utf8))
        } else {
            fileSystem.add("content/tour/01-a.md", Array("# A, edited\n\n![A photo](photo.jpg)\n".utf8))
        }
        let rebuild = build(fileSystem)
        #expect(rebuild.succeeded && rebuild.madeMedia == 1, "\(damage): \(messages(rebuild))")
        #expect(try output(fileSystem) == cleanOutput(of: fileSystem), "\(damage)")
        #expect(try fileSystem.contentsOfDirectory(media).sorted() == names, "\(damage): the damaged result made again, under its name")
        #expect(fileSystem.text("/elsewhere/secret") == "not an image")
    }

    /// A photo taken with the phone turned (EXIF orientation 2–8, and a second EXIF block as an
    /// editor may leave) is published upright, at the size the page states: libvips, which
    /// turns it while shrinking, is the oracle for the size read from its header.
    @Test(arguments: [[1], [3], [5], [6], [8], [6, 1], [1, 6]])
    func aTurnedPhotoIsPublishedUprightAtTheSizeThePageStates(orientations: [Int]) throws {
        let plain = try Self.picture(1400, 700, as: .jpeg)
        let turned = Array(plain.prefix(2)) + orientations.flatMap { ImageSizeTests.exifSegment(orientation: $0) } + Array(plain.dropFirst(2))
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![A photo](photo.jpg)\n\n![Small](small.jpg)\n"])
        fileSystem.add("content/tour/photo.jpg", turned)
        let small = try Self.picture(40, 20, as: .jpeg)
        fileSystem.add("content/tour/small.jpg", Array(small.prefix(2)) + orientations.flatMap { ImageSizeTests.exifSegment(orientation: $0) } + Array(small.dropFirst(2)))
        let result = build(fileSystem)
        #expect(result.succeeded, "\(messages(result))")
        let sideways = (5...8).contains(orientations[0])
        let html = try #require(fileSystem.text("output/tour/index.html"))
        let (width, height) = sideways ? (576, 1152) : (576, 288)
        #expect(html.contains(#"src="photo.576w.jpg""#) && html.contains(#"width="\#(width)" height="\#(height)""#), "\(orientations)")
        #expect(html.contains(sideways ? #"src="small.jpg" alt="Small" width="20" height="40""# : #"src="small.jpg" alt="Small" width="40" height="20""#), "\(orientations)")
        let version = try decoded(fileSystem, "output/tour/photo.576w.jpg")
        #expect((version.width, version.height) == (width, height), "\(orientations)")
        // The photo is red on its left half and blue on its right. Upright, its top left corner
        // is red, but for a half turn (3) and a quarter turn back (8), which bring the right half there.
        let redFirst = ![3, 8].contains(orientations[0])
        let (topLeft, bottomRight) = (version[2, 2], version[width - 3, height - 3])
        #expect((topLeft.red > topLeft.blue) == redFirst && (bottomRight.red > bottomRight.blue) == !redFirst, "\(orientations)")
    }

    /// Every version is exactly the size the page states for it, also where shrinking in two
    /// steps (the image to 1,152 pixels, then that to 448) rounds its height another way.
    @Test func everyVersionIsTheSizeThePageStates() throws {
        let sizes = [(1399, 667), (2000, 2001), (1153, 333), (2999, 501), (1200, 7)]
        var pages: [String: String] = [:]
        for index in sizes.indices {
            pages["content/tour/0\(index + 1)-p.md"] = "---\nimage: p\(index).png\nimage_alt: A\n---\n# P\n\n![B](p\(index).png)\n"
        }
        let fileSystem = MemoryFileSystem(pages)
        for (index, size) in sizes.enumerated() { fileSystem.add("content/tour/p\(index).png", try Self.noise(size.0, size.1, as: .png)) }
        let result = build(fileSystem)
        #expect(result.succeeded && result.madeMedia == sizes.count * 8, "\(messages(result))")
        var checked = 0
        for (index, size) in sizes.enumerated() {
            for width in [448, 576, 896, 1152] {
                for format in ["png", "webp"] {
                    let pixels = try decoded(fileSystem, "output/tour/p\(index).\(width)w.\(format)")
                    let stated = ImageResolver.scaledHeight(ImageSize.Size(width: size.0, height: size.1), width: width)
                    #expect((pixels.width, pixels.height) == (width, stated), "p\(index) (\(size)) at \(width) in \(format)")
                    checked += 1
                }
            }
        }
        #expect(checked == 40)
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(#"src="p1.448w.png" srcset="p1.448w.png 448w, p1.896w.png 896w" sizes="min(100vw, 28rem)" alt="A" width="448" height="448""#), "\(html)")
    }

    /// A result the build cache cannot keep (its folder read-only, say) is written to the output
    /// from memory, with a warning that names the reason; the build succeeds.
    @Test func aResultTheCacheCannotKeepIsPublishedWithAWarning() throws {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![A photo](photo.jpg)\n"])
        fileSystem.add("content/tour/photo.jpg", try Self.picture(1400, 700, as: .jpeg))
        try fileSystem.createDirectory(".sitegen-cache/" + MediaWorkshop.folderName)
        fileSystem.setWritable(".sitegen-cache/" + MediaWorkshop.folderName, false)
        let result = build(fileSystem)
        #expect(result.succeeded, "\(messages(result))")
        #expect(messages(result).contains(
            "content/tour/photo.jpg: warning: cannot keep what was made of this file in the build cache (Permission denied); the next build makes it again"),
            "\(messages(result))")
        #expect(try output(fileSystem) == cleanOutput(of: fileSystem))
        #expect(try decoded(fileSystem, "output/tour/photo.576w.webp").width == 576)
    }

    @Test func hostileMediaIsAnErrorNamingTheFileNeverACrash() throws {
        let photo = try Self.picture(1000, 800, as: .jpeg)
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![Cut](cut.jpg)\n",
            "content/tour/02-b.md": "# B\n\n![Long](long.json)\n",
            "content/tour/03-c.md": "# C\n\n![Escape](escape.json)\n",
            "content/tour/04-d.md": "# D\n\n![Broken](broken.json)\n",
            "secret.png": "not an image",
        ])
        fileSystem.add("content/tour/cut.jpg", Array(photo.prefix(photo.count / 3)))
        fileSystem.add("content/tour/long.json", Array(#"{"w":4000,"h":4000,"fr":60,"ip":0,"op":3000,"layers":[{"ty":4,"shapes":[]}]}"#.utf8))
        fileSystem.add(
            "content/tour/escape.json",
            Array(#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"assets":[{"id":"i","u":"../../../","p":"secret.png"}],"layers":[{"ty":2,"refId":"i"}]}"#.utf8))
        fileSystem.add("content/tour/broken.json", Array("{\"w\": 10,\n \"nm\": \"漢字😀\",, \"h\": 1}".utf8))
        let result = build(fileSystem)
        #expect(!result.succeeded)
        let errors = messages(result).filter { $0.contains(": error: ") }
        #expect(errors.contains { $0.hasPrefix("content/tour/02-b.md: error: animation 'long.json' would take 3000 frames of 576 × 576 pixels") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("content/tour/escape.json: error: image asset 'i': image path '../../../secret.png' leaves the site folder") }, "\(errors)")
        // Its column counts characters, not the bytes of the CJK and emoji before it.
        #expect(errors.contains { $0.contains("animation 'broken.json' cannot be used: it is not valid JSON") && $0.contains("(line 2, column 14 of the file)") }, "\(errors)")
        #expect(fileSystem.kind(of: "output") == nil)
        // The cut photo's header is whole, but not what follows: an error at the page that shows it.
        fileSystem.add("content/tour/02-b.md", Array("# B\n".utf8))
        fileSystem.add("content/tour/03-c.md", Array("# C\n".utf8))
        fileSystem.add("content/tour/04-d.md", Array("# D\n".utf8))
        let cut = build(fileSystem)
        #expect(!cut.succeeded)
        #expect(messages(cut).contains { $0.hasPrefix("content/tour/01-a.md: error: image 'cut.jpg' is damaged or cut short: it ends before its end-of-image marker") }, "\(messages(cut))")
    }

    /// A cut image is an error at the page that shows it, for `check` as for `build`, however
    /// small: one that needed no versions was published broken, and `check` passed them all.
    @Test(arguments: ["check", "build"])
    func aCutImageIsAnErrorWhateverItsSize(_ command: String) throws {
        let small = try Self.noise(8, 6, as: .png)
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![Cut](cut.png)\n"])
        fileSystem.add("content/tour/cut.png", Array(small.dropLast(12)))
        let run = runCLI([command], on: fileSystem)
        #expect(run.status == .contentError)
        #expect(
            run.err.contains("content/tour/01-a.md:3:1: error: image 'cut.png' is damaged or cut short: it ends before its last chunk (IEND); export it again"),
            "\(run.err)")
    }

    /// An image whose header claims more pixels than libvips should decode, an animation drawn
    /// taller than WebP allows, an animation's image that is a video or another animation, and
    /// a damaged PNG: each an error naming the file, found before the work, never a hang.
    @Test func mediaTooLargeOrOfTheWrongKindIsRefusedBeforeTheWork() throws {
        var lying = try Self.picture(8, 8, as: .png)
        // The IHDR's width and height (bytes 16–23) claim 999,999 pixels a side; its CRC is not checked before libvips.
        lying.replaceSubrange(16..<24, with: [0x00, 0x0F, 0x42, 0x3F, 0x00, 0x0F, 0x42, 0x3F])
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![Lying](lying.png)\n",
            "content/tour/02-b.md": "---\nimage: tall.json\nimage_alt: Tall\n---\n# B\n",
            "content/tour/03-c.md": "# C\n\n![Self](self.json)\n",
            "content/tour/04-d.md": "# D\n\n![Film](film.json)\n",
            "content/tour/05-e.md": "# E\n\n![Busy](busy.json)\n",
            "content/tour/06-f.md": "# F\n\n![Loop](loop.json)\n",
            "content/tour/07-g.md": "# G\n\n![Wide](wide.gif) ![Heavy](heavy.json)\n",
            "content/tour/clip.mp4": "not read",
        ])
        // Names a URL would cut back to the animation itself: once a crash, recursing forever.
        fileSystem.add(
            "content/tour/loop.json",
            Array(#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"assets":[{"id":"f","p":"loop.json#x.png"},{"id":"q","p":"loop.json?.jpg"},{"id":"p","u":"./","p":"%6Coop.json#.png"}],"layers":[{"ty":2,"refId":"f"}]}"#.utf8))
        let layers = Array(repeating: #"{"ty":4,"shapes":[]}"#, count: 5_000).joined(separator: ",")
        fileSystem.add("content/tour/busy.json", Array(#"{"w":10,"h":10,"fr":30,"ip":0,"op":300,"layers":[\#(layers)]}"#.utf8))
        fileSystem.add("content/tour/lying.png", lying)
        // A GIF is decoded whole: 20,000 pixels a side in 60 bytes would take 1.6 GB.
        let side: [UInt8] = [0x20, 0x4E, 0x20, 0x4E]
        let gif: [UInt8] = Array("GIF89a".utf8) + side + [0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x2C, 0, 0, 0, 0] + side
            + [0, 2, 2, 0x44, 0x01, 0, 0x3B]
        fileSystem.add("content/tour/wide.gif", gif)
        // So is an animation's image, by rlottie, embedded or not.
        var huge = pngBytes(width: 1, height: 1)
        huge.replaceSubrange(16..<24, with: [0x00, 0x00, 0x4E, 0x20, 0x00, 0x00, 0x4E, 0x20])
        let embedded = "data:image/png;base64," + Data(huge).base64EncodedString()
        fileSystem.add(
            "content/tour/heavy.json",
            Array(#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"assets":[{"id":"big","e":1,"p":"\#(embedded)"}],"layers":[{"ty":2,"refId":"big"}]}"#.utf8))
        fileSystem.add("content/tour/tall.json", Array(#"{"w":10,"h":8192,"fr":30,"ip":0,"op":1,"layers":[{"ty":4,"shapes":[]}]}"#.utf8))
        fileSystem.add(
            "content/tour/self.json",
            Array(#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"assets":[{"id":"i","p":"self.json"}],"layers":[{"ty":2,"refId":"i"}]}"#.utf8))
        fileSystem.add(
            "content/tour/film.json",
            Array(#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"assets":[{"id":"v","p":"clip.mp4"}],"layers":[{"ty":2,"refId":"v"}]}"#.utf8))
        let result = build(fileSystem)
        #expect(messages(result).filter { $0.contains(": error: ") } == [
            "content/tour/01-a.md: error: image 'lying.png' is 999999 × 999999 pixels, more than the 1000 million pixels an image may have; make it smaller",
            "content/tour/02-b.md: error: animation 'tall.json' would be drawn 896 × 734004 pixels at 2×, taller than the 16383 pixels a WebP image may be; crop its canvas (10 × 8192)",
            "content/tour/05-e.md: error: animation 'busy.json' would take 300 frames of 5000 layers (its precomps expanded) to draw, more than the 1 million layers one animation may draw in all its frames; shorten it or use fewer layers",
            "content/tour/07-g.md: error: image 'wide.gif' is 20000 × 20000 pixels, more than the 100 million pixels a GIF image (decoded whole) may have; make it smaller",
            "content/tour/film.json: error: image asset 'v' is 'clip.mp4': an animation's images must be PNG or JPEG files, which every renderer reads",
            "content/tour/heavy.json: error: image asset 'big' is 20000 × 20000 pixels, more than the 100 million an animation's image may have (rlottie decodes it whole); make it smaller",
            "content/tour/loop.json: error: image asset 'f' is 'loop.json#x.png': an animation's image names a file, without '#' or '?', which a player reads as part of a URL",
            "content/tour/loop.json: error: image asset 'q' is 'loop.json?.jpg': an animation's image names a file, without '#' or '?', which a player reads as part of a URL",
            "content/tour/loop.json: error: image asset 'p' is './%6Coop.json#.png': an animation's image names a file, without '#' or '?', which a player reads as part of a URL",
            "content/tour/self.json: error: image asset 'i' is 'self.json': an animation's images must be PNG or JPEG files, which every renderer reads",
        ], "\(messages(result))")
        #expect(fileSystem.kind(of: "output") == nil)
    }

    /// One animation shown with two posters is two poster files; a poster that is no frame, or
    /// an option the animation does not know, is a warning at the reference.
    @Test func anAnimationsPostersAndOptionsAreItsReferences() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/01-a.md": "# A\n\n![First](square.json)\n\n![Last](square.json#poster=29)\n",
            "content/tour/02-b.md": "# B\n\n![Odd](square.json#poster=abc)\n\n![Past](square.json#poster=99999&loop)\n",
        ])
        fileSystem.add("content/tour/square.json", Array(try Data(contentsOf: LottieFileTests.square)))
        let result = build(fileSystem)
        #expect(result.succeeded, "\(messages(result))")
        #expect(square(try decoded(fileSystem, "output/tour/square.poster.200w.webp")).left < 20)
        #expect(square(try decoded(fileSystem, "output/tour/square.poster-29.200w.webp")).left > 150)
        let warnings = result.diagnostics.filter { $0.path == "content/tour/02-b.md" }.map { "\($0.location?.line ?? 0): \($0.message)" }
        #expect(warnings == [
            "3: 'poster=abc' is no frame of the animation, whose frames are 0 to 29; frame 0 is its poster",
            "5: 'loop' after '#' is no option of this file, which knows 'poster'; it is not used",
            "5: 'poster=99999' is no frame of the animation, whose frames are 0 to 29; frame 29 is its poster",
        ], "\(messages(result))")
    }

    /// An animation of thousands of images none of which can be used, on one line as exporters
    /// write it, is ten errors and one that counts the rest, each at its asset's column.
    @Test func manyBadImagesOfAnAnimationAreCounted() throws {
        let assets = (0..<5_000).map { #"{"id":"i\#($0)","p":"missing\#($0).png"}"# }.joined(separator: ",")
        let lottie = #"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"assets":[\#(assets)],"layers":[{"ty":4}]}"#
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![Many](many.json)\n"])
        fileSystem.add("content/tour/many.json", Array(lottie.utf8))
        let errors = build(fileSystem).diagnostics.filter(\.isError)
        #expect(errors.count == 11)
        #expect(errors.last?.message == "and 4990 more image assets cannot be used")
        let column = try #require(lottie.utf8.firstRange(of: #"{"id":"i3","#.utf8)).lowerBound
        #expect(errors.first { $0.message.hasPrefix("image asset 'i3'") }?.location == SourceLocation(line: 1, column: lottie.utf8.distance(from: lottie.utf8.startIndex, to: column) + 1))
    }

    /// A long screenshot whose versions would be taller than WebP allows gets versions in its own
    /// format only, and the build makes them.
    @Test func aVersionTallerThanWebPAllowsIsMadeInTheImagesOwnFormat() throws {
        let (width, height) = (700, 20_000)
        let tall = try Imaging.encode(rgba: [UInt8](repeating: 180, count: width * height * 4), width: width, height: height, as: .png).bytes
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![Long](long.png)\n"])
        fileSystem.add("content/tour/long.png", tall)
        let result = build(fileSystem)
        #expect(result.succeeded, "\(messages(result))")
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(#"<img src="long.576w.png" srcset="long.576w.png 576w, long.png 700w""#) && !html.contains("webp"), "\(html)")
        #expect(try decoded(fileSystem, "output/tour/long.576w.png").height == 16_457)
    }

    /// What rlottie is given has every image embedded: a file beside the animation as a `data:`
    /// URI, and a name that only looks like one (`data:/secret.png`, which rlottie would open as
    /// a path) or an image it cannot decode made an empty one, so that it never opens a file.
    @Test func rlottieIsGivenEveryImageEmbeddedAndNoPath() throws {
        let png = try Self.picture(4, 4, as: .png)
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n"])
        fileSystem.add("content/tour/images/a.png", png)
        let lottie = #"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"assets":["#
            + #"{"id":"file","u":"images/","p":"a.png"},{"id":"lookalike","u":"","p":"data:/secret.png"},"#
            + #"{"id":"svg","p":"data:image/svg+xml;base64,PHN2Zz4=","e":1},{"id":"missing","p":"gone.png"},{"id":"comp","layers":[]}],"layers":[{"ty":4}]}"#
        let loader = try SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get()
        let source = Asset(source: "content/tour/anim.json", destination: "tour/anim.json", root: loader.root)
        let embedded = try #require(MediaWorkshop.embedded(Array(lottie.utf8), source: source, loader: loader))
        let assets = try #require(try JSONDocument(embedded).root["assets"]?.items)
        let images = assets.filter { $0["layers"] == nil }
        #expect(images.count == 4)
        for image in images {
            #expect(image["e"]?.number == 1 && image["u"]?.string == "")
            #expect(LottieFile.decodablePrefixes.contains { image["p"]?.string?.hasPrefix($0) == true }, "\(image["id"]?.string ?? "")")
        }
        #expect(images.first?["p"]?.string == "data:image/png;base64," + Data(png).base64EncodedString())
        #expect(images.dropFirst().allSatisfy { $0["p"]?.string == "data:image/png;base64," })
    }

    @Test func aVideoAskedToPlayByItselfIsMarkedForTheRuntimeAndDescribed() throws {
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n\n![Demo](demo.mp4#autoplay)\n"])
        fileSystem.add("content/tour/demo.mp4", VideoHeaderTests.mp4(tracks: [VideoHeaderTests.track("vide", VideoHeaderTests.trackHeader(width: 320, height: 180))]))
        fileSystem.add("content/tour/demo.jpg", try Self.picture(320, 180, as: .jpeg))
        #expect(build(fileSystem).succeeded)
        let html = try #require(fileSystem.text("output/tour/index.html"))
        #expect(html.contains(#"controls playsinline preload="none" aria-label="Demo" muted loop data-autoplay"#) && !html.contains(" autoplay"))
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(try fileSystem.readFile("output/manifest.json")))
        #expect(manifest.flows.first?.pages.first?.videos == [ManifestVideo(src: "demo.mp4", width: 320, height: 180, poster: "demo.jpg", captions: [], autoplay: true)])
    }
}

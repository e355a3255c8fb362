import Foundation
import Imaging
import Testing
@testable import SitegenCore

@Suite struct ImageSizeTests {
    /// Whole images made by libvips, and each cut short: every cut is told, whatever its length
    /// (the header alone gives a size, so a cut photo used to be published broken).
    @Test(arguments: [Imaging.Format.png, .jpeg, .webp])
    func anImageCutShortAnywhereIsDamaged(_ format: Imaging.Format) throws {
        let whole = try MediaBuildTests.noise(64, 48, as: format)
        #expect(ImageSize.damage(in: whole) == nil)
        #expect(ImageSize.damage(in: whole + [0, 0, 0]) == nil, "bytes after the end are left alone, as browsers leave them")
        for length in stride(from: 16, to: whole.count - 1, by: max(1, whole.count / 40)) {
            let cut = Array(whole.prefix(length))
            guard ImageSize.read(cut) != nil else { continue }
            #expect(ImageSize.damage(in: cut) != nil, "\(format) cut at \(length) of \(whole.count) bytes")
        }
    }

    @Test func aGifIsWholeWithOneWholeImage() {
        let header = Array("GIF89a".utf8) + [0x02, 0x00, 0x02, 0x00, 0x00, 0, 0]
        let image: [UInt8] = [0x2C, 0, 0, 0, 0, 0x02, 0x00, 0x02, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
        #expect(ImageSize.damage(in: header + image + [0x3B]) == nil)
        #expect(ImageSize.damage(in: header + image) == nil, "a GIF without its trailer shows all the same")
        #expect(ImageSize.damage(in: header) == "it has no image")
        #expect(ImageSize.damage(in: header + image.dropLast()) == "it ends inside an image")
        #expect(ImageSize.damage(in: header + [0x21, 0xF9, 0x04, 0, 0]) == "it ends inside an extension block")
    }

    @Test func png() {
        #expect(ImageSize.read(pngBytes(width: 640, height: 1136)) == .init(width: 640, height: 1136))
    }

    @Test func gif() {
        let bytes = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0]
        #expect(ImageSize.read(bytes) == .init(width: 320, height: 240))
    }

    private func jpeg(width: Int, height: Int, orientation: Int?) -> [UInt8] {
        jpeg(width: width, height: height, orientations: orientation.map { [$0] } ?? [])
    }

    /// A JPEG header with an EXIF block for each of `orientations`, in order.
    private func jpeg(width: Int, height: Int, orientations: [Int]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00]  // an APP0 segment to skip
        for orientation in orientations { bytes += Self.exifSegment(orientation: orientation) }
        bytes += [0xFF, 0xC2, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        bytes += Array(repeating: 0, count: 12)
        return bytes
    }

    /// A JPEG APP1 segment holding EXIF with one tag, the orientation.
    static func exifSegment(orientation: Int) -> [UInt8] {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01]
        tiff += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(orientation), 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    @Test func jpegHonoursItsExifOrientation() {
        #expect(ImageSize.read(jpeg(width: 800, height: 600, orientation: nil)) == .init(width: 800, height: 600))
        #expect(ImageSize.read(jpeg(width: 800, height: 600, orientation: 1)) == .init(width: 800, height: 600))
        #expect(ImageSize.read(jpeg(width: 800, height: 600, orientation: 6)) == .init(width: 600, height: 800))
        // The first EXIF block is the one that counts, as for browsers and libvips.
        #expect(ImageSize.read(jpeg(width: 800, height: 600, orientations: [6, 1])) == .init(width: 600, height: 800))
        #expect(ImageSize.read(jpeg(width: 800, height: 600, orientations: [1, 6])) == .init(width: 800, height: 600))
    }

    private func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + payload
            + Array(repeating: 0, count: 16)
    }

    @Test func webpInItsThreeForms() {
        let lossy = webp("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x90, 0x01, 0x2C, 0x01])
        #expect(ImageSize.read(lossy) == .init(width: 400, height: 300))
        // Lossless: 14-bit width-1 and height-1 packed after the 0x2F signature.
        let width = 400 - 1, height = 300 - 1
        let bits = width | height << 14
        let lossless = webp("VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)])
        #expect(ImageSize.read(lossless) == .init(width: 400, height: 300))
        let extended = webp("VP8X", [0, 0, 0, 0, 0x8F, 0x01, 0x00, 0x2B, 0x01, 0x00])
        #expect(ImageSize.read(extended) == .init(width: 400, height: 300))
    }

    @Test(arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"></svg>"#, 480, 360),
        (#"<?xml version="1.0"?><!-- c --><svg width='120px' height='80px' viewBox="0 0 12 8"/>"#, 120, 80),
        (#"<svg viewBox="0 0 300 150"></svg>"#, 300, 150),
        (#"<svg width="100%" viewBox="0,0,64,32"></svg>"#, 64, 32),
        (#"<svg width="200" viewBox="0 0 100 50"></svg>"#, 200, 100),
    ])
    func svg(_ text: String, _ width: Int, _ height: Int) {
        #expect(ImageSize.read(Array(text.utf8)) == .init(width: width, height: height))
    }

    @Test func unknownOrSizelessFilesHaveNoSize() {
        #expect(ImageSize.read(Array("hello".utf8)) == nil)
        #expect(ImageSize.read(Array(#"<svg width="10em"></svg>"#.utf8)) == nil)
        #expect(ImageSize.read(Array(pngBytes(width: 0, height: 5))) == nil)
        #expect(ImageSize.read([0xFF, 0xD8, 0xFF]) == nil)
        #expect(ImageSize.read([]) == nil)
    }

    /// A size beyond 2³¹ − 1 pixels (PNG's own limit), or one that is not finite, cannot be
    /// written on an `<img>`: it is unreadable, never a trap.
    @Test(arguments: [
        #"<svg width="1e19" height="1"></svg>"#,
        #"<svg width="1" height="1e19"></svg>"#,
        #"<svg viewBox="0 0 1e30 1"></svg>"#,
        #"<svg width="1" viewBox="0 0 1e-300 1e300"></svg>"#,
        #"<svg height="1e300" viewBox="0 0 1e300 1e-300"></svg>"#,
        #"<svg width="2147483648" height="1"></svg>"#,
        #"<svg viewBox="0 0 inf 1"></svg>"#,
        #"<svg width="0.4" height="1"></svg>"#,
    ])
    func svgSizesOutOfRangeAreUnreadable(_ text: String) {
        #expect(ImageSize.read(Array(text.utf8)) == nil)
    }

    @Test func svgSizesUpToTheLimitAreRead() {
        #expect(ImageSize.read(Array(#"<svg width="2147483647" height="1"></svg>"#.utf8)) == .init(width: 2_147_483_647, height: 1))
    }

    @Test func pngSizesAbovePNGsOwnLimitAreUnreadable() {
        #expect(ImageSize.read(pngBytes(width: 2_147_483_647, height: 1)) == .init(width: 2_147_483_647, height: 1))
        #expect(ImageSize.read(pngBytes(width: 2_147_483_648, height: 1)) == nil)
        #expect(ImageSize.read(pngBytes(width: 1, height: 0xFFFF_FFFF)) == nil)
    }

    /// An animated GIF, APNG or WebP is told from a still one by its own structure.
    @Test func animationIsToldFromTheFilesStructure() throws {
        let corpus = Repository.root.appendingPathComponent("Tests/Fuzz/corpus/lottie")
        #expect(ImageSize.isAnimated(Array(try Data(contentsOf: corpus.appendingPathComponent("two-frames.gif")))))
        #expect(ImageSize.isAnimated(Array(try Data(contentsOf: corpus.appendingPathComponent("apng.png")))))
        var oneFrame = Array(try Data(contentsOf: corpus.appendingPathComponent("two-frames.gif")))
        oneFrame.removeSubrange((oneFrame.count - 11)..<(oneFrame.count - 1))
        #expect(!ImageSize.isAnimated(oneFrame), "one image descriptor")
        #expect(!ImageSize.isAnimated(pngBytes(width: 4, height: 3)))
        // Two frames that differ (the encoder makes one frame of two that are the same).
        let animated = try Imaging.animatedWebP(width: 2, height: 2, delays: [50, 50]) { frame, pixels in
            for index in pixels.indices { pixels[index] = index % 4 == 3 ? 255 : UInt8(frame * 200) }
            return true
        }
        #expect(ImageSize.isAnimated(animated))
        #expect(!ImageSize.isAnimated(try Imaging.encode(rgba: [UInt8](repeating: 255, count: 16), width: 2, height: 2, as: .webp).bytes))
        for cut in 0..<animated.count { _ = ImageSize.isAnimated(Array(animated.prefix(cut))) }
    }
}

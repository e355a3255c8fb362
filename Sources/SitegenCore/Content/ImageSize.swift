/// Reads an image's intrinsic pixel size from its header: PNG, JPEG (honouring its EXIF
/// orientation, as browsers do), GIF, WebP and SVG.
package enum ImageSize {
    package struct Size: Sendable, Equatable {
        package var width: Int
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The formats sitegen measures, for error messages.
    package static let formats = "PNG, JPEG, GIF, WebP or SVG"

    /// The largest width or height sitegen accepts: 2³¹ − 1, PNG's own limit and more than any
    /// browser lays out.
    package static let maximumDimension = Int(Int32.max)

    /// The image formats sitegen publishes.
    package enum Format: String, Sendable, CaseIterable {
        case png = "PNG", jpeg = "JPEG", gif = "GIF", webp = "WebP", svg = "SVG"

        /// The file name extensions of the format, lowercase.
        package var extensions: [String] {
            switch self {
            case .png: return ["png"]
            case .jpeg: return ["jpg", "jpeg"]
            case .gif: return ["gif"]
            case .webp: return ["webp"]
            case .svg: return ["svg"]
            }
        }

        /// The format a file name's extension names, in any case; nil for any other name.
        package init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: ".") else { return nil }
            let pathExtension = fileName[fileName.index(after: dot)...].lowercased()
            guard let format = Format.allCases.first(where: { $0.extensions.contains(pathExtension) }) else { return nil }
            self = format
        }

        /// What the bytes of a file say it is: the signature of a raster format, else SVG.
        package init(bytes: [UInt8]) {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if bytes.starts(with: [0xFF, 0xD8]) {
                self = .jpeg
            } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
                self = .gif
            } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
                self = .webp
            } else {
                self = .svg
            }
        }
    }

    package static func read(_ bytes: [UInt8]) -> Size? {
        let size: Size?
        switch Format(bytes: bytes) {
        case .png: size = png(bytes)
        case .jpeg: size = jpeg(bytes)
        case .gif: size = bytes.count >= 10 ? Size(width: bytes.uint16LE(6), height: bytes.uint16LE(8)) : nil
        case .webp: size = bytes.count >= 30 ? webp(bytes) : nil
        case .svg: size = SVGSize.read(bytes)
        }
        guard let size, (1...maximumDimension).contains(size.width), (1...maximumDimension).contains(size.height) else {
            return nil
        }
        return size
    }

    /// A length in pixels rounded to a whole number, or nil when it is not finite or rounds to
    /// a size outside 1…`maximumDimension`.
    static func dimension(_ length: Double) -> Int? {
        let rounded = length.rounded()
        guard rounded.isFinite, rounded >= 1, rounded <= Double(maximumDimension) else { return nil }
        return Int(rounded)
    }

    private static func png(_ bytes: [UInt8]) -> Size? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return Size(width: bytes.uint32BE(16), height: bytes.uint32BE(20))
    }

    private static func webp(_ bytes: [UInt8]) -> Size? {
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return Size(width: bytes.uint16LE(26) & 0x3FFF, height: bytes.uint16LE(28) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let b1 = Int(bytes[21]), b2 = Int(bytes[22]), b3 = Int(bytes[23]), b4 = Int(bytes[24])
            let width = 1 + (b1 | (b2 & 0x3F) << 8)
            let height = 1 + (b2 >> 6 | b3 << 2 | (b4 & 0x0F) << 10)
            return Size(width: width, height: height)
        case "VP8X":
            return Size(width: 1 + bytes.uint24LE(24), height: 1 + bytes.uint24LE(27))
        default:
            return nil
        }
    }

    private static func jpeg(_ bytes: [UInt8]) -> Size? {
        var offset = 2
        // The first EXIF block is the one browsers and libvips take; a later one (an editor's
        // copy, say) does not turn the image.
        var orientation: Int?
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            let length = bytes.uint16BE(offset + 2)
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let segment = offset + 4
            if orientation == nil, marker == 0xE1, length >= 8, Array(bytes[segment..<segment + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                orientation = exifOrientation(Array(bytes[(segment + 6)..<(offset + 2 + length)])) ?? 1
            }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame, length >= 7 {
                let height = bytes.uint16BE(segment + 1)
                let width = bytes.uint16BE(segment + 3)
                return (orientation ?? 1) >= 5 ? Size(width: height, height: width) : Size(width: width, height: height)
            }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation tag (1–8) of a TIFF-structured EXIF block.
    private static func exifOrientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian = tiff[0] == 0x49 && tiff[1] == 0x49
        guard littleEndian || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return nil }
        let u16 = { (at: Int) -> Int in littleEndian ? tiff.uint16LE(at) : tiff.uint16BE(at) }
        let u32 = { (at: Int) -> Int in littleEndian ? tiff.uint32LE(at) : tiff.uint32BE(at) }
        let directory = u32(4)
        guard directory + 2 <= tiff.count else { return nil }
        let count = u16(directory)
        for entry in 0..<count {
            let at = directory + 2 + entry * 12
            guard at + 12 <= tiff.count else { return nil }
            if u16(at) == 0x0112 {
                let value = u16(at + 8)
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    fileprivate func uint16LE(_ at: Int) -> Int { Int(self[at]) | Int(self[at + 1]) << 8 }
    fileprivate func uint16BE(_ at: Int) -> Int { Int(self[at]) << 8 | Int(self[at + 1]) }
    fileprivate func uint24LE(_ at: Int) -> Int { uint16LE(at) | Int(self[at + 2]) << 16 }
    fileprivate func uint32LE(_ at: Int) -> Int { uint16LE(at) | uint16LE(at + 2) << 16 }
    fileprivate func uint32BE(_ at: Int) -> Int { uint16BE(at) << 16 | uint16BE(at + 2) }
}

extension ImageSize {
    /// Whether `bytes` hold an animation: a GIF of more than one image, a PNG with an `acTL`
    /// chunk (APNG) of more than one frame, a WebP whose `VP8X` header says it is animated.
    /// Truncated or damaged files are read as far as they go.
    package static func isAnimated(_ bytes: [UInt8]) -> Bool {
        switch Format(bytes: bytes) {
        case .gif: return gifImages(bytes, stoppingAt: 2).count > 1
        case .png: return pngFrameCount(bytes) > 1
        case .webp:
            // RIFF header (12 bytes), then the first chunk: `VP8X` with its flags byte.
            return bytes.count >= 21 && Array(bytes[12..<16]) == Array("VP8X".utf8) && bytes[20] & 0x02 != 0
        case .jpeg, .svg: return false
        }
    }

    /// How many whole images a GIF holds, counting no further than `limit`, and what cuts it
    /// short if anything does: its blocks after the header and global colour table, each an
    /// extension or an image (its descriptor, local colour table and data), as sub-blocks of a
    /// length byte and that many bytes up to an empty one, to the trailer. A GIF without its
    /// trailer, or with bytes after its last block, shows as far as it goes.
    static func gifImages(_ bytes: [UInt8], stoppingAt limit: Int = .max) -> (count: Int, damage: String?) {
        guard bytes.count >= 13 else { return (0, "it ends inside its header") }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        var images = 0
        func skipSubBlocks() -> Bool {
            while index < bytes.count {
                let length = Int(bytes[index])
                index += 1 + length
                if length == 0 { return index <= bytes.count }
            }
            return false
        }
        while index < bytes.count, bytes[index] != 0x3B, images < limit {
            switch bytes[index] {
            case 0x21:
                index += 2
                guard skipSubBlocks() else { return (images, "it ends inside an extension block") }
            case 0x2C:
                guard index + 10 <= bytes.count else { return (images, "it ends inside an image") }
                let flags = bytes[index + 9]
                index += 11
                if flags & 0x80 != 0 { index += 3 << (Int(flags & 0x07) + 1) }
                guard skipSubBlocks() else { return (images, "it ends inside an image") }
                images += 1
            default:
                return (images, images > 0 ? nil : "it has no image")
            }
        }
        return (images, images > 0 ? nil : "it has no image")
    }

    /// The frame count an APNG's `acTL` chunk says, or 1 for a PNG without one.
    private static func pngFrameCount(_ bytes: [UInt8]) -> Int {
        var index = 8
        var chunks = 0
        while index + 8 <= bytes.count, chunks < 10_000 {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let type = Array(bytes[(index + 4)..<(index + 8)])
            if type == Array("IDAT".utf8) { return 1 }
            if type == Array("acTL".utf8), index + 12 <= bytes.count {
                return Int(bytes[index + 8]) << 24 | Int(bytes[index + 9]) << 16 | Int(bytes[index + 10]) << 8 | Int(bytes[index + 11])
            }
            guard length >= 0, length <= bytes.count else { return 1 }
            index += 12 + length
            chunks += 1
        }
        return 1
    }
}

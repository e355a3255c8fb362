extension ImageSize {
    /// What is missing from a raster image that is cut short or damaged, or nil for one whose
    /// structure is whole: a PNG's chunks up to `IEND`, a JPEG's markers and its end after the
    /// image data, a GIF's blocks with at least one whole image, a WebP's RIFF size. A header
    /// alone gives a size, but the image is published broken; only the build's decoding of the
    /// images it resizes found that, so `check` passed what `build` refused. The pixels are not
    /// decoded here.
    package static func damage(in bytes: [UInt8]) -> String? {
        switch Format(bytes: bytes) {
        case .png: return pngDamage(bytes)
        case .jpeg: return jpegDamage(bytes)
        case .gif: return gifImages(bytes).damage
        case .webp: return webpDamage(bytes)
        case .svg: return nil
        }
    }

    private static func pngDamage(_ bytes: [UInt8]) -> String? {
        var index = 8
        var hasData = false
        while index + 12 <= bytes.count {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard index + 12 + length <= bytes.count else { break }
            let type = bytes[(index + 4)..<(index + 8)]
            if type.elementsEqual("IDAT".utf8) { hasData = true }
            if type.elementsEqual("IEND".utf8) { return hasData ? nil : "it has no image data (no IDAT chunk)" }
            index += 12 + length
        }
        return "it ends before its last chunk (IEND)"
    }

    private static func jpegDamage(_ bytes: [UInt8]) -> String? {
        var index = 2
        // Each marker segment up to the first scan: FF, the marker, and a length that counts itself.
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { break }
            if marker == 0xDA {
                // In the scans' data a byte FF is always followed by 00 or a restart marker, so
                // the first FF D9 after the first scan begins is the end of the image.
                var at = index + 2 + length
                while at + 1 < bytes.count {
                    if bytes[at] == 0xFF, bytes[at + 1] == 0xD9 { return nil }
                    at += 1
                }
                return "it ends before its end-of-image marker"
            }
            index += 2 + length
        }
        return "it ends before its image data"
    }

    private static func webpDamage(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 12 else { return "it ends inside its header" }
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return 8 + size <= bytes.count ? nil : "it is \(bytes.count) bytes long, where its header says \(8 + size)"
    }
}

internal import CVips

/// Image work through libvips, the project's only importer of it: shrinking a photo to the
/// widths a page shows it at, the first frame of an animated image, and an animated WebP drawn
/// frame by frame. Every function takes and returns encoded bytes; libvips is started the first
/// time one is called, and runs one thread per call (callers run calls on every core).
package enum Imaging {
    /// What an encoded result is written as.
    package enum Format: Sendable {
        case webp, jpeg, png
    }

    /// Why libvips could not do it, in its words.
    package struct Failure: Error, Sendable, Equatable {
        package var message: String

        package init(message: String) {
            self.message = message
        }
    }

    /// An encoded image and its pixel size.
    package struct Encoded: Sendable {
        package var bytes: [UInt8]
        package var width: Int
        package var height: Int
    }

    /// The quality lossy results are saved at: photos look the same and weigh a third.
    package static let quality = 80

    /// libvips' version, which a cache of results made with it names.
    package static var version: String { String(cString: sg_vips_version()) }

    /// Why libvips cannot be used, found when the first image opens it.
    private static let started: Failure? = {
        if let problem = sg_vips_open_problem() { return Failure(message: "libvips cannot start: " + String(cString: problem)) }
        return sg_vips_start() == 0 ? nil : takeError("libvips cannot start")
    }()

    /// `bytes` (PNG, JPEG, GIF, WebP) shrunk to each size of `versions`, each in its format,
    /// turned as its EXIF orientation says and without its metadata. The image is decoded once,
    /// shrunk to `base` pixels wide (never enlarged) from the file, and each version made from
    /// that, exactly the size asked, so that a version's bytes depend on `base` and never on
    /// which others are asked with it. In the order asked.
    package static func versions(_ bytes: [UInt8], _ versions: [(width: Int, height: Int, format: Format)], from base: Int) throws(Failure) -> [Encoded] {
        if let started { throw started }
        guard !versions.isEmpty else { return [] }
        let decoded = bytes.withUnsafeBytes { sg_vips_thumbnail_in_memory($0.baseAddress, $0.count, Int32(clamping: base)) }
        guard let decoded else { throw takeError("cannot decode the image (is it damaged or cut short?)") }
        defer { sg_vips_unref(decoded) }
        let decodedSize = (width: Int(sg_vips_width(decoded)), height: Int(sg_vips_height(decoded)))
        var results: [Encoded] = []
        for version in versions {
            if (version.width, version.height) == decodedSize {
                results.append(try encode(decoded, as: version.format))
                continue
            }
            guard let shrunk = sg_vips_shrink(decoded, Int32(clamping: version.width), Int32(clamping: version.height)) else {
                throw takeError("cannot shrink the image")
            }
            defer { sg_vips_unref(shrunk) }
            results.append(try encode(shrunk, as: version.format))
        }
        return results
    }

    /// The first frame of `bytes` (an animated GIF, PNG or WebP), as `format`.
    package static func firstFrame(_ bytes: [UInt8], as format: Format) throws(Failure) -> Encoded {
        if let started { throw started }
        let image = bytes.withUnsafeBytes { sg_vips_load($0.baseAddress, $0.count) }
        guard let image else { throw takeError("cannot read the image") }
        defer { sg_vips_unref(image) }
        return try encode(image, as: format)
    }

    /// `rgba` (`width` × `height` pixels, 4 bytes each, not premultiplied) as `format`.
    package static func encode(rgba: [UInt8], width: Int, height: Int, as format: Format) throws(Failure) -> Encoded {
        if let started { throw started }
        guard width > 0, height > 0, rgba.count == width * height * 4 else { throw Failure(message: "the pixels do not fill \(width) × \(height)") }
        let image = rgba.withUnsafeBytes { sg_vips_from_rgba($0.baseAddress, Int32(width), Int32(height)) }
        guard let image else { throw takeError("cannot make the image") }
        defer { sg_vips_unref(image) }
        return try encode(image, as: format)
    }

    /// An animated WebP, looping, of `delays.count` frames of `width` × `height`, each shown for
    /// its delay in milliseconds; `frame` draws frame n into the RGBA buffer it is given (and
    /// returns false to give up), when the encoder reaches it, so that a frame is held at a time.
    package static func animatedWebP(
        width: Int, height: Int, delays: [Int], frame: @escaping (Int, UnsafeMutableBufferPointer<UInt8>) -> Bool
    ) throws(Failure) -> [UInt8] {
        if let started { throw started }
        guard width > 0, height > 0, !delays.isEmpty, height <= Int(Int32.max) / delays.count else {
            throw Failure(message: "an animation of \(delays.count) frames of \(width) × \(height) is not one libvips can make")
        }
        final class Source {
            let draw: (Int, UnsafeMutableBufferPointer<UInt8>) -> Bool
            let count: Int
            init(_ draw: @escaping (Int, UnsafeMutableBufferPointer<UInt8>) -> Bool, count: Int) {
                self.draw = draw
                self.count = count
            }
        }
        let source = Source(frame, count: width * height * 4)
        var data: UnsafeMutableRawPointer?
        var length = 0
        let delays32 = delays.map { Int32(clamping: $0) }
        let result = withExtendedLifetime(source) {
            delays32.withUnsafeBufferPointer { delays in
                sg_vips_animated_webp(
                    Int32(width), Int32(height), Int32(delays.count), delays.baseAddress,
                    { context, frame, pixels in
                        guard let context, let pixels else { return -1 }
                        let source = Unmanaged<Source>.fromOpaque(context).takeUnretainedValue()
                        return source.draw(Int(frame), UnsafeMutableBufferPointer(start: pixels, count: source.count)) ? 0 : -1
                    }, Unmanaged.passUnretained(source).toOpaque(), Int32(quality), &data, &length)
            }
        }
        guard result == 0, let data else { throw takeError("cannot make the animation") }
        defer { sg_vips_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// Decoded pixels of an image: sRGB, RGBA, 8 bits a channel.
    package struct Pixels: Sendable {
        package var rgba: [UInt8]
        package var width: Int
        package var height: Int
        /// How many frames the file has (1 for a still image).
        package var pages: Int

        /// The pixel at (`x`, `y`): red, green, blue, alpha.
        package subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let offset = (y * width + x) * 4
            return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
        }
    }

    /// Frame `page` of `bytes` (any format libvips reads), decoded: for checking what was made.
    package static func decode(_ bytes: [UInt8], page: Int = 0) throws(Failure) -> Pixels {
        if let started { throw started }
        let image = bytes.withUnsafeBytes { sg_vips_load_page($0.baseAddress, $0.count, Int32(page)) }
        guard let image else { throw takeError("cannot read the image") }
        defer { sg_vips_unref(image) }
        var length = 0
        guard let pixels = sg_vips_rgba(image, &length) else { throw takeError("cannot decode the image") }
        defer { sg_vips_free(pixels) }
        return Pixels(
            rgba: Array(UnsafeRawBufferPointer(start: pixels, count: length)), width: Int(sg_vips_width(image)),
            height: Int(sg_vips_height(image)), pages: Int(sg_vips_pages(image)))
    }

    private static func encode(_ image: UnsafeMutablePointer<VipsImage>, as format: Format) throws(Failure) -> Encoded {
        var data: UnsafeMutableRawPointer?
        var length = 0
        let result: Int32
        switch format {
        case .webp: result = sg_vips_webp(image, Int32(quality), 0, &data, &length)
        case .jpeg: result = sg_vips_jpeg(image, Int32(quality), &data, &length)
        case .png: result = sg_vips_png(image, &data, &length)
        }
        guard result == 0, let data else { throw takeError("cannot write the image") }
        defer { sg_vips_free(data) }
        return Encoded(bytes: Array(UnsafeRawBufferPointer(start: data, count: length)), width: Int(sg_vips_width(image)), height: Int(sg_vips_height(image)))
    }

    private static func takeError(_ what: String) -> Failure {
        guard let text = sg_vips_take_error() else { return Failure(message: what) }
        defer { sg_vips_free(text) }
        let said = String(cString: text).split(separator: "\n").first.map(String.init) ?? ""
        return Failure(message: said.isEmpty ? what : what + ": " + said)
    }
}

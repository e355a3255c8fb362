import CRlottie

/// A Lottie animation loaded into rlottie, the project's only importer of it, to draw its frames
/// at build time. Loaded from bytes alone, with no folder to read images from: a file's images
/// reach it embedded, so rlottie never opens a file. Not for use from two threads at once.
package final class LottiePlayer {
    private let animation: OpaquePointer

    /// The animation's own size, frame count and frame rate, as rlottie read them.
    package let width: Int
    package let height: Int
    package let frameCount: Int
    package let frameRate: Double

    /// Loads `json`; nil when rlottie cannot read it.
    package init?(json: [UInt8]) {
        var text = json
        text.append(0)
        let loaded = text.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: buffer.count) { lottie_animation_from_data($0, "", "") }
            } ?? nil
        }
        guard let loaded else { return nil }
        animation = loaded
        var width = 0
        var height = 0
        lottie_animation_get_size(loaded, &width, &height)
        self.width = width
        self.height = height
        frameCount = lottie_animation_get_totalframe(loaded)
        frameRate = lottie_animation_get_framerate(loaded)
    }

    deinit {
        lottie_animation_destroy(animation)
    }

    /// Draws frame `frame` scaled to `width` × `height` into `rgba` (4 bytes a pixel, red first,
    /// not premultiplied; transparent where the animation draws nothing).
    package func draw(frame: Int, width: Int, height: Int, into rgba: UnsafeMutableBufferPointer<UInt8>) {
        precondition(rgba.count >= width * height * 4, "the buffer holds the frame")
        guard let base = rgba.baseAddress else { return }
        base.initialize(repeating: 0, count: width * height * 4)
        base.withMemoryRebound(to: UInt32.self, capacity: width * height) { pixels in
            lottie_animation_render(animation, max(0, min(frame, frameCount - 1)), pixels, width, height, width * 4)
        }
        // rlottie draws premultiplied ARGB words (B, G, R, A in memory); browsers and libvips want straight RGBA.
        for offset in stride(from: 0, to: width * height * 4, by: 4) {
            let blue = base[offset], green = base[offset + 1], red = base[offset + 2], alpha = base[offset + 3]
            guard alpha != 0 else { continue }
            func straight(_ value: UInt8) -> UInt8 {
                alpha == 255 ? value : UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
            }
            base[offset] = straight(red)
            base[offset + 1] = straight(green)
            base[offset + 2] = straight(blue)
        }
    }
}

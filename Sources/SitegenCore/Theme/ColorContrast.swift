import Diagnostics
import Foundation

/// WCAG 2 contrast between two CSS colours written as `#rgb`, `#rrggbb` or `rgb(r, g, b)`.
enum ColorContrast {
    /// The contrast ratio (1 to 21), or nil when a colour is not in a form this reads.
    static func ratio(_ first: String, _ second: String) -> Double? {
        guard let a = luminance(first), let b = luminance(second) else { return nil }
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Relative luminance, as WCAG 2 defines it.
    static func luminance(_ color: String) -> Double? {
        guard let (r, g, b) = components(color.trimmingBlanks.lowercased()) else { return nil }
        func linear(_ channel: Double) -> Double {
            let c = channel / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    private static func components(_ color: String) -> (Double, Double, Double)? {
        if color.hasPrefix("#") {
            var hex = String(color.dropFirst())
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
            return (Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
        }
        if color.hasPrefix("rgb(") && color.hasSuffix(")") {
            let numbers = color.dropFirst(4).dropLast().split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
            guard numbers.count == 3, numbers.allSatisfy({ (0...255).contains($0) }) else { return nil }
            return (numbers[0], numbers[1], numbers[2])
        }
        return nil
    }
}

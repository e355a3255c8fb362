import Diagnostics

/// The size an SVG file renders at by default: its root element's `width` and `height` in
/// pixels, or else the size of its `viewBox`.
enum SVGSize {
    static func read(_ bytes: [UInt8]) -> ImageSize.Size? {
        // The root element is nearly always in the first 64 KB; only a file whose long prolog
        // hides it is read whole.
        let head = String(validating: bytes.prefix(64 * 1024), as: UTF8.self)
        guard let attributes = head.flatMap(rootAttributes) ?? String(validating: bytes, as: UTF8.self).flatMap(rootAttributes)
        else { return nil }
        let width = attributes["width"].flatMap(pixels)
        let height = attributes["height"].flatMap(pixels)
        let viewBox = attributes["viewBox"].map {
            $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { number(String($0)) }
        }
        let boxSize = viewBox.flatMap { box in
            box.count == 4 && box[2] > 0 && box[3] > 0 && box[2].isFinite && box[3].isFinite ? (box[2], box[3]) : nil
        }
        let lengths: (Double, Double)
        switch (width, height, boxSize) {
        case let (width?, height?, _): lengths = (width, height)
        case let (width?, nil, box?): lengths = (width, width * box.1 / box.0)
        case let (nil, height?, box?): lengths = (height * box.0 / box.1, height)
        case let (nil, nil, box?): lengths = box
        default: return nil
        }
        guard let pixelWidth = ImageSize.dimension(lengths.0), let pixelHeight = ImageSize.dimension(lengths.1) else {
            return nil
        }
        return ImageSize.Size(width: pixelWidth, height: pixelHeight)
    }

    /// CSS's absolute units, in pixels (96 to the inch, as browsers draw them).
    private static let units: [(suffix: String, pixels: Double)] = [
        ("px", 1), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4), ("q", 96 / 101.6), ("pt", 96.0 / 72), ("pc", 16),
    ]

    /// A length in CSS pixels: unitless, or in an absolute unit (`px`, `in`, `cm`, `mm`, `Q`,
    /// `pt`, `pc`); relative ones (`em`, `%`) have no fixed pixel size.
    private static func pixels(_ value: String) -> Double? {
        let trimmed = value.trimmingBlanks
        let unit = units.first { trimmed.lowercased().hasSuffix($0.suffix) }
        guard let length = number(String(trimmed.dropLast(unit?.suffix.count ?? 0))), length > 0 else { return nil }
        return length * (unit?.pixels ?? 1)
    }

    /// A number as SVG writes one (`12`, `-0.5`, `1e3`): not Swift's other spellings, such as
    /// hexadecimal (`0x10`), `inf` or `nan`.
    private static func number(_ text: String) -> Double? {
        let allowed = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.eE".utf8.contains(byte)
        }
        guard allowed, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The attributes of the first `<svg` start tag, skipping the prolog, comments and doctype.
    private static func rootAttributes(_ text: String) -> [String: String]? {
        var scanner = Substring(text)
        while let open = scanner.firstIndex(of: "<") {
            scanner = scanner[scanner.index(after: open)...]
            if scanner.hasPrefix("!--") {
                guard let end = scanner.range(of: "-->") else { return nil }
                scanner = scanner[end.upperBound...]
                continue
            }
            if scanner.hasPrefix("?") || scanner.hasPrefix("!") { continue }
            let name = scanner.prefix { !($0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == ">" || $0 == "/") }
            guard name == "svg" || name.hasSuffix(":svg") else { return nil }
            return attributes(in: scanner.dropFirst(name.count))
        }
        return nil
    }

    private static func attributes(in tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = tag
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard let first = rest.first, first != ">", first != "/" else { return result }
            let name = rest.prefix { $0 != "=" && $0 != " " && $0 != ">" && $0 != "\n" && $0 != "\t" }
            rest = rest.dropFirst(name.count).drop { $0 == " " }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return result }
            rest = rest.dropFirst()
            let value = rest.prefix { $0 != quote }
            result[String(name)] = String(value)
            rest = rest.dropFirst(value.count + 1)
        }
    }
}

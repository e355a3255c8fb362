extension EmbedBuilder {
    /// The theme's stylesheet as it applies inside a shadow root: what it says of the document
    /// (`:root`, `html`, `body`) it says of the shadow's host and the embed's wrapper; its rules
    /// for pages without JavaScript never apply (the embed runs only with it); and lengths in
    /// `rem`, which the embedding page's root font size would scale, are in pixels (16 to the rem).
    static func shadowStylesheet(_ css: String) -> String {
        remInPixels(
            css.replacing(":root:not(.sg-js)", with: ".sg-no-js")
                .replacing(":root", with: ":host")
                .replacing("\nhtml {", with: "\n:host {")
                .replacing("\nbody {", with: "\n.sg-embed {"))
    }

    /// `css` with each length in `rem` (`1.5rem`, `.5rem`, `2rem`) in pixels, 16 to the rem: ASCII
    /// digits, a point and digits after it or not, then `rem` that no letter, digit or `_`
    /// continues. Found in one pass over the bytes, leftmost first, as the pattern
    /// `\d*\.?\d+rem\b` finds them. A number too large to be a length in pixels stays as it is.
    static func remInPixels(_ css: String) -> String {
        let bytes = Array(css.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        func digits(from index: Int) -> Int {
            var end = index
            while isDigit(end) { end += 1 }
            return end
        }
        var result: [UInt8] = []
        var copied = 0
        var start = 0
        while start < bytes.count {
            let integerEnd = digits(from: start)
            var numberEnd = integerEnd
            if integerEnd < bytes.count, bytes[integerEnd] == UInt8(ascii: "."), isDigit(integerEnd + 1) {
                numberEnd = digits(from: integerEnd + 1)
            }
            if numberEnd > start, isRemUnit(bytes, at: numberEnd), let pixels = pixels(ofRem: bytes[start..<numberEnd]) {
                if result.isEmpty { result.reserveCapacity(bytes.count) }
                result += bytes[copied..<start]
                result += pixels.utf8
                copied = numberEnd + 3
                start = copied
            } else {
                // Every later start inside the same run of digits ends the same way.
                start = integerEnd > start ? integerEnd : start + 1
            }
        }
        guard copied > 0 else { return css }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `rem` starts at `index` and ends a word there, as Unicode's word boundaries have it:
    /// not before a letter, number, mark or `_` (`remé`, `rem2`), nor before `:`, `.` or `'` that
    /// a letter follows (`rem.x`).
    private static func isRemUnit(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: "r"), bytes[index + 1] == UInt8(ascii: "e"),
            bytes[index + 2] == UInt8(ascii: "m")
        else { return false }
        var scalars = String(decoding: bytes[(index + 3)...].prefix(8), as: UTF8.self).unicodeScalars.makeIterator()
        guard let next = scalars.next() else { return true }
        if continuesWord(next) { return false }
        if [":", ".", "'"].contains(next), let after = scalars.next(), after.properties.isAlphabetic { return false }
        return true
    }

    /// Whether `scalar` after a letter leaves no word boundary between them.
    private static func continuesWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation, .format:
            return true
        default:
            return scalar.properties.isAlphabetic
        }
    }

    /// `number` rem in pixels, as CSS writes it; nil when that is not a finite length.
    private static func pixels(ofRem number: ArraySlice<UInt8>) -> String? {
        guard let rem = Double(String(decoding: number, as: UTF8.self)) else { return nil }
        let pixels = rem * 16
        guard pixels.isFinite else { return nil }
        return (pixels.rounded() == pixels && pixels < 1e15 ? String(Int(pixels)) : String(pixels)) + "px"
    }
}

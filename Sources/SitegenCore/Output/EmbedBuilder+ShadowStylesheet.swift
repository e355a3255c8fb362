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

    /// `css` with each length in `rem` in pixels, 16 to the rem, read as CSS tokenizes it: a
    /// number (`1.5`, `.5`, `-2`, `1e3`) with the unit `rem` in any case. Strings, comments,
    /// `url(…)`, names (`.b2rem`, `#a2rem`, `--2rem`) and other units (`2rem-x`) stay as they are,
    /// and so does a number too large to be a length in pixels.
    static func remInPixels(_ css: String) -> String {
        let bytes = Array(css.utf8)
        var result: [UInt8] = []
        var copied = 0
        var index = 0
        func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }
        func isDigit(_ at: Int) -> Bool { byte(at).map { (0x30...0x39).contains($0) } ?? false }
        func isNameStart(_ at: Int) -> Bool {
            guard let byte = byte(at) else { return false }
            return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
                || (byte == UInt8(ascii: "\\") && at + 1 < bytes.count && bytes[at + 1] != UInt8(ascii: "\n"))
        }
        func isName(_ at: Int) -> Bool { isNameStart(at) || isDigit(at) || byte(at) == UInt8(ascii: "-") }
        // The end of the name starting at `at`, escapes and all.
        func nameEnd(from at: Int) -> Int {
            var end = at
            while isName(end) { end += byte(end) == UInt8(ascii: "\\") ? 2 : 1 }
            return min(end, bytes.count)
        }
        func startsName(_ at: Int) -> Bool {
            byte(at) == UInt8(ascii: "-") ? isNameStart(at + 1) || byte(at + 1) == UInt8(ascii: "-") : isNameStart(at)
        }
        // The end of the number starting at `at`, if one does: sign, digits, fraction, exponent.
        func numberEnd(from at: Int) -> Int? {
            var end = at
            if byte(end) == UInt8(ascii: "+") || byte(end) == UInt8(ascii: "-") { end += 1 }
            guard isDigit(end) || (byte(end) == UInt8(ascii: ".") && isDigit(end + 1)) else { return nil }
            while isDigit(end) { end += 1 }
            if byte(end) == UInt8(ascii: "."), isDigit(end + 1) {
                end += 1
                while isDigit(end) { end += 1 }
            }
            if byte(end) == UInt8(ascii: "e") || byte(end) == UInt8(ascii: "E") {
                let sign = byte(end + 1) == UInt8(ascii: "+") || byte(end + 1) == UInt8(ascii: "-") ? 1 : 0
                if isDigit(end + 1 + sign) {
                    end += 1 + sign
                    while isDigit(end) { end += 1 }
                }
            }
            return end
        }
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                // A comment, to its end.
                var end = index + 2
                while end < bytes.count, !(bytes[end] == UInt8(ascii: "*") && byte(end + 1) == UInt8(ascii: "/")) { end += 1 }
                index = min(end + 2, bytes.count)
            } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                // A string, to its closing quote or the line's end.
                var end = index + 1
                while end < bytes.count, bytes[end] != current, bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(end + 1, bytes.count)
            } else if let end = numberEnd(from: index), !(current == UInt8(ascii: "-") && startsName(index)) {
                let unitEnd = startsName(end) ? nameEnd(from: end) : end
                let unit = String(decoding: bytes[end..<unitEnd], as: UTF8.self)
                if unit.lowercased() == "rem", let pixels = pixels(ofRem: bytes[index..<end]) {
                    if result.isEmpty { result.reserveCapacity(bytes.count) }
                    result += bytes[copied..<index]
                    result += pixels.utf8
                    copied = unitEnd
                }
                index = unitEnd
            } else if startsName(index) || current == UInt8(ascii: "#") || current == UInt8(ascii: "@") {
                // A name (an identifier, a hash, an at-keyword); `url(` takes what follows to `)`.
                let start = current == UInt8(ascii: "#") || current == UInt8(ascii: "@") ? index + 1 : index
                let end = max(nameEnd(from: start), index + 1)
                let name = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
                if name == "url", byte(end) == UInt8(ascii: "(") {
                    var close = end + 1
                    while close < bytes.count, bytes[close] != UInt8(ascii: ")") { close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1 }
                    index = min(close + 1, bytes.count)
                } else {
                    index = end
                }
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return css }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// `number` rem in pixels, as CSS writes it, keeping a written `+`; nil when that is not a
    /// finite length.
    private static func pixels(ofRem number: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: number, as: UTF8.self)
        guard let rem = Double(text) else { return nil }
        let pixels = rem * 16
        guard pixels.isFinite else { return nil }
        let written = pixels.rounded() == pixels && abs(pixels) < 1e15 ? String(Int(pixels)) : String(pixels)
        return (text.hasPrefix("+") ? "+" : "") + written + "px"
    }
}

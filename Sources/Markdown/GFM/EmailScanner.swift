/// cmark-gfm's e-mail autolinks, found in text as cmark read it: `name@domain.tld`, and
/// `mailto:` and `xmpp:` addresses (an `xmpp:` one with a resource path).
enum EmailScanner {
    struct Match {
        var range: Range<Int>
        var url: [UInt8]
    }

    static func links(in text: [UInt8]) -> [Match] {
        var matches: [Match] = []
        var offset = 0
        var depth = 0
        while offset < text.count, depth < 1000, let at = text[offset...].firstIndex(of: UInt8(ascii: "@")) {
            depth += 1
            guard let match = link(in: text, at: at, floor: offset) else {
                offset = at + 1
                continue
            }
            matches.append(match)
            offset = match.range.upperBound
        }
        return matches
    }

    private static func link(in text: [UInt8], at: Int, floor: Int) -> Match? {
        var start = at
        var mailto = true
        var xmpp = false
        while start > floor {
            let byte = text[start - 1]
            if isAlphanumeric(byte) || ".+-_".utf8.contains(byte) {
                start -= 1
                continue
            }
            if byte == UInt8(ascii: ":") {
                if hasProtocol("mailto:", text, colon: start - 1, floor: floor) {
                    mailto = false
                    start -= 1
                    continue
                }
                if hasProtocol("xmpp:", text, colon: start - 1, floor: floor) {
                    mailto = false
                    xmpp = true
                    start -= 1
                    continue
                }
            }
            break
        }
        guard start < at else { return nil }
        var end = at
        var ats = 0
        var periods = 0
        while end < text.count {
            let byte = text[end]
            if isAlphanumeric(byte) {
            } else if byte == UInt8(ascii: "@") {
                ats += 1
            } else if byte == UInt8(ascii: "."), end + 1 < text.count, isAlphanumeric(text[end + 1]) {
                periods += 1
            } else if byte == UInt8(ascii: "/"), xmpp {
            } else if byte != UInt8(ascii: "-"), byte != UInt8(ascii: "_") {
                break
            }
            end += 1
        }
        let length = end - at
        guard length >= 2, ats == 1, periods > 0, isAlpha(text[end - 1]) || text[end - 1] == UInt8(ascii: ".") else { return nil }
        let trimmed = URLScanner.trimmedEnd(text[at...], length)
        guard trimmed > 0 else { return nil }
        let address = Array(text[start..<(at + trimmed)])
        return Match(range: start..<(at + trimmed), url: mailto ? Array("mailto:".utf8) + address : address)
    }

    /// Whether `protocol` (`mailto:`) ends at `colon`, with no letter or digit just before it.
    private static func hasProtocol(_ name: String, _ text: [UInt8], colon: Int, floor: Int) -> Bool {
        let bytes = Array(name.utf8)
        let start = colon + 1 - bytes.count
        guard start >= floor, Array(text[start...colon]) == bytes else { return false }
        return start == floor || !isAlphanumeric(text[start - 1])
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isAlpha(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

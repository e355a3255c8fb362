/// cmark-gfm's scanners for `www.` and URL autolinks, on text as written.
enum URLScanner {
    struct Match {
        var range: Range<Int>
        var url: [UInt8]
    }

    /// A `www.` link starting at `index`, after a blank, the start of the line or one of `*_~(`.
    static func www(_ bytes: [UInt8], at index: Int, before: Unicode.Scalar?, endsSubject: Bool) -> Match? {
        guard bytes[index] == UInt8(ascii: "w"), bytes[index...].starts(with: Array("www.".utf8)) else { return nil }
        if index > 0 {
            let previous = bytes[index - 1]
            guard previous.isCmarkSpace || "*_~(".utf8.contains(previous) else { return nil }
        } else if let before, !(before.isASCII && (UInt8(before.value).isCmarkSpace || "*_~(".utf8.contains(UInt8(before.value)))) {
            return nil
        }
        let data = bytes[index...]
        let size = data.count + (endsSubject ? 0 : 1)
        let domain = checkDomain(data, size: size, allowShort: false)
        guard domain > 0 else { return nil }
        var end = domain
        while end < data.count, !data[data.startIndex + end].isCmarkSpace { end += 1 }
        end = trimmedEnd(data, end)
        guard end > 0 else { return nil }
        return Match(range: index..<(index + end), url: Array("http://".utf8) + data.prefix(end))
    }

    /// An `http://`, `https://` or `ftp://` link whose `:` is at `index`, its scheme the letters
    /// before it (back to `floor` at most).
    static func url(_ bytes: [UInt8], at index: Int, from floor: Int, endsSubject: Bool) -> Match? {
        guard bytes[index] == UInt8(ascii: ":"), index + 3 < bytes.count + (endsSubject ? 0 : 1),
            index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return nil }
        var start = index
        while start > floor, isAlpha(bytes[start - 1]) { start -= 1 }
        let scheme = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        guard ["http", "https", "ftp"].contains(scheme), index + 3 < bytes.count, isHostChar(bytes[(index + 3)...]) else {
            return nil
        }
        let data = bytes[index...]
        let size = data.count + (endsSubject ? 0 : 1)
        let domain = checkDomain(data.dropFirst(3), size: size - 3, allowShort: true)
        guard domain > 0 else { return nil }
        var end = 3 + domain
        while end < data.count, !data[data.startIndex + end].isCmarkSpace { end += 1 }
        let whole = bytes[start...]
        let trimmed = trimmedEnd(whole, end + (index - start))
        guard trimmed > 0 else { return nil }
        return Match(range: start..<(start + trimmed), url: Array(whole.prefix(trimmed)))
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Neither a blank nor punctuation; a byte inside a UTF-8 sequence is not one (as in cmark-gfm).
    static func isHostChar(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first & 0xC0 != 0x80 else { return false }
        let scalar = RawText.scalar(startingAt: bytes.startIndex, in: bytes)
        return !scalar.isFlankingSpace && !scalar.isFlankingPunctuation
    }

    /// The length of a valid domain at the start of `data` (the first byte taken as it is), 0 for none.
    private static func checkDomain(_ data: ArraySlice<UInt8>, size: Int, allowShort: Bool) -> Int {
        var periods = 0
        var underscoresBefore = 0
        var underscores = 0
        var index = 1
        while index < size - 1 {
            if index >= data.count { break }
            if data[data.startIndex + index] == UInt8(ascii: "\\"), index < size - 2 { index += 1 }
            guard index < data.count else { break }
            let byte = data[data.startIndex + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                periods += 1
            } else if !isHostChar(data[(data.startIndex + index)...]) && byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if underscoresBefore > 0 || underscores > 0 { return 0 }
        return allowShort || periods > 0 ? index : 0
    }

    /// cmark-gfm's end of an autolink: before a `<`, without trailing punctuation, an entity
    /// reference or unbalanced closing parentheses.
    /// The parentheses are counted once, then as they are trimmed: counted again for each `)` at
    /// the end, `www.a.com` and a million of them took minutes.
    static func trimmedEnd(_ data: ArraySlice<UInt8>, _ length: Int) -> Int {
        var end = length
        if let less = data.prefix(end).firstIndex(of: UInt8(ascii: "<")) { end = less - data.startIndex }
        var parentheses: (opening: Int, closing: Int)?
        while end > 0 {
            let last = data[data.startIndex + end - 1]
            if "?!.,:*_~'\"".utf8.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ";") {
                var probe = end - 2
                while probe > 0, isAlpha(data[data.startIndex + probe]) { probe -= 1 }
                if probe < end - 2, data[data.startIndex + probe] == UInt8(ascii: "&") {
                    end = probe
                } else {
                    end -= 1
                }
            } else if last == UInt8(ascii: ")") {
                // What is trimmed before the first `)` holds none (punctuation and entities).
                let counted = parentheses ?? data.prefix(end).reduce(into: (opening: 0, closing: 0)) { counts, byte in
                    if byte == UInt8(ascii: "(") { counts.opening += 1 } else if byte == UInt8(ascii: ")") { counts.closing += 1 }
                }
                if counted.closing <= counted.opening { break }
                parentheses = (counted.opening, counted.closing - 1)
                end -= 1
            } else {
                break
            }
        }
        return end
    }
}

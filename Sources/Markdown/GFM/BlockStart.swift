/// Whether a line would open a block of its own where a table row could go: cmark-gfm ends a table
/// at such a line (a quote, heading, fence, HTML block, rule or list item), where cmark's paragraph
/// might have gone on.
enum BlockStart {
    static func opens(_ line: ArraySlice<UInt8>, footnotes: Bool) -> Bool {
        let bytes = Array(line.drop { $0 == 0x20 || $0 == 0x09 })
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: ">"):
            return true
        case UInt8(ascii: "#"):
            let level = bytes.prefix { $0 == UInt8(ascii: "#") }.count
            return level <= 6 && (bytes.count == level || bytes[level] == 0x20 || bytes[level] == 0x09)
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            let run = bytes.prefix { $0 == first }.count
            return run >= 3 && (first == UInt8(ascii: "~") || !bytes[run...].contains(first))
        case UInt8(ascii: "<"):
            return isHTMLBlockStart(bytes)
        case UInt8(ascii: "["):
            return footnotes && FootnoteLabel.definitionPrefix(bytes[...]) != nil
        default:
            return isThematicBreak(bytes) || isListMarker(bytes)
        }
    }

    static func isThematicBreak(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "*") || first == UInt8(ascii: "-") || first == UInt8(ascii: "_") else {
            return false
        }
        var count = 0
        for byte in bytes {
            if byte == first {
                count += 1
            } else if byte != 0x20 && byte != 0x09 {
                return false
            }
        }
        return count >= 3
    }

    private static func isListMarker(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        var index = 0
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            index = 1
        } else {
            while index < bytes.count, index < 9, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > 0, index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else {
                return false
            }
            index += 1
        }
        return index == bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09
    }

    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "section", "source", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "title", "tr", "track", "ul",
    ]

    /// The starts of CommonMark's HTML blocks, kinds 1 to 7 (7 roughly: one tag alone on its line),
    /// read as cmark reads them: bytes, with tag names of ASCII letters, digits and `-` (by
    /// characters, `<div` + U+0301 was a `div` tag and `<p>` + a mark no `>` at all).
    private static func isHTMLBlockStart(_ bytes: [UInt8]) -> Bool {
        let text = bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        func starts(_ prefix: String, at offset: Int = 0) -> Bool { text.dropFirst(offset).starts(with: prefix.utf8) }
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        func isNamePart(_ byte: UInt8) -> Bool {
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
        if starts("<!--") || starts("<?") || starts("<![cdata[") { return true }
        if starts("<!"), text.count > 2, isLetter(text[2]) { return true }
        let closing = starts("</")
        let nameStart = closing ? 2 : 1
        var nameEnd = nameStart
        while nameEnd < text.count, isNamePart(text[nameEnd]) { nameEnd += 1 }
        guard nameEnd > nameStart else { return false }
        let name = String(decoding: text[nameStart..<nameEnd], as: UTF8.self)
        let after = nameEnd < text.count ? text[nameEnd] : nil
        let ends = after == nil || after == 0x20 || after == 0x09 || after == UInt8(ascii: ">") || starts("/>", at: nameEnd)
        if !closing, ["script", "pre", "style", "textarea"].contains(name), ends { return true }
        if blockTags.contains(name), ends { return true }
        var end = text.count
        while end > 1, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        // Kind 7: one whole tag alone on its line, its name ended by a blank, `>` or `/>`.
        return ends && end > 1 && text[end - 1] == UInt8(ascii: ">") && !text[1..<end].contains(UInt8(ascii: "<"))
    }
}

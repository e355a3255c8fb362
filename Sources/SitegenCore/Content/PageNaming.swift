import Foundation

/// Page ids and ordering from file names.
enum PageNaming {
    /// The extensions of Markdown pages, compared without regard to case.
    static let pageExtensions = ["md", "markdown"]

    /// True for a Markdown file name: `01-welcome.md`, `Intro.MD`, `tour.markdown`.
    static func isPageFile(_ name: String) -> Bool {
        stem(of: name) != name
    }

    /// The file name without its Markdown extension, or the whole name when it has none.
    static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        let pathExtension = name[name.index(after: dot)...].lowercased()
        return pageExtensions.contains(pathExtension) ? String(name[..<dot]) : name
    }

    /// Where a page goes in its flow: by its `order`, else by its file name's number, then by name.
    static func sortKey(order: Int?, fileName name: String) -> (Int, String) {
        (order ?? numericPrefix(of: name) ?? Int.max, name)
    }

    /// The number a file name starts with: `02-record.md` is 2.
    static func numericPrefix(of name: String) -> Int? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits.prefix(18))
    }

    /// `02-record.md` is `record`; `Hello World.md` is `hello-world`; `07.md` is `page-07`;
    /// `02-sg-pages.md` is `page-sg-pages`, `fn-notes.md` is `page-fn-notes`.
    static func defaultID(fileName: String) -> String {
        var base = Substring(stem(of: fileName))
        let isSeparator: (UInt8) -> Bool = { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == 0x20 }
        if base.utf8.allSatisfy({ $0 < 0x80 }) {
            // An ASCII name, the usual one, by its bytes: each character is one.
            let rest = base.utf8.drop { (0x30...0x39).contains($0) }.drop(while: isSeparator)
            if !rest.isEmpty { base = Substring(rest) }
        } else {
            let digits = base.prefix { $0.isASCII && $0.isNumber }
            let rest = base.dropFirst(digits.count).drop { $0.asciiValue.map(isSeparator) ?? false }
            if !rest.isEmpty { base = rest }
        }
        let slug = slugify(String(base))
        // The theme's and the footnotes' ids start with `sg-`, `fn-`…: a page named like one is moved out of the way.
        if Validation.reservedIDPrefixes.contains(where: slug.hasPrefix) { return "page-\(slug)" }
        // A slug is lowercase ASCII letters, digits and dashes.
        if let first = slug.utf8.first, (0x61...0x7A).contains(first) { return slug }
        return slug.isEmpty ? "page" : "page-\(slug)"
    }

    /// Lowercase ASCII letters and digits, other runs of characters as one `-`. A Latin letter
    /// keeps its base letter (`café` is `cafe`, `Straße` is `strasse`, `ﬁle` is `file`), as an author writing the
    /// name by hand would; letters of other scripts, which ASCII cannot spell, are dropped.
    static func slugify(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiSlug(text) : unicodeSlug(text)
    }

    /// `slugify` of any text, a character at a time.
    static func unicodeSlug(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        func append(_ letters: String) {
            if pendingDash, !slug.isEmpty { slug += "-" }
            pendingDash = false
            slug += letters
        }
        // Compatibility forms too: `ﬁ` is `fi`, a full-width `ａ` is `a`, `Ǆ` is `dž`. (An ASCII
        // name, the usual one, needs no decomposing, which costs a few per cent of a build.)
        let folded = text.utf8.allSatisfy { $0 < 0x80 }
            ? text.lowercased() : text.decomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCanonicalMapping
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                append(String(scalar))
            } else if let letters = latinLetters[scalar] {
                append(letters)
            } else if scalar.properties.generalCategory != .nonspacingMark {
                pendingDash = true
            }
        }
        return slug
    }

    /// `slugify` of an ASCII name, the usual one, byte by byte: the same slug without a string
    /// made for each letter (every page's id and footnote prefix is one).
    static func asciiSlug(_ text: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            guard (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) else {
                pendingDash = true
                continue
            }
            if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
            pendingDash = false
            slug.append(lower)
        }
        return String(decoding: slug, as: UTF8.self)
    }

    /// Latin letters that no accent makes: what an ASCII name writes for each.
    private static let latinLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i", "ħ": "h", "ŋ": "ng",
    ]

    /// A readable title from an id or slug: `get-started` is "Get started".
    static func humanize(_ slug: String) -> String {
        let words = slug.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

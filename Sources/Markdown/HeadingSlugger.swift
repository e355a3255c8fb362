import Foundation
import Diagnostics

/// The anchors GitHub gives headings, so that a link written for GitHub (`#getting-started`,
/// `#설치-방법`) finds the same heading here: the heading's text in lowercase, with every
/// character that is not a letter, mark, number, connector (`_`), hyphen or space removed, and
/// each space a hyphen; composed (NFC), so that a heading written decomposed and a link written
/// composed (or the other way round) name the same id to a browser too. A slug seen before on the same page gets `-1`, `-2`… (github-slugger's
/// rule, which skips a numbered slug that a heading already has).
package struct HeadingSlugger: Sendable {
    private var occurrences: [String: Int] = [:]

    package init() {}

    /// The anchor of the next heading whose text is `text`.
    package mutating func slug(_ text: String) -> String {
        let original = Self.slug(text)
        var slug = original
        while occurrences[slug] != nil {
            let count = (occurrences[original] ?? 0) + 1
            occurrences[original] = count
            slug = "\(original)-\(count)"
        }
        occurrences[slug] = 0
        return slug
    }

    /// The anchor of `text` before any numbering.
    package static func slug(_ text: String) -> String {
        asciiSlug(text) ?? unicodeSlug(text)
    }

    /// The slug by the Unicode rules: lowercased, space as `-`, and `-`, letters, marks, numbers
    /// and connector punctuation kept.
    package static func unicodeSlug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || isKept(scalar.properties.generalCategory) {
                slug.append(scalar)
            }
        }
        return String(slug).streamSafe.precomposedStringWithCanonicalMapping
    }

    /// The slug of ASCII text, byte by byte (letters lowercased, space as `-`, and `-`, `_` and
    /// alphanumerics kept), which is what the Unicode rules give for it; nil for any other text.
    package static func asciiSlug(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                bytes.append(byte)
            case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
            case 0x80...: return nil
            default: continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isKept(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation:
            true
        default:
            false
        }
    }
}

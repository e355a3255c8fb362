/// The anchors GitHub gives headings, so that a link written for GitHub (`#getting-started`,
/// `#설치-방법`) finds the same heading here: the heading's text in lowercase, with every
/// character that is not a letter, mark, number, connector (`_`), hyphen or space removed, and
/// each space a hyphen. A slug seen before on the same page gets `-1`, `-2`… (github-slugger's
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
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || isKept(scalar.properties.generalCategory) {
                slug.append(scalar)
            }
        }
        return String(slug)
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

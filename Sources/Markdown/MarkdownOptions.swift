import CCMark

/// The cmark options a site may opt in to in `sitegen.yml` (`markdown:`), all off by default, and
/// GitHub's extensions, all on. With `extensions` set to `.none` a body renders exactly as Debian's
/// `cmark` command does with no flags.
package struct MarkdownOptions: Sendable, Hashable {
    /// Curly quotes, dashes and ellipses.
    package var smart = false
    /// Every newline in a paragraph becomes `<br />`.
    package var hardBreaks = false
    /// Keep raw HTML and dangerous URLs. Only for sites whose authors are trusted.
    package var unsafe = false
    package var extensions = MarkdownExtensions.all
    /// Each alert kind's title, in the page's language (the theme's `alert_note`, `alert_tip`…
    /// strings); a kind with none is titled by its marker as written (`NOTE`).
    package var alertTitles: [AlertKind: String] = [:]
    /// The accessible name of a footnote's links back to where it is referred to, in the page's
    /// language (the theme's `footnote_back` string); `cmark-gfm`'s English by default.
    package var footnoteBackLabel = MarkdownOptions.englishFootnoteBackLabel
    /// `<wbr>` where a long identifier in a heading may wrap (`HeadingBreaks`); sites have it on.
    package var breaksInHeadings = false
    /// The most HTML a body's footnote references may make, with their links back: a reference of
    /// a few bytes makes some two hundred. Past it the rest are left as written, and the rendering
    /// says where (`RenderedMarkdown.footnotesExceeded`), before the tree holds a node for each.
    package var maximumFootnoteHTML = Int.max

    package init(
        smart: Bool = false, hardBreaks: Bool = false, unsafe: Bool = false, extensions: MarkdownExtensions = .all,
        alertTitles: [AlertKind: String] = [:], footnoteBackLabel: String = MarkdownOptions.englishFootnoteBackLabel, breaksInHeadings: Bool = false
    ) {
        self.smart = smart
        self.hardBreaks = hardBreaks
        self.unsafe = unsafe
        self.extensions = extensions
        self.alertTitles = alertTitles
        self.footnoteBackLabel = footnoteBackLabel
        self.breaksInHeadings = breaksInHeadings
    }

    /// What `cmark-gfm` names a footnote's link back.
    package static let englishFootnoteBackLabel = "Back to content"

    var cmarkFlags: Int32 {
        var flags = CMARK_OPT_DEFAULT
        if smart { flags |= CMARK_OPT_SMART }
        if hardBreaks { flags |= CMARK_OPT_HARDBREAKS }
        if unsafe { flags |= CMARK_OPT_UNSAFE }
        return flags
    }
}

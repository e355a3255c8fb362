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

    package init(smart: Bool = false, hardBreaks: Bool = false, unsafe: Bool = false, extensions: MarkdownExtensions = .all) {
        self.smart = smart
        self.hardBreaks = hardBreaks
        self.unsafe = unsafe
        self.extensions = extensions
    }

    var cmarkFlags: Int32 {
        var flags = CMARK_OPT_DEFAULT
        if smart { flags |= CMARK_OPT_SMART }
        if hardBreaks { flags |= CMARK_OPT_HARDBREAKS }
        if unsafe { flags |= CMARK_OPT_UNSAFE }
        return flags
    }
}

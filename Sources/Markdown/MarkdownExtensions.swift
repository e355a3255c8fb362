import Diagnostics

/// The GitHub Flavored Markdown extensions (GFM 0.29, and GitHub's alerts) that sitegen builds on
/// cmark's tree, each on by default and each one a site can turn off.
package struct MarkdownExtensions: Sendable, Hashable {
    /// Pipe tables, with column alignment.
    package var tables: Bool
    /// `~~struck~~` (and `~struck~`) as `<del>`.
    package var strikethrough: Bool
    /// `www.` addresses, bare `http(s)://` URLs and e-mail addresses as links.
    package var autolinks: Bool
    /// `- [ ] to do` and `- [x] done` with a disabled checkbox.
    package var taskLists: Bool
    /// `[^label]` references to `[^label]: text` definitions, written as a numbered list at the end.
    package var footnotes: Bool
    /// `> [!NOTE]` and the other kinds of `AlertKind` as titled notes.
    package var alerts: Bool

    package init(
        tables: Bool = true, strikethrough: Bool = true, autolinks: Bool = true, taskLists: Bool = true, footnotes: Bool = true,
        alerts: Bool = true
    ) {
        self.tables = tables
        self.strikethrough = strikethrough
        self.autolinks = autolinks
        self.taskLists = taskLists
        self.footnotes = footnotes
        self.alerts = alerts
    }

    /// Every extension on: what a site gets unless it says otherwise.
    package static let all = MarkdownExtensions()
    /// Plain CommonMark, byte for byte what Debian's `cmark` renders.
    package static let none = MarkdownExtensions(
        tables: false, strikethrough: false, autolinks: false, taskLists: false, footnotes: false, alerts: false)

    var isEmpty: Bool { self == .none }

    /// These extensions less those whose syntax cannot be in `bytes` (no `~` for strikethrough,
    /// say), so that a body without any is left to cmark alone.
    func needed(by bytes: [UInt8]) -> MarkdownExtensions {
        bytes.withUnsafeBufferPointer { buffer in
            // One `memchr` a character: most stop early, and the rest read the body a word at a time.
            func contains(_ character: Unicode.Scalar) -> Bool { ByteScan.contains(UInt8(ascii: character), in: buffer) }
            var needed = self
            // A table needs a pipe, or a delimiter row of one column, whose colon touches its dashes.
            needed.tables = tables && (contains("|") || (contains(":") && (ByteScan.contains(":-", in: bytes) || ByteScan.contains("-:", in: bytes))))
            needed.strikethrough = strikethrough && contains("~")
            // URLs are found in the source as written (`www.`, `://`), e-mail addresses in text as
            // read, where an entity (`&#64;`) may have made the `@`.
            needed.autolinks = autolinks
                && (contains("@") || contains("&") || ByteScan.contains("www.", in: bytes) || ByteScan.contains("://", in: bytes))
            needed.taskLists = taskLists && contains("[") && contains("]")
            needed.footnotes = footnotes && contains("[") && contains("^")
            needed.alerts = alerts && contains(">") && contains("[") && contains("!")
            return needed
        }
    }
}

/// A code block of a page, highlighted at build time: the same tokens the web page colours, so
/// that an app can draw the block in its own views with the same colours.
public struct ManifestCodeBlock: ManifestObject {
    /// Lines a diff block adds (1-based).
    public var addedLines: [Int] = []
    /// The highlighting language's id (`swift`, `js`), or empty when the block is plain.
    public var language = ""
    /// Whether the page numbers the block's lines.
    public var lineNumbers = false
    /// Lines the author marked (1-based).
    public var markedLines: [Int] = []
    /// Lines a diff block removes (1-based).
    public var removedLines: [Int] = []
    public var title: String?
    /// The block's text as runs of one style each; their texts together are the block's text.
    public var tokens: [ManifestToken] = []

    public static let schemaName = "code_block"
    public static let fields: [ManifestField<ManifestCodeBlock>] = [
        .init("added_lines", \.addedLines),
        .init("language", \.language, .description("A GtkSourceView language id, or empty for a plain block.")),
        .init("line_numbers", \.lineNumbers),
        .init("marked_lines", \.markedLines),
        .init("removed_lines", \.removedLines),
        .init("title", \.title),
        .init("tokens", \.tokens),
    ]

    public init() {}

    public init(
        language: String, title: String?, tokens: [ManifestToken], markedLines: [Int] = [], lineNumbers: Bool = false,
        addedLines: [Int] = [], removedLines: [Int] = []
    ) {
        self.language = language
        self.title = title
        self.tokens = tokens
        self.markedLines = markedLines
        self.lineNumbers = lineNumbers
        self.addedLines = addedLines
        self.removedLines = removedLines
    }

    /// The block's text.
    public var text: String { tokens.map(\.text).joined() }
}

/// A run of a code block's text in one style.
public struct ManifestToken: ManifestObject {
    /// A GtkSourceView `def:` style id without its prefix (`keyword`, `string`, `comment`…), which
    /// is also the page's class for it (`hl-keyword`); empty for text in no style.
    public var style = ""
    public var text = ""

    public static let schemaName = "token"
    public static let fields: [ManifestField<ManifestToken>] = [
        .init("style", \.style, .pattern("^[a-z0-9-]*$")),
        .init("text", \.text),
    ]

    public init() {}

    public init(style: String, text: String) {
        self.style = style
        self.text = text
    }
}

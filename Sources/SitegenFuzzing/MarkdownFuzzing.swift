import Markdown

/// A page body through cmark and GitHub's extensions, with every option on and off, its images
/// resolved and its plain text taken.
enum MarkdownFuzzing {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for options in [
            MarkdownOptions(), MarkdownOptions(smart: true, hardBreaks: true, unsafe: true),
            MarkdownOptions(extensions: MarkdownExtensions(tables: false, footnotes: false)),
        ] {
            _ = Markdown.render(text, options: options, plainText: true, footnotePrefix: "p-") { image in
                image.url.hasSuffix(".png") ? ImageReplacement(src: "out/" + image.url, width: 1, height: 1) : nil
            }
        }
    }
}

import Highlight
import Markdown
import Mustache
import OnboardingKit

/// A code block as the page shows it and the manifest describes it: tokens as `<span class="hl-…">`
/// (one class per GtkSourceView `def:` style), a title, marked, numbered, added and removed lines.
struct CodeBlockRenderer: Sendable {
    /// The build's highlighter; nil when highlighting is off.
    let highlighting: CodeHighlighting?

    /// What a block became.
    struct Rendered {
        /// The block's HTML, or nil when cmark's own rendering is all it needs.
        var html: String?
        var manifest: ManifestCodeBlock
        /// Warnings, each at a byte offset in the info string.
        var problems: [(message: String, offset: Int)] = []
        /// An error about the block, at its info string.
        var error: String?
    }

    /// `block`, on a page of the flow `flow`.
    func render(_ block: MarkdownCodeBlock, flow: String = "") -> Rendered {
        let code = block.code
        let lineCount = code.isEmpty ? 0 : code.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (code.utf8.last == 0x0A ? 0 : 1)
        let info = CodeInfo(block.info, lineCount: lineCount)
        var problems = info.problems
        // A diff's marks come off before its lines are highlighted, and go back on as text.
        var kinds: [LineKind] = (0..<lineCount).map { info.markedLines.contains($0 + 1) ? .marked : .plain }
        let marked = Set(info.markedLines.map { $0 - 1 })
        var signs: [String] = Array(repeating: "", count: lineCount)
        var body = code
        if info.isDiff {
            var lines = Self.lines(of: code)
            let headers = Self.fileHeaders(in: lines)
            for index in lines.indices where !headers.contains(index) {
                // The sign's byte: `+` and a combining mark are one character, yet an added line.
                guard let first = lines[index].utf8.first, "+- ".utf8.contains(first) else { continue }
                signs[index] = String(UnicodeScalar(first))
                lines[index] = String(decoding: lines[index].utf8.dropFirst(), as: UTF8.self)
                if first != UInt8(ascii: " ") { kinds[index] = first == UInt8(ascii: "+") ? .added : .removed }
            }
            body = lines.joined()
        }
        var runs = [TokenRun(style: "", text: body)]
        var languageID = ""
        var error: String?
        if !info.language.isEmpty, !LanguageLibrary.isPlain(info.language), let highlighting,
            let (id, result) = highlighting.highlight(body, language: info.language, flow: flow)
        {
            switch result {
            case .success(let highlighted):
                // Only GtkSourceView's own style names become classes: a site's definition (or a
                // tampered cache) may name any, and a class is written into the page.
                runs = highlighted.map { Self.styles.contains($0.style) ? $0 : TokenRun(style: "", text: $0.text) }
                languageID = id
            case .failure(let problem) where problem.isError:
                error = problem.message
            case .failure(let problem):
                let suggestion = problem == .unknownLanguage(info.language) ? highlighting.suggestion(for: info.language) : ""
                problems.insert((problem.message + suggestion, 0), at: 0)
            }
        }
        let wrapsLines = info.lineNumbers || info.isDiff || !info.markedLines.isEmpty
        // Runs are cut into lines only for a block whose lines are elements of their own; the
        // others are written run by run, each cut at its line breaks as the lines would be.
        var perLine: [[TokenRun]] = []
        if wrapsLines {
            perLine = Self.split(runs, into: lineCount)
            for index in perLine.indices where !signs[index].isEmpty {
                perLine[index].insert(TokenRun(style: "", text: signs[index]), at: 0)
            }
        }
        let manifest = ManifestCodeBlock(
            language: languageID, title: info.title, tokens: Self.merged(wrapsLines ? perLine.flatMap { $0 } : runs).map { ManifestToken(style: $0.style, text: $0.text) },
            markedLines: info.markedLines.sorted(), lineNumbers: info.lineNumbers,
            addedLines: kinds.indices.filter { kinds[$0] == .added }.map { $0 + 1 },
            removedLines: kinds.indices.filter { kinds[$0] == .removed }.map { $0 + 1 })
        guard !languageID.isEmpty || info.title != nil || wrapsLines else { return Rendered(html: nil, manifest: manifest, problems: problems, error: error) }

        // Built as UTF-8 bytes: a block is hundreds of small pieces, each a string of its own before.
        var html: [UInt8] = []
        html.reserveCapacity(body.utf8.count * 2 + 256)
        if let title = info.title {
            html += "<figure class=\"sg-code\">\n<figcaption class=\"sg-code-title\">".utf8
            HTMLEscaping.escape(title, into: &html)
            html += "</figcaption>\n".utf8
        } else {
            html += "<div class=\"sg-code\">\n".utf8
        }
        var classes = wrapsLines ? ["sg-lines"] : []
        if info.lineNumbers { classes.append("sg-numbered") }
        html += (classes.isEmpty ? "<pre>" : "<pre class=\"\(classes.joined(separator: " "))\">").utf8
        if info.word.isEmpty {
            html += "<code>".utf8
        } else {
            html += "<code class=\"language-".utf8
            HTMLEscaping.escape(info.word, into: &html)
            html += "\">".utf8
        }
        if wrapsLines {
            for (index, line) in perLine.enumerated() {
                let tag = kinds[index].tag
                // A marked line of a diff is added or removed, and marked as well.
                let isAlsoMarked = marked.contains(index) && kinds[index] != .marked
                html += (isAlsoMarked ? "<\(tag) class=\"sg-line sg-mark\">" : "<\(tag) class=\"sg-line\">").utf8
                for run in line { Self.write(run.text[...], style: run.style, into: &html) }
                html += "</\(tag)>".utf8
            }
        } else {
            for run in runs {
                for piece in Self.pieces(of: run.text) { Self.write(piece, style: run.style, into: &html) }
            }
        }
        html += ("</code></pre>\n" + (info.title == nil ? "</div>" : "</figure>")).utf8
        let htmlText = String(decoding: html, as: UTF8.self)
        return Rendered(html: htmlText, manifest: manifest, problems: problems, error: error)
    }

    /// The lines of a unified diff that name the files compared (`--- a/x` then `+++ b/x`, before
    /// a file's first `@@` hunk), which are neither removed nor added lines.
    static func fileHeaders(in lines: [String]) -> Set<Int> {
        var headers: Set<Int> = []
        var inHunk = false
        for index in lines.indices {
            let line = lines[index].utf8
            if line.starts(with: "@@".utf8) {
                inHunk = true
            } else if line.starts(with: "diff ".utf8) {
                inHunk = false
            } else if !inHunk, line.starts(with: "--- ".utf8), index + 1 < lines.count, lines[index + 1].utf8.starts(with: "+++ ".utf8) {
                headers.formUnion([index, index + 1])
            }
        }
        return headers
    }

    /// Text of one style as HTML: in a `<span>` of the style's class when it has one.
    private static func write(_ text: Substring, style: String, into html: inout [UInt8]) {
        if style.isEmpty {
            HTMLEscaping.escape(text, into: &html)
        } else {
            html += "<span class=\"hl-".utf8
            html += style.utf8
            html += "\">".utf8
            HTMLEscaping.escape(text, into: &html)
            html += "</span>".utf8
        }
    }

    /// The `def:` styles of GtkSourceView 5's `def.lang`, each a class of the theme (`hl-keyword`).
    static let styles: Set<String> = [
        "comment", "shebang", "doc-comment", "doc-comment-element", "constant", "character", "string", "special-char", "number",
        "floating-point", "decimal", "base-n-integer", "complex", "special-constant", "boolean", "identifier", "function", "builtin",
        "statement", "operator", "keyword", "type", "emphasis", "strong-emphasis", "inline-code", "insertion", "deletion", "link-text",
        "link-symbol", "link-destination", "heading", "thematic-break", "preformatted-section", "list-marker", "preprocessor", "error",
        "warning", "reserved", "note", "net-address", "underlined", "heading0", "heading1", "heading2", "heading3", "heading4",
        "heading5", "heading6",
    ]

    private enum LineKind {
        case plain, marked, added, removed

        var tag: String {
            switch self {
            case .plain: "span"
            case .marked: "mark"
            case .added: "ins"
            case .removed: "del"
            }
        }
    }

    /// `text` cut after each line break (byte by byte: a line break is one byte), in order; the
    /// last piece has no break when the text does not end with one.
    static func pieces(of text: String) -> [Substring] {
        var pieces: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == 0x0A {
                pieces.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start != utf8.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    /// `code`'s lines, each with its line break.
    static func lines(of code: String) -> [String] {
        pieces(of: code).map(String.init)
    }

    /// `runs` cut at line breaks into `count` lines, each line's runs ending with its break.
    static func split(_ runs: [TokenRun], into count: Int) -> [[TokenRun]] {
        var lines: [[TokenRun]] = [[]]
        lines.reserveCapacity(count + 1)
        for run in runs {
            for piece in pieces(of: run.text) {
                lines[lines.count - 1].append(TokenRun(style: run.style, text: String(piece)))
                if piece.utf8.last == 0x0A { lines.append([]) }
            }
        }
        if lines.last?.isEmpty == true, lines.count > count { lines.removeLast() }
        while lines.count < count { lines.append([]) }
        return lines
    }

    /// Adjacent runs of one style as one.
    static func merged(_ runs: [TokenRun]) -> [TokenRun] {
        var result: [TokenRun] = []
        for run in runs where !run.text.isEmpty {
            if let last = result.last, last.style == run.style {
                result[result.count - 1].text += run.text
            } else {
                result.append(run)
            }
        }
        return result
    }
}

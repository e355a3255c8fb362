import Foundation
@testable import Markdown

/// The reference renderers the tests compare sitegen with: Debian's `cmark` (CommonMark) and
/// `cmark-gfm` (GitHub's, 0.29.0.gfm.6) with the extensions sitegen has on by default, run on the
/// same input.
enum Oracle {
    static let cmarkPath = "/usr/bin/cmark"
    static let cmarkGFMPath = "/usr/bin/cmark-gfm"

    /// cmark-gfm's `-e` options for `extensions`.
    static func arguments(for extensions: MarkdownExtensions) -> [String] {
        var names: [String] = []
        if extensions.tables { names.append("table") }
        if extensions.strikethrough { names.append("strikethrough") }
        if extensions.autolinks { names.append("autolink") }
        if extensions.taskLists { names.append("tasklist") }
        if extensions.footnotes { names.append("footnotes") }
        return names.flatMap { ["-e", $0] }
    }

    static func cmarkGFM(_ markdown: String, arguments: [String] = []) throws -> String {
        try run(cmarkGFMPath, Self.arguments(for: .all) + arguments, markdown)
    }

    /// cmark-gfm with none of its extensions: CommonMark as its own core parses it.
    static func cmarkGFMCore(_ markdown: String) throws -> String {
        try run(cmarkGFMPath, [], markdown)
    }

    static func cmark(_ markdown: String, arguments: [String] = []) throws -> String {
        try run(cmarkPath, arguments, markdown)
    }

    /// cmark-gfm's HTML with the differences sitegen makes on purpose (docs/markdown.md) written
    /// sitegen's way: a table column's alignment is a class, footnote ids carry the page's prefix.
    static func normalized(_ html: String, footnotePrefix: String = "") -> String {
        var result = html
        if !footnotePrefix.isEmpty {
            for attribute in ["href=\"#fn-", "id=\"fn-", "href=\"#fnref-", "id=\"fnref-"] {
                result = result.replacingOccurrences(of: attribute, with: attribute + footnotePrefix)
            }
        }
        for alignment in ["left", "center", "right"] {
            result = result.replacingOccurrences(of: " align=\"\(alignment)\"", with: " class=\"align-\(alignment)\"")
        }
        return result
    }

    /// What sitegen and cmark-gfm make of `page`, each with the differences sitegen makes on
    /// purpose taken out: equal when sitegen renders the page as GitHub does.
    static func renderings(of page: String) throws -> (sitegen: String, cmarkGFM: String) {
        (withoutAdditions(Markdown.render(page, footnotePrefix: "page-").html), normalized(try cmarkGFM(page), footnotePrefix: "page-"))
    }

    /// sitegen's HTML without what it adds on purpose and cmark-gfm has no counterpart for: the
    /// accessible name of a task list item's checkbox (or, with no text to name it, its hiding).
    static func withoutAdditions(_ html: String) -> String {
        html.replacingOccurrences(of: #"(<input type="checkbox"[^>]*?) aria-(label="[^"]*"|hidden="true")"#, with: "$1", options: .regularExpression)
    }

    private static func run(_ path: String, _ arguments: [String], _ input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = stdin.fileHandleForWriting
        let data = Data(input.utf8)
        let thread = Thread { writer.write(data); try? writer.close() }
        thread.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}

import Testing
@testable import Markdown

/// Pages far longer than a hand-written example render as `cmark-gfm` renders them: thousands of
/// table rows, task items and footnote definitions, where the extensions free and make nodes by
/// the thousand (an address cmark reuses must start with nothing known of it) and each block's
/// work must not look at every block after it.
@Suite struct LargeDocumentTests {
    private static let words = "onboarding screen record voice note search share tag sync offline privacy device".split(separator: " ")

    private static func words(_ count: Int, from seed: Int) -> String {
        (0..<count).map { String(words[(seed * 7 + $0 * 3) % words.count]) }.joined(separator: " ")
    }

    @Test func tablesOfThousandsOfRowsAndTheTextAroundThem() throws {
        var page = ""
        for table in 0..<3 {
            page += "Before table \(table), \(Self.words(6, from: table))\n| Name | Value | Note |\n|---|:-:|--:|\n"
            for row in 0..<1_500 {
                page += "| item \(row) | **\(row * 7 % 1000)** | \(Self.words(3, from: row)) `code` _em_ ~~old~~ [a](https://e.com/\(row)) |\n"
            }
            page += "After table \(table): www.example.com and [^n\(table)].\n\n[^n\(table)]: A note with a table:\n\n    | a | b |\n    |---|---|\n    | \(table) | x |\n\n"
        }
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected)
    }

    @Test func taskListsOfThousandsOfItems() throws {
        var page = ""
        for item in 0..<4_000 {
            let depth = item % 4 == 3 ? 1 : 0
            page += String(repeating: "  ", count: depth) + "- [\(item % 3 == 0 ? "x" : " ")] \(Self.words(4, from: item)) *\(item)*\n"
            if item % 500 == 499 { page += "\nA paragraph between lists.\n\n" }
        }
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected)
    }

    @Test func thousandsOfFootnotesSomeWithBlocksAfterThem() throws {
        var body = ""
        var definitions = ""
        for note in 0..<2_000 {
            body += "\(Self.words(8, from: note))[^n\(note)] and [link \(note)][r\(note % 20)].\n\n"
            definitions += "[^n\(note)]: \(Self.words(5, from: note + 1))\n\n"
            // Every tenth definition goes on with an indented block, which the definition takes.
            if note % 10 == 0 { definitions += "    More of note \(note).\n\n        code in note \(note)\n\n" }
        }
        let references = (0..<20).map { "[r\($0)]: https://example.net/\($0)" }.joined(separator: "\n")
        let (rendered, expected) = try Oracle.renderings(of: body + references + "\n\n" + definitions + "The end.\n")
        #expect(rendered == expected)
    }
}

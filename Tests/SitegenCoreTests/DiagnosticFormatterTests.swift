import Testing
@testable import SitegenCore
@testable import Diagnostics

@Suite struct DiagnosticFormatterTests {
    @Test func printsLikeACompilerWithTheLineAndACaret() {
        let file = SourceFile(path: "content/welcome/01-welcome.md", text: "---\n  titel: Hi\n---\n")
        let diagnostic = file.error("unknown key 'titel'", at: SourceLocation(line: 2, column: 3), length: 5)
        #expect(DiagnosticFormatter().format(diagnostic) == """
            content/welcome/01-welcome.md:2:3: error: unknown key 'titel'
              titel: Hi
              ^~~~~
            """)
    }

    /// A combining mark shares its letter's cell, and an emoji joined to others theirs: the
    /// caret once moved a cell right for each.
    @Test(arguments: [("a\u{301}\u{301} [l](m.md)", 5, "  ^"), ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} x", 7, "   ^"), ("\u{1F44D}\u{1F3FD}x", 3, "  ^")])
    func marksAndJoinedEmojiTakeNoCellsOfTheirOwn(_ line: String, _ column: Int, _ caret: String) {
        let file = SourceFile(path: "a.md", text: line + "\n")
        let printed = DiagnosticFormatter().format(file.error("x", at: SourceLocation(line: 1, column: column)))
        #expect(printed.split(separator: "\n").last.map(String.init) == caret)
    }

    /// The underline covers the cells its characters take: a wide character two, an escaped
    /// control character its escape, a combining mark none (helper-35: it covered half of CJK).
    @Test(arguments: [
        ("draft: 漢字漢字", 8, 4, "       ^~~~~~~~"), ("order: 😀😀", 8, 2, "       ^~~~"), ("漢字キー: x", 1, 4, "^~~~~~~~"),
        ("a: e\u{301}e\u{301}", 4, 4, "   ^~"), ("a: \u{07}b", 4, 2, "   ^~~~~"), ("a: 漢", 4, 9, "   ^~"), ("a: b", 5, 3, "    ^"),
    ])
    func theUnderlineCoversTheCellsOfItsCharacters(_ line: String, _ column: Int, _ length: Int, _ underline: String) {
        let file = SourceFile(path: "a.yml", text: line + "\n")
        let printed = DiagnosticFormatter().format(file.error("x", at: SourceLocation(line: 1, column: column), length: length))
        #expect(printed.split(separator: "\n").last.map(String.init) == underline)
    }

    @Test func keepsTabsSoTheCaretLinesUp() {
        let file = SourceFile(path: "a.md", text: "\tkey: é x\n")
        let diagnostic = file.warning("here", at: SourceLocation(line: 1, column: 8))
        #expect(DiagnosticFormatter().format(diagnostic) == "a.md:1:8: warning: here\n\tkey: é x\n\t      ^")
    }

    @Test func withoutAPositionPrintsOnlyTheFile() {
        #expect(DiagnosticFormatter().format(.error("flow 'x' has no pages", path: "content/x")) == "content/x: error: flow 'x' has no pages")
    }

    @Test func sortsByFileThenPosition() {
        let a = Diagnostic(.error, "1", path: "a.md", location: SourceLocation(line: 9, column: 1))
        let b = Diagnostic(.error, "2", path: "a.md", location: SourceLocation(line: 10, column: 1))
        let c = Diagnostic(.warning, "3", path: "b.md")
        #expect([c, b, a].sorted() == [a, b, c])
    }

    @Test func suggestsCloseNamesOnly() {
        #expect(Suggestion.closest(to: "tilte", in: ["title", "image"]) == "title")
        #expect(Suggestion.closest(to: "imgae_alt", in: ["image", "image_alt"]) == "image_alt")
        #expect(Suggestion.closest(to: "zzz", in: ["title", "image"]) == nil)
    }
}

/// Where a diagnostic points in a long line, found from a map of the line's scalars made once:
/// each of thousands of problems on one line once read the whole line again.
@Suite struct LineScalarsTests {
    static let line = String((0..<2_000).map { ["a", "é", "한", "😀", "\u{301}"][$0 % 5 * ($0 % 7) % 5] }.joined())

    @Test func scalarIndexesAndByteOffsetsAgreeWithTheScalarsThemselves() {
        let scalars = LineScalars(Self.line[...])
        let starts = Self.line.unicodeScalars.indices.map { Self.line.utf8.distance(from: Self.line.startIndex, to: $0) }
        #expect(scalars.count == starts.count)
        for (index, start) in starts.enumerated() {
            #expect(scalars.scalarIndex(ofByte: start) == index)
            #expect(scalars.byteOffset(ofScalar: index) == start)
        }
        #expect(scalars.byteOffset(ofScalar: starts.count) == scalars.bytes.count)
        #expect(scalars.text(scalars: 1_500..<1_510) == String(String.UnicodeScalarView(Array(Self.line.unicodeScalars)[1_500..<1_510])))
    }

    @Test func aDiagnosticOnALongLineQuotesTheSameExcerptAsFromTheWholeLine() throws {
        let file = SourceFile(path: "a.md", text: "# A\n" + Self.line + "\n")
        for column in [1, 100, 1_000, 1_999, 2_000] {
            let location = SourceLocation(line: 2, column: column)
            let quoted = file.error("x", at: location)
            let whole = Diagnostic(.error, "x", path: "a.md", location: location, sourceLine: Self.line)
            #expect(quoted.sourceLine == whole.sourceLine && quoted.sourceLineOffset == whole.sourceLineOffset)
            #expect(quoted.sourceLineContinues == whole.sourceLineContinues)
            #expect(quoted.sourceLine?.unicodeScalars.count == Diagnostic.excerptWidth)
        }
        let byte = Self.line.utf8.count - String(try #require(Self.line.unicodeScalars.last)).utf8.count
        #expect(file.location(line: 2, utf8Column: byte + 1) == SourceLocation(line: 2, column: Self.line.unicodeScalars.count))
    }

    /// Markdown reads each control character as U+FFFD, three bytes: a column it gives on a line
    /// that holds some is the column of the character as written (helper-34: one was 2 further
    /// right for each control character before it).
    @Test func aColumnOfTheTextMarkdownReadIsTheColumnAsWritten() throws {
        let line = "é\u{1B}ü\u{07}\u{07} ![x](a.png) 日\u{7F}本 [y](b)"
        let file = SourceFile(path: "a.md", text: "# A\n" + line + "\n")
        let replaced = try #require(ControlCharacters.replaced(in: line.utf8))
        let read = String(decoding: replaced, as: UTF8.self)
        for target in ["![x]", "[y]", "日"] {
            let byte = try #require(read.utf8.firstRange(of: target.utf8)).lowerBound
            let column = read.utf8.distance(from: read.utf8.startIndex, to: byte) + 1
            let found = try #require(line.range(of: target))
            let written = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: found.lowerBound) + 1
            #expect(file.location(line: 2, readColumn: column) == SourceLocation(line: 2, column: written), "\(target)")
        }
        // A line with none is read as it was written; a marker is looked for from the column on.
        #expect(file.location(line: 1, readColumn: 3) == SourceLocation(line: 1, column: 3))
        #expect(file.location(line: 2, readColumn: 1, marker: "![") == SourceLocation(line: 2, column: 7))
    }
}

import Testing
@testable import SitegenCore

/// WebVTT captions as the W3C spec defines their structure and timings.
@Suite struct WebVTTCheckTests {
    @Test func aGoodFileHasItsCuesAndNoProblems() {
        let text = """
            WEBVTT - captions for the tour

            NOTE recorded 2026

            1
            00:00.000 --> 00:02.500
            Tap Record and speak.

            00:02.500 --> 00:05.000 align:start line:0
            <v Ana>Your note is saved.</v>

            01:00:00.000 --> 01:00:01.000
            An hour in.
            """
        #expect(WebVTTCheck.check(text) == .init(cues: 3, problems: []))
        #expect(WebVTTCheck.check("\u{FEFF}WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n").cues == 1, "a BOM and CRLF line breaks")
        #expect(WebVTTCheck.check("WEBVTT").cues == 0)
        #expect(WebVTTCheck.check("WEBVTT\n\n00:01.000\t-->\t00:02.000\tline:0\nTabs\n") == .init(cues: 1, problems: []), "tabs separate timings too")
        // The parser skips blanks around the arrow, where there are any: browsers show these cues.
        #expect(WebVTTCheck.check("WEBVTT\n\n00:01.000-->00:02.000\nA\n\n 00:03.000 -->00:04.000 line:0\nB\n\n00:05.000--> 00:06.000\nC\n") == .init(cues: 3, problems: []))
        #expect(WebVTTCheck.check("WEBVTT\n\n00:01.000x --> 00:02.000\nA\n\n00:03.000 -> 00:04.000\nB\n").problems.count == 2, "a stray letter, and no arrow")
        #expect(!WebVTTCheck.check("1\n00:00.000 --> 00:01.000\nHi\n").hasHeader && WebVTTCheck.check("WEBVTT\n").hasHeader)
    }

    @Test(arguments: [
        ("", 1, "a WebVTT file starts with a line 'WEBVTT'"),
        ("WEBVTTX\n", 1, "a WebVTT file starts with a line 'WEBVTT'"),
        ("1\n00:00.000 --> 00:01.000\nHi\n", 1, "a WebVTT file starts with a line 'WEBVTT'"),
        ("WEBVTT\n\n00:01.000 --> 00:00.500\nBackwards\n", 3, "the cue ends (00:00.500) before it starts (00:01.000)"),
        ("WEBVTT\n\n00:05.000 --> 00:06.000\nB\n\n00:01.000 --> 00:02.000\nA\n", 6, "the cue starts (00:01.000) before the one above it"),
        ("WEBVTT\n\n0:01.000 --> 0:02.000\nShort fields\n", 3, "is not '[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt'"),
        ("WEBVTT\n\n00:61.000 --> 00:62.000\nSixty-one seconds\n", 3, "is not '[hh:]mm:ss.ttt"),
        ("WEBVTT\n\n00:01,000 --> 00:02,000\nA comma, as SRT writes it\n", 3, "is not '[hh:]mm:ss.ttt"),
        ("WEBVTT\n\njust text\nmore text\n", 3, "this block has no timing line"),
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nA\n00:02.000 --> 00:03.000\nB\n", 5, "a caption's text may not hold '-->'"),
    ])
    func aBadFileSaysWhereAndWhy(_ text: String, _ line: Int, _ message: String) {
        let problems = WebVTTCheck.check(text).problems
        #expect(problems.contains { $0.line == line && $0.message.contains(message) }, "\(problems)")
    }

    @Test func manyProblemsAreCappedAndALongLineIsCut() {
        let text = "WEBVTT\n\n" + (0..<100).map { _ in "x --> y\nbad\n" }.joined(separator: "\n") + "\n" + String(repeating: "z", count: 10_000) + " --> q\n"
        let report = WebVTTCheck.check(text)
        #expect(report.problems.count == WebVTTCheck.maximumProblems)
        #expect(report.problems.allSatisfy { $0.message.count < 300 })
    }

    @Test(arguments: [("00:00.000", 0), ("59:59.999", 3_599_999), ("00:00:01.500", 1500), ("100:00:00.000", 360_000_000)])
    func timestampsAreRead(_ text: String, _ milliseconds: Int) {
        #expect(WebVTTCheck.timestamp(Substring(text)) == milliseconds)
    }
}

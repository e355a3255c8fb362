import Diagnostics

/// Checks a WebVTT captions file (W3C WebVTT, "file structure" and "cue timings") the way a
/// browser's parser would read it, and says what it would drop: a missing `WEBVTT` header, a
/// timing line that is not `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt`, a cue that ends before it
/// starts, or cues out of order (each must start no earlier than the one before).
package enum WebVTTCheck {
    /// One problem, at a line of the file (1-based).
    package struct Problem: Sendable, Equatable {
        package var line: Int
        package var message: String
    }

    /// What the check found: the cues a browser would show, and the problems.
    package struct Report: Sendable, Equatable {
        package var cues: Int
        package var problems: [Problem]
        /// Whether it starts with the `WEBVTT` line: without it a browser reads none of it.
        package var hasHeader = true
    }

    /// The most problems reported for one file; the rest are counted in the last.
    static let maximumProblems = 20

    package static func check(_ text: String) -> Report {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        var problems: [Problem] = []
        func report(_ line: Int, _ message: String) {
            if problems.count < maximumProblems { problems.append(Problem(line: line, message: message)) }
        }
        guard let header = lines.first, header.hasPrefix("WEBVTT"),
            header.count == 6 || header.dropFirst(6).first == " " || header.dropFirst(6).first == "\t"
        else {
            return Report(
                cues: 0, problems: [Problem(line: 1, message: "a WebVTT file starts with a line 'WEBVTT'; browsers show none of this file's captions, so it is not published")],
                hasHeader: false)
        }
        var cues = 0
        var previousStart: Int?
        var index = 1
        // Skip the header block: everything up to the first blank line.
        while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) { index += 1 }
        while index < lines.count {
            while index < lines.count, lines[index].allSatisfy(\.isWhitespace) { index += 1 }
            guard index < lines.count else { break }
            let blockStart = index
            var block: [Substring] = []
            while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) {
                block.append(lines[index])
                index += 1
            }
            if let first = block.first, first.hasPrefix("NOTE") || first.hasPrefix("STYLE") || first.hasPrefix("REGION"), !first.contains("-->") {
                continue
            }
            // An identifier line may come before the timing line.
            let timingOffset = block[0].contains("-->") ? 0 : 1
            guard timingOffset < block.count, block[timingOffset].contains("-->") else {
                report(blockStart + 1, "this block has no timing line ('00:01.000 --> 00:04.000'); browsers skip it")
                continue
            }
            let lineNumber = blockStart + timingOffset + 1
            // As WebVTT's parser reads it: the start, `-->` with or without spaces or tabs around it,
            // the end, and the settings after a space or tab.
            let timing = block[timingOffset]
            func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
            let arrow = timing.range(of: "-->")
            let startText = arrow.map { Substring(timing[..<$0.lowerBound].trimmingBlanks) } ?? ""
            let endText = arrow.map { timing[$0.upperBound...].drop(while: isBlank).prefix { !isBlank($0) } } ?? ""
            guard let start = timestamp(startText), let end = timestamp(endText) else {
                report(lineNumber, "the timing line '\(timing.prefix(80))' is not '[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt'; browsers skip this cue")
                continue
            }
            if end <= start { report(lineNumber, "the cue ends (\(endText)) before it starts (\(startText))") }
            if let previousStart, start < previousStart {
                report(lineNumber, "the cue starts (\(startText)) before the one above it: cues go in order of their start times")
            }
            for (offset, line) in block.enumerated().dropFirst(timingOffset + 1) where line.contains("-->") {
                report(blockStart + offset + 1, "a caption's text may not hold '-->': is a blank line missing before this cue?")
            }
            previousStart = start
            cues += 1
        }
        return Report(cues: cues, problems: problems)
    }

    /// A WebVTT timestamp in milliseconds: `mm:ss.ttt` or `hh:mm:ss.ttt` (hours two or more digits).
    static func timestamp(_ text: Substring) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), let last = fields.last else { return nil }
        let secondsParts = last.split(separator: ".", omittingEmptySubsequences: false)
        func digits(_ part: Substring, count: ClosedRange<Int>) -> Int? {
            guard count.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        guard secondsParts.count == 2, let seconds = digits(secondsParts[0], count: 2...2), seconds < 60,
            let millis = digits(secondsParts[1], count: 3...3),
            let minutes = digits(fields[fields.count - 2], count: 2...2), minutes < 60
        else { return nil }
        let hours = fields.count == 3 ? digits(fields[0], count: 2...10) : 0
        guard let hours else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }
}

import Diagnostics
/// What a fenced block's info string asks for: ```` ```swift title="AppDelegate.swift" {3,5-7} linenos ````.
/// The first word names the language (`diff-swift` a diff whose lines are Swift); after it come a
/// title, marked lines in braces and `linenos` for line numbers, in any order.
struct CodeInfo: Sendable, Equatable {
    /// The language word as written, without a `diff-` prefix; empty for none.
    var language = ""
    /// The first word as written, for the block's `language-…` class.
    var word = ""
    var title: String?
    /// Marked lines, 1-based.
    var markedLines: Set<Int> = []
    var lineNumbers = false
    /// A diff: lines starting with `+` are added, with `-` removed, the rest of each line in `language`.
    var isDiff = false
    /// What could not be read, each at its byte offset in the info string.
    var problems: [(message: String, offset: Int)] = []

    static func == (lhs: CodeInfo, rhs: CodeInfo) -> Bool {
        (lhs.language, lhs.word, lhs.title, lhs.markedLines, lhs.lineNumbers, lhs.isDiff)
            == (rhs.language, rhs.word, rhs.title, rhs.markedLines, rhs.lineNumbers, rhs.isDiff)
            && lhs.problems.map(\.message) == rhs.problems.map(\.message) && lhs.problems.map(\.offset) == rhs.problems.map(\.offset)
    }

    /// The most problems one info string reports; one more counts the rest.
    static let maximumProblems = 20

    /// The most lines a range in braces may mark, so that `{1-999999999}` stays small.
    static let maximumMarkedLines = 100_000

    init() {}

    /// Reads `info`; a block of `lineCount` lines.
    init(_ info: String, lineCount: Int) {
        let bytes = Array(info.utf8)
        var index = 0
        func skipBlanks() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        skipBlanks()
        let wordStart = index
        while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != UInt8(ascii: "{") { index += 1 }
        word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
        language = word
        if word.lowercased().hasPrefix("diff-") {
            isDiff = true
            language = String(word.dropFirst(5))
        } else if ["diff", "patch"].contains(word.lowercased()) {
            // Its lines are marked added and removed; GtkSourceView's diff definition colours
            // them with styles of its own, which no def: style stands for.
            isDiff = true
            language = ""
        }
        var seen: Set<String> = []
        while true {
            skipBlanks()
            guard index < bytes.count else { break }
            let start = index
            if bytes[index] == UInt8(ascii: "{") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                    problems.append(("'{' opens marked lines but no '}' closes them", start))
                    break
                }
                readMarks(String(decoding: bytes[(index + 1)..<close], as: UTF8.self), lineCount: lineCount, offset: start)
                index = close + 1
                continue
            }
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != UInt8(ascii: "=") { index += 1 }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            var value: String?
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    guard let close = bytes[(index + 1)...].firstIndex(of: quote) else {
                        problems.append(("the quoted value of '\(name)' has no closing \(quote == 0x22 ? "\"" : "'")", start))
                        break
                    }
                    value = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                    index = close + 1
                } else {
                    let valueStart = index
                    while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            if ["title", "linenos"].contains(name), !seen.insert(name).inserted {
                problems.append(("'\(name)' is given twice; the last one counts", start))
            }
            switch (name, value) {
            case ("title", let value?):
                if value.trimmingBlanks.isEmpty { problems.append(("'title' is empty", start)) } else { title = value }
            case ("linenos", nil):
                lineNumbers = true
            case ("linenos", _?):
                problems.append(("'linenos' takes no value: write it alone", start))
            default:
                let known = "title=\"…\", {1,3-5} and linenos"
                let guess = Suggestion.closest(to: name, in: ["title", "linenos"]).map { " (did you mean '\($0)'?)" } ?? ""
                problems.append(("unknown code block attribute '\(name)'\(guess); sitegen knows \(known)", start))
            }
        }
        // An info string of 400,000 marks past the end made 400,000 warnings.
        problems = problems.keepingFirst(Self.maximumProblems) { more, first in ("and \(more) more problems in this info string, not shown", first.offset) }
    }

    /// Reads `3,5-7` into `markedLines`.
    private mutating func readMarks(_ text: String, lineCount: Int, offset: Int) {
        for part in text.split(separator: ",") {
            let item = part.trimmingBlanks
            let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { Int($0.trimmingBlanks) }
            guard let first = bounds.first ?? nil, first >= 1, bounds.count == 1 || (bounds.last ?? nil).map({ $0 >= first }) == true else {
                problems.append(("'\(item)' is not a line or a range of lines such as 3 or 5-7", offset))
                continue
            }
            let last = bounds.count == 2 ? (bounds[1] ?? first) : first
            guard last <= lineCount else {
                problems.append(("line \(last) is marked, but the block has \(lineCount) line\(lineCount == 1 ? "" : "s")", offset))
                continue
            }
            guard last - first < Self.maximumMarkedLines else { continue }
            markedLines.formUnion(first...last)
        }
    }
}

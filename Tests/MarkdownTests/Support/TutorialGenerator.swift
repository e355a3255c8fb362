/// Tutorial-shaped pages made from a seed: tables (ragged rows, alignments, CJK and Arabic,
/// escaped pipes, code spans with pipes), task lists nested, quotes and ordered lists holding
/// any of it, footnotes with indented blocks, code blocks that hold the syntax as text.
struct TutorialGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// SplitMix64: the same pages on every machine.
    private mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }

    private mutating func pick(_ choices: [String]) -> String { choices[next(choices.count)] }

    private static let inlines = [
        "plain text", "*emphasis*", "**strong**", "`code | pipe`", "~~gone~~", "www.example.com/path",
        "https://swift.org/docs.", "mail@example.com", "[link](https://example.com)", "![img](pic.png)", "[^1]",
        "[^note]", "\\| escaped", "&amp;", "한국어", "العربية", "日本語", "~single~", "<b>b</b>", "x_y_z",
    ]

    private mutating func inline() -> String {
        (0...next(4)).map { _ in pick(Self.inlines) }.joined(separator: " ")
    }

    private mutating func table() -> String {
        let columns = 1 + next(4)
        var rows = ["| " + (0..<columns).map { _ in inline() }.joined(separator: " | ") + " |"]
        rows.append("|" + (0..<columns).map { _ in pick([" --- ", ":---", " :-: ", "--:"]) }.joined(separator: "|") + "|")
        for _ in 0..<next(4) {
            let width = columns > 1 ? columns + next(3) - 1 : columns
            rows.append("| " + (0..<max(width, 1)).map { _ in inline() }.joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n")
    }

    private mutating func block(depth: Int = 0) -> String {
        switch next(10) {
        case 0: return inline() + "\n" + inline()
        case 1: return table()
        case 2 where depth < 2:
            return (0...next(3)).map { _ in "- " + pick(["[x] ", "[ ] ", "", ""]) + inline() }.joined(separator: "\n")
        case 3 where depth < 2:
            return block(depth: depth + 1).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
        case 4 where depth < 2:
            let lines = block(depth: depth + 1).split(separator: "\n", omittingEmptySubsequences: false)
            return (["1. " + (lines.first ?? "")] + lines.dropFirst().map { $0.isEmpty ? "" : "   " + $0 }).joined(separator: "\n")
        case 5: return "[^" + pick(["1", "note"]) + "]: " + inline() + (next(2) == 0 ? "\n\n    " + inline() : "")
        case 6: return "```\n| not | a | table |\n~~no~~ www.no.com [^1]\n```"
        case 7: return "# " + inline()
        case 8: return "- [ ] task " + inline() + "\n  - [x] sub " + inline()
        default: return inline() + "\n" + table()
        }
    }

    mutating func page() -> String {
        (0...(1 + next(5))).map { _ in block() }.joined(separator: "\n\n") + "\n"
    }
}

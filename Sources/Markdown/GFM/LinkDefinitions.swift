import CCMark

/// A body's link reference definitions (see `ExtensionContext.definitions`), in pieces by label,
/// so that a piece of text parsed again on its own (a footnote, a table) is given only those it
/// names. Giving every piece all of them made a page with thousands of both take minutes.
///
/// The definitions are split at each line that starts with `[`; a run of lines between blank
/// lines (what cmark reads as one paragraph) is split so only when cmark reads every piece of it
/// alone as definitions and nothing else, for then each piece means what it did in the run (no
/// title or destination starts with `[`). A run with anything else stays whole, under every
/// label it holds.
struct LinkDefinitions {
    private var pieces: [[UInt8]] = []
    private var piecesByKey: [String: [Int]] = [:]
    /// How many bytes of definitions pieces parsed again have been given, and the most they may be.
    private var given = 0
    private let budget: Int

    /// Splits `text` (definitions, runs separated by blank lines), checking each piece with cmark
    /// under `flags`; at most `budget` bytes are given out in all.
    init(_ text: [UInt8], flags: Int32, budget: Int) {
        self.budget = budget
        // The first definition of a label wins: a later one alone under the same key is never
        // given (a page defining one label thousands of times gave each piece all of them).
        var defined = Set<String>()
        for run in text.split(separator: 0x0A, omittingEmptySubsequences: false).split(whereSeparator: \.isEmpty) {
            let split = Self.split(run)
            let whole = split.contains { !Self.isOnlyDefinitions($0, flags: flags) }
            for piece in whole ? [Array(split.joined(separator: [0x0A]))] : split {
                let keys = whole ? Self.keys(in: piece[...]) : [Self.key(Self.leadingLabel(of: piece))]
                if !whole, let key = keys.first, !defined.insert(key).inserted { continue }
                for key in keys { piecesByKey[key, default: []].append(pieces.count) }
                pieces.append(piece)
            }
        }
    }

    /// The definitions `lines` may name, in the body's order, as source lines; nil once the
    /// budget is spent.
    mutating func text(for lines: [SubDocument.Line]) -> [UInt8]? {
        guard given <= budget else { return nil }
        let joined = Array(lines.map(\.bytes).joined(separator: [0x0A]))
        var chosen = Set<Int>()
        for key in Self.keys(in: joined[...]) { chosen.formUnion(piecesByKey[key] ?? []) }
        given += chosen.reduce(0) { $0 + pieces[$1].count + 2 }
        guard given <= budget else { return nil }
        var text: [UInt8] = []
        for index in chosen.sorted() {
            text += pieces[index]
            text += [0x0A, 0x0A]
        }
        return text
    }

    /// A run's lines, in pieces from each line that starts with `[` to the next.
    private static func split(_ run: ArraySlice<ArraySlice<UInt8>>) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        for line in run {
            if line.first == UInt8(ascii: "[") || pieces.isEmpty {
                pieces.append(Array(line))
            } else {
                pieces[pieces.count - 1] += [0x0A] + line
            }
        }
        return pieces
    }

    /// Whether cmark reads `text` as link reference definitions and nothing else.
    private static func isOnlyDefinitions(_ text: [UInt8], flags: Int32) -> Bool {
        guard text.first == UInt8(ascii: "["), let root = CMarkNode.parse(text, flags: flags) else { return false }
        defer { cmark_node_free(root) }
        return cmark_node_first_child(root) == nil
    }

    /// The label a definition starts with, without its brackets.
    private static func leadingLabel(of text: [UInt8]) -> ArraySlice<UInt8> {
        keySpans(in: text[...]).first.map { text[$0] } ?? []
    }

    /// What every bracketed text in `bytes` could match as a link label: cmark compares labels
    /// case folded with runs of white space as one space; here case is folded by way of upper
    /// case, then lower (so `ß`, `SS` and `ss` meet), `ß` (which `ẞ` lowers to) is `ss`, and
    /// white space is dropped, which may match more labels than cmark does, never fewer.
    static func keys(in bytes: ArraySlice<UInt8>) -> Set<String> {
        Set(keySpans(in: bytes).map { key(bytes[$0]) })
    }

    private static func key(_ label: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in String(decoding: label, as: UTF8.self).uppercased().lowercased().unicodeScalars where !scalar.properties.isWhitespace {
            if scalar == "ß" {
                scalars.append(contentsOf: "ss".unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The text inside each innermost pair of brackets (a `\` escapes the byte after it), as
    /// ranges; a label never holds an unescaped bracket.
    private static func keySpans(in bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var open: Int?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): open = index + 1
            case UInt8(ascii: "]"):
                if let start = open { spans.append(start..<index) }
                open = nil
            default: break
            }
            index += 1
        }
        return spans
    }
}

/// A theme string with `{name}` placeholders, split once into its text and placeholders, so
/// that filling it for every page of a site does not scan it again. A placeholder with no value
/// stays as it is written.
struct StringPattern: Sendable {
    private enum Piece: Sendable {
        case text(Substring)
        case placeholder(Substring)
    }

    private let pieces: [Piece]

    init(_ pattern: String) {
        var pieces: [Piece] = []
        var rest = pattern[...]
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")),
            let close = rest.utf8[rest.utf8.index(after: open)...].firstIndex(of: UInt8(ascii: "}"))
        {
            let name = rest[rest.utf8.index(after: open)..<close]
            // "{{x}" keeps its first brace as text: only the innermost braces name a value.
            if let inner = name.utf8.lastIndex(of: UInt8(ascii: "{")) {
                pieces.append(.text(rest[..<inner]))
                rest = rest[inner...]
                continue
            }
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            pieces.append(.placeholder(name))
            rest = rest[rest.utf8.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        self.pieces = pieces
    }

    /// The names of its placeholders, in order.
    var placeholders: [String] {
        pieces.compactMap { piece in
            if case .placeholder(let name) = piece { return String(name) }
            return nil
        }
    }

    func callAsFunction(_ values: KeyValuePairs<String, String>) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text):
                result += text
            case .placeholder(let name):
                if let value = values.first(where: { $0.key == name })?.value {
                    result += value
                } else {
                    result += "{" + name + "}"
                }
            }
        }
        return result
    }
}

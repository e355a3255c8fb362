/// A failed build's errors as the pages show them: the first `messageLimit`, each line cut to
/// `lineLimit` characters and each message to `lengthLimit`, and how many were left out. The
/// event stream closes a stream that has more than `EventStream.pendingLimit` waiting, so a
/// failure's event must stay well under it whatever the build printed (8,000 errors, or one on a
/// line of 200 KB); the terminal still prints every diagnostic in full.
struct FailureSummary: Sendable, Equatable {
    static let messageLimit = 100
    static let lengthLimit = 400
    static let lineLimit = 200

    /// The messages kept, each cut.
    let messages: [String]
    /// How many messages were left out.
    let omitted: Int

    init(_ all: [String]) {
        messages = all.prefix(Self.messageLimit).map(Self.cut)
        omitted = max(0, all.count - Self.messageLimit)
    }

    /// The line that stands for the messages left out, if any were.
    var more: String? {
        omitted == 0 ? nil : "… and \(omitted) more error\(omitted == 1 ? "" : "s"), in the terminal"
    }

    /// `message` with each line cut to `lineLimit` characters and the whole to `lengthLimit`,
    /// an ellipsis marking each cut.
    static func cut(_ message: String) -> String {
        var lines: [String] = []
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(shortened(line.unicodeScalars, to: lineLimit))
        }
        return shortened(lines.joined(separator: "\n").unicodeScalars, to: lengthLimit)
    }

    private static func shortened(_ scalars: some Collection<Unicode.Scalar>, to limit: Int) -> String {
        var kept = String.UnicodeScalarView(scalars.prefix(limit))
        if scalars.count > limit { kept += " …".unicodeScalars }
        return String(kept)
    }
}

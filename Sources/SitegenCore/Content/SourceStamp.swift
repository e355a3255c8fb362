import Diagnostics
import FrontMatter

/// The version of a source page a translation was made from, as its front matter records it:
/// `source: 3f2a9c81d04b`, the first 12 hex digits of the SHA-256 of the source file's bytes.
/// The status of a translation comes from the files alone, so it survives a fresh clone.
struct SourceStamp: Sendable, Equatable {
    static let key = "source"
    static let length = 12

    var hex: String

    /// Why a written stamp cannot be read.
    struct Problem: Error, Equatable {
        var message: String
        /// Whether the front matter sets `source:` twice, rather than to something not a stamp.
        var repeated = false
    }

    /// The stamp of a source file's bytes.
    init(of bytes: some Collection<UInt8>) {
        hex = String(SHA256.hex(bytes).prefix(Self.length))
    }

    init(hex: String) {
        self.hex = hex
    }

    /// The error for front matter that sets `source:` twice (which reading it would hide), if it does.
    static func repeated(in fields: YAMLNode?, file: SourceFile) -> Diagnostic? {
        guard let (first, again) = fields?.repeatedKey(key) else { return nil }
        return file.error(
            "duplicate key '\(key)' in the translation's front matter (first set on line \(first.location.line))", at: again.location, length: again.length)
    }

    /// Reads `source:` from a translation's front matter.
    static func read(_ node: YAMLNode) -> Result<SourceStamp, Problem> {
        guard let text = node.scalarText, text.utf8.count == length,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else {
            return .failure(Problem(message: 
                "'source' must be the first \(length) hex digits of the SHA-256 of the source page, as `sitegen translations --stamp` writes it, not '\(node.scalarText ?? "")'"))
        }
        return .success(SourceStamp(hex: text))
    }
}

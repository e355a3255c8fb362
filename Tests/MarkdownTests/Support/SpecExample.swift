import Foundation
import Testing

/// An example of a CommonMark-style specification file (the GFM spec, cmark-gfm's extension
/// tests), vendored in `Tests/Specifications`.
struct SpecExample: Sendable, CustomTestStringConvertible {
    var file: String
    var number: Int
    var section: String
    /// The word after `example` on the fence line (`table`, `autolink`, ...), empty for none.
    var kind: String
    var markdown: String

    var testDescription: String { "\(file) example \(number) (\(section))" }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let gfmDirectory = repository.appendingPathComponent("Tests/Specifications/gfm")
    static let commonMarkDirectory = repository.appendingPathComponent("Tests/Specifications/commonmark")

    static let gfm = examples(in: gfmDirectory.appendingPathComponent("spec.txt"), named: "spec.txt")
    static let extensions = examples(in: gfmDirectory.appendingPathComponent("extensions.txt"), named: "extensions.txt")
    static let commonMark = examples(in: commonMarkDirectory.appendingPathComponent("spec.txt"), named: "commonmark")

    static func examples(in url: URL, named file: String) -> [SpecExample] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var kind = ""
        var markdown: [Substring] = []
        var inExample = false
        var inMarkdown = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inExample, line.hasPrefix("#") {
                section = String(line.drop { $0 == "#" || $0 == " " })
            } else if !inExample, line.hasPrefix("\(fence) example") {
                inExample = true
                inMarkdown = true
                kind = line.dropFirst(fence.count + " example".count).trimmingCharacters(in: .whitespaces)
                markdown = []
            } else if inExample, line == fence {
                inExample = false
                let body = markdown.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                examples.append(SpecExample(file: file, number: examples.count + 1, section: section, kind: kind, markdown: body))
            } else if inExample, inMarkdown, line == "." {
                inMarkdown = false
            } else if inExample, inMarkdown {
                markdown.append(line)
            }
        }
        return examples
    }
}

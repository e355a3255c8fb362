import Foundation
import Testing

/// The examples of the CommonMark specification (`spec.txt`), vendored in `Tests/Specifications`.
struct CommonMarkExample: Sendable, CustomTestStringConvertible {
    var number: Int
    var section: String
    var markdown: String

    var testDescription: String { "example \(number) (\(section))" }

    static let directory = Repository.root.appendingPathComponent("Tests/Specifications/commonmark")

    static let all: [CommonMarkExample] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("spec.txt"), encoding: .utf8) else {
            return []
        }
        let fence = String(repeating: "`", count: 32)
        var examples: [CommonMarkExample] = []
        var section = ""
        var markdown: [Substring] = []
        var inExample = false
        var inMarkdown = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inExample, line.hasPrefix("#") {
                section = String(line.drop { $0 == "#" || $0 == " " })
            } else if line == "\(fence) example" {
                inExample = true
                inMarkdown = true
                markdown = []
            } else if inExample, line == fence {
                inExample = false
                let body = markdown.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                examples.append(CommonMarkExample(number: examples.count + 1, section: section, markdown: body))
            } else if inExample, inMarkdown, line == "." {
                inMarkdown = false
            } else if inExample, inMarkdown {
                markdown.append(line)
            }
        }
        return examples
    }()
}

/// Runs Debian's `cmark` command with its default options on `markdown`.
func cmarkCommand(_ markdown: String, arguments: [String] = []) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/cmark")
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(markdown.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

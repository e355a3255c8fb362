import Foundation
import Testing

@testable import Highlight

/// The engine against GtkSourceView itself (python3-gi, `oracle.py`) on the committed corpus:
/// per language, at least 99.5% of characters must get the same `def:` style. Every language's
/// figure is printed; a missing oracle fails the test.
@Suite(.timeLimit(.minutes(10))) struct DifferentialTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let corpus = folder.appendingPathComponent("Corpus")
    static let required = 0.995

    /// One corpus file: its language id and name in Corpus/.
    struct Entry: Sendable {
        var language: String
        var name: String
    }

    static func manifest() throws -> [Entry] {
        let text = try String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(language: fields[0], name: fields[1])
        }
    }

    static func engine(_ text: String, _ language: CompiledLanguage) -> [String] {
        guard case .success(let runs) = Highlighter.highlight(text, with: language, maximumBytes: .max, maximumLineBytes: .max) else {
            return Array(repeating: "(failed)", count: text.unicodeScalars.count)
        }
        return runs.flatMap { Array(repeating: $0.style, count: $0.text.unicodeScalars.count) }
    }

    @Test func agreesWithGtkSourceView() async throws {
        let entries = try Self.manifest()
        let expected = try await Oracle.styles(entries.map { ($0.language, Self.corpus.appendingPathComponent($0.name).path) })
        let library = LanguageLibrary()
        var totals: [String: (same: Int, all: Int)] = [:]
        var differences: [String] = []
        var bytes = 0
        for (entry, oracle) in zip(entries, expected) {
            await Task.yield()
            let text = try String(contentsOf: Self.corpus.appendingPathComponent(entry.name), encoding: .utf8)
            bytes += text.utf8.count
            let language = try library.language(entry.language).get()
            let ours = Self.engine(text, language)
            #expect(ours.count == oracle.count, "\(entry.name): \(ours.count) characters, the oracle has \(oracle.count)")
            let scalars = Array(text.unicodeScalars)
            var same = 0
            var reported = 0
            var index = 0
            while index < min(ours.count, oracle.count) {
                if ours[index] == oracle[index] {
                    same += 1
                    index += 1
                    continue
                }
                var end = index
                while end < min(ours.count, oracle.count), ours[end] != oracle[end] { end += 1 }
                if reported < 3 {
                    let lineNumber = scalars[..<index].filter { $0 == "\n" }.count + 1
                    let excerpt = String(String.UnicodeScalarView(scalars[index..<min(end, index + 40)])).debugDescription
                    differences.append("  \(entry.name):\(lineNumber): \(excerpt) ours \(ours[index]) gtk \(oracle[index])")
                    reported += 1
                }
                index = end
            }
            let total = totals[entry.language, default: (0, 0)]
            totals[entry.language] = (total.same + same, total.all + max(ours.count, oracle.count))
        }
        print("Highlighting agreement with GtkSourceView, \(bytes) bytes in \(totals.count) languages:")
        for (language, total) in totals.sorted(by: { $0.key < $1.key }) {
            let share = Double(total.same) / Double(max(1, total.all))
            print("  \(language): \(String(format: "%.3f", share * 100))% of \(total.all) characters")
            #expect(share >= Self.required, "\(language): \(String(format: "%.3f", share * 100))%")
        }
        if !differences.isEmpty { print("Differences (first of each file):\n" + differences.joined(separator: "\n")) }
        #expect(totals.count >= 20)
        #expect(bytes >= 1_000_000)
    }
}

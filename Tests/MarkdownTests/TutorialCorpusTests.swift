import Foundation
import Testing
@testable import Markdown

/// Tutorial-shaped pages (`Tests/MarkdownTests/Corpus`) render as `cmark-gfm` renders them, after
/// the normalisations docs/markdown.md lists.
@Suite struct TutorialCorpusTests {
    static let directory = SpecExample.repository.appendingPathComponent("Tests/MarkdownTests/Corpus")
    static let pages: [String] = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".md") }.sorted() ?? []

    @Test func theCorpusIsHere() {
        #expect(Self.pages.count >= 4, "no pages in \(Self.directory.path)")
    }

    @Test(arguments: pages)
    func rendersLikeCmarkGFM(_ page: String) throws {
        let markdown = try String(contentsOf: Self.directory.appendingPathComponent(page), encoding: .utf8)
        let (rendered, expected) = try Oracle.renderings(of: markdown)
        #expect(rendered == expected, "first difference at line \(firstDifference(rendered, expected))")
    }

    private func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "<end>"
            let r = index < right.count ? String(right[index]) : "<end>"
            if l != r { return "\(index + 1): sitegen \(l) / cmark-gfm \(r)" }
        }
        return "none"
    }
}

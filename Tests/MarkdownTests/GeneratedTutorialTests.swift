import Testing
@testable import Markdown

/// 300 generated tutorial pages render as `cmark-gfm` renders them (docs/markdown.md's
/// normalisations applied): the combinations no hand-written page thinks of.
@Suite struct GeneratedTutorialTests {
    static let pages: [String] = {
        var generator = TutorialGenerator(seed: 18)
        return (0..<300).map { _ in generator.page() }
    }()

    @Test func everyPageRendersLikeCmarkGFM() throws {
        var differing: [Int] = []
        for (index, page) in Self.pages.enumerated() {
            let (rendered, expected) = try Oracle.renderings(of: page)
            if rendered != expected { differing.append(index) }
        }
        #expect(differing.isEmpty, "pages \(differing.prefix(10)) differ; the first:\n\(differing.first.map { Self.pages[$0] } ?? "")")
    }
}

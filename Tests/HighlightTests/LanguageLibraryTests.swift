import Foundation
import Testing

@testable import Highlight

/// Where definitions come from and how they are shared.
@Suite struct LanguageLibraryTests {
    @Test func anEarlierFolderOverridesALaterOne() throws {
        let system = try LanguageFolder([
            "test.lang": LanguageFolder.language(definitions: """
                <context id="test"><include><context id="word" style-ref="type"><match>[a-z]+</match></context></include></context>
                """)
        ])
        let site = try LanguageFolder([
            "mine.lang": LanguageFolder.language(definitions: """
                <context id="test"><include><context id="word" style-ref="keyword"><match>[a-z]+</match></context></include></context>
                """)
        ])
        defer {
            system.remove()
            site.remove()
        }
        let highlighter = Highlighter(library: LanguageLibrary(searchPaths: [site.url, system.url]))
        let runs = try highlighter.highlight("ab", language: "test").get()
        #expect(runs == [TokenRun(style: "keyword", text: "ab")])
    }

    @Test func oneLibraryServesManyTasksAtOnce() async throws {
        let highlighter = Highlighter()
        let code = try String(contentsOf: DifferentialTests.corpus.appendingPathComponent("swift--tutorial.swift"), encoding: .utf8)
        let results = await withTaskGroup(of: [TokenRun]?.self) { group in
            for _ in 0..<8 { group.addTask { try? highlighter.highlight(code, language: "swift").get() } }
            var all: [[TokenRun]?] = []
            for await result in group { all.append(result) }
            return all
        }
        let first = try #require(results.first ?? nil)
        #expect(first.count > 20)
        #expect(results.allSatisfy { $0 == first })
    }

    @Test func aMissingFolderMeansNoLanguages() {
        let library = LanguageLibrary(searchPaths: [URL(fileURLWithPath: "/nonexistent/language-specs")])
        #expect(library.languages.isEmpty)
        #expect(Highlighter(library: library).highlight("x", language: "swift") == .failure(.unknownLanguage("swift")))
    }
}

import Foundation
import Testing

@testable import OnboardingKit

/// The shared locale-resolution vectors, which the runtime's JavaScript resolver also passes
/// (`Tests/Node/locale-resolver.test.mjs`).
struct LocaleResolverTests {
    struct Vectors: Decodable {
        struct Case: Decodable, CustomTestStringConvertible {
            var name: String
            var available: [String]
            var preferred: [String]
            var locale: String
            var chain: [String]
            var testDescription: String { name }
        }
        var cases: [Case]

        static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Vectors/locale-resolution.json").standardizedFileURL

        static func load() throws -> [Case] {
            try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url)).cases
        }
    }

    @Test(arguments: try Vectors.load())
    func resolvesEachVector(_ vector: Vectors.Case) {
        let source = vector.available[0]
        #expect(LocaleResolver.resolve(preferred: vector.preferred, available: vector.available, source: source) == vector.locale)
        #expect(LocaleResolver.chain(for: vector.locale, available: vector.available, source: source) == vector.chain)
    }

    @Test func theVectorsCoverTheCasesThatMatter() throws {
        let cases = try Vectors.load()
        #expect(cases.count >= 20)
        // Each rule is exercised: a fallback to the source, a chain of three or more, and a Chinese script inferred.
        #expect(cases.contains { $0.locale == $0.available[0] && !$0.preferred.isEmpty })
        #expect(cases.contains { $0.chain.count >= 4 })
        #expect(cases.contains { $0.preferred == ["zh-TW"] && $0.locale == "zh-Hant" })
    }

    @Test func aManifestFlowIsChosenForTheReadersLanguages() {
        var english = ManifestFlow()
        english.id = "tour"
        english.settings.locale = "en"
        var korean = english
        korean.settings.locale = "ko"
        korean.title = "둘러보기"
        english.translations = [korean]
        #expect(english.localized(for: ["ko-KR", "en"]).title == "둘러보기")
        #expect(english.localized(for: ["fr"]).settings.locale == "en")
        #expect(english.locales == ["en", "ko"])
    }
}

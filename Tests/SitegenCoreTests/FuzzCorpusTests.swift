import Foundation
import SitegenFuzzing
import Testing

/// Every committed fuzzing input, the seed corpus and each crash or hang a fuzzer ever found,
/// replayed through its target: each must return, within the time limit.
@Suite(.timeLimit(.minutes(2))) struct FuzzCorpusTests {
    static let folder = Repository.root.appendingPathComponent("Tests/Fuzz")

    /// One input file of one target.
    struct Input: Sendable, CustomTestStringConvertible {
        var target: FuzzTarget
        var path: String
        var testDescription: String { "\(target.rawValue): \((path as NSString).lastPathComponent)" }
    }

    static let inputs: [Input] = FuzzTarget.allCases.flatMap { target in
        ["corpus", "regressions"].flatMap { kind -> [Input] in
            let directory = folder.appendingPathComponent("\(kind)/\(target.rawValue)").path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { Input(target: target, path: directory + "/" + $0) }
        }
    }

    @Test func everyTargetHasASeedCorpus() {
        for target in FuzzTarget.allCases {
            #expect(Self.inputs.filter { $0.target == target && $0.path.contains("/corpus/") }.count >= 10, "\(target.rawValue)")
        }
    }

    @Test(arguments: inputs)
    func replays(_ input: Input) throws {
        let data = try #require(FileManager.default.contents(atPath: input.path))
        input.target.run(Array(data))
    }
}

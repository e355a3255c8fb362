import Foundation
import Testing
@testable import SitegenCore

/// A Lottie file is read and checked before anything draws it: its numbers, every problem at its
/// place in the file, and the features some renderer does not draw, by layer.
@Suite struct LottieFileTests {
    static let square = Repository.fixtures.appendingPathComponent("media/square.json")

    /// A minimal file of `layers`, with `extra` members at the root.
    private func file(_ layers: String, extra: String = "", op: Int = 30) -> [UInt8] {
        Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":\#(op),"w":200,"h":100,"layers":[\#(layers)]\#(extra)}"#.utf8)
    }

    private func features(_ layers: String, extra: String = "") throws -> [LottieFeature: [String]] {
        let read = try LottieFile.read(file(layers, extra: extra)).get()
        return Dictionary(uniqueKeysWithValues: read.features.map { ($0.feature, $0.layers.map(\.name)) })
    }

    @Test func theFixtureIsReadWithItsNumbersAndItsTextLayer() throws {
        let read = try LottieFile.read(Array(try Data(contentsOf: Self.square))).get()
        #expect(read.version == "5.7.4")
        #expect((read.width, read.height, read.frameRate, read.inPoint, read.outPoint) == (200, 100, 30, 0, 30))
        #expect(read.frameCount == 30 && read.duration == 1 && read.layerCount == 2)
        #expect(read.features.map(\.feature) == [.textLayer])
        #expect(read.features.first?.layers.map(\.name) == ["Caption"])
        #expect(read.images.isEmpty && read.warnings.isEmpty)
    }

    @Test func everyFeatureOfTheTablesIsFoundOnTheLayerThatUsesIt() throws {
        let shape = #"{"ty":4,"nm":"S","ks":{},"shapes":[{"ty":"gr","it":[{"ty":"mm","mm":1},{"ty":"rp"},{"ty":"tr","sk":{"a":0,"k":15}}]}]}"#
        #expect(try features(shape) == [.mergePaths: ["S"], .repeater: ["S"], .skew: ["S"]])
        let layer = #"{"ty":4,"nm":"L","ddd":1,"ao":1,"tt":3,"ks":{"sk":{"a":1,"k":[]}},"masksProperties":[{"mode":"i"},{"mode":"f","x":{"a":0,"k":4}}],"#
            + #""ef":[{"ty":5},{"ty":21},{"ty":29},{"ty":25},{"ty":99}],"shapes":[]}"#
        #expect(try features(layer) == [
            .threeD: ["L"], .autoOrient: ["L"], .skew: ["L"], .lumaMatte: ["L"], .maskIntersect: ["L"], .maskDifference: ["L"], .maskExpansion: ["L"],
            .effectFill: ["L"], .effectGaussianBlur: ["L"], .effectDropShadow: ["L"], .effectOther: ["L"],
        ])
        let expression = #"{"ty":4,"nm":"E","ks":{"p":{"a":0,"k":[0,0],"x":"wiggle(2, 10)"}},"shapes":[]}"#
        #expect(try features(expression) == [.expressions: ["E"]])
        let text = #"{"ty":5,"nm":"T","ks":{},"t":{"d":{"k":[]},"p":{"m":0},"a":[{"s":{}}]}}"#
        #expect(try features(text, extra: #","chars":[{"ch":"A"}]"#) == [.textLayer: ["T"], .glyphs: ["T"], .textPath: ["T"], .textRangeSelector: ["T"]])
        #expect(try features(#"{"ty":4,"nm":"Plain","ks":{"sk":{"a":0,"k":0}},"shapes":[{"ty":"rc"},{"ty":"fl"}],"tt":1}"#).isEmpty, "no skew, an alpha matte")
    }

    @Test func aPrecompIsScannedOnceAndNamesItsLayersThere() throws {
        let layers = #"{"ty":0,"nm":"Use 1","refId":"comp"},{"ty":0,"nm":"Use 2","refId":"comp"}"#
        let assets = #","assets":[{"id":"comp","layers":[{"ty":5,"nm":"Inner","t":{}}]},{"id":"img","p":"a.png","u":"images/"}]"#
        let read = try LottieFile.read(file(layers, extra: assets)).get()
        #expect(read.features.map(\.feature) == [.textLayer])
        #expect(read.features.first?.layers.map(\.described) == ["'Inner' (in precomp 'comp')"])
        #expect(read.images.map(\.path) == ["images/a.png"])
    }

    @Test(arguments: [
        (#"{"v":"5"}"#, "it has no \"w\""),
        (#"[1,2]"#, "a Lottie file is a JSON object"),
        (#"{"w":0,"h":10,"fr":30,"ip":0,"op":1,"layers":[{}]}"#, "\"w\" must be a whole number of pixels from 1 to 8192"),
        (#"{"w":10.5,"h":10,"fr":30,"ip":0,"op":1,"layers":[{}]}"#, "\"w\" must be a whole number"),
        (#"{"w":10,"h":99999,"fr":30,"ip":0,"op":1,"layers":[{}]}"#, "\"h\" must be a whole number of pixels from 1 to 8192"),
        (#"{"w":10,"h":10,"fr":0,"ip":0,"op":1,"layers":[{}]}"#, "\"fr\" (frame rate) must be from 1 to 240"),
        (#"{"w":10,"h":10,"fr":1e-300,"ip":0,"op":1,"layers":[{}]}"#, "\"fr\" (frame rate) must be from 1 to 240"),
        (#"{"w":10,"h":10,"fr":241,"ip":0,"op":1,"layers":[{}]}"#, "\"fr\" (frame rate) must be from 1 to 240"),
        (#"{"w":10,"h":10,"fr":30,"ip":-1e308,"op":1e308,"layers":[{}]}"#, "it has inf frames, more than the 3600"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":3600.5,"layers":[{}]}"#, "it has 3601 frames, more than the 3600"),
        (#"{"w":10,"h":10,"fr":30,"ip":5,"op":5,"layers":[{}]}"#, "must come after \"ip\""),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1e9,"layers":[{}]}"#, "more than the 3600 an animation may have"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[]}"#, "it has no layers"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":{}}"#, "\"layers\" must be an array"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[1]}"#, "a layer must be a JSON object"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[{"nm":"x"}]}"#, "layer 'x' has no \"ty\""),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[{"ty":0,"nm":"p","refId":"none"}]}"#, "shows an asset the file does not have"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[{"ty":2,"nm":"i"}]}"#, "shows an image the file does not have"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":1,"layers":[{"ty":4}],"assets":[{"p":"a.png"}]}"#, "an asset must be an object with a string \"id\""),
        (#"{"w":10,"h":10"#, "it is not valid JSON"),
    ])
    func aFileThatCannotBeUsedSaysWhy(_ text: String, _ expected: String) {
        guard case .failure(let problem) = LottieFile.read(Array(text.utf8)) else {
            Issue.record("\(text) was read")
            return
        }
        #expect(problem.message.contains(expected), "\(problem.message)")
        #expect(problem.offset >= 0 && problem.offset <= text.utf8.count)
    }

    @Test func aProblemIsReportedWhereItIs() {
        let text = "{\n  \"w\": 10, \"h\": 10, \"fr\": 30, \"ip\": 0, \"op\": 1,\n  \"layers\": [\n    {\"ty\": 4,}\n  ]\n}"
        guard case .failure(let problem) = LottieFile.read(Array(text.utf8)) else {
            Issue.record("a trailing comma was read")
            return
        }
        #expect(ImageResolver.position(of: problem.offset, in: Array(text.utf8)) == (4, 14), "at the brace where a key should be")
    }

    @Test func anUnknownLayerTypeIsAWarningWithItsPlace() throws {
        let read = try LottieFile.read(file(#"{"ty":4,"nm":"ok"},{"ty":42,"nm":"odd"}"#)).get()
        #expect(read.warnings.map(\.message) == ["layer 'odd' has type 42, which no renderer knows; it is not shown"])
    }

    /// Numbers no renderer reads as a type (too large for an integer, or not whole) are types of
    /// no renderer, never converted (which stopped the program for 1e300).
    @Test func aTypeThatIsNoWholeNumberIsOfNoRenderer() throws {
        let read = try LottieFile.read(file(#"{"ty":1e300,"nm":"huge"},{"ty":2.5,"nm":"half"},{"ty":-1e19,"nm":"low"}"#)).get()
        #expect(read.warnings.map(\.message) == [
            "layer 'huge' has type 1e+300, which no renderer knows; it is not shown",
            "layer 'half' has type 2.5, which no renderer knows; it is not shown",
            "layer 'low' has type -1e+19, which no renderer knows; it is not shown",
        ])
        let effects = try LottieFile.read(file(#"{"ty":4,"nm":"fx","ef":[{"ty":222222222222222222222222},{"ty":21.5},{"nm":"none"},{"ty":5}]}"#)).get()
        #expect(effects.features.map(\.feature) == [.effectOther])
    }

    @Test func theSupportTableSaysWhoLacksWhat() {
        #expect(LottieFeature.textLayer.lacking.map(\.renderer) == [.rlottie])
        #expect(LottieFeature.mergePaths.lacking.map(\.renderer) == [.rlottie, .lottieWeb, .lottieIOS])
        #expect(LottieFeature.expressions.lacking.map(\.renderer) == [.rlottie, .lottieIOS, .lottieAndroid])
        #expect(LottieFeature.lumaMatte.lacking.map(\.renderer) == [.lottieWeb, .lottieIOS, .lottieAndroid])
        #expect(LottieFeature.lumaMatte.support[.lottieWeb] == .unknown)
        #expect(LottieFeature.allCases.allSatisfy { !$0.lacking.isEmpty }, "a feature every renderer draws needs no word")
        #expect(LottieFeature.textLayer.manifestName == "text_layer" && LottieFeature.threeD.manifestName == "three_d")
    }
}

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
        (#"{"w":0,"h":10,"fr":30,"ip":0,"op":1,"layers":[{}]}"#, "\"w\" must be a whole number of pixels from 1 to 8192, not 0"),
        (#"{"w":10.5,"h":10,"fr":30,"ip":0,"op":1,"layers":[{}]}"#, "\"w\" must be a whole number of pixels from 1 to 8192, not 10.5"),
        (#"{"w":10,"h":99999,"fr":30,"ip":0,"op":1,"layers":[{}]}"#, "\"h\" must be a whole number of pixels from 1 to 8192, not 99999"),
        (#"{"w":10,"h":10,"fr":0,"ip":0,"op":1,"layers":[{}]}"#, "\"fr\" (frame rate) must be from 1 to 240 frames a second, not 0"),
        (#"{"w":10,"h":10,"fr":1e-300,"ip":0,"op":1,"layers":[{}]}"#, "\"fr\" (frame rate) must be from 1 to 240"),
        (#"{"w":10,"h":10,"fr":241,"ip":0,"op":1,"layers":[{}]}"#, "\"fr\" (frame rate) must be from 1 to 240"),
        (#"{"w":10,"h":10,"fr":30,"ip":-1e308,"op":1e308,"layers":[{}]}"#, "it has inf frames, more than the 3600"),
        (#"{"w":10,"h":10,"fr":30,"ip":0,"op":3600.5,"layers":[{}]}"#, "it has 3601 frames, more than the 3600"),
        (#"{"w":10,"h":10,"fr":30,"ip":5,"op":5,"layers":[{}]}"#, "\"op\" (out point, 5) must come after \"ip\" (in point, 5)"),
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
        #expect(LineIndex(Array(text.utf8)).position(of: problem.offset) == (4, 14), "at the brace where a key should be")
        #expect(LineIndex(Array(text.utf8)).position(of: 0) == (1, 1) && LineIndex(Array("a\n".utf8)).position(of: 2) == (2, 1))
    }

    @Test func anUnknownLayerTypeIsAWarningWithItsPlace() throws {
        let read = try LottieFile.read(file(#"{"ty":4,"nm":"ok"},{"ty":42,"nm":"odd"}"#)).get()
        #expect(read.warnings.map(\.message) == ["layer 'odd' has type 42, which no renderer knows; it is not shown"])
    }

    /// Numbers no renderer reads as a type (too large for an integer, or not whole) are types of
    /// no renderer, never converted (which stopped the program for 1e300); the layers of unknown
    /// types are one warning however many there are.
    @Test func aTypeThatIsNoWholeNumberIsOfNoRenderer() throws {
        let read = try LottieFile.read(file(#"{"ty":1e300,"nm":"huge"},{"ty":2.5,"nm":"half"},{"ty":-1e19,"nm":"low"},{"ty":99,"nm":"odd"}"#)).get()
        #expect(read.warnings.map(\.message) == [
            "layers 'huge' (type 1e+300), 'half' (type 2.5), 'low' (type -1e+19) and 1 more have types no renderer knows; they are not shown"
        ])
        let effects = try LottieFile.read(file(#"{"ty":4,"nm":"fx","ef":[{"ty":222222222222222222222222},{"ty":21.5},{"nm":"none"},{"ty":5}]}"#)).get()
        #expect(effects.features.map(\.feature) == [.effectOther])
        let many = (0..<5000).map { #"{"ty":99,"nm":"L\#($0)"}"# }.joined(separator: ",")
        #expect(try LottieFile.read(file(many)).get().warnings.count == 1)
    }

    /// Precompositions are counted as renderers draw them, each shown once per layer that shows
    /// it, before anything walks them: a loop, nesting past the bound, and a small file that
    /// would draw billions of layers are refused where they are.
    @Test func precompsAreCountedAsDrawnAndBounded() throws {
        func precomps(_ count: Int, showing next: Int) -> [UInt8] {
            let assets = (0..<count).map { index in
                let inner = index == count - 1
                    ? #"{"ty":4,"nm":"leaf"}"#
                    : Array(repeating: #"{"ty":0,"refId":"p\#(index + 1)"}"#, count: next).joined(separator: ",")
                return #"{"id":"p\#(index)","layers":[\#(inner)]}"#
            }.joined(separator: ",")
            return file(#"{"ty":0,"nm":"top","refId":"p0"}"#, extra: #","assets":[\#(assets)]"#)
        }
        #expect(try LottieFile.read(precomps(3, showing: 2)).get().drawnLayers == 1 + (2 + 2 * (2 + 2 * 1)))
        #expect(try LottieFile.read(precomps(32, showing: 1)).get().drawnLayers == 1 + 31 + 1)
        func problem(_ bytes: [UInt8]) -> String {
            guard case .failure(let problem) = LottieFile.read(bytes) else { return "read" }
            return problem.message
        }
        #expect(problem(precomps(33, showing: 1)).hasPrefix("precomps are nested more than 32 deep"))
        #expect(problem(precomps(500, showing: 1)).hasPrefix("precomps are nested more than 32 deep"), "and never recursed into")
        #expect(problem(precomps(12, showing: 10)).hasPrefix("it draws more than 10000 layers once its precomps and repeaters are expanded"))
        let loop = file(#"{"ty":0,"refId":"a"}"#, extra: #","assets":[{"id":"a","layers":[{"ty":0,"refId":"b"}]},{"id":"b","layers":[{"ty":0,"refId":"a"}]}]"#)
        #expect(problem(loop) == "precomp 'a' shows itself ('a' → 'b' → 'a'), which no renderer can draw")
    }

    /// A repeater draws its group's shapes once per copy: a million copies in 920 bytes took
    /// gigabytes to draw. Copies count as layers, nested repeaters multiply, and an animated
    /// count counts at its most; a layer with no repeater counts once, however many groups it has.
    @Test func repeatersCountTheLayersTheyDraw() throws {
        func shapes(_ items: String) -> [UInt8] { file(#"{"ty":4,"nm":"s","shapes":[\#(items)]}"#) }
        let rect = #"{"ty":"rc"}"#
        func repeater(_ copies: String) -> String { #"{"ty":"rp","c":\#(copies)}"# }
        #expect(try LottieFile.read(shapes(#"{"ty":"gr","it":[\#(rect)]},{"ty":"gr","it":[\#(rect)]}"#)).get().drawnLayers == 1)
        #expect(try LottieFile.read(shapes(rect + "," + repeater(#"{"a":0,"k":12}"#))).get().drawnLayers == 12)
        let nested = #"{"ty":"gr","it":[\#(rect),\#(repeater(#"{"a":0,"k":20}"#))]},"# + repeater(#"{"a":0,"k":30}"#)
        #expect(try LottieFile.read(shapes(nested)).get().drawnLayers == 600)
        let animated = repeater(#"{"a":1,"k":[{"t":0,"s":[3]},{"t":10,"s":[90.5]}]}"#)
        #expect(try LottieFile.read(shapes(rect + "," + animated)).get().drawnLayers == 91)
        guard case .failure(let problem) = LottieFile.read(shapes(rect + "," + repeater(#"{"a":0,"k":1000000}"#))) else {
            Issue.record("a million copies is read")
            return
        }
        #expect(problem.message.hasPrefix("it draws more than 10000 layers once its precomps and repeaters are expanded"))
        guard case .failure = LottieFile.read(shapes(#"{"ty":"gr","it":[\#(rect),\#(repeater(#"{"a":0,"k":1000}"#))]},"# + repeater(#"{"a":0,"k":1000}"#))) else {
            Issue.record("nested thousands are read")
            return
        }
    }

    /// Image assets are files beside the animation, or PNG and JPEG `data:` URIs; anything else
    /// embedded is a warning (rlottie cannot decode it), and a `data:` name without `"e": 1` is
    /// never taken for a file.
    @Test(arguments: [
        (#"{"id":"i","u":"images/","p":"a.png"}"#, LottieFile.ImageSource.file("images/a.png")),
        (#"{"id":"i","p":"data:image/png;base64,iVBORw0KGgo=","e":1}"#, .embedded),
        (#"{"id":"i","p":"data:image/jpeg;base64,/9j/"}"#, .embedded),
        (#"{"id":"i","u":"","p":"data:/secret.png"}"#, .undecodable),
        (#"{"id":"i","p":"data:image/svg+xml;base64,PHN2Zz4=","e":1}"#, .undecodable),
        (#"{"id":"i","p":"DATA:image/webp;base64,UklGRg==","e":1}"#, .undecodable),
    ])
    func anImageAssetIsAFileOrEmbedded(_ asset: String, _ expected: LottieFile.ImageSource) throws {
        let node = try JSONDocument(Array(asset.utf8)).root
        #expect(LottieFile.imageSource(of: node) == expected)
        let read = try LottieFile.read(file(#"{"ty":2,"refId":"i"}"#, extra: #","assets":[\#(asset)]"#)).get()
        #expect(read.warnings.count == (expected == .undecodable ? 1 : 0))
        #expect(read.images.map(\.path) == (expected == .file("images/a.png") ? ["images/a.png"] : []))
    }

    /// An asset marked embedded whose name is not a `data:` URI is what a player fetches, from
    /// wherever it points (another site, `javascript:`, a file of the device): an error at the asset.
    @Test(arguments: ["secret.png", "https://tracker.example/pixel.png", "javascript:alert(1)", "file:///etc/hostname", "", "  data:image/png;base64,"])
    func anAssetMarkedEmbeddedMustBeADataURI(_ name: String) throws {
        let assets = #","assets":[{"id":"ok","p":"data:image/png;base64,iVBORw0KGgo=","e":1},{"id":"i","p":"\#(name)","e":1}]"#
        let bytes = file(#"{"ty":2,"refId":"i"}"#, extra: assets)
        guard case .failure(let problem) = LottieFile.read(bytes) else {
            Issue.record("\(name) is read")
            return
        }
        #expect(problem.message.hasPrefix("image asset 'i' is marked embedded (\"e\": 1), but its \"p\" is not a data: URI"))
        #expect(problem.offset == bytes.firstRange(of: Array(#"{"id":"i""#.utf8))?.lowerBound)
    }

    /// A byte order mark, which some exporters write, is read as white space: offsets stay the
    /// file's own.
    @Test func aByteOrderMarkIsReadAsWhiteSpace() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + file(#"{"ty":4,"nm":"x"},{"ty":42,"nm":"odd"}"#)
        let read = try LottieFile.read(bytes).get()
        let odd = try #require(bytes.firstRange(of: Array(#"{"ty":42"#.utf8)))
        #expect(read.width == 200)
        #expect(read.warnings.map(\.offset) == [odd.lowerBound])
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

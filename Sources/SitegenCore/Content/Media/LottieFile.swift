/// A Lottie animation (Bodymovin JSON) read and checked before anything renders it: its version,
/// size, frame rate and in and out points, its layers and assets, every problem at the place in
/// the file it is, and which features it uses that some renderer does not draw (`LottieFeature`),
/// naming each layer that uses one.
package struct LottieFile: Sendable, Equatable {
    var version: String
    var width: Int
    var height: Int
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double
    var layerCount: Int
    /// How many layers it draws with its precompositions expanded (`PrecompExpansion`).
    var drawnLayers = 0
    /// The images of its assets that are files beside it, not embedded.
    var images: [ImageAsset] = []
    /// The size of each image embedded in it (a PNG or JPEG `data:` URI), where it is written.
    var embeddedImages: [EmbeddedImage] = []
    /// Each feature some renderer lacks, with the layers that use it, in the table's order.
    var features: [FeatureUse] = []
    /// Problems that leave it playable (an unknown layer type, say).
    var warnings: [Problem] = []

    /// How many frames it has: from its in point to its out point.
    var frameCount: Int { max(1, Int((outPoint - inPoint).rounded(.up))) }
    /// How long it plays, in seconds.
    var duration: Double { (outPoint - inPoint) / frameRate }

    /// An image asset read from a file (`"u"` folder and `"p"` name), where it is written.
    package struct ImageAsset: Sendable, Equatable {
        var id: String
        var path: String
        /// The offsets of the asset's object, its `"u"` and its `"p"` values.
        var offset: Int
    }

    /// An image asset embedded as a `data:` URI: its pixel size, and where its object is written.
    package struct EmbeddedImage: Sendable, Equatable {
        var id: String
        var width: Int
        var height: Int
        var offset: Int
    }

    /// A feature and the layers that use it.
    package struct FeatureUse: Sendable, Equatable {
        var feature: LottieFeature
        var layers: [Layer]
    }

    /// A layer as a report names it: its name (`nm`), the precomposition it is in, if any, and
    /// where its object starts.
    package struct Layer: Sendable, Equatable {
        var name: String
        var precomp: String?
        var offset: Int

        var described: String {
            "'\(name)'" + (precomp.map { " (in precomp '\($0)')" } ?? "")
        }
    }

    package struct Problem: Error, Sendable, Equatable {
        var message: String
        var offset: Int
    }

    /// The largest canvas a file may declare, and the most frames: far past any onboarding
    /// animation, and a bound on what a hostile file makes a build render.
    static let maximumSide = 8192
    static let maximumFrames = 3600
    static let maximumFrameRate = 240.0
    /// After Effects' own lowest composition frame rate: below it, durations overflow what a
    /// frame's delay in milliseconds can hold.
    static let minimumFrameRate = 1.0

    /// Reads `bytes`; the first problem that makes it unusable, where it is.
    package static func read(_ bytes: [UInt8]) -> Result<LottieFile, Problem> {
        let document: JSONDocument
        do {
            document = try self.document(bytes)
        } catch {
            return .failure(Problem(message: "it is not valid JSON: \(error.message)", offset: error.offset))
        }
        do throws(Problem) {
            return .success(try read(document.root))
        } catch {
            return .failure(error)
        }
    }

    /// The first three of `names`, and how many more there are: what a report names of many.
    static func shortList(_ names: [String]) -> String {
        names.count > 3 ? names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more" : names.joined(separator: ", ")
    }

    /// The JSON of a Lottie file. A UTF-8 byte order mark, which some exporters write and RFC 8259
    /// lets a reader ignore, is read as white space, so that every offset stays the file's own.
    static func document(_ bytes: [UInt8]) throws(JSONDocument.Problem) -> JSONDocument {
        guard bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return try JSONDocument(bytes) }
        var spaced = bytes
        spaced.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20])
        return try JSONDocument(spaced)
    }

    /// A number as the file would write it: a whole one without `.0` (`100000`, not `100000.0`).
    static func written(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func read(_ root: JSONDocument.Node) throws(Problem) -> LottieFile {
        guard root.isObject else { throw Problem(message: "a Lottie file is a JSON object, with \"w\", \"h\", \"fr\", \"ip\", \"op\" and \"layers\"", offset: root.offset) }
        func number(_ key: String, _ what: String) throws(Problem) -> Double {
            guard let node = root[key] else { throw Problem(message: "it has no \"\(key)\" (\(what)); is it a Lottie file?", offset: root.offset) }
            guard let value = node.number else { throw Problem(message: "\"\(key)\" (\(what)) must be a number", offset: node.offset) }
            return value
        }
        let width = try number("w", "width")
        let height = try number("h", "height")
        for (key, side) in [("w", width), ("h", height)] where !(side >= 1 && side <= Double(maximumSide) && side.rounded() == side) {
            throw Problem(message: "\"\(key)\" must be a whole number of pixels from 1 to \(maximumSide), not \(Self.written(side))", offset: root[key]?.offset ?? root.offset)
        }
        let frameRate = try number("fr", "frame rate")
        guard frameRate >= minimumFrameRate, frameRate <= maximumFrameRate else {
            throw Problem(
                message: "\"fr\" (frame rate) must be from \(Int(minimumFrameRate)) to \(Int(maximumFrameRate)) frames a second, not \(Self.written(frameRate))",
                offset: root["fr"]?.offset ?? root.offset)
        }
        let inPoint = try number("ip", "in point")
        let outPoint = try number("op", "out point")
        guard outPoint > inPoint else {
            throw Problem(message: "\"op\" (out point, \(Self.written(outPoint))) must come after \"ip\" (in point, \(Self.written(inPoint)))", offset: root["op"]?.offset ?? root.offset)
        }
        guard outPoint - inPoint <= Double(maximumFrames) else {
            let span = outPoint - inPoint
            let frames = span < 1e15 ? String(Int(span.rounded(.up))) : String(format: "%g", span)
            throw Problem(message: "it has \(frames) frames, more than the \(maximumFrames) an animation may have", offset: root["op"]?.offset ?? root.offset)
        }
        let version = root["v"]?.string ?? ""
        guard let layersNode = root["layers"] else { throw Problem(message: "it has no \"layers\"; is it a Lottie file?", offset: root.offset) }
        guard let layers = layersNode.items else { throw Problem(message: "\"layers\" must be an array", offset: layersNode.offset) }
        guard !layers.isEmpty else { throw Problem(message: "it has no layers, so it shows nothing", offset: layersNode.offset) }

        var file = LottieFile(
            version: version, width: Int(width), height: Int(height), frameRate: frameRate, inPoint: inPoint, outPoint: outPoint,
            layerCount: layers.count)
        var uses: [LottieFeature: [Layer]] = [:]
        var assets: [String: JSONDocument.Node] = [:]
        var undecodable: [Layer] = []
        if let assetsNode = root["assets"] {
            guard let items = assetsNode.items else { throw Problem(message: "\"assets\" must be an array", offset: assetsNode.offset) }
            for asset in items {
                guard asset.isObject, let id = asset["id"]?.string else {
                    throw Problem(message: "an asset must be an object with a string \"id\"", offset: asset.offset)
                }
                assets[id] = asset
                // Players take such a "p" as the image's address and fetch it, wherever it points.
                if asset["e"]?.number == 1, let name = asset["p"]?.string, !name.lowercased().hasPrefix("data:") {
                    throw Problem(
                        message: "image asset '\(id)' is marked embedded (\"e\": 1), but its \"p\" is not a data: URI, so a player would fetch it from wherever it points; embed the image (data:image/png;base64,…) or make it a file beside the animation (\"e\": 0)",
                        offset: asset.offset)
                }
                switch imageSource(of: asset) {
                case .file(let path)?: file.images.append(ImageAsset(id: id, path: path, offset: asset.offset))
                case .undecodable?: undecodable.append(Layer(name: id, precomp: nil, offset: asset.offset))
                case .embedded?:
                    if let size = asset["p"]?.string.flatMap(Self.embeddedSize) {
                        file.embeddedImages.append(EmbeddedImage(id: id, width: size.width, height: size.height, offset: asset.offset))
                    }
                case nil: break
                }
            }
        }
        if let first = undecodable.first {
            let names = undecodable.map { "'\($0.name)'" }
            let shown = shortList(names)
            file.warnings.append(Problem(
                message: "image \(names.count == 1 ? "asset" : "assets") \(shown) \(names.count == 1 ? "is" : "are") embedded as neither a PNG nor a JPEG data: URI (data:image/png;base64,…), which rlottie cannot decode; the page's animated image, drawn by rlottie, shows \(names.count == 1 ? "it" : "them") without",
                offset: first.offset))
        }
        var expansion = PrecompExpansion(assets: assets)
        let drawn = try expansion.count(layers)
        guard drawn <= maximumDrawnLayers else {
            throw Problem(
                message: "it draws more than \(maximumDrawnLayers) layers once its precomps and repeaters are expanded (a precomp shown ten times, or a repeater of ten copies, draws its layers ten times), more than an animation may draw",
                offset: layersNode.offset)
        }
        file.drawnLayers = drawn
        var scanner = FeatureScanner(assets: assets)
        try scanner.scan(layers, precomp: nil)
        if let chars = root["chars"]?.items, !chars.isEmpty, let text = scanner.textLayers.first {
            uses[.glyphs, default: []].append(text)
        }
        for (feature, layers) in scanner.uses { uses[feature, default: []] += layers }
        file.features = uses.keys.sorted().map { FeatureUse(feature: $0, layers: uses[$0] ?? []) }
        if let first = scanner.unknownTypes.first {
            let unknown = scanner.unknownTypes
            let message = unknown.count == 1
                ? "layer \(first.layer.described) has type \(first.type), which no renderer knows; it is not shown"
                : "layers " + shortList(unknown.map { "\($0.layer.described) (type \($0.type))" }) + " have types no renderer knows; they are not shown"
            file.warnings.append(Problem(message: message, offset: first.layer.offset))
        }
        return file
    }

    /// Walks layers (and the precompositions they show, each once) for the features of `LottieFeature`.
    private struct FeatureScanner {
        let assets: [String: JSONDocument.Node]
        var uses: [LottieFeature: [Layer]] = [:]
        var textLayers: [Layer] = []
        /// Layers of a type no renderer knows, with the type as written.
        var unknownTypes: [(layer: Layer, type: String)] = []
        private var scanned: Set<String> = []

        init(assets: [String: JSONDocument.Node]) {
            self.assets = assets
        }

        mutating func scan(_ layers: [JSONDocument.Node], precomp: String?) throws(Problem) {
            for (index, node) in layers.enumerated() {
                guard node.isObject else { throw Problem(message: "a layer must be a JSON object", offset: node.offset) }
                let layer = Layer(name: node["nm"]?.string ?? "layer \(index + 1)", precomp: precomp, offset: node.offset)
                guard let type = node["ty"]?.number else { throw Problem(message: "layer \(layer.described) has no \"ty\" (type)", offset: node.offset) }
                func use(_ feature: LottieFeature) {
                    if uses[feature]?.last != layer { uses[feature, default: []].append(layer) }
                }
                // A type that is no whole number (2.5, 1e300) is of no renderer.
                switch Int(exactly: type) {
                case 0:
                    guard let reference = node["refId"]?.string, let asset = assets[reference], let inner = asset["layers"]?.items else {
                        throw Problem(message: "precomp layer \(layer.described) shows an asset the file does not have (\"refId\")", offset: node.offset)
                    }
                    if scanned.insert(reference).inserted { try scan(inner, precomp: reference) }
                case 2:
                    guard let reference = node["refId"]?.string, assets[reference]?["p"] != nil else {
                        throw Problem(message: "image layer \(layer.described) shows an image the file does not have (\"refId\")", offset: node.offset)
                    }
                case 5:
                    use(.textLayer)
                    textLayers.append(layer)
                    if let text = node["t"] {
                        if let path = text["p"], path["m"] != nil { use(.textPath) }
                        if let selectors = text["a"]?.items, !selectors.isEmpty { use(.textRangeSelector) }
                    }
                case 1, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15:
                    break
                default:
                    unknownTypes.append((layer, type.rounded() == type && abs(type) < 1e9 ? String(Int(type)) : String(type)))
                }
                if node["ddd"]?.number == 1 { use(.threeD) }
                if node["ao"]?.number == 1 { use(.autoOrient) }
                switch node["tt"]?.number {
                case 3: use(.lumaMatte)
                case 4: use(.lumaInvertedMatte)
                default: break
                }
                for mask in node["masksProperties"]?.items ?? [] {
                    switch mask["mode"]?.string {
                    case "i": use(.maskIntersect)
                    case "l": use(.maskLighten)
                    case "d": use(.maskDarken)
                    case "f": use(.maskDifference)
                    default: break
                    }
                    if let expansion = mask["x"], Self.isSet(expansion) { use(.maskExpansion) }
                    if let feather = mask["f"], Self.isSet(feather) { use(.maskFeather) }
                }
                for effect in node["ef"]?.items ?? [] {
                    guard let type = effect["ty"]?.number else { continue }
                    switch Int(exactly: type) {
                    case .some(0...10): break
                    case 20: use(.effectTint)
                    case 21: use(.effectFill)
                    case 22: use(.effectStroke)
                    case 23: use(.effectTritone)
                    case 24: use(.effectLevels)
                    case 25: use(.effectDropShadow)
                    case 29: use(.effectGaussianBlur)
                    default: use(.effectOther)
                    }
                }
                if let transform = node["ks"], let skew = transform["sk"], Self.isSet(skew) { use(.skew) }
                for shape in Self.shapes(in: node["shapes"]?.items ?? []) {
                    switch shape["ty"]?.string {
                    case "mm": use(.mergePaths)
                    case "rp": use(.repeater)
                    case "tr": if let skew = shape["sk"], Self.isSet(skew) { use(.skew) }
                    default: break
                    }
                }
                if Self.hasExpression(node) { use(.expressions) }
            }
        }

        /// Every shape item of a layer, groups' items included.
        static func shapes(in items: [JSONDocument.Node]) -> [JSONDocument.Node] {
            var found: [JSONDocument.Node] = []
            var pending = items
            while let item = pending.popLast() {
                found.append(item)
                if item["ty"]?.string == "gr" { pending += item["it"]?.items ?? [] }
            }
            return found
        }

        /// Whether an animatable property (`{"a": 0, "k": value}`) is animated or not zero.
        static func isSet(_ property: JSONDocument.Node) -> Bool {
            if property["a"]?.number == 1 { return true }
            if let value = property["k"]?.number { return value != 0 }
            return property["k"].map { if case .array = $0.value { return true } else { return false } } ?? false
        }

        /// Whether any property under `node` has an expression (`"x"`: a string, beside `"k"`).
        static func hasExpression(_ node: JSONDocument.Node) -> Bool {
            var pending = [node]
            while let current = pending.popLast() {
                switch current.value {
                case .object(let members):
                    if members.contains(where: { $0.key == "x" && $0.value.string != nil }), members.contains(where: { $0.key == "k" }) { return true }
                    pending += members.map(\.value)
                case .array(let items):
                    pending += items
                default:
                    break
                }
            }
            return false
        }
    }
}

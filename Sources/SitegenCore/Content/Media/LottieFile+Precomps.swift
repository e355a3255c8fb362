extension LottieFile {
    /// How deep precompositions may be nested: renderers walk them recursively.
    static let maximumPrecompDepth = 32
    /// The most layers an animation may draw once its precompositions are expanded (a precomp
    /// shown ten times draws its layers ten times): a bound on the work of every frame, which a
    /// small file of precomps that each show the next many times would otherwise make endless.
    static let maximumDrawnLayers = 10_000

    /// Counts the layers an animation draws with every precomposition expanded, before anything
    /// walks them: each precomp is counted once (remembered), a precomp that shows itself or
    /// nesting past `maximumPrecompDepth` is a problem, and counting stops soon after
    /// `maximumDrawnLayers`, so that no count overflows.
    struct PrecompExpansion {
        let assets: [String: JSONDocument.Node]
        private var counted: [String: Int] = [:]
        private var path: [String] = []

        init(assets: [String: JSONDocument.Node]) {
            self.assets = assets
        }

        /// The layers `layers` draw, past `maximumDrawnLayers` as soon as they pass it.
        mutating func count(_ layers: [JSONDocument.Node]) throws(Problem) -> Int {
            var total = 0
            for layer in layers {
                total += layer["ty"]?.number == 4 ? Self.drawnCopies(layer["shapes"]?.items ?? []) : 1
                if layer["ty"]?.number == 0, let reference = layer["refId"]?.string, let inner = assets[reference]?["layers"]?.items {
                    total += try count(precomp: reference, inner, shownBy: layer)
                }
                if total > LottieFile.maximumDrawnLayers { break }
            }
            return total
        }

        /// How many times a shape layer is drawn, as layers count: once, times the copies of each
        /// repeater (`"ty": "rp"`, its most copies if animated) and, for repeaters in groups
        /// (`"gr"`), those of the group that repeats most. A repeater of a million copies in a
        /// 920-byte file took gigabytes to draw. Counted up to just past `maximumDrawnLayers`.
        static func drawnCopies(_ items: [JSONDocument.Node]) -> Int {
            let limit = LottieFile.maximumDrawnLayers + 1
            var group = 1
            var repeated = 1
            for item in items {
                switch item["ty"]?.string {
                case "gr"?: group = max(group, drawnCopies(item["it"]?.items ?? []))
                case "rp"?: repeated = min(limit, repeated * mostCopies(item["c"]))
                default: break
                }
            }
            return min(limit, group * repeated)
        }

        /// The most copies a repeater's `"c"` asks for, animated or not.
        private static func mostCopies(_ property: JSONDocument.Node?) -> Int {
            guard let value = property?["k"] else { return 1 }
            var numbers: [Double] = []
            if let number = value.number { numbers.append(number) }
            for keyframe in value.items ?? [] {
                if let number = keyframe.number { numbers.append(number) }
                for key in ["s", "e"] {
                    if let number = keyframe[key]?.number { numbers.append(number) }
                    numbers += (keyframe[key]?.items ?? []).compactMap(\.number)
                }
            }
            let most = numbers.filter(\.isFinite).max() ?? 1
            return most >= Double(LottieFile.maximumDrawnLayers + 1) ? LottieFile.maximumDrawnLayers + 1 : max(1, Int(most.rounded(.up)))
        }

        private mutating func count(precomp reference: String, _ layers: [JSONDocument.Node], shownBy layer: JSONDocument.Node) throws(Problem) -> Int {
            if let known = counted[reference] { return known }
            if let start = path.firstIndex(of: reference) {
                let loop = (path[start...] + [reference]).map { "'\($0)'" }.joined(separator: " → ")
                throw Problem(message: "precomp '\(reference)' shows itself (\(loop)), which no renderer can draw", offset: layer.offset)
            }
            guard path.count < LottieFile.maximumPrecompDepth else {
                throw Problem(message: "precomps are nested more than \(LottieFile.maximumPrecompDepth) deep here, more than an animation may nest them", offset: layer.offset)
            }
            path.append(reference)
            let total = try count(layers)
            path.removeLast()
            counted[reference] = total
            return total
        }
    }
}

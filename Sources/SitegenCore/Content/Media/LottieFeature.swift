/// The After Effects features of a Lottie file that some renderer does not draw, each with what
/// the renderers' own published tables say of it: Airbnb's "Supported Features" table
/// (airbnb/lottie, supported-features.md: Android, iOS Core Animation and Main Thread engines,
/// Web SVG) and rlottie's README ("Supported After Effects Features"). lottie-web is its default
/// SVG renderer; lottie-ios draws what either of its engines draws, since it falls back from
/// Core Animation to the main thread by itself. Features every renderer draws (shapes, fills,
/// strokes, gradients, parenting, precomps, time remapping…) are not listed: they never need a
/// word.
package enum LottieFeature: String, Sendable, CaseIterable, Comparable {
    case expressions
    case textLayer
    case glyphs
    case textPath
    case textRangeSelector
    case threeD
    case autoOrient
    case skew
    case mergePaths
    case repeater
    case lumaMatte
    case lumaInvertedMatte
    case maskIntersect
    case maskLighten
    case maskDarken
    case maskDifference
    case maskExpansion
    case maskFeather
    case effectFill
    case effectStroke
    case effectTint
    case effectTritone
    case effectLevels
    case effectGaussianBlur
    case effectDropShadow
    case effectOther

    package static func < (lhs: LottieFeature, rhs: LottieFeature) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// How authors and the tables name it; `plural` for what several layers are.
    func name(plural: Bool = false) -> String {
        switch self {
        case .textLayer where plural: return "text layers"
        case .threeD where plural: return "3D layers"
        default: return name
        }
    }

    /// How authors and the tables name it.
    var name: String {
        switch self {
        case .expressions: return "expressions"
        case .textLayer: return "a text layer"
        case .glyphs: return "text as glyphs"
        case .textPath: return "text on a path"
        case .textRangeSelector: return "text range selectors"
        case .threeD: return "a 3D layer"
        case .autoOrient: return "auto-orient"
        case .skew: return "skew"
        case .mergePaths: return "merge paths"
        case .repeater: return "a repeater"
        case .lumaMatte: return "a luma matte"
        case .lumaInvertedMatte: return "an inverted luma matte"
        case .maskIntersect: return "an intersect mask"
        case .maskLighten: return "a lighten mask"
        case .maskDarken: return "a darken mask"
        case .maskDifference: return "a difference mask"
        case .maskExpansion: return "mask expansion"
        case .maskFeather: return "mask feather"
        case .effectFill: return "the Fill effect"
        case .effectStroke: return "the Stroke effect"
        case .effectTint: return "the Tint effect"
        case .effectTritone: return "the Tritone effect"
        case .effectLevels: return "the Levels effect"
        case .effectGaussianBlur: return "the Gaussian Blur effect"
        case .effectDropShadow: return "the Drop Shadow effect"
        case .effectOther: return "a layer effect"
        }
    }

    /// Whether the feature is what a layer is (a text layer, a 3D layer) rather than what it uses.
    var isKindOfLayer: Bool { self == .textLayer || self == .threeD }

    /// Each renderer's support, in the order of `LottieRenderer.allCases`: rlottie, lottie-web,
    /// lottie-ios, lottie-android.
    var support: [LottieRenderer: LottieSupport] {
        let (r, w, i, a): (LottieSupport, LottieSupport, LottieSupport, LottieSupport)
        switch self {
        case .expressions: (r, w, i, a) = (.unsupported, .supported, .unsupported, .unsupported)
        case .textLayer: (r, w, i, a) = (.unsupported, .supported, .supported, .supported)
        case .glyphs: (r, w, i, a) = (.unsupported, .supported, .unsupported, .supported)
        case .textPath, .textRangeSelector: (r, w, i, a) = (.unsupported, .supported, .unsupported, .unsupported)
        case .threeD: (r, w, i, a) = (.unknown, .supported, .unsupported, .unsupported)
        case .autoOrient: (r, w, i, a) = (.supported, .supported, .unsupported, .unsupported)
        case .skew: (r, w, i, a) = (.unsupported, .supported, .supported, .unknown)
        case .mergePaths: (r, w, i, a) = (.unsupported, .unsupported, .unsupported, .supported)
        case .repeater: (r, w, i, a) = (.unknown, .supported, .supported, .supported)
        case .lumaMatte, .lumaInvertedMatte: (r, w, i, a) = (.supported, .unknown, .unsupported, .unsupported)
        case .maskIntersect: (r, w, i, a) = (.supported, .unsupported, .supported, .supported)
        case .maskLighten, .maskDarken, .maskDifference, .maskFeather: (r, w, i, a) = (.unsupported, .unsupported, .unsupported, .unsupported)
        case .maskExpansion: (r, w, i, a) = (.unsupported, .unsupported, .unsupported, .unsupported)
        case .effectFill, .effectStroke, .effectTint, .effectTritone: (r, w, i, a) = (.unsupported, .supported, .unsupported, .unsupported)
        case .effectLevels: (r, w, i, a) = (.unsupported, .unknown, .unsupported, .unsupported)
        case .effectGaussianBlur: (r, w, i, a) = (.unknown, .unknown, .unsupported, .supported)
        case .effectDropShadow: (r, w, i, a) = (.unknown, .unknown, .supported, .supported)
        case .effectOther: (r, w, i, a) = (.unknown, .unknown, .unknown, .unknown)
        }
        return [.rlottie: r, .lottieWeb: w, .lottieIOS: i, .lottieAndroid: a]
    }

    /// The renderers that do not draw it, or may not.
    var lacking: [(renderer: LottieRenderer, support: LottieSupport)] {
        LottieRenderer.allCases.compactMap { renderer in
            let support = self.support[renderer] ?? .unknown
            return support == .supported ? nil : (renderer, support)
        }
    }
}

/// The players a Lottie animation may be shown by: rlottie renders the web page's animated image
/// at build time; an app plays the manifest's JSON with lottie-ios or lottie-android, and a web
/// page of its own with lottie-web.
package enum LottieRenderer: String, Sendable, CaseIterable, Comparable {
    case rlottie
    case lottieWeb = "lottie-web"
    case lottieIOS = "lottie-ios"
    case lottieAndroid = "lottie-android"

    package static func < (lhs: LottieRenderer, rhs: LottieRenderer) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// How far a renderer draws a feature, as its published table says.
package enum LottieSupport: String, Sendable {
    case supported
    case unsupported
    /// The table marks it unknown or does not list it.
    case unknown
}

import OnboardingKit

/// Where a rendered document sits, for the parts every document shares.
struct DocumentHead {
    var title: String
    var description: String
    var locale: String
    var direction: TextDirection
    /// The path from the document to the output's root: "" or "../".
    var rootPath: String
    var bodyClass: String
}

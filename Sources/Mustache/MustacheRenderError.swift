/// A render that had to stop: a partial or parent kept expanding into itself, with no data to
/// end it, deeper than `MustacheRenderer.maximumDepth`.
package struct MustacheRenderError: Error, Sendable, Hashable {
    package var message: String
    /// The template holding the tag that went too deep.
    package var path: String
    /// Where that tag is in it.
    package var location: MustacheLocation
    /// The tag's length, for the underline.
    package var length: Int
}

extension MustacheRenderError {
    init(tooDeep tag: MustacheTag, isParent: Bool) {
        let what = isParent ? "parent '\(tag.name)' extends" : "partial '\(tag.name)' includes"
        self.init(
            message: "\(what) itself more than \(MustacheRenderer.maximumDepth) levels deep",
            path: tag.file, location: tag.location, length: tag.name.count + 5)
    }
}

/// A render that had to stop: a partial or parent kept expanding into itself, with no data to
/// end it, deeper than `MustacheRenderer.maximumDepth`, or the render grew past its size limit.
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

extension MustacheRenderError {
    /// The render of `template` passed `limit` bytes while expanding `chain`, the partials and
    /// parents being expanded then, outermost first; the error points at the outermost one.
    init(tooLarge chain: [MustacheTag], template: String, limit: Int) {
        let size = "\(limit >> 20) MiB"
        if let tag = chain.first {
            let names = chain.prefix(6).map { "'\($0.name)'" }.joined(separator: " → ") + (chain.count > 6 ? " → …" : "")
            self.init(
                message: "partial \(names) expands to more than \(size), the most one rendered file may be; does a partial include others too many times?",
                path: tag.file, location: tag.location, length: tag.name.count + 5)
        } else {
            self.init(
                message: "the template renders more than \(size), the most one rendered file may be",
                path: template, location: MustacheLocation(line: 1, column: 1), length: 1)
        }
    }
}

extension MustacheRenderError {
    /// The render of `template` passed `MustacheRenderer.maximumSteps` while expanding `chain`
    /// (outermost first), or in the template itself.
    init(tooMuchWork chain: [MustacheTag], template: String) {
        let steps = "\(MustacheRenderer.maximumSteps / 1_000_000) million"
        let what = chain.first.map { "partial '\($0.name)'" } ?? "the template"
        self.init(
            message: "\(what) takes more than \(steps) steps to render, the most one rendered file may; are sections nested over long lists?",
            path: chain.first?.file ?? template, location: chain.first?.location ?? MustacheLocation(line: 1, column: 1),
            length: chain.first.map { $0.name.count + 5 } ?? 1)
    }
}

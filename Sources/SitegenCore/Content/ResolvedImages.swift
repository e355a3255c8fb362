/// The images of one flow as the resolver found them, by reference as written, so that an image
/// shown on many pages, or many times on one, is read, measured and hashed once.
struct ResolvedImages {
    private var results: [String: Result<ImageResolver.Resolved, ImageProblem>?] = [:]

    /// What `resolver` makes of `reference` in `flow`, from memory after the first time.
    mutating func resolve(
        _ reference: String, in flow: FlowSources, with resolver: ImageResolver
    ) -> Result<ImageResolver.Resolved, ImageProblem>? {
        if let known = results[reference] { return known }
        let result = resolver.resolve(reference, in: flow)
        results[reference] = .some(result)
        return result
    }
}

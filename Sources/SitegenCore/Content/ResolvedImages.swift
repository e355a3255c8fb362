/// The images of one flow as the resolver found them, by reference as written, so that an image
/// shown on many pages, or many times on one, is read, measured and hashed once.
struct ResolvedImages {
    private var results: [String: Result<ImageResolver.Resolved, ImageProblem>?] = [:]

    /// What `resolver` makes of `reference` in `flow`, from memory after the first time.
    mutating func resolve(
        _ reference: String, in flow: FlowSources, with resolver: ImageResolver, placement: ImageResolver.Placement = .body
    ) -> Result<ImageResolver.Resolved, ImageProblem>? {
        let found: Result<ImageResolver.Resolved, ImageProblem>?
        if let known = results[reference] {
            found = known
        } else {
            found = resolver.resolve(reference, in: flow)
            results[reference] = .some(found)
        }
        return found.map { $0.flatMap { resolver.place($0, placement: placement, in: flow) } }
    }
}

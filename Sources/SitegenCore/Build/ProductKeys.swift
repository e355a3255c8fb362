/// What one output product was made from, as the build cache keeps it: when a build finds the
/// same key, the product's files are still right and are carried over unread.
struct ProductRecord: Sendable, Equatable, Codable {
    var name: String
    var key: String
    /// Its files, relative to the output folder.
    var outputs: [String]
}

/// The keys of a build's products. Every key holds the digest of everything outside the flow
/// folders (configuration, theme, static files, the program and the options); a flow's key adds
/// its folder's files and those of each flow it links to or shows an image from, and a site-wide file's key adds the
/// data it is made from (`SiteProduct.inputs`).
struct ProductKeys: Sendable {
    var global: String
    /// Each flow folder's digest, by slug.
    var flowDigests: [String: String]

    func flow(_ slug: String, otherFlows: [String]) -> String {
        var hash = ContentHash()
        hash.add("flow")
        hash.add(global)
        hash.add(slug)
        hash.add(flowDigests[slug] ?? "")
        for linked in otherFlows.sorted() {
            hash.add(linked)
            hash.add(flowDigests[linked] ?? "\u{0}gone")
        }
        return hash.hex
    }

    func site(_ product: SiteProduct) -> String {
        var hash = ContentHash()
        hash.add(product.name)
        hash.add(global)
        hash.add(product.inputs)
        return hash.hex
    }
}

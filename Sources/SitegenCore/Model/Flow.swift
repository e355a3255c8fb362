import OnboardingKit

/// One flow: the manifest's description of it, with every default filled in and its URLs relative
/// to the site, and where the site index lists it.
@dynamicMemberLookup
package struct Flow: Sendable {
    package var manifest: ManifestFlow
    /// The flow's place in the site index; flows without one follow, by slug.
    package var order: Int?
    /// The other flows its pages link to.
    package var linkedFlows: [String] = []

    package init(_ manifest: ManifestFlow, order: Int?, linkedFlows: [String] = []) {
        self.manifest = manifest
        self.order = order
        self.linkedFlows = linkedFlows
    }

    /// The flow in the site's other languages (empty for a site in one), each as a flow of its own.
    package var translations: [Flow] {
        manifest.translations.map { Flow($0, order: order, linkedFlows: linkedFlows) }
    }

    /// The flow and each translation, the source first.
    package var inEveryLocale: [Flow] { [self] + translations }

    /// Where the flow's files go under the output's root: `tour` for the source, `ko/tour` for a translation.
    package var outputFolder: String { String(manifest.url.dropLast()) }

    /// The flow's folder name under `content/`, which is its id.
    package var slug: String { manifest.id }

    package subscript<Value>(dynamicMember property: KeyPath<ManifestFlow, Value>) -> Value {
        manifest[keyPath: property]
    }
}

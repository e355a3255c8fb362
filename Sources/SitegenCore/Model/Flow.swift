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

    /// The flow's folder name under `content/`, which is its id.
    package var slug: String { manifest.id }

    package subscript<Value>(dynamicMember property: KeyPath<ManifestFlow, Value>) -> Value {
        manifest[keyPath: property]
    }
}

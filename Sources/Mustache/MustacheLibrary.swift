/// A set of parsed templates by name (`page` for `page.mustache`), which partials and parents
/// refer to. Parsed once per build; every render reuses the trees.
package struct MustacheLibrary: Sendable {
    package private(set) var templates: [String: MustacheTemplate]
    /// The most bytes one render may produce before it stops with an error.
    package var maximumOutputSize = MustacheRenderer.defaultMaximumOutputSize

    package init(_ templates: [String: MustacheTemplate] = [:]) {
        self.templates = templates
    }

    /// Renders the template `name` with `data`; a name that is not in the library renders empty.
    /// Throws when a partial or parent expands into itself without end, or the output grows past
    /// `maximumOutputSize`.
    package func render(_ name: String, _ data: MustacheValue) throws(MustacheRenderError) -> String {
        String(decoding: try renderUTF8(name, data), as: UTF8.self)
    }

    /// Renders like `render`, as UTF-8, into a buffer made for about `expectedSize` bytes.
    package func renderUTF8(_ name: String, _ data: MustacheValue, expectedSize: Int = 0) throws(MustacheRenderError) -> [UInt8] {
        var renderer = MustacheRenderer(library: self, recordsLookups: false, maximumOutputSize: maximumOutputSize)
        return try renderer.render(name, data, expectedSize: expectedSize)
    }

    /// Renders like `renderUTF8`, and also returns every tag whose name the data never had.
    package func renderRecordingMisses(_ name: String, _ data: MustacheValue) throws(MustacheRenderError) -> ([UInt8], MustacheLookups) {
        var renderer = MustacheRenderer(library: self, recordsLookups: true, maximumOutputSize: maximumOutputSize)
        let output = try renderer.render(name, data)
        return (output, renderer.lookups)
    }
}

/// Which tags found their name in the data and which did not, over one or more renders.
package struct MustacheLookups: Sendable {
    package init() {}

    private(set) var found: Set<MustacheTag> = []
    private(set) var missed: Set<MustacheTag> = []
    /// Partials and parents named in a template that the library does not have.
    package private(set) var missingTemplates: Set<MustacheTag> = []

    mutating func record(_ tag: MustacheTag, found isFound: Bool) {
        if isFound { found.insert(tag) } else { missed.insert(tag) }
    }

    mutating func recordMissingTemplate(_ tag: MustacheTag) {
        missingTemplates.insert(tag)
    }

    package mutating func merge(_ other: MustacheLookups) {
        found.formUnion(other.found)
        missed.formUnion(other.missed)
        missingTemplates.formUnion(other.missingTemplates)
    }

    /// Tags that were looked up and never found, in file and position order.
    package var neverFound: [MustacheTag] {
        missed.subtracting(found).sorted { ($0.file, $0.location, $0.name) < ($1.file, $1.location, $1.name) }
    }
}

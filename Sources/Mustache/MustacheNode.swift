/// A parsed Mustache template: a tree of nodes, rendered many times without parsing again.
indirect enum MustacheNode: Sendable, Hashable {
    case text(String)
    case variable(MustacheTag, escaped: Bool)
    case section(MustacheTag, inverted: Bool, children: [MustacheNode])
    /// `{{>name}}`; the indentation of a standalone tag is prepended to each line of the partial.
    case partial(MustacheTag, indentation: String, standalone: Bool)
    /// `{{<name}}…{{/name}}`: the named template with some of its blocks replaced.
    case parent(MustacheTag, indentation: String, standalone: Bool, overrides: [String: MustacheBlock])
    /// `{{$name}}…{{/name}}` in a template: a slot, with its default content.
    case block(MustacheBlock)
}

/// A tag's name, split at dots, and where it was written.
package struct MustacheTag: Sendable, Hashable {
    package var name: String
    /// `a.b.c` as ["a", "b", "c"]; the implicit iterator `.` as [].
    var path: [String]
    /// The `MustacheObject.code(of:)` of each part of the path, computed once at parse time.
    var codes: [UInt64]
    package var location: MustacheLocation
    /// The template the tag is in, for diagnostics.
    package var file: String

    init(name: String, location: MustacheLocation, file: String) {
        self.name = name
        self.path = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.codes = path.map(MustacheObject.code(of:))
        self.location = location
        self.file = file
    }
}

/// A block: its content, and how its lines are indented where it is expanded.
struct MustacheBlock: Sendable, Hashable {
    var tag: MustacheTag
    /// The content, with the indentation it was written with already removed.
    var children: [MustacheNode]
    /// True when the opening tag stood alone on its line(s), so the content is whole lines.
    var standalone: Bool
    /// True when the closing tag stood alone, so the slot ends at a line end.
    var closeStandalone: Bool
    /// For a slot: the indentation its content's lines get.
    var indentation: String
}

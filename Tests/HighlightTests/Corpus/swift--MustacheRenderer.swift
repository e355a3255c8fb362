/// Renders parsed templates against a context stack. Indentation of standalone partials, parents
/// and blocks is added at the start of each template line, never inside interpolated data.
struct MustacheRenderer {
    /// Partials and parents nested deeper than this stop the render with an error, so that a
    /// template that includes itself forever can neither hang the build nor pass unnoticed.
    static let maximumDepth = 100
    /// The most one render may produce, by default. Depth alone does not bound a render: ten
    /// partials that each include the one before ten times expand to 10¹⁰ copies.
    package static let defaultMaximumOutputSize = 64 << 20

    let library: MustacheLibrary
    let recordsLookups: Bool
    /// The render stops with an error once its output passes this many bytes.
    let maximumOutputSize: Int
    private(set) var lookups = MustacheLookups()
    /// The text rendered so far, as UTF-8.
    private var output: [UInt8] = []
    private var indentation = ""
    private var atLineStart = true
    private var depth = 0
    /// The partials and parents being expanded, outermost first, for the error that names one.
    private var expanding: [MustacheTag] = []
    /// The path of the template being rendered, for an error with no partial to name.
    private var rootPath = ""
    /// Why the render stopped; once set, nothing more is expanded.
    private var failure: MustacheRenderError?
    /// The context stack, innermost last; sections push onto it and pop when done.
    private var stack: [MustacheValue] = []

    init(library: MustacheLibrary, recordsLookups: Bool, maximumOutputSize: Int = defaultMaximumOutputSize) {
        self.library = library
        self.recordsLookups = recordsLookups
        self.maximumOutputSize = maximumOutputSize
    }

    /// The template `name` rendered with `data`, as UTF-8.
    mutating func render(_ name: String, _ data: MustacheValue, expectedSize: Int = 0) throws(MustacheRenderError) -> [UInt8] {
        output = []
        output.reserveCapacity(expectedSize)
        guard let template = library.templates[name] else { return [] }
        rootPath = template.path
        stack = [data]
        render(template.nodes, overrides: [:])
        if failure == nil, output.count > maximumOutputSize {
            failure = MustacheRenderError(tooLarge: expanding, template: rootPath, limit: maximumOutputSize)
        }
        if let failure { throw failure }
        return output
    }

    private mutating func render(_ nodes: [MustacheNode], overrides: [String: MustacheBlock]) {
        for node in nodes {
            guard failure == nil else { return }
            if output.count > maximumOutputSize {
                failure = MustacheRenderError(tooLarge: expanding, template: rootPath, limit: maximumOutputSize)
                return
            }
            switch node {
            case .text(let text):
                write(template: text)
            case .variable(let tag, let escaped):
                write(data: lookUp(tag)?.text ?? "", escaped: escaped)
            case .section(let tag, let inverted, let children):
                let value = lookUp(tag) ?? .null
                if inverted {
                    if !value.isTruthy { render(children, overrides: overrides) }
                } else if case .array(let items) = value {
                    for item in items { render(children, in: item, overrides: overrides) }
                } else if value.isTruthy {
                    render(children, in: value, overrides: overrides)
                }
            case .partial(let tag, let partialIndentation, let standalone):
                expand(tag, isParent: false, indentation: standalone ? indentation + partialIndentation : "", overrides: overrides)
            case .parent(let tag, let parentIndentation, let standalone, let parentOverrides):
                let merged = parentOverrides.merging(overrides) { _, outer in outer }
                expand(tag, isParent: true, indentation: standalone ? indentation + parentIndentation : "", overrides: merged)
            case .block(let slot):
                let content = overrides[slot.tag.name] ?? slot
                let saved = indentation
                if slot.standalone { indentation += slot.indentation }
                render(content.children, overrides: overrides)
                indentation = saved
                if slot.standalone, slot.closeStandalone, !atLineStart {
                    output.append(UInt8(ascii: "\n"))
                    atLineStart = true
                }
            }
        }
    }

    /// Renders `nodes` with `value` pushed onto the context stack.
    private mutating func render(_ nodes: [MustacheNode], in value: MustacheValue, overrides: [String: MustacheBlock]) {
        stack.append(value)
        render(nodes, overrides: overrides)
        stack.removeLast()
    }

    private mutating func expand(
        _ tag: MustacheTag, isParent: Bool, indentation newIndentation: String, overrides: [String: MustacheBlock]
    ) {
        guard failure == nil else { return }
        guard let template = library.templates[tag.name] else {
            if recordsLookups { lookups.recordMissingTemplate(tag) }
            return
        }
        guard depth < Self.maximumDepth else {
            failure = MustacheRenderError(tooDeep: tag, isParent: isParent)
            return
        }
        let saved = indentation
        indentation = newIndentation
        depth += 1
        expanding.append(tag)
        render(template.nodes, overrides: overrides)
        expanding.removeLast()
        depth -= 1
        indentation = saved
    }

    /// Resolves a name: its first part through the context stack, innermost first; the rest
    /// inside what that finds. Nil when the data does not have it.
    private mutating func lookUp(_ tag: MustacheTag) -> MustacheValue? {
        let path = tag.path
        guard let first = path.first else { return stack.last }
        let codes = tag.codes
        var value: MustacheValue?
        var frame = stack.count
        while value == nil, frame > 0 {
            frame -= 1
            value = stack[frame][first, codes[0]]
        }
        var part = 1
        while part < path.count, let found = value {
            value = found[path[part], codes[part]]
            part += 1
        }
        if recordsLookups { lookups.record(tag, found: value != nil) }
        return value
    }

    /// Template text: indented at each line start.
    private mutating func write(template text: String) {
        guard !text.isEmpty else { return }
        if indentation.isEmpty {
            output.append(utf8: text)
        } else {
            for line in text.linesKeepingEndings {
                if atLineStart { output.append(utf8: indentation) }
                output.append(utf8: line)
                atLineStart = line.endsWithNewline
            }
        }
        atLineStart = text.endsWithNewline
    }

    /// Interpolated data: written after the line's indentation, HTML-escaped when `escaped`.
    private mutating func write(data text: String, escaped: Bool) {
        guard !text.isEmpty else { return }
        if atLineStart { output.append(utf8: indentation) }
        if escaped {
            HTMLEscaping.escape(text, into: &output)
        } else {
            output.append(utf8: text)
        }
        atLineStart = false
    }
}

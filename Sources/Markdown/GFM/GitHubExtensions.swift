/// GitHub's extensions to CommonMark, applied one after another to the tree cmark parsed.
enum GitHubExtensions {
    /// `marked` is what cmark parsed: `source` with footnote definitions marked (`Footnotes.mark`).
    /// Alerts come last: the passes before them find tables and tasks in block quotes by their `>`.
    static func apply(
        to root: OpaquePointer, source: SourceText, marked: SourceText, alertTitles: [AlertKind: String], context: ExtensionContext
    ) {
        if context.extensions.footnotes {
            Footnotes.extract(under: root, source: marked, context: context)
            Footnotes.unmark(under: root)
        }
        if context.extensions.tables {
            Tables.apply(under: root, source: source, context: context)
        }
        if context.extensions.footnotes {
            FootnoteReferences.apply(under: root, source: source, context: context)
        }
        if context.extensions.autolinks {
            Autolinks.applyURLs(under: root, source: source, context: context)
        }
        if context.extensions.strikethrough {
            Strikethrough.apply(under: root, source: source, context: context)
        }
        // An address needs an `@`, written or made by an entity.
        if context.extensions.autolinks, source.bytes.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "&") }) {
            Autolinks.applyEmails(under: root, source: source, context: context)
        }
        if context.extensions.taskLists {
            TaskLists.apply(under: root, source: source, context: context)
        }
        if context.extensions.alerts {
            Alerts.apply(under: root, source: source, titles: alertTitles, context: context)
        }
    }

    /// What must happen last, once every other pass has seen the tree: tables become their HTML,
    /// footnotes move to the end.
    static func finish(_ root: OpaquePointer, _ context: ExtensionContext) {
        TableHTML.finish(context)
        if context.extensions.footnotes { FootnoteReferences.finish(under: root, context: context) }
    }

    /// The rendered HTML, with what cmark cannot write itself put in place.
    static func finish(_ html: String, _ context: ExtensionContext) -> String {
        context.marksLooseTaskItems ? TaskLists.finish(html) : html
    }
}

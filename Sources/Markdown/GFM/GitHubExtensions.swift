/// GitHub's extensions to CommonMark, applied one after another to the tree cmark parsed.
enum GitHubExtensions {
    static func apply(to root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        if context.extensions.tables {
            Tables.apply(under: root, source: source, context: context)
        }
        if context.extensions.autolinks {
            Autolinks.applyURLs(under: root, source: source, context: context)
        }
        if context.extensions.strikethrough {
            Strikethrough.apply(under: root, source: source, context: context)
        }
        if context.extensions.autolinks {
            Autolinks.applyEmails(under: root, context: context)
        }
        if context.extensions.taskLists {
            TaskLists.apply(under: root, source: source)
        }
    }

    /// What must happen last, once every other pass has seen the tree: tables become their HTML.
    static func finish(_ context: ExtensionContext) {
        TableHTML.finish(context)
    }

    /// The rendered HTML, with what cmark cannot write itself put in place.
    static func finish(_ html: String, _ context: ExtensionContext) -> String {
        context.extensions.taskLists ? TaskLists.finish(html) : html
    }
}

import Mustache

/// The pages the preview itself writes: the site's errors, when no build has succeeded yet, and
/// "not found". Both carry the live-reload client, so they go away when the site is fixed.
enum ErrorPage {
    /// Shown in place of every page until a build succeeds.
    static func failedBuild(_ summary: FailureSummary?) -> String {
        var listed = summary?.messages.map { "<pre>\(HTMLEscaping.escape($0))</pre>" } ?? []
        if let more = summary?.more { listed.append("<p>\(HTMLEscaping.escape(more))</p>") }
        if listed.isEmpty { listed = ["<p>The first build has not finished yet.</p>"] }
        return document(
            title: "The site has errors", error: true,
            body: """
                <h1>The site has errors</h1>
                <p>Fix them and save: this page reloads by itself when the site builds.</p>
                \(listed.joined(separator: "\n"))
                """)
    }

    static func notFound(_ path: String) -> String {
        document(
            title: "Not found", error: false,
            body: """
                <h1>Not found</h1>
                <p>The site has no page at <code>/\(HTMLEscaping.escape(path))</code>. <a href="/">Go to the site's index</a>.</p>
                """)
    }

    private static func document(title: String, error: Bool, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"\(error ? " data-sitegen-error" : "")>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · sitegen preview</title>
        <style>
        :root { color-scheme: light dark; font: 16px/1.5 system-ui, sans-serif; }
        main { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
        pre { overflow-x: auto; padding: 1rem; border-radius: 6px; background: color-mix(in srgb, CanvasText 8%, Canvas); }
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }
}

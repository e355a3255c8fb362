/// The `Content-Type` of each kind of file a site's output holds, text with its charset.
enum ContentType {
    static let html = "text/html; charset=utf-8"

    private static let byExtension: [String: String] = [
        "html": html, "htm": html,
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2",
        "webmanifest": "application/manifest+json; charset=utf-8",
        // What pages link to: downloads, media, captions.
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "epub": "application/epub+zip",
        "csv": "text/csv; charset=utf-8", "ics": "text/calendar; charset=utf-8", "vtt": "text/vtt; charset=utf-8",
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "wav": "audio/wav",
    ]

    /// The type for a file name, by its extension (in any case); bytes of no known kind are
    /// `application/octet-stream`, which with `nosniff` a browser never runs.
    static func of(_ path: String) -> String {
        let name = Path.fileName(of: path)
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}

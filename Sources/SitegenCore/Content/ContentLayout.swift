/// Where a site's content goes: flows are the visible folders directly inside `content/`, each
/// with an optional `_index.md` and its pages. The loader finds flows by these rules and the
/// build cache splits its inputs by flow with them, so the two cannot disagree.
enum ContentLayout {
    static let directory = "content"
    static let flowIndexFile = "_index.md"
    /// Flow names that would collide with what the build writes at the top of the output.
    static let reservedSlugs: Set<String> = ["assets", "index.html", "manifest.json", "manifest.schema.json", "embed.js"]
    /// The files a flow's output folder holds of its own: its page and its part of the embed.
    static let flowPageFile = "index.html"
    static let flowEmbedFile = "embed.js"
    static let flowOwnFiles = [flowPageFile, flowEmbedFile]

    /// False for names that start with `.` or `_`, which are never flows or pages.
    static func isVisible<Name: StringProtocol>(_ name: Name) -> Bool {
        guard let first = name.utf8.first else { return false }
        return first != UInt8(ascii: ".") && first != UInt8(ascii: "_")
    }

    /// The flow a site-relative folder is, or nil when it is not a flow folder.
    static func flowSlug(ofFolder path: String) -> String? {
        guard Path.directory(of: path) == directory else { return nil }
        let name = Path.fileName(of: path)
        return isVisible(name) ? name : nil
    }

    /// The flow folder a site-relative file is in (`content/<slug>/…`), or nil for a file
    /// anywhere else.
    static func flowSlug(containing path: String) -> Substring? {
        let utf8 = path.utf8
        let prefix = (directory + "/").utf8
        guard utf8.starts(with: prefix) else { return nil }
        let rest = utf8.dropFirst(prefix.count)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let slug = path[rest.startIndex..<slash]
        return isVisible(slug) ? slug : nil
    }

    /// Why `name` cannot be a flow's slug, or nil when it can.
    static func slugProblem(_ name: String) -> String? {
        if reservedSlugs.contains(name) {
            return "would overwrite the output's own '\(name)'; rename the folder"
        }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == ".")
        }
        let suggestion = PageNaming.slugify(name)
        if allowed, name.hasPrefix("-") {
            // Names starting with '.' or '_' are not flows at all.
            let trimmed = String(name.drop { $0 == "-" })
            return "starts with '-', which a flow's id may not (the manifest's ids start with a letter or digit); rename the folder"
                + (trimmed.isEmpty ? "" : ", such as '\(trimmed)'")
        }
        guard !allowed else { return nil }
        return "is not a URL-safe name: use ASCII letters and digits (a-z, A-Z, 0-9), '-', '_' and '.'"
            + (suggestion.isEmpty || suggestion == name ? "" : ", such as '\(suggestion)'")
    }
}

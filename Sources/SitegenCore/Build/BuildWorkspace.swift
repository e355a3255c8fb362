/// Where a build keeps its cache and lock, and for a preview its output: `sitegen build` and
/// `sitegen serve` each have their own, so that neither undoes the other's incremental state and
/// a preview never touches the site's deployable output.
package enum BuildWorkspace: Sendable, Equatable {
    /// The site's cache, `.sitegen-cache/`; the output is the one `--output` or `sitegen.yml` names.
    case site
    /// The preview's, `.sitegen-cache/preview/`, with its output inside it.
    case preview

    /// The cache's folder, relative to the site.
    var cacheFolder: String {
        switch self {
        case .site: return BuildCache.directory
        case .preview: return Path.join(BuildCache.directory, "preview")
        }
    }

    /// The output this workspace always builds into, relative to the site; nil when the options
    /// or the site's settings say.
    var fixedOutput: String? {
        switch self {
        case .site: return nil
        case .preview: return Path.join(cacheFolder, "output")
        }
    }
}

/// What a build is asked to do, as the command line or a test sets it.
package struct BuildOptions: Sendable, Equatable {
    /// The site folder.
    package var siteDirectory = "."
    /// The output folder; nil for the site's own (`output` in the site folder, or `sitegen.yml`'s).
    package var outputDirectory: String?
    /// Overrides `base_url` of `sitegen.yml`.
    package var baseURL: BaseURL?
    package var includeDrafts = false
    /// Whether a build waits for another build of the same site or output to end (true), or
    /// fails at once (false).
    package var waitForOtherBuilds = true
    /// Where the cache (and, for a preview, the output) lives.
    package var workspace = BuildWorkspace.site

    package init(
        siteDirectory: String = ".", outputDirectory: String? = nil, baseURL: BaseURL? = nil, includeDrafts: Bool = false,
        waitForOtherBuilds: Bool = true, workspace: BuildWorkspace = .site
    ) {
        self.workspace = workspace
        self.siteDirectory = siteDirectory
        self.outputDirectory = outputDirectory
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.waitForOtherBuilds = waitForOtherBuilds
    }
}

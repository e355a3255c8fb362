import Diagnostics

/// Warnings a build cache keeps, to repeat them in a later build, which may name the site folder
/// another way (`--site .` from inside it, an absolute path from elsewhere): a path inside the
/// site is kept relative to it, and said the later build's way; any other path as it was said.
extension Diagnostic {
    /// This diagnostic as the cache keeps it, from a build of the site at `siteDirectory`.
    func cached(site siteDirectory: String) -> Diagnostic {
        var kept = self
        let outside = path.hasPrefix("/") && !siteDirectory.hasPrefix("/")
        kept.path = (outside ? nil : Path.relative(path, to: siteDirectory)) ?? Self.asSaid + path
        return kept
    }

    /// A diagnostic the cache kept, said as a build of the site `loader` reads says its own.
    func restored(for loader: SiteLoader) -> Diagnostic {
        var restored = self
        restored.path = path.hasPrefix(Self.asSaid) ? String(path.dropFirst(Self.asSaid.count)) : loader.diskPath(path)
        return restored
    }

    /// What starts a kept path outside the site, kept as it was said: a byte no path holds.
    private static let asSaid = "\u{0}"
}

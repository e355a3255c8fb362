/// The program's name and version, as `--version` and the manifest's `generator` show them.
package enum SitegenVersion {
    package static let name = "sitegen"
    package static let version = "0.1.0"
}

/// The program's name and version, as `--version` and the manifest's `generator` show them.
public enum SitegenVersion {
    public static let name = "sitegen"
    public static let version = "0.1.0"
}

/// Every command of `sitegen`, each declared once.
extension Command {
    static let build = Command(
        "build", summary: "build the site into its output folder",
        description: [
            """
            Builds every flow under content/ into a carousel page, a site index and manifest.json.
            The new output is written beside the old one and swapped in whole, in one step, only
            when the build succeeds.
            """
        ],
        options: [
            .value("--site", "DIR", "the site folder (default: the current folder)").short("-s"),
            .value("--output", "DIR", "the output folder (default: the site's output/, or sitegen.yml's 'output')").short("-o"),
            .value("--base-url", "URL", "the URL the site is served from (overrides sitegen.yml's 'base_url')"),
            .flag("--drafts", "include pages marked 'draft: true'"),
            .flag("--no-wait", "fail at once when another build of the site or output runs,", "instead of waiting for it to finish"),
            .flag("--quiet", "print errors only").short("-q"),
            .flag("--verbose", "also list every file written").short("-v"),
        ],
        exclusive: [["--quiet", "--verbose"]])

    static let check = Command(
        "check", summary: "validate the site and write nothing",
        description: [
            """
            Validates the site's settings, front matter, Markdown and images as a build would,
            and writes nothing.
            """
        ],
        options: [
            .value("--site", "DIR", "the site folder (default: the current folder)").short("-s"),
            .value("--base-url", "URL", "check as if served from URL (overrides sitegen.yml's 'base_url')"),
            .flag("--strict", "treat warnings as errors, and report every name a template", "uses that the data never has"),
            .flag("--drafts", "also check pages marked 'draft: true'"),
        ])

    static let new = Command(
        "new", summary: "create a new site with an example flow", argument: "DIR",
        description: [
            """
            Creates a site in DIR (a new or empty folder): sitegen.yml and a three-page
            example flow with an image, ready for 'sitegen build --site DIR'.
            """
        ],
        options: [.flag("--with-templates", "also copy the default theme into DIR/templates to edit")])

    static let serve = Command(
        "serve", summary: "preview the site, rebuilding and reloading on every change",
        description: [
            """
            Builds the site into a private folder of its cache (the output folder is left as the
            last build left it), serves it, and rebuilds on every change to content/, templates/
            and sitegen.yml. Open pages reload by themselves, and a failed build's errors show
            over the page until the next good one. Ctrl-C stops it.
            """
        ],
        options: [
            .value("--site", "DIR", "the site folder (default: the current folder)").short("-s"),
            .value("--port", "N", "the port to listen on (default: 4000; 0 for any free one)").short("-p"),
            .value("--host", "H", "the address to listen on (default: 127.0.0.1); any other", "lets other machines read the site"),
            .flag("--drafts", "include pages marked 'draft: true'"),
            .flag("--open", "open the site in the default browser"),
        ])

    static let translations = Command(
        "translations", summary: "say which translations are missing or out of date", argument: "[FILE...]",
        description: [
            """
            Prints, for each flow and each of the site's other locales, which pages are
            translated, missing (shown in the source language), out of date (the source page
            changed after the translation was stamped) or not stamped. Exits 1 when a page is
            missing or out of date. A translation records the version of its source in its front
            matter as 'source:', the first 12 hex digits of the SHA-256 of the source file.
            """,
            """
            With --stamp, writes that 'source:' into each translation FILE given, after a
            translator has checked it against its source, and prints nothing else.
            """,
        ],
        options: [
            .value("--site", "DIR", "the site folder (default: the current folder)").short("-s"),
            .flag("--stamp", "stamp the translation files given as current with their sources"),
        ])

    /// The commands in the order help lists them.
    static let all = [build, check, new, serve, translations]

    /// The command named `name`, if there is one.
    static func named(_ name: String) -> Command? {
        all.first { $0.name == name }
    }

    /// The options every command takes, beside its own.
    static let helpOptions = ["--help", "-h"]
}

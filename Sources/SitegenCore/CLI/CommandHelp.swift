import Markdown

/// The help texts of `sitegen` and its commands.
enum CommandHelp {
    static let commands = ["build", "check", "new", "help"]

    static let overviewUsage = "sitegen <command> [options]"
    static let buildUsage = "sitegen build [--site DIR] [--output DIR] [--base-url URL] [--drafts] [--no-wait] [--quiet | --verbose]"
    static let checkUsage = "sitegen check [--site DIR] [--strict] [--drafts]"
    static let newUsage = "sitegen new DIR [--with-templates]"

    static let overview = """
        sitegen \(SitegenVersion.version): onboarding flows from Markdown, as an accessible carousel site and a JSON manifest.

        usage: \(overviewUsage)

        commands:
          build    build the site into its output folder
          check    validate the site and write nothing
          new      create a new site with an example flow

        options:
          -h, --help   show this help, or 'sitegen <command> --help' for a command's
          --version    print the version

        Exit status: 0 success, 1 the site has errors, 2 bad usage.

        """

    static let build = """
        usage: \(buildUsage)

        Builds every flow under content/ into a carousel page, a site index and manifest.json.
        The new output is written beside the old one and swapped in whole, in one step, only
        when the build succeeds.

        options:
          --site DIR       the site folder (default: the current folder)
          --output DIR     the output folder (default: the site's output/, or sitegen.yml's 'output')
          --base-url URL   the URL the site is served from (overrides sitegen.yml's 'base_url')
          --drafts         include pages marked 'draft: true'
          --no-wait        fail at once when another build of the site or output runs,
                           instead of waiting for it to finish
          --quiet          print errors only
          --verbose        also list every file written

        """

    static let check = """
        usage: \(checkUsage)

        Validates the site's settings, front matter, Markdown and images as a build would,
        and writes nothing.

        options:
          --site DIR   the site folder (default: the current folder)
          --strict     treat warnings as errors, and report every name a template
                       uses that the data never has
          --drafts     also check pages marked 'draft: true'

        """

    static let new = """
        usage: \(newUsage)

        Creates a site in DIR (a new or empty folder): sitegen.yml and a three-page
        example flow with an image, ready for 'sitegen build --site DIR'.

        options:
          --with-templates   also copy the default theme into DIR/templates to edit

        """

    static func help(for command: String) -> String? {
        switch command {
        case "build": return build
        case "check": return check
        case "new": return new
        default: return nil
        }
    }
}

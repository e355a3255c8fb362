import Diagnostics

/// Usage lines and help texts, made from the commands' declarations.
extension Command {
    /// `sitegen build [--site DIR] … [--quiet | --verbose]`
    var usage: String {
        var parts = ["sitegen", name]
        if let argument { parts.append(argument) }
        var shown: Set<String> = []
        for option in options where !shown.contains(option.name) {
            if let group = exclusive.first(where: { $0.contains(option.name) }) {
                let members = group.compactMap(self.option)
                parts.append("[" + members.map(\.synopsis).joined(separator: " | ") + "]")
                shown.formUnion(group)
            } else {
                parts.append("[\(option.synopsis)]")
                shown.insert(option.name)
            }
        }
        return parts.joined(separator: " ")
    }

    /// What `sitegen <command> --help` prints.
    var help: String {
        let width = options.map(\.helpSynopsis.count).max() ?? 0
        var lines = ["usage: \(usage)", ""]
        for paragraph in description {
            lines += paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.append("")
        }
        if !options.isEmpty {
            lines.append("options:")
            for option in options {
                let padding = String(repeating: " ", count: width - option.helpSynopsis.count + 3)
                for (index, text) in option.help.enumerated() {
                    let lead = index == 0 ? "  " + option.helpSynopsis + padding : String(repeating: " ", count: width + 5)
                    lines.append(lead + text)
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let overviewUsage = "sitegen <command> [options]"

    /// What `sitegen --help` prints.
    static var overview: String {
        let width = all.map(\.name.count).max() ?? 0
        let commands = all.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 4) + $0.summary }
        return """
            sitegen \(SitegenVersion.version): onboarding flows from Markdown, as an accessible carousel site and a JSON manifest.

            usage: \(overviewUsage)

            commands:
            \(commands.joined(separator: "\n"))

            options:
              -h, --help   show this help, or 'sitegen <command> --help' for a command's
              --version    print the version

            Exit status: 0 success, 1 the site has errors, 2 bad usage.

            """
    }

    /// The README's command-line reference: every usage line, then each command's help as
    /// `sitegen <command> --help` prints it.
    static var readmeReference: String {
        var text = "```\n" + all.map(\.usage).joined(separator: "\n") + "\nsitegen --help | --version\n```\n"
        for command in all {
            text += "\n<details><summary><code>sitegen \(command.name) --help</code></summary>\n\n```\n" + command.help + "```\n\n</details>\n"
        }
        return text
    }

    /// The names of the commands, for suggestions.
    static var names: [String] { all.map(\.name) + ["help"] }
}

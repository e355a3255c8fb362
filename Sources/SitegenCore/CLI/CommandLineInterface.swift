import Diagnostics

/// The `sitegen` command: parses its arguments, runs a command, and returns the exit status.
/// It reaches the outside world only through its `CLIEnvironment`.
package struct CommandLineInterface: Sendable {
    let arguments: [String]
    let environment: CLIEnvironment

    /// `arguments` without the program name.
    package init(arguments: [String], environment: CLIEnvironment) {
        self.arguments = arguments
        self.environment = environment
    }

    package func run() -> ExitStatus {
        guard let command = arguments.first else {
            environment.standardError(CommandHelp.overview)
            return .usageError
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h", "help":
            if let topic = rest.first, let help = CommandHelp.help(for: topic) {
                environment.standardOutput(help)
            } else {
                environment.standardOutput(CommandHelp.overview)
            }
            return .success
        case "--version":
            environment.standardOutput("\(SitegenVersion.name) \(SitegenVersion.version)\n")
            return .success
        case "build":
            return runBuild(rest)
        case "check":
            return runCheck(rest)
        case "new":
            return runNew(rest)
        default:
            let hint = Suggestion.didYouMean(command, in: CommandHelp.commands)
            return usageError("unknown command '\(command)'\(hint)", usage: CommandHelp.overviewUsage)
        }
    }

    /// A command's arguments parsed, or the exit status when they are wrong or ask for help.
    private func parse(
        _ arguments: [String], values: Set<String>, flags: Set<String>, positional: Int = 0, usage: String, help: String
    ) -> Result<ArgumentParser.Parsed, ExitStatus> {
        let parsed: ArgumentParser.Parsed
        do {
            parsed = try ArgumentParser(valueOptions: values, flags: flags.union(["--help", "-h"])).parse(arguments)
        } catch {
            return .failure(usageError(error.message, usage: usage))
        }
        if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
            environment.standardOutput(help)
            return .failure(.success)
        }
        if positional == 0, let extra = parsed.positional.first {
            return .failure(usageError("unexpected argument '\(extra)'", usage: usage))
        }
        return .success(parsed)
    }

    private func runBuild(_ arguments: [String]) -> ExitStatus {
        let parsed: ArgumentParser.Parsed
        switch parse(
            arguments, values: ["--site", "--output", "--base-url"], flags: ["--drafts", "--quiet", "--verbose", "--no-wait"],
            usage: CommandHelp.buildUsage, help: CommandHelp.build)
        {
        case .success(let value): parsed = value
        case .failure(let status): return status
        }
        if parsed.flags.contains("--quiet"), parsed.flags.contains("--verbose") {
            return usageError("--quiet and --verbose cannot be used together", usage: CommandHelp.buildUsage)
        }
        if let baseURL = parsed.values["--base-url"], Validation.baseURL(baseURL) == nil {
            return usageError(
                "--base-url must be an http(s) URL with a host, or a path starting with '/', not '\(baseURL)'", usage: CommandHelp.buildUsage)
        }
        let siteDirectory: String
        switch self.siteDirectory(parsed, usage: CommandHelp.buildUsage) {
        case .success(let directory): siteDirectory = directory
        case .failure(let status): return status
        }
        let options = BuildOptions(
            siteDirectory: siteDirectory, outputDirectory: parsed.values["--output"],
            baseURL: parsed.values["--base-url"], includeDrafts: parsed.flags.contains("--drafts"),
            waitForOtherBuilds: !parsed.flags.contains("--no-wait"))
        let quiet = parsed.flags.contains("--quiet")
        let started = environment.now()
        let result = SiteBuilder(fileSystem: environment.fileSystem).build(options, tool: environment.tool) { [environment] notice in
            if !quiet { environment.standardError(notice + "\n") }
        }
        let seconds = environment.now() - started
        report(result.diagnostics, showWarnings: !quiet)
        if result.upToDate {
            if !quiet {
                environment.standardOutput(
                    "Up to date: \(counted(result.flowCount, "flow")), \(counted(result.pageCount, "page")) in \(Self.formatSeconds(seconds)) → \(result.outputDirectory)\n")
            }
            return .success
        }
        guard result.succeeded else {
            environment.standardError("sitegen: build failed with \(counted(result.diagnostics.errorCount, "error")); the output was not changed\n")
            return .contentError
        }
        if parsed.flags.contains("--verbose") {
            for path in result.outputs {
                environment.standardOutput("  \(Path.join(result.outputDirectory, path))\n")
            }
        }
        if !quiet {
            var summary = "Built \(counted(result.flowCount, "flow")), \(counted(result.pageCount, "page"))"
            if let rebuilt = result.rebuiltFlows { summary += " (rebuilt \(rebuilt.joined(separator: ", ")))" }
            summary += " in \(Self.formatSeconds(seconds)) → \(result.outputDirectory)"
            if result.diagnostics.warningCount > 0 {
                summary += " (\(counted(result.diagnostics.warningCount, "warning")))"
            }
            environment.standardOutput(summary + "\n")
        }
        return .success
    }

    private func runCheck(_ arguments: [String]) -> ExitStatus {
        let parsed: ArgumentParser.Parsed
        switch parse(
            arguments, values: ["--site", "--base-url"], flags: ["--strict", "--drafts"], usage: CommandHelp.checkUsage,
            help: CommandHelp.check)
        {
        case .success(let value): parsed = value
        case .failure(let status): return status
        }
        let siteDirectory: String
        switch self.siteDirectory(parsed, usage: CommandHelp.checkUsage) {
        case .success(let directory): siteDirectory = directory
        case .failure(let status): return status
        }
        let options = BuildOptions(
            siteDirectory: siteDirectory, baseURL: parsed.values["--base-url"],
            includeDrafts: parsed.flags.contains("--drafts"))
        let strict = parsed.flags.contains("--strict")
        let result = SiteBuilder(fileSystem: environment.fileSystem).check(options, strict: strict)
        report(result.diagnostics, showWarnings: true)
        let errors = result.diagnostics.errorCount
        let warnings = result.diagnostics.warningCount
        let failed = errors > 0 || (strict && warnings > 0)
        let summary = "\(counted(errors, "error")), \(counted(warnings, "warning"))"
        if failed {
            environment.standardError("sitegen: check failed: \(summary)\(strict && errors == 0 ? " (--strict)" : "")\n")
            return .contentError
        }
        let pages = result.site?.pageCount ?? 0
        let flows = result.site?.flows.count ?? 0
        environment.standardOutput("Checked \(counted(flows, "flow")), \(counted(pages, "page")): \(summary)\n")
        return .success
    }

    private func runNew(_ arguments: [String]) -> ExitStatus {
        let parsed: ArgumentParser.Parsed
        switch parse(
            arguments, values: [], flags: ["--with-templates"], positional: 1, usage: CommandHelp.newUsage, help: CommandHelp.new)
        {
        case .success(let value): parsed = value
        case .failure(let status): return status
        }
        guard parsed.positional.count == 1, let directory = parsed.positional.first else {
            return usageError(parsed.positional.isEmpty ? "name the folder for the new site" : "give one folder", usage: CommandHelp.newUsage)
        }
        guard !directory.isEmpty else {
            return usageError("give the name of a new folder, not an empty string", usage: CommandHelp.newUsage)
        }
        do {
            let files = try SiteScaffold(fileSystem: environment.fileSystem)
                .create(in: directory, withTemplates: parsed.flags.contains("--with-templates"))
            environment.standardOutput("Created a site with \(counted(files.count, "file")) in \(directory)\nBuild it with: sitegen build --site \(directory)\n")
            return .success
        } catch where error.isUnsuitableFolder {
            // The folder named on the command line is not one to make a site in: bad usage.
            return usageError(error.message, usage: CommandHelp.newUsage)
        } catch {
            environment.standardError("sitegen: error: \(error.message)\n")
            return .contentError
        }
    }

    /// The folder `--site` names (the current one by default), or the usage error when it is not
    /// a folder: a wrong path on the command line is bad usage, not a site with errors.
    private func siteDirectory(_ parsed: ArgumentParser.Parsed, usage: String) -> Result<String, ExitStatus> {
        let directory = parsed.values["--site"] ?? "."
        switch environment.fileSystem.kind(of: directory) {
        case .directory?: return .success(directory)
        case let kind?: return .failure(usageError("the site folder '\(directory)' is \(kind.description), not a folder", usage: usage))
        case nil: return .failure(usageError("the site folder '\(directory)' does not exist", usage: usage))
        }
    }

    private func report(_ diagnostics: [Diagnostic], showWarnings: Bool) {
        let formatter = DiagnosticFormatter()
        for diagnostic in diagnostics where showWarnings || diagnostic.isError {
            environment.standardError(formatter.format(diagnostic) + "\n")
        }
    }

    private func usageError(_ message: String, usage: String) -> ExitStatus {
        environment.standardError("sitegen: error: \(message)\nusage: \(usage)\nRun 'sitegen --help' for more.\n")
        return .usageError
    }

    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    static func formatSeconds(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        return milliseconds < 1000 ? "\(milliseconds) ms" : "\(Double(milliseconds / 10) / 100) s"
    }
}

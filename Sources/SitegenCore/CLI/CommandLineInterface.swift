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
            environment.standardError(Command.overview)
            return .usageError
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h", "help":
            environment.standardOutput(rest.first.flatMap(Command.named)?.help ?? Command.overview)
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
        case "serve":
            return runServe(rest)
        case "translations":
            return runTranslations(rest)
        default:
            let hint = Suggestion.didYouMean(command, in: Command.names)
            return usageError("unknown command '\(command)'\(hint)", usage: Command.overviewUsage)
        }
    }

    /// A command's arguments parsed; throws the exit status when they are wrong or ask for help.
    func parse(_ arguments: [String], as command: Command) throws(ExitStatus) -> ArgumentParser.Parsed {
        let parsed: ArgumentParser.Parsed
        do {
            parsed = try ArgumentParser(command: command).parse(arguments)
        } catch {
            throw usageError(error.message, usage: command.usage)
        }
        if parsed.wantsHelp {
            environment.standardOutput(command.help)
            throw .success
        }
        // A command about to work warns of a thread count it cannot use, unless asked for errors only.
        if !parsed.flags.contains("--quiet"), let problem = JobCount.read(environment.variables[JobCount.variable], cores: 1).problem {
            environment.standardError("sitegen: warning: \(problem)\n")
        }
        return parsed
    }

    /// The build options a command's arguments give; throws the usage error for a `--site` that
    /// is not a folder or a `--base-url` that is not a base URL.
    private func buildOptions(_ parsed: ArgumentParser.Parsed, for command: Command) throws(ExitStatus) -> BuildOptions {
        var options = BuildOptions(
            siteDirectory: try siteDirectory(parsed, usage: command.usage), outputDirectory: parsed.values["--output"],
            includeDrafts: parsed.flags.contains("--drafts"), waitForOtherBuilds: !parsed.flags.contains("--no-wait"))
        if let text = parsed.values["--base-url"] {
            guard let baseURL = BaseURL(text) else { throw usageError(BaseURL.problem(text, givenAs: "--base-url"), usage: command.usage) }
            options.baseURL = baseURL
        }
        return options
    }

    private func runBuild(_ arguments: [String]) -> ExitStatus {
        let parsed: ArgumentParser.Parsed
        let options: BuildOptions
        do {
            parsed = try parse(arguments, as: .build)
            options = try buildOptions(parsed, for: .build)
        } catch {
            return error
        }
        let quiet = parsed.flags.contains("--quiet")
        let started = environment.now()
        let result = SiteBuilder(fileSystem: environment.fileSystem).build(options, tool: environment.tool) { [environment] notice in
            if !quiet { environment.standardError(notice + "\n") }
        }
        let seconds = environment.now() - started
        defer { environment.keepUntilExit(result) }
        report(result.diagnostics, showWarnings: !quiet)
        let warnings = result.diagnostics.warningCount > 0 ? " (\(counted(result.diagnostics.warningCount, "warning")))" : ""
        if result.upToDate {
            if !quiet {
                environment.standardOutput(
                    "Up to date: \(counted(result.flowCount, "flow")), \(counted(result.pageCount, "page")) in \(ElapsedTime.text(seconds)) → \(result.outputDirectory)\(warnings)\n")
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
            if let rebuilt = result.outcome.rebuiltSummary(flowCount: result.flowCount) { summary += " (rebuilt \(rebuilt))" }
            summary += " in \(ElapsedTime.text(seconds)) → \(result.outputDirectory)" + warnings
            environment.standardOutput(summary + "\n")
        }
        return .success
    }

    private func runCheck(_ arguments: [String]) -> ExitStatus {
        let parsed: ArgumentParser.Parsed
        let options: BuildOptions
        do {
            parsed = try parse(arguments, as: .check)
            options = try buildOptions(parsed, for: .check)
        } catch {
            return error
        }
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

    private func runTranslations(_ arguments: [String]) -> ExitStatus {
        let parsed: ArgumentParser.Parsed
        let options: BuildOptions
        do {
            parsed = try parse(arguments, as: .translations)
            options = try buildOptions(parsed, for: .translations)
        } catch {
            return error
        }
        let stamping = parsed.flags.contains("--stamp")
        if stamping, parsed.positional.isEmpty {
            return usageError("name the translation files to stamp, such as content/tour/02-setup.ko.md", usage: Command.translations.usage)
        }
        if !stamping, !parsed.positional.isEmpty {
            return usageError("unexpected argument '\(parsed.positional[0])'; stamp files with --stamp", usage: Command.translations.usage)
        }
        let loader: SiteLoader
        switch SiteLoader.open(fileSystem: environment.fileSystem, siteDirectory: options.siteDirectory) {
        case .success(let opened): loader = opened
        case .failure(let diagnostic):
            report([diagnostic], showWarnings: true)
            return .contentError
        }
        if stamping {
            let (stamped, diagnostics) = TranslationStatus.stamp(parsed.positional, loader: loader)
            report(diagnostics, showWarnings: true)
            if !stamped.isEmpty { environment.standardOutput("Stamped \(counted(stamped.count, "translation"))\n") }
            return diagnostics.hasErrors ? .contentError : .success
        }
        let status = TranslationStatus.read(loader: loader)
        report(status.diagnostics, showWarnings: true)
        environment.standardOutput(status.report)
        return status.isIncomplete || status.diagnostics.hasErrors ? .contentError : .success
    }

    private func runNew(_ arguments: [String]) -> ExitStatus {
        let parsed: ArgumentParser.Parsed
        do {
            parsed = try parse(arguments, as: .new)
        } catch {
            return error
        }
        guard parsed.positional.count == 1, let directory = parsed.positional.first else {
            return usageError(parsed.positional.isEmpty ? "name the folder for the new site" : "give one folder", usage: Command.new.usage)
        }
        guard !directory.isEmpty else {
            return usageError("give the name of a new folder, not an empty string", usage: Command.new.usage)
        }
        do {
            let files = try SiteScaffold(fileSystem: environment.fileSystem)
                .create(in: directory, withTemplates: parsed.flags.contains("--with-templates"))
            environment.standardOutput("Created a site with \(counted(files.count, "file")) in \(directory)\nBuild it with: sitegen build --site \(directory)\n")
            return .success
        } catch where error.isUnsuitableFolder {
            // The folder named on the command line is not one to make a site in: bad usage.
            return usageError(error.message, usage: Command.new.usage)
        } catch {
            environment.standardError("sitegen: error: \(error.message)\n")
            return .contentError
        }
    }

    /// The folder `--site` names (the current one by default); throws the usage error when it is
    /// not a folder: a wrong path on the command line is bad usage, not a site with errors.
    func siteDirectory(_ parsed: ArgumentParser.Parsed, usage: String) throws(ExitStatus) -> String {
        let directory = parsed.values["--site"] ?? "."
        switch environment.fileSystem.kind(of: directory) {
        case .directory?: return directory
        case let kind?: throw usageError("the site folder '\(directory)' is \(kind.description), not a folder", usage: usage)
        case nil: throw usageError("the site folder '\(directory)' does not exist", usage: usage)
        }
    }

    private func report(_ diagnostics: [Diagnostic], showWarnings: Bool) {
        let formatter = DiagnosticFormatter()
        for diagnostic in diagnostics where showWarnings || diagnostic.isError {
            environment.standardError(formatter.format(diagnostic) + "\n")
        }
    }

    func usageError(_ message: String, usage: String) -> ExitStatus {
        environment.standardError("sitegen: error: \(message)\nusage: \(usage)\nRun 'sitegen --help' for more.\n")
        return .usageError
    }

    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

}

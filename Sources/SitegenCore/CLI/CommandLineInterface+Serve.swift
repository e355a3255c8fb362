import HTTPServer

extension CommandLineInterface {
    /// `sitegen serve`: runs the preview until the user stops it; 1 when it cannot listen.
    func runServe(_ arguments: [String]) -> ExitStatus {
        let command = Command.serve
        let parsed: ArgumentParser.Parsed
        var options = PreviewServer.Options()
        do {
            parsed = try parse(arguments, as: command)
            options.siteDirectory = try siteDirectory(parsed, usage: command.usage)
        } catch {
            return error
        }
        if let text = parsed.values["--port"] {
            guard let port = Int(text), (0...65535).contains(port), text.allSatisfy(\.isASCII) else {
                return usageError("--port must be a number from 0 to 65535, not '\(text)'", usage: command.usage)
            }
            options.port = port
        }
        if let host = parsed.values["--host"] {
            // An IPv6 address may be given as a URL writes it, in brackets.
            options.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
        options.includeDrafts = parsed.flags.contains("--drafts")
        let fileSystem = environment.fileSystem
        guard [SiteLoader.configFile, ContentLayout.directory].contains(where: { fileSystem.kind(of: Path.join(options.siteDirectory, $0)) != nil })
        else {
            environment.standardError(
                "sitegen: error: \(options.siteDirectory) is not a site: it has neither sitegen.yml nor content/; make one with 'sitegen new DIR'\n")
            return .contentError
        }
        let server = PreviewServer(options: options, environment: environment.console)
        environment.onStopRequest { server.stop() }
        let opens = parsed.flags.contains("--open")
        let host = options.host
        do {
            try server.run { [environment] url in
                if !Self.isLoopback(host) {
                    environment.standardError(
                        "sitegen: warning: listening on \(host): other machines that can reach this one can read the site, drafts included, and so can any web page their browsers open (browsers mark other sites' requests only to localhost)\n")
                }
                if opens, !environment.openInBrowser(url) {
                    environment.standardError(
                        "sitegen: warning: --open found no browser to open here (no desktop, or no \(Platform.browserOpener)); open \(url) yourself\n")
                }
            }
        } catch {
            let hint = error == .addressInUse(host: options.host, port: options.port) ? "; stop the other program or choose another port with --port N" : ""
            environment.standardError("sitegen: error: \(error)\(hint)\n")
            return .contentError
        }
        environment.standardOutput("Stopped.\n")
        return .success
    }

    /// True for an address only this machine can reach.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

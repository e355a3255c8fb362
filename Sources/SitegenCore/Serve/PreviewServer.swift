import Diagnostics
import HTTPServer
import Synchronization

/// `sitegen serve`: builds the site into the preview's own workspace (never the site's output),
/// serves it from memory, and on every change to its inputs rebuilds what changed and tells the
/// open pages, until it is stopped.
package final class PreviewServer: Sendable {
    /// What `serve` was asked for.
    package struct Options: Sendable {
        package var siteDirectory = "."
        package var host = "127.0.0.1"
        package var port = 4000
        package var includeDrafts = false
        /// Watch with inotify where there is one (false: always poll, as where there is none).
        package var usesNotifications = true

        package init(siteDirectory: String = ".", host: String = "127.0.0.1", port: Int = 4000, includeDrafts: Bool = false) {
            self.siteDirectory = siteDirectory
            self.host = host
            self.port = port
            self.includeDrafts = includeDrafts
        }
    }

    /// How long to wait after a change for more (editors write a file in several steps, and a
    /// branch switch touches many), and at most.
    static let quietPeriod = 0.04
    static let longestWait = 0.5
    /// How often open pages are pinged, so that closed ones are let go.
    static let pingInterval = 10.0

    private let options: Options
    private let environment: PreviewConsole
    private let live = LiveReload()

    /// How many pages are listening for rebuilds now.
    package var listeningPages: Int { live.clientCount }
    private let state = Mutex(PreviewRouter.State())
    /// Whether `stop()` was called, and the watcher to wake when it is.
    private let stopping = Mutex<(requested: Bool, watcher: FileWatcher?)>((false, nil))
    private let builds = Atomic<Int>(0)

    package init(options: Options, environment: PreviewConsole) {
        self.options = options
        self.environment = environment
    }

    /// Starts listening (throwing when it cannot), builds, serves and watches until `stop()`.
    /// `ready` is told the URL once the first build is served.
    package func run(ready: @Sendable (String) -> Void = { _ in }) throws(HTTPServerError) {
        let router = PreviewRouter(hosts: HostCheck(listeningOn: options.host))
        let server = try HTTPServer(host: options.host, port: options.port) { [self] request in
            router.respond(to: request, state: state.withLock { $0 }, openEvents: live.connect)
        }
        defer {
            live.closeAll()
            server.stop()
        }
        let root = environment.fileSystem.realPath(options.siteDirectory) ?? options.siteDirectory
        let watcher = FileWatcher(siteRoot: root, fileSystem: environment.fileSystem, usingNotifications: options.usesNotifications)
        let alreadyStopped = stopping.withLock { stopping in
            stopping.watcher = watcher
            return stopping.requested
        }
        if alreadyStopped { return }
        let url = "http://\(Self.urlHost(server.address)):\(server.port)/"
        var changed: Set<String> = []
        var first = true
        while true {
            // No build while the site folder is gone: the pages keep the last good build and are
            // told why it cannot change, until the folder is back.
            var result = watcher.siteIsMissing ? nil : build()
            // A build that failed while files were still changing (a folder being deleted, a
            // branch being switched) is not reported: the next one is.
            while let failed = result, failed.outcome == .failed, let more = watcher.changes(within: Self.quietPeriod * 2), !more.isEmpty {
                changed.formUnion(more)
                result = watcher.siteIsMissing ? nil : build()
            }
            if stopping.withLock({ $0.requested }) { break }
            if let result {
                report(result, after: changed, seconds: environment.now() - result.started)
            } else {
                reportMissingSite()
            }
            if first {
                first = false
                environment.standardOutput("Serving \(options.siteDirectory) at \(url) (Ctrl-C to stop)\n")
                if watcher.mode == .polling {
                    environment.standardError("sitegen: note: watching for changes by polling every \(FileWatcher.pollingInterval) s\n")
                }
                ready(url)
            }
            live.ping()
            guard let next = nextChanges(watcher) else { break }
            changed = next
        }
    }

    /// The next burst of changes, waiting as long as it takes (pinging the pages meanwhile);
    /// nil once stopped.
    private func nextChanges(_ watcher: FileWatcher) -> Set<String>? {
        while let changed = watcher.changes(within: Self.pingInterval) {
            guard !changed.isEmpty else {
                live.ping()
                continue
            }
            var all = changed
            let started = environment.now()
            // Gather the rest of a burst of saves into one rebuild.
            while environment.now() - started < Self.longestWait, let more = watcher.changes(within: Self.quietPeriod), !more.isEmpty {
                all.formUnion(more)
            }
            return all
        }
        return nil
    }

    /// Stops `run`, from any thread (a signal handler's, say).
    package func stop() {
        let watcher = stopping.withLock { stopping in
            stopping.requested = true
            return stopping.watcher
        }
        watcher?.stop()
    }

    /// The number of builds so far.
    package var buildCount: Int { builds.load(ordering: .relaxed) }

    /// One build of the preview, and when it started.
    private struct Build {
        var result: SiteBuilder.Result
        var started: Double
        var outcome: BuildOutcome { result.outcome }
    }

    private func build() -> Build {
        let started = environment.now()
        var result = SiteBuilder(fileSystem: environment.fileSystem).build(
            BuildOptions(siteDirectory: options.siteDirectory, includeDrafts: options.includeDrafts, workspace: .preview),
            tool: environment.tool)
        // What the build worked from goes now: the server builds again and again.
        result.remains = []
        return Build(result: result, started: started)
    }

    /// Serves a build's output when it succeeded, tells the pages, and prints its diagnostics and
    /// one line.
    private func report(_ build: Build, after changed: Set<String>, seconds: Double) {
        let result = build.result
        let number = builds.add(1, ordering: .relaxed).newValue
        let formatter = DiagnosticFormatter()
        for diagnostic in result.diagnostics {
            environment.standardError(formatter.format(diagnostic) + "\n")
        }
        let (wasFailing, hadSite) = state.withLock { ($0.failure != nil, $0.site != nil) }
        var summary: String
        switch result.outcome {
        case .failed, .checked:
            let failure = FailureSummary(result.diagnostics.filter(\.isError).map(formatter.format))
            state.withLock { $0.failure = failure }
            live.send(.failed(build: number, summary: failure))
            let errors = result.diagnostics.errorCount
            summary = "\(errors) error\(errors == 1 ? "" : "s"); " + (hadSite ? "the preview keeps the last good build" : "the pages show them until it builds")
        case .upToDate, .builtEverything, .rebuiltFlows:
            // Read again even when up to date: another preview of the site may have built it.
            let previous = state.withLock { $0.site }
            let site = PreviewSite.load(result.outputDirectory, fileSystem: environment.fileSystem, previous: previous)
            let changes = previous.map { site.changes(since: $0) } ?? []
            state.withLock { state in
                state.site = site
                state.failure = nil
            }
            if wasFailing { live.send(.recovered) }
            if !changes.isEmpty {
                // A stylesheet changes the embed's styles too, which no page of the site loads.
                let stylesOnly = changes.allSatisfy { $0.hasSuffix(".css") || $0 == EmbedBuilder.stylesPath }
                live.send(stylesOnly ? .styles(changes.filter { $0.hasSuffix(".css") }) : .reload(changes))
            }
            switch result.outcome {
            case .rebuiltFlows: summary = "rebuilt " + (result.outcome.rebuiltSummary(flowCount: result.flowCount) ?? "")
            case .upToDate: summary = changes.isEmpty ? "nothing to rebuild" : "read what another preview built"
            default: summary = "built \(result.flowCount) flow\(result.flowCount == 1 ? "" : "s"), \(result.pageCount) page\(result.pageCount == 1 ? "" : "s")"
            }
            if result.diagnostics.warningCount > 0 {
                summary += ", \(result.diagnostics.warningCount) warning\(result.diagnostics.warningCount == 1 ? "" : "s")"
            }
        }
        let cause = Self.describe(changed)
        environment.standardOutput("\(cause.isEmpty ? "" : cause + ": ")\(summary) in \(ElapsedTime.text(seconds))\n")
    }

    /// Tells the pages and the terminal that the site folder is gone, as a failed build would.
    private func reportMissingSite() {
        let number = builds.add(1, ordering: .relaxed).newValue
        let diagnostic = Diagnostic.error(
            "the site folder \(options.siteDirectory) no longer exists; the preview shows the last good build and builds again when the folder is back",
            path: options.siteDirectory)
        let text = DiagnosticFormatter().format(diagnostic)
        environment.standardError(text + "\n")
        let failure = FailureSummary([text])
        state.withLock { $0.failure = failure }
        live.send(.failed(build: number, summary: failure))
        environment.standardOutput("the site folder is gone: waiting for it to come back\n")
    }

    /// "content/welcome/02.md changed", or "3 files changed".
    static func describe(_ changed: Set<String>) -> String {
        let paths = changed.filter { !$0.isEmpty }.sorted()
        switch paths.count {
        case 0: return changed.isEmpty ? "" : "files changed"
        case 1: return "\(paths[0]) changed"
        default: return "\(paths[0]) and \(paths.count - 1) more changed"
        }
    }

    /// An address as a URL's host: IPv6 in brackets.
    static func urlHost(_ address: String) -> String {
        address.contains(":") ? "[\(address)]" : address
    }
}

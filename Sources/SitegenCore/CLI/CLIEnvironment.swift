import Foundation
import Synchronization

/// Everything the command line reaches outside itself, injected so that commands run in tests.
package struct CLIEnvironment: Sendable {
    package var fileSystem: any FileSystem
    package var standardOutput: @Sendable (String) -> Void
    package var standardError: @Sendable (String) -> Void
    /// Seconds on a monotonic clock, for timing a build.
    package var now: @Sendable () -> Double
    /// Identifies the running sitegen (version and binary), so that a new binary rebuilds all.
    package var tool: String
    /// Calls the function when the user asks the process to stop (Ctrl-C, SIGTERM).
    package var onStopRequest: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// Opens a URL in the user's browser; false when there is none to open it in.
    package var openInBrowser: @Sendable (String) -> Bool
    /// The process's environment variables that sitegen reads (`SITEGEN_JOBS`).
    package var variables: [String: String]
    /// Takes what a command made and reads no more, such as a build's data, when the process
    /// ends with the command: the real process keeps it until it exits, since freeing it piece by
    /// piece took the main thread 5–10 ms at the end of every build. Anywhere else it is let go.
    package var keepUntilExit: @Sendable (any Sendable) -> Void = { _ in }

    package init(
        fileSystem: any FileSystem, standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Double,
        tool: String = SitegenVersion.version, onStopRequest: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { _ in },
        openInBrowser: @escaping @Sendable (String) -> Bool = { _ in false }, variables: [String: String] = [:]
    ) {
        self.variables = variables
        self.onStopRequest = onStopRequest
        self.openInBrowser = openInBrowser
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.now = now
        self.tool = tool
    }

    /// What the preview server needs of it.
    var console: PreviewConsole {
        PreviewConsole(fileSystem: fileSystem, standardOutput: standardOutput, standardError: standardError, now: now, tool: tool)
    }

    /// The real process: the disk, stdout and stderr, and the system's monotonic clock. Output
    /// that cannot be written (a closed pipe, a full disk) is dropped: it never stops a build
    /// half-way, and a closed pipe does not kill the process (SIGPIPE is ignored).
    package static let process: CLIEnvironment = {
        signal(SIGPIPE, SIG_IGN)
        // A write past `ulimit -f` fails with EFBIG, which names the file, instead of killing
        // the process with nothing said (the previous output survives either way).
        signal(SIGXFSZ, SIG_IGN)
        var environment = CLIEnvironment(
            fileSystem: DiskFileSystem(),
            standardOutput: { write($0, to: STDOUT_FILENO) },
            standardError: { write($0, to: STDERR_FILENO) },
            now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
            tool: processTool(), onStopRequest: stopOnSignals, openInBrowser: openInBrowser,
            variables: ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("SITEGEN_") })
        // Under a leak checker, what a build held is freed as anywhere else, for it to check.
        if !Platform.hasLeakChecker {
            environment.keepUntilExit = { value in keptUntilExit.withLock { $0.append(value) } }
        }
        return environment
    }()

    /// What the process keeps until it exits.
    private static let keptUntilExit = Mutex<[any Sendable]>([])

    /// Handles SIGINT and SIGTERM with `stop` from now on, for the life of the process.
    private static func stopOnSignals(_ stop: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            // Kept, on purpose, until the process ends: a released source stops handling.
            _ = Unmanaged.passRetained(source as AnyObject)
        }
    }

    /// Runs the system's opener, when there is one and a desktop for it to open a browser on.
    private static func openInBrowser(_ url: String) -> Bool {
        let variables = ProcessInfo.processInfo.environment
        #if canImport(Glibc)
            guard variables["DISPLAY"] != nil || variables["WAYLAND_DISPLAY"] != nil else { return false }
        #endif
        let folders = (variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let opener = folders.map({ "\($0)/\(Platform.browserOpener)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }

    /// Writes all of `text` to a descriptor, or as much as it takes before failing.
    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The version and the binary's size and modification time.
    private static func processTool() -> String {
        let binary = DiskFileSystem().status(of: "/proc/self/exe") ?? DiskFileSystem().status(of: CommandLine.arguments[0])
        return [SitegenVersion.version, String(binary?.size ?? 0), String(binary?.modified ?? 0)].joined(separator: " ")
    }
}

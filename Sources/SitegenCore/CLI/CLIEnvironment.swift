import Foundation

/// Everything the command line reaches outside itself, injected so that commands run in tests.
public struct CLIEnvironment: Sendable {
    public var fileSystem: any FileSystem
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void
    /// Seconds on a monotonic clock, for timing a build.
    public var now: @Sendable () -> Double
    /// Identifies the running sitegen (version and binary), so that a new binary rebuilds all.
    public var tool: String

    public init(
        fileSystem: any FileSystem, standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Double,
        tool: String = SitegenVersion.version
    ) {
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.now = now
        self.tool = tool
    }

    /// The real process: the disk, stdout and stderr, and the system's monotonic clock.
    public static let process = CLIEnvironment(
        fileSystem: DiskFileSystem(),
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) },
        now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
        tool: processTool())

    /// The version and the binary's size and modification time.
    private static func processTool() -> String {
        let binary = DiskFileSystem().status(of: "/proc/self/exe") ?? DiskFileSystem().status(of: CommandLine.arguments[0])
        return [SitegenVersion.version, String(binary?.size ?? 0), String(binary?.modified ?? 0)].joined(separator: " ")
    }
}

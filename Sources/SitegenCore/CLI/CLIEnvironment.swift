import Foundation

/// Everything the command line reaches outside itself, injected so that commands run in tests.
public struct CLIEnvironment: Sendable {
    public var fileSystem: any FileSystem
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void
    /// Seconds on a monotonic clock, for timing a build.
    public var now: @Sendable () -> Double

    public init(
        fileSystem: any FileSystem, standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Double
    ) {
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.now = now
    }

    /// The real process: the disk, stdout and stderr, and the system's monotonic clock.
    public static let process = CLIEnvironment(
        fileSystem: DiskFileSystem(),
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) },
        now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 })
}

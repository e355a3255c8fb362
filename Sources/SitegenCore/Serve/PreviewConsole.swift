/// What the preview server reaches outside itself: the file system, where it prints, the clock
/// and the program's identity. The command line makes one from its environment; tests make their own.
package struct PreviewConsole: Sendable {
    package var fileSystem: any FileSystem
    package var standardOutput: @Sendable (String) -> Void
    package var standardError: @Sendable (String) -> Void
    /// Seconds on a monotonic clock.
    package var now: @Sendable () -> Double
    /// The running sitegen (version and binary), part of every build's identity.
    package var tool: String

    package init(
        fileSystem: any FileSystem, standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Double, tool: String
    ) {
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.now = now
        self.tool = tool
    }
}

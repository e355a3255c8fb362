import Foundation
import Synchronization
import SitegenCore

/// Paths of the repository, found from this file, so tests run from any working folder.
enum Repository {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Tests/SitegenCoreTests/Fixtures")
}

/// The sanitizer `make sanitize` runs the tests under (`address` or `thread`), or nil: the few
/// checks that cannot hold under one read it here.
let runningSanitizer = ProcessInfo.processInfo.environment["SITEGEN_SANITIZED"]

/// A fresh folder under the system's temporary folder, removed by `remove()` or, at the latest,
/// when the last value holding it goes away (a fixture's tree kept no `defer` and left hundreds).
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, Data(text.utf8))
    }

    func write(_ relativePath: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}

/// Collects what a command prints.
final class CapturedOutput: Sendable {
    private let out = Mutex("")
    private let err = Mutex("")

    var standardOutput: String { out.withLock { $0 } }
    var standardError: String { err.withLock { $0 } }

    func environment(_ fileSystem: any FileSystem) -> CLIEnvironment {
        CLIEnvironment(
            fileSystem: fileSystem,
            standardOutput: { text in self.out.withLock { $0 += text } },
            standardError: { text in self.err.withLock { $0 += text } },
            now: { 0 })
    }
}

/// Runs the command line on `fileSystem`, returning the status and what it printed.
func runCLI(_ arguments: [String], on fileSystem: any FileSystem) -> (status: ExitStatus, out: String, err: String) {
    let output = CapturedOutput()
    let status = CommandLineInterface(arguments: arguments, environment: output.environment(fileSystem)).run()
    return (status, output.standardOutput, output.standardError)
}

/// A minimal valid 1×1 PNG with the given size in its header.
func pngBytes(width: Int, height: Int) -> [UInt8] {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for value in [width, height] {
        bytes += [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    // Its data (not a real one: no test decodes it) and its end, so that it is whole.
    bytes += [0, 0, 0, 0] + Array("IDAT".utf8) + [0, 0, 0, 0]
    bytes += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    return bytes
}

/// The `sitegen` binary built beside the test products.
let sitegenBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sitegen")

/// Runs the built `sitegen` binary (or `executable` with `arguments`), in `directory` when given,
/// with `environment` added and the variables in `removing` taken out; returns its exit status
/// and all it printed.
func runBinary(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], removing: Set<String> = [],
    executable: URL = sitegenBinary
) throws -> (status: Int32, printed: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.filter { !removing.contains($0.key) }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, printed)
}

/// Whether `condition` came true within `seconds`, checked every millisecond: a regression fails
/// the test that waits instead of hanging it.
func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(1000)
    }
    return true
}

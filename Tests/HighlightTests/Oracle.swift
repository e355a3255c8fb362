import Foundation
import Testing

@testable import Highlight

/// GtkSourceView through `oracle.py` (system python3 with python3-gi): each file's characters'
/// `def:` styles. A missing oracle is a failure, never a skip. The wait for the process is
/// asynchronous, so that a test waiting on GtkSourceView holds no thread of the shared pool.
enum Oracle {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("oracle.py")

    /// Highlights each (language id, file) pair; `searchPath` holds `.lang` files read first.
    static func styles(_ files: [(language: String, path: String)], searchPath: URL? = nil) async throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path] + (searchPath.map { ["--search-path", $0.path] } ?? []) + [LanguageLibrary.systemPath.path]
            + files.flatMap { [$0.language, $0.path] }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-oracle-\(UUID().uuidString).json")
        try #require(FileManager.default.createFile(atPath: output.path, contents: nil), "cannot make \(output.path)")
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        let launched = await withCheckedContinuation { (finished: CheckedContinuation<Bool, Never>) in
            process.terminationHandler = { _ in finished.resume(returning: true) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                finished.resume(returning: false)
            }
        }
        try #require(launched, "/usr/bin/python3 did not start: the oracle needs python3-gi and gir1.2-gtksource-5")
        let data = try Data(contentsOf: output)
        try #require(process.terminationStatus == 0, "the oracle (python3-gi with gir1.2-gtksource-5) did not run")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(object["files"] as? [[String: Any]])
        return try results.map { file in
            let runs = try #require(file["runs"] as? [[Any]])
            return runs.flatMap { run in Array(repeating: run[1] as? String ?? "?", count: run[0] as? Int ?? 0) }
        }
    }
}

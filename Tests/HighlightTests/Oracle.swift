import Foundation
import Testing

@testable import Highlight

/// GtkSourceView through `oracle.py` (system python3 with python3-gi): each file's characters'
/// `def:` styles. A missing oracle is a failure, never a skip.
enum Oracle {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("oracle.py")

    /// Highlights each (language id, file) pair; `searchPath` holds `.lang` files read first.
    static func styles(_ files: [(language: String, path: String)], searchPath: URL? = nil) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path] + (searchPath.map { ["--search-path", $0.path] } ?? []) + [LanguageLibrary.systemPath.path]
            + files.flatMap { [$0.language, $0.path] }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the oracle (python3-gi with gir1.2-gtksource-5) did not run")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(object["files"] as? [[String: Any]])
        return try results.map { file in
            let runs = try #require(file["runs"] as? [[Any]])
            return runs.flatMap { run in Array(repeating: run[1] as? String ?? "?", count: run[0] as? Int ?? 0) }
        }
    }
}

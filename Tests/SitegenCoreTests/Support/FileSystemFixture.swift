import SitegenTestSupport
import Foundation
import SitegenCore
import Testing

/// A file system for tests that must hold on the disk and in memory alike, with the means to
/// make what only a test makes: symbolic links and FIFOs.
enum FileSystemFixture: CustomTestStringConvertible, Sendable {
    case disk
    case memory

    static let all: [FileSystemFixture] = [.disk, .memory]

    var testDescription: String { self == .disk ? "disk" : "memory" }

    /// A fresh, empty tree: the file system, and the folder (an absolute path) to work in.
    func make() throws -> Tree {
        switch self {
        case .disk:
            let directory = try TemporaryDirectory()
            return Tree(fileSystem: DiskFileSystem(), root: DiskFileSystem().realPath(directory.path) ?? directory.path, temporary: directory)
        case .memory:
            let fileSystem = MemoryFileSystem()
            try fileSystem.createDirectory("/work")
            return Tree(fileSystem: fileSystem, root: "/work", temporary: nil)
        }
    }

    /// A folder to test in, on one of the file systems.
    struct Tree {
        let fileSystem: any FileSystem
        /// The folder's real, absolute path.
        let root: String
        let temporary: TemporaryDirectory?

        func path(_ relative: String) -> String {
            relative.isEmpty ? root : root + "/" + relative
        }

        /// Writes a file, making its folders.
        func write(_ relative: String, _ text: String) throws {
            try fileSystem.createDirectory(parent(of: path(relative)))
            try fileSystem.writeFile(path(relative), text: text)
        }

        /// Writes a file of bytes, making its folders.
        func write(_ relative: String, bytes: [UInt8]) throws {
            try fileSystem.createDirectory(parent(of: path(relative)))
            try fileSystem.writeFile(path(relative), bytes)
        }

        /// Makes a symbolic link at `relative` whose target is `target`, as written.
        func link(_ relative: String, to target: String) throws {
            switch fileSystem {
            case let memory as MemoryFileSystem:
                memory.addLink(path(relative), to: target)
            default:
                try fileSystem.createDirectory(parent(of: path(relative)))
                try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
            }
        }

        /// Makes a FIFO at `relative`.
        func fifo(_ relative: String) throws {
            switch fileSystem {
            case let memory as MemoryFileSystem:
                memory.addSpecial(path(relative), kind: .fifo)
            default:
                try fileSystem.createDirectory(parent(of: path(relative)))
                guard mkfifo(path(relative), 0o644) == 0 else { throw FileSystemError(path: relative, reason: "mkfifo failed") }
            }
        }

        func remove() {
            temporary?.remove()
        }
    }
}

private func parent(of path: String) -> String {
    (path as NSString).deletingLastPathComponent
}

import Foundation

/// The real file system, through Foundation.
public struct DiskFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) -> FileKind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .directory : .file
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        try wrap(path) { try FileManager.default.contentsOfDirectory(atPath: path) }
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileSystemError(path: path, reason: kind(of: path) == nil ? "no such file" : "cannot be read")
        }
        return [UInt8](data)
    }

    public func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try wrap(path) { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    }

    public func createDirectory(_ path: String) throws {
        try wrap(path) { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    }

    public func copyFile(from source: String, to destination: String) throws {
        try wrap(destination) { try FileManager.default.copyItem(atPath: source, toPath: destination) }
    }

    public func move(from source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw FileSystemError(path: source, reason: "cannot be renamed to \(destination): \(String(cString: strerror(errno)))")
        }
    }

    public func remove(_ path: String) throws {
        try wrap(path) { try FileManager.default.removeItem(atPath: path) }
    }

    private func wrap<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CocoaError {
            let reason = (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
            throw FileSystemError(path: path, reason: reason)
        }
    }
}

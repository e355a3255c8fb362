import Synchronization

/// Where a build keeps bytes for the next one (each flow's manifest fragment and highlighted code
/// blocks): appended from any thread into pack files of a few MiB in one folder, each written once
/// and never changed after, so that a build creates a handful of files however many flows it
/// makes, and a file the last build's cache names is never written through. Each build's packs
/// have names of their own (`prefix` and a number), so a killed build leaves nothing a kept
/// cache points at.
final class PackWriter: Sendable {
    let fileSystem: any FileSystem
    /// The folder on disk the packs go in, which exists.
    let folder: String
    /// Starts the name of each pack this writer makes: unique to the build.
    let prefix: String
    /// How large a pack grows in memory before it is written.
    let packSize: Int

    private let state = Mutex(State())

    private struct State {
        /// The pack being filled, as the pieces appended (never joined in memory), and its size.
        var pieces: [FilePiece] = []
        var size = 0
        var number = 0
        /// The name of the pack being filled, one string that every reference to it shares.
        var name: String?
        var written: [PackFile] = []
        var failure: FileSystemError?
    }

    init(fileSystem: any FileSystem, folder: String, prefix: String, packSize: Int = 4 << 20) {
        self.fileSystem = fileSystem
        self.folder = folder
        self.prefix = prefix
        self.packSize = packSize
    }

    /// Appends `bytes` to the pack being filled and says where they are. A pack that is full is
    /// written (by the thread that filled it, outside the lock).
    func append(_ bytes: [UInt8]) -> PackReference {
        let (reference, full) = state.withLock { state -> (PackReference, (name: String, pieces: [FilePiece])?) in
            let pack = state.name ?? name(state.number)
            state.name = pack
            let reference = PackReference(pack: pack, offset: state.size, length: bytes.count)
            state.pieces.append(.bytes(bytes))
            state.size += bytes.count
            guard state.size >= packSize else { return (reference, nil) }
            return (reference, take(&state))
        }
        if let full { write(full.name, full.pieces) }
        return reference
    }

    /// Writes the last pack; returns every pack written, or the first failure.
    func finish() throws(FileSystemError) -> [PackFile] {
        let last = state.withLock { state in state.pieces.isEmpty ? nil : take(&state) }
        if let last { write(last.name, last.pieces) }
        return try state.withLock { state throws(FileSystemError) in
            if let failure = state.failure { throw failure }
            return state.written.sorted { $0.name < $1.name }
        }
    }

    private func name(_ number: Int) -> String {
        prefix + "-" + String(number)
    }

    /// The pack being filled, named, and a new one begun.
    private func take(_ state: inout State) -> (name: String, pieces: [FilePiece]) {
        defer {
            state.pieces = []
            state.size = 0
            state.number += 1
            state.name = nil
        }
        return (name(state.number), state.pieces)
    }

    private func write(_ name: String, _ pieces: [FilePiece]) {
        let path = Path.join(folder, name)
        do {
            try fileSystem.clearTemporary(path)
            try fileSystem.writeFile(path, pieces: pieces)
            guard let status = fileSystem.linkStatus(of: path) else {
                throw FileSystemError(path: path, reason: "is gone right after it was written")
            }
            state.withLock { $0.written.append(PackFile(name: name, status: status)) }
        } catch {
            let failure = error as? FileSystemError ?? FileSystemError(path: path, reason: "\(error)")
            state.withLock { $0.failure = $0.failure ?? failure }
        }
    }

    /// The bytes `reference` names, read from `folder`; nil when they cannot be read whole.
    static func read(_ reference: PackReference, folder: String, fileSystem: any FileSystem) -> [UInt8]? {
        guard PackFile.isPackName(reference.pack), reference.offset >= 0, reference.length >= 0 else { return nil }
        let bytes = try? fileSystem.readFile(Path.join(folder, reference.pack), range: reference.offset..<(reference.offset + reference.length))
        return bytes?.count == reference.length ? bytes : nil
    }
}

/// A range of bytes in one of the build cache's pack files, kept in the cache as a record (two in
/// each flow's).
struct PackReference: Sendable, Hashable, Codable, RecordCodable {
    var pack: String
    var offset: Int
    var length: Int

    init(pack: String, offset: Int, length: Int) {
        (self.pack, self.offset, self.length) = (pack, offset, length)
    }

    /// A name that is the same exactly when the reference is.
    var name: String { "\(pack):\(offset):\(length)" }

    func write(to sink: RecordSink) {
        sink.add(pack)
        sink.add(offset)
        sink.add(length)
    }

    init(record source: RecordSource) throws {
        self.init(pack: try source.string(), offset: try source.int(), length: try source.int())
    }

    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: RecordEncoder.recordOnly))
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: RecordEncoder.recordOnly))
    }
}

/// A pack file as the cache keeps it: a pack whose status has changed since is not read.
struct PackFile: Sendable, Equatable, Codable {
    var name: String
    var status: FileStatus

    /// True for a name a `PackWriter` gives: 16 hex digits, a dash and a number.
    static func isPackName(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].utf8.count == 16 && parts[0].utf8.allSatisfy(\.isLowercaseHexDigit)
            && !parts[1].isEmpty && parts[1].utf8.count <= 9 && parts[1].utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

extension UInt8 {
    /// True for `0`–`9` and `a`–`f`.
    var isLowercaseHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
    }
}

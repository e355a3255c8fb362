/// A piece of a file being written: bytes in memory, or a byte range of a file already on disk,
/// which the file system copies without reading it into memory.
package enum FilePiece: Sendable, Hashable {
    case bytes([UInt8])
    case range(Range<Int>, of: String)

    /// How many bytes the piece adds to the file.
    package var count: Int {
        switch self {
        case .bytes(let bytes): return bytes.count
        case .range(let range, _): return range.count
        }
    }
}

/// One file of the output: its path inside the output folder and what goes in it.
package struct OutputFile: Sendable, Hashable {
    package enum Contents: Sendable, Hashable {
        case text(String)
        case bytes([UInt8])
        /// A file made of pieces, written one after another (the manifest: too large to join in
        /// memory, and partly copied from the previous one by an incremental build).
        case pieces([FilePiece])
        /// Copied from this file-system path, as bytes (never as a link); with a root (a real
        /// path), the file copied must lie inside it.
        case copy(from: String, confinedTo: String?)
    }

    package var path: String
    package var contents: Contents

    package init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    package init(path: String, text: String) {
        self.init(path: path, contents: .text(text))
    }
}

extension OutputFile {
    /// The bytes the build makes for this file, as opposed to copying them: 0 for a copy.
    var generatedSize: Int {
        switch contents {
        case .text(let text): return text.utf8.count
        case .bytes(let bytes): return bytes.count
        case .pieces(let pieces): return pieces.reduce(0) { $0 + $1.count }
        case .copy: return 0
        }
    }
}

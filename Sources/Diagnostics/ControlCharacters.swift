/// The C0 control characters other than tab, line feed and carriage return, and DEL: nothing a
/// page shows, and nothing that may reach HTML. Text read from Markdown and YAML has them
/// replaced by U+FFFD, as cmark already does for NUL.
package enum ControlCharacters {
    package static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// `bytes` (UTF-8) with each control character replaced by U+FFFD; nil when there is none.
    /// Contiguous bytes (a native string's UTF-8, an array) are scanned as one buffer: this runs
    /// over every page's whole text, where a generic walk cost 7% of a full build.
    package static func replaced<Bytes: Collection<UInt8>>(in bytes: Bytes) -> [UInt8]? {
        if let result = bytes.withContiguousStorageIfAvailable(replaced(inBuffer:)) { return result }
        return Array(bytes).withUnsafeBufferPointer(replaced(inBuffer:))
    }

    private static func replaced(inBuffer bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let first = ByteScan.firstIndex(in: bytes, candidates: { ByteScan.below(0x20, in: $0) | ByteScan.equal(to: 0x7F, in: $0) }, where: isControl)
        guard let first else { return nil }
        var result = Array(bytes[..<first])
        result.reserveCapacity(bytes.count + 16)
        for byte in bytes[first...] {
            if isControl(byte) {
                result += [0xEF, 0xBF, 0xBD]
            } else {
                result.append(byte)
            }
        }
        return result
    }
}

/// What a request target names in the served site: a path relative to the site's root, decoded
/// and checked, or why it names nothing. No spelling of a path outside the site (`..`,
/// `%2e%2e`, an encoded or a back slash, NUL, overlong UTF-8) gets through; and nothing is read
/// from a disk in any case, since the site is served from memory.
enum RequestPath: Equatable {
    /// A path inside the site, without a leading slash; empty for the root. `isFolder` when the
    /// target ended in `/`.
    case path(String, isFolder: Bool)
    /// The target is malformed: 400.
    case malformed(String)
    /// The target is longer than `maximumLength`: 414.
    case tooLong

    /// The longest target accepted, in bytes.
    static let maximumLength = 2048

    init(target: String) {
        guard target.utf8.count <= Self.maximumLength else { self = .tooLong; return }
        guard target.utf8.first == UInt8(ascii: "/") else { self = .malformed("the path does not start with '/'"); return }
        var bytes: [UInt8] = []
        var input = Array(target.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard input.count >= 2, let high = Self.hexValue(input.removeFirst()), let low = Self.hexValue(input.removeFirst()) else {
                    self = .malformed("a '%' is not followed by two hex digits")
                    return
                }
                let decoded = high << 4 | low
                // An encoded slash would let one segment be read as two, so it is refused.
                guard decoded != UInt8(ascii: "/") else { self = .malformed("the path has an encoded '/'"); return }
                bytes.append(decoded)
            } else {
                bytes.append(byte)
            }
        }
        // Strict UTF-8: an overlong or otherwise invalid sequence is refused, never repaired.
        guard let text = String(validating: bytes, as: UTF8.self) else { self = .malformed("the path is not UTF-8"); return }
        if let bad = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            self = .malformed(bad == "\\" ? "the path has a '\\'" : "the path has a control character")
            return
        }
        // Split at slash bytes: by characters, a slash followed by a combining mark is no slash.
        let isFolder = text.utf8.last == UInt8(ascii: "/")
        let segments = Path.components(of: text, omittingEmpty: false).dropFirst()
        var kept: [Substring] = []
        for (index, segment) in segments.enumerated() {
            if segment.isEmpty {
                // Only the one after a final slash may be empty: `//` is refused.
                guard index == segments.count - 1 else { self = .malformed("the path has an empty segment"); return }
                continue
            }
            guard segment != ".", segment != ".." else { self = .malformed("the path has a '.' or '..' segment"); return }
            kept.append(segment)
        }
        self = .path(kept.joined(separator: "/"), isFolder: isFolder)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

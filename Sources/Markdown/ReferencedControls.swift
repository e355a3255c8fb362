import CCMark
import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Control characters a page writes as character references (`&#5;`): cmark makes them the
/// characters themselves, which HTML does not allow in text or attributes, and which a page that
/// writes the bytes never shows (`ControlCharacters` reads those as U+FFFD). They are made U+FFFD
/// in the tree too. (In an address cmark writes them %-escaped, which is valid: left as they are.)
enum ReferencedControls {
    /// Whether `bytes` hold a numeric character reference at all (`&#`): most pages have none.
    static func mayHold(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var start = 0
            while start < buffer.count - 1, let found = memchr(base + start, Int32(UInt8(ascii: "&")), buffer.count - 1 - start) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if buffer[index + 1] == UInt8(ascii: "#") { return true }
                start = index + 1
            }
            return false
        }
    }

    /// Replaces them in every text, code, HTML, title and info string under `root`.
    static func replace(under root: OpaquePointer) {
        for node in CMarkNode.descendants(of: root) {
            if let text = replaced(cmark_node_get_literal(node)) { cmark_node_set_literal(node, text) }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let title = replaced(cmark_node_get_title(node)) { cmark_node_set_title(node, title) }
            case CMARK_NODE_CODE_BLOCK:
                if let info = replaced(cmark_node_get_fence_info(node)) { cmark_node_set_fence_info(node, info) }
            default: break
            }
        }
    }

    /// `text` with its control characters as U+FFFD; nil when it has none.
    private static func replaced(_ text: UnsafePointer<CChar>?) -> String? {
        guard let text else { return nil }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        guard let fixed = ControlCharacters.replaced(in: UnsafeBufferPointer(start: bytes, count: strlen(text))) else { return nil }
        return String(decoding: fixed, as: UTF8.self)
    }
}

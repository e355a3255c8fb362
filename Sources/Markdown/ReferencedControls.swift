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
        ByteScan.contains("&#", in: bytes)
    }

    /// Replaces them in every text, code, HTML, title and info string under `root`.
    static func replace(under root: OpaquePointer) {
        CMarkNode.rewriteStrings(under: root, addresses: false, replaced)
    }

    /// `text` with its control characters as U+FFFD; nil when it has none.
    private static func replaced(_ text: UnsafePointer<CChar>) -> String? {
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        guard let fixed = ControlCharacters.replaced(in: UnsafeBufferPointer(start: bytes, count: strlen(text))) else { return nil }
        return String(decoding: fixed, as: UTF8.self)
    }
}

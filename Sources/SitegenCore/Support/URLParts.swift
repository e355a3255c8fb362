/// A link or image reference split where a browser splits it: its path, then a query from its
/// `?`, then a fragment after its `#`. Split at bytes: a `#` or `?` followed by a combining mark
/// is one Swift character, and unequal to `#`, yet still where a browser splits.
struct URLParts: Equatable {
    var path: String
    /// The query with its `?`, or empty.
    var query: String
    /// The fragment without its `#`; nil when there is no `#`.
    var fragment: String?

    init(_ url: String) {
        let bytes = url.utf8
        let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
        let beforeHash = bytes[..<(hash ?? bytes.endIndex)]
        let question = beforeHash.firstIndex(of: UInt8(ascii: "?")) ?? beforeHash.endIndex
        path = String(decoding: beforeHash[..<question], as: UTF8.self)
        query = String(decoding: beforeHash[question...], as: UTF8.self)
        fragment = hash.map { String(decoding: bytes[bytes.index(after: $0)...], as: UTF8.self) }
    }

    /// The query and the fragment as written (`?tab=2#install`), or "".
    var suffix: String {
        query + (fragment.map { "#" + $0 } ?? "")
    }
}

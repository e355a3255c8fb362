import CCMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small conveniences over libcmark's node API, for the extensions that rework its tree.
enum CMarkNode {
    static func type(_ node: OpaquePointer) -> cmark_node_type { cmark_node_get_type(node) }

    static func children(_ node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// Whether the node's literal holds any of `needles` (C strings), looked for in cmark's own
    /// bytes. Asked of every text node: a Swift string made into a C string for each call cost 2%
    /// of a build, so the needles are made once (`cStrings`).
    static func literal(_ node: OpaquePointer, containsAnyOf needles: [[CChar]]) -> Bool {
        guard let literal = cmark_node_get_literal(node) else { return false }
        return needles.contains { strstr(literal, $0) != nil }
    }

    /// Needles for `literal(_:containsAnyOf:)`.
    static func cStrings(_ texts: String...) -> [[CChar]] {
        texts.map { Array($0.utf8CString) }
    }

    /// The needles of `www.` and URL links.
    static let linkStarts = cStrings("www.", "://")

    static func text(_ literal: String) -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
        cmark_node_set_literal(node, literal)
        return node
    }

    /// A node that renders as `enter`, its children, then `exit`: an inline or a block.
    static func custom(_ type: cmark_node_type, enter: String, exit: String) -> OpaquePointer? {
        guard let node = cmark_node_new(type) else { return nil }
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    /// Moves every child of `source` to the end of `target`.
    static func moveChildren(of source: OpaquePointer, to target: OpaquePointer) {
        for child in children(source) {
            cmark_node_unlink(child)
            cmark_node_append_child(target, child)
        }
    }

    /// The nodes of `type` under `root` (itself included) in document order, collected before any
    /// change: a list of every node, filtered after, cost each pass over a page the growing of
    /// an array of all its nodes.
    static func descendants(of root: OpaquePointer, ofType type: cmark_node_type) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        forEachNode(under: root) { node in
            if cmark_node_get_type(node) == type { result.append(node) }
        }
        return result
    }

    /// Every node under `root` (itself included) in document order, collected before any change.
    static func descendants(of root: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        forEachNode(under: root) { result.append($0) }
        return result
    }

    /// `body` for each node under `root` (itself included), in document order, as cmark's
    /// iterator enters it: the tree must not change meanwhile.
    private static func forEachNode(under root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { body(node) }
        }
    }

    /// cmark's tree for `bytes`; the caller frees it.
    static func parse(_ bytes: [UInt8], flags: Int32) -> OpaquePointer? {
        if bytes.isEmpty { return cmark_parse_document("", 0, flags) }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parse_document($0, buffer.count, flags)
                }
            }
        }
    }

    /// Gives each string of the nodes under `root` (itself included) that holds text to
    /// `rewrite`, and sets what it answers in its place: literals (text, code, HTML), link and
    /// image titles, code blocks' info strings, and, with `addresses`, link and image addresses.
    /// Nil leaves a string as it is.
    static func rewriteStrings(under root: OpaquePointer, addresses: Bool, _ rewrite: (UnsafePointer<CChar>) -> String?) {
        for node in descendants(of: root) {
            if let literal = cmark_node_get_literal(node), let text = rewrite(literal) { cmark_node_set_literal(node, text) }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if addresses, let url = cmark_node_get_url(node), let text = rewrite(url) { cmark_node_set_url(node, text) }
                if let title = cmark_node_get_title(node), let text = rewrite(title) { cmark_node_set_title(node, text) }
            case CMARK_NODE_CODE_BLOCK:
                if let info = cmark_node_get_fence_info(node), let text = rewrite(info) { cmark_node_set_fence_info(node, text) }
            default: break
            }
        }
    }

    /// Whether `node` is `root` or in its tree.
    static func isInTree(_ node: OpaquePointer, of root: OpaquePointer) -> Bool {
        var current: OpaquePointer? = node
        while let each = current {
            if each == root { return true }
            current = cmark_node_parent(each)
        }
        return false
    }

    /// Whether a parent of `node` is of one of `types` (a few, looked through: hashing them cost
    /// more than the walk, for every text node of every page).
    static func isInside(_ node: OpaquePointer, _ types: [UInt32]) -> Bool {
        var current = cmark_node_parent(node)
        while let parent = current {
            if types.contains(cmark_node_get_type(parent).rawValue) { return true }
            current = cmark_node_parent(parent)
        }
        return false
    }
}

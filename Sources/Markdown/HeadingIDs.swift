import CCMark
import Foundation

/// Writes each heading with its `id`, which cmark's renderer cannot do: the heading is rendered on
/// its own, the id put into its opening tag, and the result left in the tree as one block of HTML.
enum HeadingIDs {
    /// Gives every heading under `root` that `ids` names its id. Runs last, on the tree as it will
    /// be rendered (a heading that an earlier pass dropped is simply not met).
    static func apply(under root: OpaquePointer, ids: [OpaquePointer: String], flags: Int32) {
        guard !ids.isEmpty else { return }
        for heading in CMarkNode.descendants(of: root, ofType: CMARK_NODE_HEADING) {
            guard let id = ids[heading], let pointer = cmark_render_html(heading, flags) else { continue }
            var html = String(cString: pointer)
            free(pointer)
            // The first `>` byte: a heading that starts with a combining mark makes `>` and the mark one character.
            guard html.hasPrefix("<h"), let close = html.utf8.firstIndex(of: UInt8(ascii: ">")) else { continue }
            html.insert(contentsOf: " id=\"\(Markdown.escapedAttribute(id))\"", at: close)
            while html.last == "\n" { html.removeLast() }
            guard let block = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: html, exit: "") else { continue }
            cmark_node_replace(heading, block)
            cmark_node_free(heading)
        }
    }
}

import CCMark
import Foundation

/// Writes each table as cmark-gfm does, its alignment as a class (`align-left`, `align-center`,
/// `align-right`) instead of the obsolete `align` attribute, and leaves it as one block of HTML.
enum TableHTML {
    static func finish(_ context: ExtensionContext) {
        for (table, layout) in context.tables {
            var html = "<table>\n<thead>\n<tr>\n"
            let cells = CMarkNode.children(table)
            let columns = max(layout.alignments.count, 1)
            for (index, cell) in cells.enumerated() {
                let row = index / columns
                let column = index % columns
                if column == 0, row > 0 {
                    html += row == 1 ? "</tr>\n</thead>\n<tbody>\n<tr>\n" : "</tr>\n<tr>\n"
                }
                let tag = row == 0 ? "th" : "td"
                let alignment = column < layout.alignments.count ? layout.alignments[column] : .none
                html += "<\(tag)\(attribute(alignment))>\(inlineHTML(of: cell, flags: context.flags))</\(tag)>\n"
                context.free(cell)
            }
            html += layout.bodyRows > 0 ? "</tr>\n</tbody>\n</table>" : "</tr>\n</thead>\n</table>"
            cmark_node_set_on_enter(table, html)
        }
    }

    private static func attribute(_ alignment: TableRow.Alignment) -> String {
        switch alignment {
        case .none: ""
        case .left: " class=\"align-left\""
        case .center: " class=\"align-center\""
        case .right: " class=\"align-right\""
        }
    }

    /// A cell's paragraph as cmark renders it, without the `<p>` around it.
    private static func inlineHTML(of paragraph: OpaquePointer, flags: Int32) -> String {
        guard let pointer = cmark_render_html(paragraph, flags) else { return "" }
        defer { free(pointer) }
        // Bytes: by characters, `<p>` followed by a combining mark has no `>`.
        var html = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))[...]
        if html.starts(with: "<p>".utf8) { html = html.dropFirst(3) }
        if html.reversed().starts(with: "</p>\n".utf8.reversed()) { html = html.dropLast(5) }
        return String(decoding: html, as: UTF8.self)
    }
}

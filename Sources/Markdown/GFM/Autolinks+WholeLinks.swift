import CCMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Autolinks {
    /// What stands for each byte that starts inline syntax (emphasis, a code span, a bracket)
    /// inside a link while cmark parses again: control characters, which a body never holds
    /// (`ControlCharacters` replaced them) and which are not `Footnotes.marker`.
    static let standIns: [(written: UInt8, standIn: UInt8)] = [
        (UInt8(ascii: "_"), 0x02), (UInt8(ascii: "*"), 0x03), (UInt8(ascii: "`"), 0x04), (UInt8(ascii: "["), 0x05), (UInt8(ascii: "]"), 0x06),
    ]
    private static let standInNeedles = standIns.map { [CChar(bitPattern: $0.standIn), 0] }

    /// cmark-gfm takes a `www.` or URL link whole while it parses inlines, before any `*` or `_`
    /// in it can pair, or a backtick or bracket in it open anything; cmark, parsing first, pairs
    /// them: `_build (https://w.org/Build_tools)` made emphasis that ended inside the link, which
    /// lost its `_tools`. Where cmark's tree `root` of `bytes` (whose text as written is `source`)
    /// has a link cut so, `bytes` is parsed again with stand-ins for those bytes inside the link
    /// (`standIns`), which are then put back, so that every other one pairs as it does in
    /// cmark-gfm. The new tree, or nil when no link was cut; `root` stays the caller's.
    static func parsedKeepingLinksWhole(
        _ bytes: [UInt8], root: OpaquePointer, source: SourceText, context: ExtensionContext
    ) -> OpaquePointer? {
        var protected = bytes
        var current = root
        // Pairing anew can cut a link that was whole: each round parses again for those it finds.
        for _ in 0..<4 {
            var replaced = false
            for span in cutLinks(under: current, source: source, context: context) {
                for index in span where !Brackets.isEscaped(index, in: protected) {
                    guard let standIn = standIns.first(where: { $0.written == protected[index] })?.standIn else { continue }
                    protected[index] = standIn
                    replaced = true
                }
            }
            // A body may write a stand-in's character as a reference (`&#3;`), which cmark makes
            // that byte: then the stand-ins could not be told from it, and the links stay as cmark read them.
            guard replaced, current != root || !holdsStandIns(root), let reparsed = CMarkNode.parse(protected, flags: context.flags) else { break }
            putBackStandIns(under: reparsed)
            if current != root { cmark_node_free(current) }
            current = reparsed
        }
        return current == root ? nil : current
    }

    /// Where, in `source`, each `www.` or URL link that cmark-gfm would take runs on past the end
    /// of the text node it starts in.
    private static func cutLinks(under root: OpaquePointer, source: SourceText, context: ExtensionContext) -> [Range<Int>] {
        var brackets: Brackets?
        var spans: [Range<Int>] = []
        for node in textNodes(under: root) where CMarkNode.literal(node, containsAnyOf: CMarkNode.linkStarts) {
            guard let raw = context.raw(of: node, in: source), let offset = raw.offset else { continue }
            let known = brackets ?? Brackets(under: root, source: source, context: context)
            brackets = known
            guard let link = wholeLink(endingIn: node, raw: raw, at: offset, source: source, brackets: known),
                link.upperBound > offset + raw.bytes.count
            else { continue }
            spans.append(link)
        }
        return spans
    }

    /// Where, in `source`, the last link in `raw` (found at `offset`) lies when read on in the
    /// source as written; nil when there is none.
    private static func wholeLink(
        endingIn node: OpaquePointer, raw: RawText, at offset: Int, source: SourceText, brackets: Brackets
    ) -> Range<Int>? {
        let bytes = raw.bytes
        // (The text's end may have cut trailing punctuation off the link: `a_` in `a_*b*`.)
        guard let last = brackets.links(in: node, raw: raw, endsSubject: false).last, let line = source.lineRange(containing: offset)
        else { return nil }
        let lineBytes = Array(source.bytes[line])
        let start = offset - line.lowerBound + last.range.lowerBound
        let colon = lineBytes[start...].firstIndex(of: UInt8(ascii: ":"))
        let whole = bytes[last.range].starts(with: Array("www.".utf8))
            ? URLScanner.www(lineBytes, at: start, before: raw.before, endsSubject: false)
            : colon.flatMap { URLScanner.url(lineBytes, at: $0, from: start, endsSubject: false) }
        guard let whole, whole.range.lowerBound == start else { return nil }
        return (line.lowerBound + whole.range.lowerBound)..<(line.lowerBound + whole.range.upperBound)
    }

    /// Whether any text, address, title or info string of the tree holds a stand-in's byte.
    private static func holdsStandIns(_ root: OpaquePointer) -> Bool {
        var holds = false
        CMarkNode.rewriteStrings(under: root, addresses: true) { text in
            holds = holds || standInNeedles.contains { strstr(text, $0) != nil }
            return nil
        }
        return holds
    }

    /// Puts back what the stand-ins stand for wherever the tree holds text: in text and code,
    /// and, should a link's bytes have ended up there, in a destination or title.
    private static func putBackStandIns(under root: OpaquePointer) {
        var written = Array(0...UInt8.max)
        for (byte, standIn) in standIns { written[Int(standIn)] = byte }
        CMarkNode.rewriteStrings(under: root, addresses: true) { text in
            guard standInNeedles.contains(where: { strstr(text, $0) != nil }) else { return nil }
            return String(decoding: Array(String(cString: text).utf8).map { written[Int($0)] }, as: UTF8.self)
        }
    }
}

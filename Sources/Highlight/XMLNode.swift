import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a `.lang` file: its name, attributes, child elements and own text (text and
/// CDATA concatenated), read whole with Foundation's XMLParser.
struct XMLNode: Sendable {
    var name: String
    var attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    func flag(_ attribute: String) -> Bool? {
        attributes[attribute].map { $0.lowercased() == "true" }
    }

    /// Parses a document; `stopAfter` ends reading once an element of that name closes, and
    /// `stopBefore` once an element of one of those names opens (which is left out).
    static func parse(_ data: Data, stopAfter: String? = nil, stopBefore: Set<String> = []) throws(XMLReadError) -> XMLNode {
        let builder = Builder(stopAfter: stopAfter, stopBefore: stopBefore)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let finished = parser.parse()
        guard let root = builder.root else {
            throw XMLReadError(message: parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element", line: parser.lineNumber)
        }
        if !finished, !builder.stopped {
            throw XMLReadError(message: parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML", line: parser.lineNumber)
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLNode] = []
        var root: XMLNode?
        let stopAfter: String?
        let stopBefore: Set<String>
        var stopped = false

        init(stopAfter: String?, stopBefore: Set<String>) {
            self.stopAfter = stopAfter
            self.stopBefore = stopBefore
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if !stack.isEmpty, stopBefore.contains(name) { return stop(parser) }
            stack.append(XMLNode(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard !stopped, let node = stack.popLast() else { return }
            if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
            if name == stopAfter { stop(parser) }
        }

        /// Whether the parser met an error before stopping: a document it recovered from is
        /// still one that is not XML.
        var failed = false

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if !stopped { failed = true }
        }

        /// Closes every open element, as if the document ended here.
        private func stop(_ parser: XMLParser) {
            guard !failed else { return parser.abortParsing() }
            while let open = stack.popLast() {
                if stack.isEmpty { root = open } else { stack[stack.count - 1].children.append(open) }
            }
            stopped = true
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: block, as: UTF8.self) }
        }
    }
}

/// Why a `.lang` file could not be read as XML.
struct XMLReadError: Error, Sendable {
    var message: String
    var line: Int
}

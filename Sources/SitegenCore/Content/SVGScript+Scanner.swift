extension SVGScript {
    /// Walks an SVG file's bytes by XML's tokens, as far as finding script needs them: the
    /// prolog, comments, CDATA sections, the document type and tags with their quoted attribute
    /// values. Each method returns a description of what it refuses, or nil.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// The plain-text general entities the document type declares, by name.
        var entities: [String: [UInt8]] = [:]

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Encodings whose bytes below 0x80 are ASCII, so that markup is what it looks like:
        /// UTF-8, ASCII, the ISO 8859 parts and the Windows code pages, under the names IANA
        /// registers for them (`cp1252`, `l1`, `iso_8859-1:1987`, `ibm819`…), lowercased.
        static func isASCIICompatible(_ encoding: String) -> Bool {
            if asciiCompatibleNames.contains(encoding) { return true }
            if ["iso-8859-", "iso8859-", "iso_8859-", "iso8859", "windows-125", "cp125", "x-cp125"].contains(where: encoding.hasPrefix) {
                return true
            }
            // latin1…latin10, l1…l10, csisolatin1…, iso-latin-1…: the ISO 8859 Latin parts.
            for prefix in ["latin", "l", "csisolatin", "iso-latin-"] where encoding.hasPrefix(prefix) {
                let number = encoding.dropFirst(prefix.count)
                if !number.isEmpty, number.count <= 2, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) { return true }
            }
            return false
        }

        private static let asciiCompatibleNames: Set<String> = [
            "utf-8", "utf8", "unicode-1-1-utf-8", "us-ascii", "ascii", "us", "iso646-us", "iso-ir-6", "ansi_x3.4-1968", "ansi_x3.4-1986",
            "cp367", "ibm367", "csascii", "cp819", "ibm819",
        ]

        /// The byte-order mark and the XML declaration: an encoding in which `<script` need not
        /// be those bytes (UTF-16, ISO-2022-JP's escapes) is refused, as are the control
        /// characters XML never allows, NUL among them.
        mutating func prolog() -> String? {
            // `<` in UTF-16 without a byte-order mark: a NUL beside it.
            if bytes.count >= 2, (bytes[0] == 0 && bytes[1] == UInt8(ascii: "<")) || (bytes[0] == UInt8(ascii: "<") && bytes[1] == 0) {
                return "UTF-16 text (save the file as UTF-8)"
            }
            if let control = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
                return "the control character \(hex(bytes[control])) at byte \(control), which XML does not allow (save the file as UTF-8)"
            }
            if bytes.first == 0xFE || bytes.first == 0xFF { return "a UTF-16 byte-order mark (save the file as UTF-8)" }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            guard starts(with: "<?xml"), index + 5 < bytes.count, SVGScript.isSpace(bytes[index + 5]) else { return nil }
            guard let end = find("?>", from: index) else { return "an XML declaration without its end '?>'" }
            let declaration = Array(bytes[index..<end])
            index = end + 2
            guard let encoding = pseudoAttribute("encoding", in: declaration) else { return nil }
            return Self.isASCIICompatible(encoding.lowercased()) ? nil : "the encoding '\(encoding)', which sitegen cannot check (save the file as UTF-8)"
        }

        /// Every tag after the prolog; stops at the first element or attribute that runs
        /// script, and at what XML does not allow.
        mutating func markup() -> String? {
            while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                index = open + 1
                if starts(with: "!--") {
                    index = find("-->", from: index).map { $0 + 3 } ?? bytes.count
                } else if starts(with: "![CDATA[") {
                    index = find("]]>", from: index).map { $0 + 3 } ?? bytes.count
                } else if starts(with: "!DOCTYPE") {
                    if let found = documentType() { return found }
                } else if starts(with: "!") {
                    index += 1
                    return "markup '<!\(SVGScript.word(in: bytes, at: &index))' that XML allows only in a document type"
                } else if starts(with: "?") {
                    index += 1
                    return "the processing instruction '<?\(SVGScript.word(in: bytes, at: &index))', which can restyle or rewrite the file (only the XML declaration may open it)"
                } else if starts(with: "/") {
                    index = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
                } else {
                    let name = SVGScript.word(in: bytes, at: &index)
                    guard !name.isEmpty else { return "a '<' that opens no tag, which XML does not allow (write &lt;)" }
                    if SVGScript.elements.contains(localName(name)) { return "a <\(name)> element" }
                    if let found = attributes(of: name) { return found }
                }
            }
            return nil
        }

        /// A start tag's attributes, `name="value"` separated by spaces, up to its `>`.
        private mutating func attributes(of tag: String) -> String? {
            while index < bytes.count {
                let spaced = skipSpaces()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ">") { return nil }
                if starts(with: "/>") {
                    index += 2
                    return nil
                }
                let name = SVGScript.word(in: bytes, at: &index)
                guard spaced, !name.isEmpty else { return "a tag '<\(tag)' that XML does not allow (an attribute needs a space before it)" }
                if localName(name).hasPrefix("on") { return "an \(name) attribute" }
                skipSpaces()
                guard starts(with: "=") else { return "a tag '<\(tag)' that XML does not allow (attribute '\(name)' has no value)" }
                index += 1
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    return "a tag '<\(tag)' that XML does not allow (the value of '\(name)' has no quotes)"
                }
                let quote = bytes[index]
                guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
                if bytes[(index + 1)..<close].contains(UInt8(ascii: "<")) {
                    return "a tag '<\(tag)' that XML does not allow (the value of '\(name)' holds '<'; write &lt;)"
                }
                // An animation (`<set>`, `<animate>`) can give any attribute a value, an event handler too.
                if localName(name) == "attributename", case .success(let target) = SVGScript.urlBytes(of: Array(bytes[(index + 1)..<close]), entities: entities),
                    localName(String(decoding: target, as: UTF8.self)).hasPrefix("on")
                {
                    return "an animation of the \(String(decoding: target, as: UTF8.self)) attribute"
                }
                index = close + 1
            }
            return nil
        }

        /// `<!DOCTYPE …>`. Its internal subset may declare plain-text entities (as Adobe
        /// Illustrator writes for namespaces), which are kept for the URL check; any other
        /// declaration is refused: attribute defaults add attributes no tag shows, entities
        /// holding markup add elements, and parameter entities read other files.
        private mutating func documentType() -> String? {
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    index = bytes[(index + 1)...].firstIndex(of: bytes[index]).map { $0 + 1 } ?? bytes.count
                case UInt8(ascii: "["):
                    index += 1
                    if let found = internalSubset() { return found }
                default:
                    index += 1
                }
            }
            return nil
        }

        private mutating func internalSubset() -> String? {
            while index < bytes.count {
                skipSpaces()
                guard index < bytes.count else { return nil }
                if starts(with: "]") {
                    index += 1
                    return nil
                } else if starts(with: "<!--") {
                    index = find("-->", from: index).map { $0 + 3 } ?? bytes.count
                } else if starts(with: "<!ENTITY") {
                    index += 8
                    if let found = entity() { return found }
                } else {
                    let start = index
                    index = min(index + 2, bytes.count)
                    let what = String(decoding: bytes[start..<index], as: UTF8.self) + SVGScript.word(in: bytes, at: &index)
                    return "the declaration '\(what)' in its document type, which can add attributes or text no tag shows (only plain-text <!ENTITY> declarations are read)"
                }
            }
            return nil
        }

        /// `<!ENTITY name "text">`: kept when the text is plain (no markup, no references).
        private mutating func entity() -> String? {
            let spaced = skipSpaces()
            let name = SVGScript.word(in: bytes, at: &index, lowercased: false)
            guard spaced, !name.isEmpty, skipSpaces(), index < bytes.count,
                bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
            else {
                return "an <!ENTITY> declaration that is not a name and quoted text, which can read other files (only plain-text entities are read)"
            }
            let quote = bytes[index]
            guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
            let text = Array(bytes[(index + 1)..<close])
            if text.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "%") }) {
                return "the entity '\(name)', whose text holds markup or references (only plain-text entities are read)"
            }
            // The first declaration of a name is the one XML uses.
            if entities[name] == nil { entities[name] = text }
            index = close + 1
            skipSpaces()
            guard starts(with: ">") else { return "an <!ENTITY> declaration for '\(name)' with more than its text" }
            index += 1
            return nil
        }

        // MARK: Bytes

        private func starts(with prefix: String) -> Bool {
            bytes[index...].starts(with: prefix.utf8)
        }

        /// The index where `needle` next starts at or after `start`.
        private func find(_ needle: String, from start: Int) -> Int? {
            let needle = Array(needle.utf8)
            guard let first = needle.first else { return start }
            var from = start
            while let candidate = bytes[from...].firstIndex(of: first) {
                if bytes[candidate...].starts(with: needle) { return candidate }
                from = candidate + 1
            }
            return nil
        }

        /// Moves past spaces; whether there were any.
        @discardableResult
        private mutating func skipSpaces() -> Bool {
            let start = index
            while index < bytes.count, SVGScript.isSpace(bytes[index]) { index += 1 }
            return index > start
        }

        private func localName(_ name: String) -> String {
            name.split(separator: ":").last.map(String.init) ?? name
        }

        /// The value of `name="value"` in an XML declaration's bytes.
        private func pseudoAttribute(_ name: String, in declaration: [UInt8]) -> String? {
            guard let at = declaration.firstRange(ofBytes: Array(name.utf8)) else { return nil }
            var index = at.upperBound
            while index < declaration.count, SVGScript.isSpace(declaration[index]) || declaration[index] == UInt8(ascii: "=") { index += 1 }
            guard index < declaration.count, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else { return nil }
            let quote = declaration[index]
            let end = declaration[(index + 1)...].firstIndex(of: quote) ?? declaration.count
            return String(decoding: declaration[(index + 1)..<end], as: UTF8.self)
        }

        private func hex(_ byte: UInt8) -> String {
            let digits = String(byte, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
        }
    }
}

/// Finds what in an SVG file could run script when the file itself is opened: an SVG is a
/// document, and one published on the site's origin is as dangerous as raw HTML. `<img>` never
/// runs an SVG's script, but anyone can open the file's URL. So, as raw HTML is dropped unless a
/// site opts in, scripted SVG is refused unless a site opts in.
package enum SVGScript {
    /// Elements that run script or embed other documents.
    static let elements: Set<String> = [
        "script", "foreignobject", "iframe", "frame", "frameset", "portal", "embed", "object", "applet", "handler", "listener",
    ]
    /// URL schemes that run script or make a document.
    static let schemes = ["javascript:", "vbscript:", "data:text/html", "data:application/xhtml", "data:image/svg"]

    /// A description of the first thing in an SVG file's bytes that could run script ("a
    /// <script> element", "an onload attribute", "a javascript: URL"), or that hides what the
    /// file holds from a reader of its UTF-8 bytes: another encoding, a processing instruction
    /// (an XSLT stylesheet can make any element), a DTD's internal subset (attribute defaults
    /// and entities add text no tag shows). Nil when there is none.
    ///
    /// The scan follows XML's own tokens (comments and CDATA sections end where XML ends them,
    /// quoted attribute values where their quote closes), so text that merely looks like markup
    /// cannot hide a tag from it; what XML does not allow (a `<` that opens nothing, a control
    /// character) is refused, since no SVG an author draws holds it.
    package static func find(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        if let found = scanner.prolog() ?? scanner.markup() { return found }
        switch urlBytes(of: bytes, entities: scanner.entities) {
        case .failure(.unknown(let reference)): return "the entity reference '&\(reference);', which sitegen cannot check (write what it stands for)"
        case .failure(.expandsTooMuch): return expansionProblem
        case .success(let compact):
            if let scheme = schemes.first(where: { compact.firstRange(ofBytes: Array($0.utf8)) != nil }) { return "a \(scheme) URL" }
        }
        return nil
    }

    /// Why an SVG file holding what `find` finds is not published, true of each thing it finds:
    /// script, or what could hide script from sitegen's reading.
    static let refusal = "sitegen publishes an SVG file that could run script when it is opened, or that could hide script from sitegen, only for sites with markdown: {unsafe: true}"

    /// What an SVG holds whose entities stand for too much text.
    static let expansionProblem = "entity references that stand for more than \(maximumExpansion >> 20) MiB of text in all"

    /// `expansionProblem` when the file's declared entities stand for more than `maximumExpansion`
    /// bytes: asked of every SVG, scripted or not, since sitegen reads each one.
    package static func expansion(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        // The document type, which declares the entities, is read with the markup.
        if scanner.prolog() == nil { _ = scanner.markup() }
        guard !scanner.entities.isEmpty, case .failure(.expandsTooMuch) = urlBytes(of: bytes, entities: scanner.entities) else { return nil }
        return expansionProblem
    }

    /// The name, in lowercase unless told (letters, digits, `-`, `_`, `:`, `.`, bytes beyond ASCII) that starts at `index`, moving past it.
    static func word(in bytes: [UInt8], at index: inout Int, lowercased: Bool = true) -> String {
        let start = index
        while index < bytes.count, isNameStart(bytes[index]) || bytes[index] >= 0x80 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: ".")].contains(bytes[index])
        {
            index += 1
        }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        return lowercased ? word.lowercased() : word
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The text's bytes as a URL parser may see them: character references decoded (`&#106;`,
    /// `&#x0006A;` with any number of digits, XML's five named ones and `&colon;`, `&Tab;` and
    /// `&NewLine;`), ASCII in lowercase, and every byte up to a space dropped (browsers drop tabs
    /// and line breaks anywhere in a URL). Bytes, not characters: a `:` followed by a combining
    /// mark is one Swift character, yet the scheme a browser reads. A reference to one of
    /// `entities` (the plain-text ones the file declares) is replaced by its text, which could
    /// finish a scheme its neighbours start; any other named reference is returned as a failure,
    /// and so are references to them that stand for more than `maximumExpansion` bytes in all.
    static func urlBytes(of bytes: [UInt8], entities: [String: [UInt8]] = [:]) -> Result<[UInt8], TextProblem> {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var expanded = 0
        func add(_ byte: UInt8) {
            guard byte > 0x20 else { return }
            result.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte)
        }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "&") else {
                add(bytes[index])
                index += 1
                continue
            }
            switch reference(in: bytes, at: index, declared: entities) {
            case .decoded(let scalar, let length):
                String(scalar).utf8.forEach(add)
                index += length
            case .unknown(let name):
                guard let text = entities[name.description] else { return .failure(.unknown(name)) }
                expanded += text.count
                guard expanded <= maximumExpansion else { return .failure(.expandsTooMuch) }
                text.forEach(add)
                index += name.description.utf8.count + 2
            case .none:
                add(bytes[index])
                index += 1
            }
        }
        return .success(result)
    }

    /// The most text a file's declared entities may stand for, all references counted: a few
    /// declarations can stand for gigabytes (the "billion laughs"), which no drawing needs.
    static let maximumExpansion = 8 << 20

    /// The name of an entity reference that is not one of the known few.
    struct ReferenceName: Error, CustomStringConvertible {
        var description: String
    }

    /// Why text could not be read as a URL parser would.
    enum TextProblem: Error {
        /// A named reference to an entity the file does not declare as plain text.
        case unknown(ReferenceName)
        /// References to declared entities that stand for more than `maximumExpansion` bytes.
        case expandsTooMuch
    }

    private enum Reference {
        /// The character it stands for, and how many bytes it takes, `&` and `;` included.
        case decoded(Unicode.Scalar, length: Int)
        case unknown(ReferenceName)
        /// Not a reference: a lone `&`.
        case none
    }

    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
    ]

    /// The reference that starts at the `&` at `start`; `declared` holds the entities the file declares.
    private static func reference(in bytes: [UInt8], at start: Int, declared: [String: [UInt8]]) -> Reference {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hexadecimal = index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "x")
            if hexadecimal { index += 1 }
            let digits = index
            // Past the last scalar the value stays just out of range, however many digits follow.
            var value: UInt32 = 0
            while index < bytes.count, let digit = digitValue(bytes[index], hexadecimal: hexadecimal) {
                value = min(value * (hexadecimal ? 16 : 10) + digit, 0x11_0000)
                index += 1
            }
            guard index > digits, let scalar = Unicode.Scalar(value) else { return .none }
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            return .decoded(scalar, length: index - start)
        }
        // An XML name: a letter, `_` or `:` first, then also digits, `-` and `.`, or any byte of a
        // character beyond ASCII.
        let nameStart = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNamePart = isNameStart(byte) || byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                || (index > nameStart && ((UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")))
            guard isNamePart else { break }
            index += 1
        }
        guard index > nameStart else { return .none }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        let hasSemicolon = index < bytes.count && bytes[index] == UInt8(ascii: ";")
        // A name the file declares means its text there, whatever a known name it shadows in
        // another case (`<!ENTITY Colon "avascript">`).
        if hasSemicolon, declared[name] != nil { return .unknown(ReferenceName(description: name)) }
        if let scalar = namedReferences[name.lowercased()] {
            return .decoded(scalar, length: index - start + (hasSemicolon ? 1 : 0))
        }
        return hasSemicolon ? .unknown(ReferenceName(description: name)) : .none
    }

    private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

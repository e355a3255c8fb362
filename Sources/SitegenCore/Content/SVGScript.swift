/// Finds what in an SVG file could run script when the file itself is opened: an SVG is a
/// document, and one published on the site's origin is as dangerous as raw HTML. `<img>` never
/// runs an SVG's script, but anyone can open the file's URL. So, as raw HTML is dropped unless a
/// site opts in, scripted SVG is refused unless a site opts in.
enum SVGScript {
    /// Elements that run script or embed other documents.
    static let elements: Set<String> = ["script", "foreignobject", "iframe", "embed", "object", "handler", "listener"]
    /// URL schemes that run script or make a document.
    static let schemes = ["javascript:", "vbscript:", "data:text/html", "data:application/xhtml", "data:image/svg"]

    /// A description of the first scripted thing in `text` ("a <script> element", "an onload
    /// attribute", "a javascript: URL"), or nil when there is none.
    static func find(in text: String) -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            let name = word(in: bytes, at: &index)
            guard !name.isEmpty else { continue }
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if elements.contains(local) { return "a <\(name)> element" }
            // The attributes, up to the end of the tag (quoted values may hold '>').
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                    index += 1
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                    index += 1
                } else if byte == UInt8(ascii: ">") {
                    break
                } else if isNameStart(byte), index > 0, isSpace(bytes[index - 1]) {
                    let attribute = word(in: bytes, at: &index)
                    if attribute.hasPrefix("on") { return "an \(attribute) attribute" }
                } else {
                    index += 1
                }
            }
        }
        switch urlBytes(of: bytes) {
        case .failure(let reference): return "the entity reference '&\(reference);', which sitegen cannot check (write what it stands for)"
        case .success(let compact):
            if let scheme = schemes.first(where: { compact.firstRange(of: Array($0.utf8)) != nil }) { return "a \(scheme) URL" }
        }
        return nil
    }

    /// The lowercase name (letters, digits, `-`, `_`, `:`, `.`) that starts at `index`, moving past it.
    private static func word(in bytes: [UInt8], at index: inout Int) -> String {
        let start = index
        while index < bytes.count, isNameStart(bytes[index]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: ".")].contains(bytes[index])
        {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The text's bytes as a URL parser may see them: character references decoded (`&#106;`,
    /// `&#x0006A;` with any number of digits, XML's five named ones and `&colon;`, `&Tab;` and
    /// `&NewLine;`), ASCII in lowercase, and every byte up to a space dropped (browsers drop tabs
    /// and line breaks anywhere in a URL). Bytes, not characters: a `:` followed by a combining
    /// mark is one Swift character, yet the scheme a browser reads. Any other named reference is
    /// an entity the file declares, whose text could finish a scheme that its neighbours start,
    /// so it is returned as a failure.
    static func urlBytes(of bytes: [UInt8]) -> Result<[UInt8], ReferenceName> {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
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
            switch reference(in: bytes, at: index) {
            case .decoded(let scalar, let length):
                String(scalar).utf8.forEach(add)
                index += length
            case .unknown(let name):
                return .failure(name)
            case .none:
                add(bytes[index])
                index += 1
            }
        }
        return .success(result)
    }

    /// The name of an entity reference that is not one of the known few.
    struct ReferenceName: Error, CustomStringConvertible {
        var description: String
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

    /// The reference that starts at the `&` at `start`.
    private static func reference(in bytes: [UInt8], at start: Int) -> Reference {
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

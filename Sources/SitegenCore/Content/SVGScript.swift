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
        let decoded = decodingReferences(text).lowercased().unicodeScalars.filter { $0.value > 0x20 }
        let compact = String(String.UnicodeScalarView(decoded))
        if let scheme = schemes.first(where: compact.contains) { return "a \(scheme) URL" }
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

    /// The text with numeric character references (`&#106;`, `&#x6A;`) and the named ones that
    /// can hide a scheme (`&colon;`, `&Tab;`, `&NewLine;`) replaced by their characters.
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[rest.index(after: ampersand)...]
            let name = rest.prefix { $0 != ";" && $0 != "&" && !$0.isWhitespace }.prefix(12)
            var character: Character?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                character = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
            } else if name.hasPrefix("#") {
                character = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map(Character.init)
            } else {
                character = ["colon": ":", "tab": "\t", "newline": "\n"][name.lowercased()]
            }
            if let character {
                result.append(character)
                rest = rest.dropFirst(name.count)
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                result += "&"
            }
        }
        return result + rest
    }
}

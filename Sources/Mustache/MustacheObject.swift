/// The fields of a Mustache object. Templates look up a few names in many small objects, so the
/// fields sit in one array, each with a short code of its name that a lookup compares before the
/// name itself: building an object hashes nothing, and finding a name is a scan of integers.
package struct MustacheObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    private struct Field: Sendable {
        var code: UInt64
        var name: String
        var value: MustacheValue
    }

    private var fields: [Field]

    package init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(fields: elements)
    }

    /// An object of these fields, in this order.
    package init(fields: [(String, MustacheValue)]) {
        self.fields = fields.map { Field(code: Self.code(of: $0.0), name: $0.0, value: $0.1) }
    }

    package init(_ dictionary: [String: MustacheValue]) {
        fields = dictionary.map { Field(code: Self.code(of: $0.key), name: $0.key, value: $0.value) }
    }

    package var isEmpty: Bool { fields.isEmpty }

    /// Adds a field; it hides any earlier field of the same name.
    package mutating func append(_ name: String, _ value: MustacheValue) {
        fields.append(Field(code: Self.code(of: name), name: name, value: value))
    }

    /// The value of `name`; when a name was given twice, the last one.
    package subscript(name: String) -> MustacheValue? {
        self[name, Self.code(of: name)]
    }

    /// The value of `name`, whose `code(of:)` the caller already knows.
    subscript(name: String, code: UInt64) -> MustacheValue? {
        var index = fields.count
        while index > 0 {
            index -= 1
            if fields[index].code == code, fields[index].name == name { return fields[index].value }
        }
        return nil
    }

    /// The fields as a dictionary, the last of any repeated name winning.
    package var dictionary: [String: MustacheValue] {
        Dictionary(fields.map { ($0.name, $0.value) }) { _, last in last }
    }

    package static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        lhs.dictionary == rhs.dictionary
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(dictionary)
    }

    /// A 64-bit code of a name: its first 16 UTF-8 bytes and its length, mixed. Equal names have
    /// equal codes; different names almost always differ.
    static func code(of name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(16)))) }
            var code = (UInt64(littleEndian: words.0) ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
            code ^= UInt64(littleEndian: words.1) &* 0xC2B2_AE3D_27D4_EB4F
            return code ^ (code >> 31)
        }
    }
}

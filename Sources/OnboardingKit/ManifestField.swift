/// One key of a manifest object: the property it holds, and what the schema says of it beyond
/// its type.
public struct ManifestField<Root>: Sendable {
    /// The key as `manifest.json` spells it.
    public let key: String
    let json: @Sendable (Root) -> JSONValue
    /// The key as compact JSON writes it, with its colon, and the value written after it.
    let compactKey: [UInt8]
    let writeCompact: @Sendable (Root, inout [UInt8]) -> Void
    let encode: @Sendable (Root, inout KeyedEncodingContainer<ManifestCodingKey>) throws -> Void
    let decode: @Sendable (inout Root, KeyedDecodingContainer<ManifestCodingKey>) throws -> Void
    let schema: @Sendable (inout ManifestSchemaDefinitions) -> JSONValue

    public init<Value: ManifestValue>(
        _ key: String, _ property: WritableKeyPath<Root, Value> & Sendable, _ constraints: ManifestConstraint...
    ) {
        self.init(key, property, constraints: constraints, missing: Value.absentValue)
    }

    /// A field added after manifests were first written: a reader of an older manifest, which
    /// lacks the key, gets `missing`.
    public init<Value: ManifestValue>(
        _ key: String, _ property: WritableKeyPath<Root, Value> & Sendable, missing: Value, _ constraints: ManifestConstraint...
    ) {
        self.init(key, property, constraints: constraints, missing: missing)
    }

    private init<Value: ManifestValue>(
        _ key: String, _ property: WritableKeyPath<Root, Value> & Sendable, constraints: [ManifestConstraint], missing: Value?
    ) {
        let get = Self.reader(property)
        self.key = key
        let codingKey = ManifestCodingKey(key)
        json = { get($0).manifestJSON }
        var compactKey: [UInt8] = []
        JSONValue.writeString(key, into: &compactKey)
        self.compactKey = compactKey + [UInt8(ascii: ":")]
        writeCompact = { root, output in get(root).writeCompactJSON(into: &output) }
        encode = { root, container in try container.encode(get(root), forKey: codingKey) }
        decode = { root, container in
            if let absent = missing, !container.contains(codingKey) {
                root[keyPath: property] = absent
            } else {
                root[keyPath: property] = try container.decode(Value.self, forKey: codingKey)
            }
        }
        schema = { definitions in
            Value.manifestSchema(in: &definitions).adding(constraints.map(\.member))
        }
    }
}

extension ManifestField {
    /// Reads `property`: a stored property straight from its offset in the value, which is what
    /// `MemoryLayout.offset(of:)` is for; a key path projected at run time looked up type
    /// metadata on every read, 2% of a full build in writing the manifest alone.
    static func reader<Value>(_ property: KeyPath<Root, Value> & Sendable) -> @Sendable (Root) -> Value {
        guard let offset = MemoryLayout<Root>.offset(of: property) else { return { $0[keyPath: property] } }
        return { root in
            withUnsafePointer(to: root) { UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee }
        }
    }
}

/// What the schema says of a field beyond its type.
public enum ManifestConstraint: Sendable {
    /// A regular expression a string matches.
    case pattern(String)
    /// The least an integer may be.
    case minimum(Int)
    /// The fewest items an array may hold.
    case minItems(Int)
    /// The one value the field may have.
    case constant(Int)
    /// Prose for the schema's reader.
    case description(String)

    var member: (key: String, value: JSONValue) {
        switch self {
        case .pattern(let pattern): return ("pattern", .string(pattern))
        case .minimum(let minimum): return ("minimum", .int(minimum))
        case .minItems(let count): return ("minItems", .int(count))
        case .constant(let value): return ("const", .int(value))
        case .description(let text): return ("description", .string(text))
        }
    }
}

extension JSONValue {
    /// An object with `members` added after its own.
    func adding(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        guard case .object(let own) = self, !members.isEmpty else { return self }
        return .object(own + members)
    }
}

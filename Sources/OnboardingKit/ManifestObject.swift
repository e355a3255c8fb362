/// A JSON object of the manifest, described by its fields: that list is the one place its keys,
/// their order and their schema are written. `Codable`, the manifest writer and the JSON Schema
/// all follow it.
public protocol ManifestObject: ManifestValue {
    /// The object's name among the schema's definitions.
    static var schemaName: String { get }
    /// The object's fields, sorted by key: the order the manifest writes them in.
    static var fields: [ManifestField<Self>] { get }
    /// An empty value, which decoding fills in field by field.
    init()
}

extension ManifestObject {
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: ManifestCodingKey.self)
        for field in Self.fields {
            try field.decode(&self, container)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ManifestCodingKey.self)
        for field in Self.fields {
            try field.encode(self, &container)
        }
    }

    public var manifestJSON: JSONValue {
        .object(Self.fields.map { (key: $0.key, value: $0.json(self)) })
    }

    public func writeCompactJSON(into output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        for (index, field) in Self.fields.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output += field.compactKey
            field.writeCompact(self, &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    public static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue {
        definitions.define(schemaName) { objectSchema(in: &$0) }
        return ["$ref": .string("#/$defs/" + schemaName)]
    }

    /// The object's own schema: every key required, no other key allowed.
    public static func objectSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = []
        for field in fields {
            properties.append((field.key, field.schema(&definitions)))
        }
        return [
            "type": "object",
            "required": .array(fields.map { .string($0.key) }),
            "additionalProperties": false,
            "properties": .object(properties),
        ]
    }
}

/// A key of a manifest object, as `Codable` needs it.
public struct ManifestCodingKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(_ key: String) { stringValue = key }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

/// A value the manifest holds. Each conforming type knows its JSON form and its JSON Schema, so
/// that the manifest's writer, its schema and the types an app decodes come from one description.
public protocol ManifestValue: Codable, Sendable, Equatable {
    /// The value as `manifest.json` writes it.
    var manifestJSON: JSONValue { get }

    /// Appends `manifestJSON` as compact JSON, written straight from the value.
    func writeCompactJSON(into output: inout [UInt8])

    /// The value's JSON Schema; object types add their definition to `definitions` and refer to it.
    static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue

    /// What a missing key decodes to, or `nil` when the key is required.
    static var absentValue: Self? { get }
}

extension ManifestValue {
    public static var absentValue: Self? { nil }

    public func writeCompactJSON(into output: inout [UInt8]) {
        manifestJSON.writeCompact(into: &output)
    }

    /// The value as compact JSON in UTF-8, into a buffer made for about `expectedSize` bytes:
    /// the bytes of `manifestJSON.compactUTF8()`, without making the `JSONValue` first.
    public func compactManifestJSON(expectedSize: Int = 0) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(expectedSize)
        writeCompactJSON(into: &output)
        return output
    }
}

extension String: ManifestValue {
    public var manifestJSON: JSONValue { .string(self) }
    public func writeCompactJSON(into output: inout [UInt8]) { JSONValue.writeString(self, into: &output) }
    public static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue { ["type": "string"] }
}

extension Int: ManifestValue {
    public var manifestJSON: JSONValue { .int(self) }
    public static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue { ["type": "integer"] }
}

extension Bool: ManifestValue {
    public var manifestJSON: JSONValue { .bool(self) }
    public static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue { ["type": "boolean"] }
}

/// An optional value is written as `null` when absent, never left out, so every key is always
/// there for a reader; a reader of an older manifest may still meet it missing.
extension Optional: ManifestValue where Wrapped: ManifestValue {
    public var manifestJSON: JSONValue { map(\.manifestJSON) ?? .null }

    public func writeCompactJSON(into output: inout [UInt8]) {
        if let value = self { value.writeCompactJSON(into: &output) } else { output += "null".utf8 }
    }

    public static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue {
        let wrapped = Wrapped.manifestSchema(in: &definitions)
        if case .object(let members) = wrapped, members.count == 1, members[0].key == "type",
            case .string(let type) = members[0].value
        {
            return ["type": [.string(type), "null"]]
        }
        return ["oneOf": [["type": "null"], wrapped]]
    }

    public static var absentValue: Self? { .some(.none) }
}

extension Array: ManifestValue where Element: ManifestValue {
    public var manifestJSON: JSONValue { .array(map(\.manifestJSON)) }

    public func writeCompactJSON(into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, element) in enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            element.writeCompactJSON(into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    public static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue {
        ["type": "array", "items": Element.manifestSchema(in: &definitions)]
    }
}

/// A closed set of names, written as its raw value.
public protocol ManifestEnum: ManifestValue, RawRepresentable<String>, CaseIterable {}

extension ManifestEnum {
    public var manifestJSON: JSONValue { .string(rawValue) }
    public func writeCompactJSON(into output: inout [UInt8]) { JSONValue.writeString(rawValue, into: &output) }

    public static func manifestSchema(in definitions: inout ManifestSchemaDefinitions) -> JSONValue {
        ["enum": .array(allCases.map { .string($0.rawValue) })]
    }
}

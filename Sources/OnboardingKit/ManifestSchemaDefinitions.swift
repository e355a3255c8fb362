/// The `$defs` of a JSON Schema as it is being built: each object type once, by name.
public struct ManifestSchemaDefinitions: Sendable {
    private var schemas: [String: JSONValue] = [:]

    public init() {}

    /// Defines `name` with the schema `build` gives, unless it is already defined (or being).
    mutating func define(_ name: String, _ build: (inout ManifestSchemaDefinitions) -> JSONValue) {
        guard schemas[name] == nil else { return }
        schemas[name] = .null
        let schema = build(&self)
        schemas[name] = schema
    }

    /// The definitions sorted by name.
    public var json: JSONValue {
        .object(schemas.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }
}

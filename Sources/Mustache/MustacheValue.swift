/// The data a Mustache template renders: JSON's shapes.
package enum MustacheValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MustacheValue])
    case object(MustacheObject)

    /// False for what a section skips: false, null, an empty list and an empty string.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .string(let value): return !value.isEmpty
        case .array(let items): return !items.isEmpty
        case .int, .double, .object: return true
        }
    }

    /// The text an interpolation writes.
    var text: String {
        switch self {
        case .null, .array, .object: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .string(let value): return value
        }
    }

    subscript(key: String) -> MustacheValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// The field `key` of an object, whose code the caller already knows.
    subscript(key: String, code: UInt64) -> MustacheValue? {
        if case .object(let fields) = self { return fields[key, code] }
        return nil
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(MustacheObject(fields: elements))
    }
    package init(nilLiteral: ()) { self = .null }
}

extension MustacheValue {
    /// A string, or null when there is none.
    package init(_ text: String?) {
        self = text.map(MustacheValue.string) ?? .null
    }
}

extension MustacheValue {
    /// An object with one more field; any other value as it is.
    package func adding(_ name: String, _ value: MustacheValue) -> MustacheValue {
        guard case .object(var fields) = self else { return self }
        fields.append(name, value)
        return .object(fields)
    }
}

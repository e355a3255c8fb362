import Mustache
import OnboardingKit

extension MustacheValue {
    /// A manifest value as template data: objects keep their keys, in order.
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(MustacheValue.init))
        case .object(let members): self = .object(MustacheObject(fields: members.map { ($0.key, MustacheValue($0.value)) }))
        }
    }
}

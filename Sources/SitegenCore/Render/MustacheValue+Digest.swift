import Mustache

extension MustacheValue {
    /// A digest of the value that is the same in every run: the data a template renders is
    /// what a file made from it depends on.
    var digest: String {
        var hash = ContentHash()
        add(to: &hash)
        return hash.hex
    }

    private func add(to hash: inout ContentHash) {
        switch self {
        case .null: hash.add("n")
        case .bool(let value): hash.add(value ? "t" : "f")
        case .int(let value): hash.add("i\(value)")
        case .double(let value): hash.add("d\(value)")
        case .string(let value):
            hash.add("s")
            hash.add(value)
        case .array(let items):
            hash.add("a\(items.count)")
            items.forEach { $0.add(to: &hash) }
        case .object(let object):
            let fields = object.dictionary.sorted { $0.key < $1.key }
            hash.add("o\(fields.count)")
            for (name, value) in fields {
                hash.add(name)
                value.add(to: &hash)
            }
        }
    }
}

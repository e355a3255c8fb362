import FrontMatter

extension YAMLNode {
    /// This mapping laid over `base`: the keys it sets replace the base's (mappings key by key,
    /// as `finish: {label: …}` changes only the label), the others are the base's. A
    /// translation's front matter is read this way over its source's, so that it sets only what
    /// it translates.
    func merged(over base: YAMLNode?) -> YAMLNode {
        guard let base, case .mapping(let basePairs) = base.kind, case .mapping(let ownPairs) = kind else { return self }
        var pairs: [Pair] = []
        let own = Dictionary(ownPairs.compactMap { pair in pair.key.scalarText.map { ($0, pair) } }) { first, _ in first }
        for pair in basePairs {
            guard let key = pair.key.scalarText, let mine = own[key] else {
                pairs.append(Pair(key: pair.key.inherited, value: pair.value.inherited))
                continue
            }
            pairs.append(Pair(key: mine.key, value: mine.value.merged(over: pair.value)))
        }
        let baseKeys = Set(basePairs.compactMap(\.key.scalarText))
        pairs += ownPairs.filter { pair in pair.key.scalarText.map { !baseKeys.contains($0) } ?? true }
        return YAMLNode(kind: .mapping(pairs), location: location, length: length)
    }

    /// The node, and every node in it, marked as taken from a source page (`isInherited`).
    var inherited: YAMLNode {
        var node = self
        node.isInherited = true
        switch kind {
        case .scalar: break
        case .sequence(let items): node.kind = .sequence(items.map(\.inherited))
        case .mapping(let pairs): node.kind = .mapping(pairs.map { Pair(key: $0.key.inherited, value: $0.value.inherited) })
        }
        return node
    }

    /// Where a link's `href` is written under `key` (`finish: {href: …}`): that value, else
    /// `key`'s own (a label alone, or not a mapping), else nil.
    func hrefNode(under key: String) -> YAMLNode? {
        guard let outer = removing(key).1 else { return nil }
        return outer.removing("href").1 ?? outer
    }

    /// The mapping without `key`, and the value it had.
    func removing(_ key: String) -> (YAMLNode, YAMLNode?) {
        guard case .mapping(let pairs) = kind else { return (self, nil) }
        let value = pairs.first { $0.key.scalarText == key }?.value
        return (YAMLNode(kind: .mapping(pairs.filter { $0.key.scalarText != key }), location: location, length: length), value)
    }

    /// The nodes of `key` where a mapping first sets it and where it sets it again, if it does.
    func repeatedKey(_ key: String) -> (first: YAMLNode, again: YAMLNode)? {
        guard case .mapping(let pairs) = kind else { return nil }
        let keys = pairs.map(\.key).filter { $0.scalarText == key }
        return keys.count > 1 ? (keys[0], keys[1]) : nil
    }
}

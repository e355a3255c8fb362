import FrontMatter

/// Typed reads of values that must also pass `Validation`.
extension FieldReader {
    /// A BCP 47 language tag.
    mutating func locale(_ key: String) -> String? {
        guard let node = node(key), let value = string(key) else { return nil }
        guard Validation.isLanguageTag(value) else {
            report("'\(key)' must be a language tag such as 'en' or 'pt-BR', not '\(value)'", at: node)
            return nil
        }
        return value
    }

    /// A `{label, href}` mapping, the shape of a page's action and a flow's finish link; each part
    /// may be left out, to be filled from defaults (`labelHasDefault`: a finish link's label has
    /// one, an action's none). A blank label is an error: a link without words has no name for a
    /// screen reader to say.
    mutating func linkParts(_ key: String, labelHasDefault: Bool) -> (label: String?, href: String?)? {
        mapping(key, keys: ["label", "href"]) { link in (link.nonBlankString("label", hasDefault: labelHasDefault), link.href("href")) }
    }

    /// A link target that is safe to put in `href`.
    mutating func href(_ key: String) -> String? {
        guard let node = node(key), let value = string(key) else { return nil }
        if let scheme = Validation.dangerousScheme(value) {
            report("'\(key)' may not use a \(scheme) URL", at: node)
            return nil
        }
        return value
    }

    /// A CSS value that cannot break out of its declaration.
    mutating func cssValue(_ key: String) -> String? {
        guard let node = node(key), let value = string(key) else { return nil }
        guard Validation.isSafeCSSValue(value) else {
            report("'\(key)' is not a CSS value sitegen can use: '\(value)'", at: node)
            return nil
        }
        return value
    }
}

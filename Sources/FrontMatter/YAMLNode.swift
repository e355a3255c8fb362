import Diagnostics
/// A YAML value as libyaml parsed it, with where it came from. Aliases are already expanded.
package struct YAMLNode: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A scalar's text; `plain` is false for quoted and block scalars, which are always strings.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    /// One `key: value` entry of a mapping, in document order.
    package struct Pair: Sendable, Hashable {
        package var key: YAMLNode
        package var value: YAMLNode

        package init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    package var kind: Kind
    /// Where the node starts in the file the YAML came from.
    package var location: SourceLocation
    /// The length of the node's first line in the source, for underlining.
    package var length: Int
    /// Whether a translation took the node from its source page's front matter, under its own:
    /// its location is in the source page's file.
    package var isInherited = false

    package init(kind: Kind, location: SourceLocation, length: Int = 1) {
        self.kind = kind
        self.location = location
        self.length = length
    }
}

extension YAMLNode {
    /// The scalar's text, or nil for a collection.
    package var scalarText: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// What the YAML 1.2 core schema makes of a plain scalar.
    package enum Resolved: Equatable {
        case null, bool(Bool), int(Int), float(Double), string(String)
    }

    /// Resolves a scalar by the YAML 1.2 core schema; quoted scalars are always strings.
    package var resolved: Resolved? {
        guard case .scalar(let text, let plain) = kind else { return nil }
        guard plain else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let int = Self.integer(text) { return .int(int) }
        if let double = Self.float(text) { return .float(double) }
        return .string(text)
    }

    /// A name for the node's kind, for error messages.
    package var kindDescription: String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            switch resolved {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int: return "a number"
            case .float: return "a number"
            default: return "a string"
            }
        }
    }

    /// True for the plain scalars the core schema reads as null.
    package var isNull: Bool {
        guard case .scalar(let text, let plain) = kind, plain else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    private static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        let utf8 = text.utf8
        let digits = utf8.first == UInt8(ascii: "+") || utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return Int(text)
    }

    private static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let utf8 = text.utf8
        guard utf8.contains(where: isDigit), utf8.allSatisfy({ isDigit($0) || "+-.eE".utf8.contains($0) }) else { return nil }
        return Double(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

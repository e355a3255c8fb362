import Foundation
import Testing
@testable import SitegenCore

/// The JSON reader that knows where each value is: RFC 8259's grammar, checked case by case and
/// against Foundation's reader on generated documents, and never more than a bounded depth.
@Suite struct JSONDocumentTests {
    /// A text for the value that two equal values share: keys sorted, the last of a repeated key.
    private func canonical(_ node: JSONDocument.Node) -> String {
        switch node.value {
        case .null: return "null"
        // Foundation gives booleans as numbers on some platforms: both are compared as numbers.
        case .bool(let value): return Self.number(value ? 1 : 0)
        case .number(let value): return Self.number(value)
        case .string(let text): return "s" + text.debugDescription
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let members):
            var last: [String: String] = [:]
            for member in members { last[member.key] = canonical(member.value) }
            return "{" + last.sorted { $0.key < $1.key }.map { $0.key.debugDescription + ":" + $0.value }.joined(separator: ",") + "}"
        }
    }

    /// A number to 14 significant digits, -0 as 0: Foundation's reader on Linux rounds the last
    /// digit of some doubles otherwise than the standard library's correctly rounded one.
    private static func number(_ value: Double) -> String {
        "n" + String(format: "%.14g", value == 0 ? 0 : value)
    }

    /// The same text for what Foundation's reader gives.
    private func canonical(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let value as NSNumber: return Self.number(value.doubleValue)
        case let text as String: return "s" + text.debugDescription
        case let items as [Any]: return "[" + items.map(canonical).joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.sorted { $0.key < $1.key }.map { $0.key.debugDescription + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        default: return "?\(value)"
        }
    }

    /// Whether the reader's value is the one Foundation's reader gives, numbers within a relative
    /// 1e-12: Foundation's reader on Linux is off from the correctly rounded double by many ulps
    /// on some inputs (0.471722972715 for 0.47172297271499...), where the reader uses the standard
    /// library's correctly rounded conversion (checked exactly by the test after this one).
    private func matches(_ node: JSONDocument.Node, _ value: Any) -> Bool {
        switch (node.value, value) {
        case (.null, is NSNull): return true
        case (.bool(let flag), let number as NSNumber): return number.doubleValue == (flag ? 1 : 0)
        case (.number(let mine), let number as NSNumber):
            let theirs = number.doubleValue
            return abs(mine - theirs) <= 1e-12 * max(1, abs(mine), abs(theirs))
        case (.string(let mine), let theirs as String): return mine == theirs
        case (.array(let mine), let theirs as [Any]):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { matches($0, $1) }
        case (.object(let members), let theirs as [String: Any]):
            var last: [String: JSONDocument.Node] = [:]
            for member in members { last[member.key] = member.value }
            return last.count == theirs.count && last.allSatisfy { key, node in theirs[key].map { matches(node, $0) } ?? false }
        default: return false
        }
    }

    @Test(arguments: [
        "null", "true", "false", "0", "-0", "12", "-3.25", "1e3", "1E-2", "2.5e+10", #""""#, #""a\"b\\c\/d\b\f\n\r\t""#, #""\u00e9\uD83D\uDE00""#,
        "[]", "{}", " [1, [2, {\"a\": [3]}], \"x\"] ", "{\"a\":1,\"a\":2}", "\"é😀\"",
    ])
    func validTextIsReadAsFoundationReadsIt(_ text: String) throws {
        let document = try JSONDocument(Array(text.utf8))
        let expected = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        #expect(canonical(document.root) == canonical(expected), "\(text)")
    }

    @Test(arguments: [
        "", " ", "nul", "tru", "[1,]", "[,1]", "{\"a\":1,}", "{a:1}", "{\"a\" 1}", "01", "1.", ".5", "-", "1e", "+1", "0x10", "NaN", "Infinity",
        "\"abc", "\"\\x\"", "\"\\u12\"", "\"a\u{01}b\"", "[1] [2]", "{\"a\":1}}", "[", "\u{FEFF}1", "1e999", "\"\\uZZZZ\"",
    ])
    func invalidTextIsRefusedWithAPlace(_ text: String) {
        let problem = Self.problem(text)
        #expect(problem != nil, "\(text) was read")
        if let problem { #expect(problem.offset >= 0 && problem.offset <= text.utf8.count) }
    }

    private static func problem(_ text: String) -> JSONDocument.Problem? {
        do {
            _ = try JSONDocument(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(throws: JSONDocument.Problem.self) { try JSONDocument([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func nestingPastTheBoundIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.problem(deep)?.message.contains("nested more than 512 deep") == true)
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONDocument(Array(fine.utf8))) != nil)
    }

    @Test func eachValueKnowsWhereItStarts() throws {
        let text = #"{"a": [1, "two"], "b": {"c": null}}"#
        let root = try JSONDocument(Array(text.utf8)).root
        let bytes = Array(text.utf8)
        #expect(root.offset == 0)
        #expect(root["a"]?.offset == 6 && bytes[6] == UInt8(ascii: "["))
        #expect(root["a"]?.items?[1].offset == 10 && root["a"]?.items?[1].string == "two")
        #expect(root["b"]?["c"].map { bytes[$0.offset] } == UInt8(ascii: "n"))
    }

    /// Random documents written by Foundation read back the same; the same text written again by
    /// the reader (`serialized`) reads back the same too; and every prefix and byte change of them
    /// is read or refused, never a crash.
    @Test func generatedDocumentsReadLikeFoundationAndSurviveDamage() throws {
        var generator = SystemRandomNumberGenerator()
        func value(_ depth: Int) -> Any {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
            case 0: return NSNull()
            case 1: return Bool.random(using: &generator)
            case 2: return [Double.random(in: -1e6...1e6, using: &generator).rounded(), Double.random(in: -1...1, using: &generator)].randomElement(using: &generator) ?? 0
            case 3: return String((0..<Int.random(in: 0..<8, using: &generator)).map { _ in "aé\"\\\n😀\u{1}b/".randomElement(using: &generator) ?? "a" })
            case 4: return (0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth + 1) }
            default:
                var object: [String: Any] = [:]
                for index in 0..<Int.random(in: 0..<4, using: &generator) { object["k\(index)"] = value(depth + 1) }
                return object
            }
        }
        for _ in 0..<300 {
            let data = try JSONSerialization.data(withJSONObject: [value(0)], options: [.fragmentsAllowed])
            let bytes = Array(data)
            let document = try JSONDocument(bytes)
            let expected = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            #expect(matches(document.root, expected), "\(canonical(document.root)) against \(canonical(expected))")
            let again = try JSONDocument(document.root.serialized)
            #expect(canonical(again.root) == canonical(document.root))
            for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 7)) { _ = try? JSONDocument(Array(bytes[..<cut])) }
            var damaged = bytes
            if !damaged.isEmpty { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? JSONDocument(damaged)
        }
    }

    /// Numbers are read as the standard library's correctly rounded conversion reads them, to the
    /// last bit, in every notation a writer uses.
    @Test func numbersAreReadCorrectlyRounded() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            guard value.isFinite else { continue }
            for text in ["\(value)", String(format: "%.17g", value), String(format: "%.12e", value), String(format: "%.6f", value)] {
                guard case .number(let read) = try JSONDocument(Array(text.utf8)).root.value else {
                    Issue.record("\(text) was not read as a number")
                    continue
                }
                #expect(read.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
    }
}

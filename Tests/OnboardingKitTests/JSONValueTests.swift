import Foundation
import OnboardingKit
import Testing

@Suite struct JSONValueTests {
    @Test func textIsEscapedAsJSONRequires() throws {
        let value: JSONValue = ["b": "q\" s\\ n\n c\u{1} l\u{2028}", "a": [1, .null, true], "e": .object([]), "f": []]
        #expect(value.text == """
            {
              "b": "q\\" s\\\\ n\\n c\\u0001 l\\u2028",
              "a": [
                1,
                null,
                true
              ],
              "e": {},
              "f": []
            }

            """)
        let decoded = try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any]
        #expect(decoded?["b"] as? String == "q\" s\\ n\n c\u{1} l\u{2028}")
    }

    @Test func otherCharactersAreLeftAlone() {
        // U+2014 and U+2026 start with the same byte as U+2028 and must not be escaped.
        let text = "em — dash… 日本 👋 \u{2029}"
        #expect(String(decoding: JSONValue.string(text).utf8(indentation: 0), as: UTF8.self) == "\"em — dash… 日本 👋 \\u2029\"")
    }

    /// Every byte that may need escaping, at every offset of an eight-byte word, so that the
    /// word-at-a-time scan can skip none of them.
    @Test(arguments: [UInt8](0..<0x20) + [0x22, 0x5C, 0x7F, 0xC3, 0xE2])
    func everyByteThatNeedsEscapingIsFoundAtAnyOffset(byte: UInt8) throws {
        for offset in 0..<16 {
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 24)
            bytes[offset] = byte
            if byte >= 0xC0 { bytes[offset + 1] = 0xA9 }
            if byte == 0xE2 { bytes[offset + 1] = 0x80; bytes[offset + 2] = 0xA8 }
            let text = String(decoding: bytes, as: UTF8.self)
            let json = JSONValue.string(text).text
            let decoded = try JSONDecoder().decode(String.self, from: Data(json.utf8))
            #expect(decoded == text)
            #expect(!json.utf8.contains { $0 < 0x20 && $0 != UInt8(ascii: "\n") }, "raw control byte at \(offset)")
            #expect(!json.contains("\u{2028}"))
        }
    }

    /// Text in other scripts goes through the word-at-a-time scan too: an escape just after a
    /// run of multi-byte characters, or a line separator among them, is found at every offset,
    /// and what comes out is what an escaper that looks at every byte writes.
    @Test(arguments: ["日本語のテキスト", "نص عربي", "한국어", "é", "—…"])
    func escapesAmongOtherScriptsAreFoundAtAnyOffset(filler: String) throws {
        for special in ["\"", "\\", "\n", "\u{1}", "\u{2028}", "\u{2029}", "\u{7F}"] {
            for prefix in 0..<12 {
                let text = String(repeating: filler, count: 3).unicodeScalars.prefix(prefix + 4).map(String.init).joined()
                    + special + String(repeating: filler, count: 2)
                let json = JSONValue.string(text).text.dropLast()  // the text ends with a newline
                #expect(String(json) == Self.escapedByteByByte(text), "\(filler) + \(special.unicodeScalars.first!.value) after \(prefix)")
                #expect(try JSONDecoder().decode(String.self, from: Data(json.utf8)) == text)
            }
        }
    }

    /// The reference the fast scan is held to: every scalar looked at, one at a time.
    private static func escapedByteByByte(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func deepIndentationIsSpacesAllTheWay() {
        var value: JSONValue = 1
        for _ in 0..<40 { value = [value] }
        let lines = value.text.split(separator: "\n")
        #expect(lines[40] == Substring(String(repeating: " ", count: 80) + "1"))
    }
}

import Diagnostics
import Testing

@testable import Markdown

/// The word-at-a-time scans agree with a byte-at-a-time loop, wherever in a word the byte is
/// and whatever bytes stand before it (a borrow from one byte may mark the next).
struct ByteScanTests {
    /// Buffers of every length up to 40, with one or two bytes of interest at every position
    /// over backgrounds of ASCII, of bytes just above and below each limit, and of random bytes.
    static func buffers() -> [[UInt8]] {
        var generator = SeededGenerator(seed: 2026)
        var result: [[UInt8]] = [[]]
        let backgrounds: [(Int) -> UInt8] = [
            { _ in UInt8(ascii: "a") }, { _ in 0x20 }, { _ in 0x21 }, { _ in 0x7E }, { _ in 0x80 }, { _ in 0xCB },
            { $0 % 2 == 0 ? 0x00 : 0xFF }, { _ in UInt8.random(in: 0...255, using: &generator) },
        ]
        let specials: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x7F, 0x80, 0xCB, 0xCC, 0xFF, UInt8(ascii: "|")]
        for length in 1...40 {
            for background in backgrounds {
                let base = (0..<length).map(background)
                result.append(base)
                for position in 0..<length {
                    for special in specials {
                        var bytes = base
                        bytes[position] = special
                        result.append(bytes)
                    }
                }
            }
        }
        return result
    }

    @Test func firstIndexFindsWhatALoopFinds() {
        let predicates: [(name: String, candidates: (UInt64) -> UInt64, matches: (UInt8) -> Bool)] = [
            ("control", { ByteScan.below(0x20, in: $0) | ByteScan.equal(to: 0x7F, in: $0) }, ControlCharacters.isControl),
            ("marks", ByteScan.nonASCII, { $0 >= 0xCC }),
            ("NUL", { ByteScan.equal(to: 0, in: $0) }, { $0 == 0 }),
            ("below 0x80", { ByteScan.below(0x80, in: $0) }, { $0 < 0x80 }),
        ]
        var checked = 0
        for bytes in Self.buffers() {
            for predicate in predicates {
                let found = bytes.withUnsafeBufferPointer { ByteScan.firstIndex(in: $0, candidates: predicate.candidates, where: predicate.matches) }
                #expect(found == bytes.firstIndex(where: predicate.matches), "\(predicate.name) in \(bytes)")
                checked += 1
            }
            for byte: UInt8 in [0, 0x0A, UInt8(ascii: "|"), 0xFF] {
                #expect(bytes.withUnsafeBufferPointer { ByteScan.contains(byte, in: $0) } == bytes.contains(byte))
            }
        }
        #expect(checked > 100_000)
    }

    /// The scans that use them give what they gave with a loop.
    @Test func controlCharactersAndMarksAreFoundAnywhere() {
        for length in 0..<20 {
            for position in 0..<max(length, 1) where length > 0 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                bytes[position] = 0x07
                #expect(ControlCharacters.replaced(in: bytes) == Array(bytes[..<position]) + [0xEF, 0xBF, 0xBD] + Array(bytes[(position + 1)...]))
                bytes[position] = 0x0A
                #expect(ControlCharacters.replaced(in: bytes) == nil)
            }
        }
        let marks = "a" + String(repeating: "\u{0301}", count: 40) + "b"
        #expect(marks.streamSafe.unicodeScalars.filter { $0 == "\u{034F}" }.count == 1)
        #expect("plain text, \u{00E9}t\u{00E9}".streamSafe == "plain text, \u{00E9}t\u{00E9}")
    }

    /// Which extensions a body needs, as a bitmap of the bytes in it said.
    @Test func neededExtensionsFollowTheBytes() {
        let samples = [
            "", "plain", "a | b", ":-", "x -: y", "~~old~~", "mail@example.com", "&#64;", "www.example.com", "https://x",
            "- [ ] task", "- [x]", "[^1]", "[^1]: note", "> [!NOTE]", "> [!", "[!", "> !", String(repeating: "long line ", count: 50) + "|",
        ]
        for sample in samples {
            let bytes = Array(sample.utf8)
            let needed = MarkdownExtensions.all.needed(by: bytes)
            let has = { (character: Character) in sample.contains(character) }
            #expect(needed.tables == (has("|") || sample.contains(":-") || sample.contains("-:")), "\(sample)")
            #expect(needed.strikethrough == has("~"), "\(sample)")
            #expect(needed.autolinks == (has("@") || has("&") || sample.contains("www.") || sample.contains("://")), "\(sample)")
            #expect(needed.taskLists == (has("[") && has("]")), "\(sample)")
            #expect(needed.footnotes == (has("[") && has("^")), "\(sample)")
            #expect(needed.alerts == (has(">") && has("[") && has("!")), "\(sample)")
            #expect(MarkdownExtensions.none.needed(by: bytes) == .none)
        }
    }
}

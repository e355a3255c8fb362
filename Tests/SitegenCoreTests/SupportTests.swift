import Foundation
import Testing
import Synchronization

@testable import SitegenCore
@testable import Diagnostics
@testable import Mustache

/// The small tools the hot paths run on: hashing, escaping, line splitting, reading files.
struct SupportTests {
    private func hex(_ pieces: String...) -> String {
        var hash = ContentHash()
        pieces.forEach { hash.add($0) }
        return hash.hex
    }

    /// Walks and the build cache copy statuses by the ten thousand: a status stays a plain value,
    /// copied without a call (a special file's kind held a string, and made every copy one).
    @Test func aFileStatusIsAPlainValue() {
        #expect(_isPOD(FileStatus.self))
        #expect(_isPOD(FileKind.self))
    }

    @Test func contentHashIsStableAndTellsInputsApart() {
        #expect(hex("onboarding") == hex("onboarding"))
        #expect(hex("onboarding").count == 16)
        #expect(hex("onboarding").allSatisfy { "0123456789abcdef".contains($0) })
        // Pinned, so that a change to the algorithm (which changes every content_version) is seen.
        #expect(hex("onboarding") == "cd279c02f391e34f")
        let samples = ["", "a", "b", "ab", "ba", "abcdefgh", "abcdefgi", "abcdefghi", String(repeating: "x", count: 64),
                       String(repeating: "x", count: 65), "\u{0}", "\u{0}\u{0}", "é", "e\u{301}"]
        #expect(Set(samples.map { hex($0) }).count == samples.count)
        // Where one piece ends is part of the digest.
        #expect(hex("ab", "c") != hex("a", "bc"))
        #expect(hex("abc") != hex("ab", "c"))
        // Bytes and text hash alike.
        var bytes = ContentHash()
        bytes.add(Array("naïve".utf8))
        #expect(bytes.hex == hex("naïve"))
    }

    /// A digest is a number (`value`) whose sixteen hex digits are `hex`; adding a number adds its
    /// eight little-endian bytes, as the build cache's entries are added to its digests.
    @Test func aDigestIsANumberAndAddsAsItsBytes() {
        var hash = ContentHash()
        hash.add("onboarding")
        #expect(hash.hex == String(repeating: "0", count: 16 - String(hash.value, radix: 16).count) + String(hash.value, radix: 16))
        var asNumber = ContentHash()
        asNumber.add(UInt64(0x0102_0304_0506_0708))
        var asBytes = ContentHash()
        asBytes.add([0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01] as [UInt8])
        #expect(asNumber.value == asBytes.value)
        var other = ContentHash()
        other.add(UInt64(0x0102_0304_0506_0709))
        #expect(other.value != asNumber.value)
    }

    @Test func contentHashChangesWithEveryByteOfALongText() {
        let text = Array(String(repeating: "The quick brown fox. ", count: 40).utf8)
        var digests: Set<String> = []
        for index in stride(from: 0, to: text.count, by: 7) {
            var changed = text
            changed[index] ^= 0x01
            var hash = ContentHash()
            hash.add(changed)
            digests.insert(hash.hex)
        }
        #expect(digests.count == (text.count + 6) / 7)
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        ("a < b && c > \"d\"", "a &lt; b &amp;&amp; c &gt; &quot;d&quot;"),
        ("'single' stays", "'single' stays"),
        ("ünïcödé & 日本 <b>", "ünïcödé &amp; 日本 &lt;b&gt;"),
        ("&", "&amp;"),
        ("", ""),
    ])
    func htmlEscapingEscapesWhatCmarkEscapes(input: String, expected: String) {
        #expect(HTMLEscaping.escape(input) == expected)
    }

    @Test(arguments: [
        ("{n} of {count}", "3 of 8"), ("Page {n}: {title}", "Page 3: Hi"), ("{{n}", "{3"), ("{missing} {n}", "{missing} 3"),
        ("no placeholders", "no placeholders"), ("{unclosed", "{unclosed"), ("}{n}{", "}3{"), ("", ""), ("{a{n}", "{a3"),
    ])
    func stringPatternsFillTheirPlaceholders(pattern: String, expected: String) {
        let values: KeyValuePairs<String, String> = ["n": "3", "count": "8", "title": "Hi"]
        #expect(StringPattern(pattern)(values) == expected)
        #expect(StringTable.format(pattern, values) == expected)
    }

    @Test func linesAreFoundOneAtATime() {
        let lines = LineSplitter.lines(of: "one\r\ntwo\n\nthree").map { String($0.text) }
        #expect(lines == ["one", "two", "", "three"])
        #expect(LineSplitter.lines(of: "").isEmpty)
        #expect(LineSplitter.lines(of: "end\n").map { String($0.text) } == ["end"])
        #expect(LineSplitter.lines(of: "old\rmac\r\rfile\r\n").map { String($0.text) } == ["old", "mac", "", "file"])
        #expect(SourceFile(path: "f", text: "a\rb\r\nc\nd").line(3) == "c")
        #expect("a\r\n".endsWithNewline && "a\n".endsWithNewline && !"a".endsWithNewline && !"".endsWithNewline)
    }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 300_000])
    func diskReadsReturnEveryByte(size: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try folder.write("file", Data(bytes))
        #expect(try DiskFileSystem().readFile(folder.path + "/file") == bytes)
        // In pieces: from memory, and ranges copied from the file just written.
        let third = size / 3
        try DiskFileSystem().writeFile(
            folder.path + "/pieces",
            pieces: [.range(0..<third, of: folder.path + "/file"), .bytes([]), .bytes(Array(bytes[third..<2 * third])),
                     .range(2 * third..<size, of: folder.path + "/file")])
        #expect(try DiskFileSystem().readFile(folder.path + "/pieces") == bytes)
        #expect(throws: FileSystemError.self) {
            try DiskFileSystem().writeFile(folder.path + "/short", pieces: [.range(0..<size + 1, of: folder.path + "/file")])
        }
        #expect(throws: FileSystemError.self) { try DiskFileSystem().readFile(folder.path + "/missing") }
    }
}

/// `parallelMap`: the results of a sequential `map`, in order, each element once, and no element
/// waiting for a thread that is busy with a slow one.
@Suite struct ParallelMapTests {
    @Test func resultsAreInOrderAndEachElementIsMadeOnce() {
        let calls = Mutex<[Int: Int]>([:])
        let elements = Array(0..<5_000)
        let results = elements.parallelMap { element in
            calls.withLock { $0[element, default: 0] += 1 }
            return element * 3
        }
        #expect(results == elements.map { $0 * 3 })
        #expect(calls.withLock { $0 }.values.allSatisfy { $0 == 1 } && calls.withLock { $0.count } == elements.count)
        #expect([Int]().parallelMap { $0 }.isEmpty)
    }

    /// The first element waits until every other one is made, which only happens when the other
    /// threads take them all: with a fixed share per thread, those after it in its share wait for
    /// it, and the wait runs out.
    @Test(.enabled(if: parallelJobs > 1, "needs two threads"), .timeLimit(.minutes(1)))
    func aSlowElementHoldsUpNoOther() {
        let count = 64
        let othersDone = DispatchSemaphore(value: 0)
        let made = Atomic<Int>(0)
        let waited = [Int](0..<count).parallelMap { index -> Bool in
            if index == 0 { return othersDone.wait(timeout: .now() + 10) == .success }
            if made.add(1, ordering: .relaxed).newValue == count - 1 { othersDone.signal() }
            return true
        }
        #expect(waited.allSatisfy { $0 }, "the first element waited 10 s for the others")
    }
}

/// A page's id from its file name: ASCII, as an `id:` must be, with a Latin letter's accent
/// dropped rather than the letter (`06-café.md` was `caf`).
@Suite struct PageNamingTests {
    @Test(arguments: [
        ("06-café.md", "cafe"), ("02-Straße.md", "strasse"), ("naïve façade.md", "naive-facade"), ("Ærø-Øst.md", "aero-ost"),
        ("02-unicode-한글.md", "unicode"), ("01-설치.md", "page"), ("Hello World.md", "hello-world"), ("07.md", "page-07"),
        ("02-sg-pages.md", "page-sg-pages"), ("03-e\u{301}te\u{301}.md", "ete"), ("04-Łódź.md", "lodz"),
        ("01-ﬁle.md", "file"), ("04-ａｂｃ.md", "abc"), ("12-Ǆ.md", "dz"),
        // Numbers and separators before the name, in ASCII names and in others.
        ("007_-. intro.md", "intro"), ("12. Tips.MD", "tips"), ("1-2-3.md", "page-2-3"), ("2024-.md", "page-2024"),
        ("09-fn-x.markdown", "page-fn-x"), ("09-fn-é.md", "page-fn-e"), ("1\u{301}-intro.md", "page-1-intro"),
        ("05 -  Straße.md", "strasse"), ("05_über.md", "uber"), ("--.md", "page"), ("３-x.md", "page-3-x"),
    ])
    func anIDIsTheNameInASCII(_ name: String, _ id: String) {
        #expect(PageNaming.defaultID(fileName: name) == id)
        #expect(Validation.isSlug(id))
    }

    /// ASCII text, the usual name, is slugged byte by byte: the same slug the character-by-character
    /// path makes, for every ASCII byte in every position.
    @Test func asciiSlugsAreTheSlugsOfEveryCharacter() {
        var generator = SystemRandomNumberGenerator()
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        var texts = ascii + ascii.map { "a\($0)b" } + ascii.map { "\($0)-Z9" }
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 0...12, using: &generator)).map { _ in ascii.randomElement(using: &generator) ?? "" }.joined())
        }
        for text in texts {
            #expect(PageNaming.asciiSlug(text) == PageNaming.unicodeSlug(text), "\(Array(text.utf8))")
        }
    }
}

/// Blanks (space, tab, line breaks) cut from both ends, by bytes, of strings and of substrings.
@Suite struct TrimmingBlanksTests {
    @Test(arguments: [
        ("", ""), ("   ", ""), (" \t\r\n", ""), ("a", "a"), (" a ", "a"), ("\t\na b\r\n", "a b"), ("é \n", "é"),
        (" 한글 텍스트\u{3000}", "한글 텍스트\u{3000}"), ("x \u{301}", "x \u{301}"), ("\u{A0}a\u{A0}", "\u{A0}a\u{A0}"),
        ("\r\n👨‍👩‍👧 \r\n", "👨‍👩‍👧"),
        // A prepend character joins the space after it into one character: the space is cut all the same.
        ("A\u{600} ", "A\u{600}"), (" \u{600} x", "\u{600} x"),
    ])
    func blanksAreCutFromBothEnds(_ text: String, _ trimmed: String) {
        #expect(text.trimmingBlanks == trimmed)
        // The same inside a larger string, as a substring of it.
        let wrapped = "<" + text + ">"
        let inner = wrapped.dropFirst().dropLast()
        #expect(inner.trimmingBlanks == trimmed)
    }
}

/// The byte search the theme's comment strippers and the SVG checks use, against the standard
/// library's `firstRange(of:)` on the same bytes.
struct ByteSearchTests {
    @Test func findsWhatTheStandardLibraryFinds() {
        var generator = SystemRandomNumberGenerator()
        // A small alphabet, so that partial matches and repeats are common.
        let alphabet: [UInt8] = Array("/*ab\n".utf8) + [0x00, 0xE2, 0xFF]
        for _ in 0..<4000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let pattern = (0..<Int.random(in: 1...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let slice = bytes[start...]
            #expect(slice.firstRange(ofBytes: pattern) == slice.firstRange(of: pattern), "\(bytes) from \(start), \(pattern)")
            #expect(bytes.firstRange(ofBytes: pattern) == bytes.firstRange(of: pattern))
        }
    }

    @Test func edges() {
        let bytes = Array("a/* b */".utf8)
        #expect(bytes.firstRange(ofBytes: Array("*/".utf8)) == 6..<8, "at the very end")
        #expect(bytes.firstRange(ofBytes: Array("a".utf8)) == 0..<1, "at the very start")
        #expect(bytes[1...].firstRange(ofBytes: Array("a".utf8)) == nil, "before the slice is not in it")
        #expect(bytes.firstRange(ofBytes: Array("a/* b */!".utf8)) == nil, "longer than the bytes")
        #expect(bytes.firstRange(ofBytes: []) == nil, "an empty pattern is never found")
        #expect([UInt8]().firstRange(ofBytes: Array("a".utf8)) == nil)
        #expect(Array("***/".utf8).firstRange(ofBytes: Array("**/".utf8)) == 1..<4, "a partial match before the match")
    }
}

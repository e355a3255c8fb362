import Diagnostics
import Foundation
import Highlight
import SitegenTestSupport
import Testing
@testable import SitegenCore
@testable import OnboardingKit

/// The build cache's record coding: what is written reads back as it was, and anything else
/// (short, long, foreign, unsupported) is refused rather than misread.
@Suite struct RecordCodingTests {
    struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var small: UInt8
        var flag: Bool
        var ratio: Double
        var maybe: String?
        var absent: Int?
        var list: [String]
        var nested: [[Int]]
        var inner: Inner

        struct Inner: Codable, Equatable {
            var text: String
            var optionalInner: Inner2?
        }

        struct Inner2: Codable, Equatable {
            var values: [Int]
        }
    }

    static let sample = Sample(
        name: "héllo\u{0}wörld 日本", count: -42, small: 255, flag: true, ratio: 0.25, maybe: "", absent: nil, list: ["a", "", "ccc"],
        nested: [[], [1, 2], [Int.min, Int.max]], inner: .init(text: "x", optionalInner: .init(values: [7])))

    @Test func aValueReadsBackAsItWasWritten() throws {
        let bytes = try RecordEncoder.encode(Self.sample)
        #expect(try RecordDecoder.decode(Sample.self, from: bytes) == Self.sample)
    }

    @Test func everyTruncationIsRefused() throws {
        let bytes = try RecordEncoder.encode(Self.sample)
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self, "cut at \(length)") { try RecordDecoder.decode(Sample.self, from: Array(bytes[..<length])) }
        }
        #expect(throws: (any Error).self, "a byte too many") { try RecordDecoder.decode(Sample.self, from: bytes + [0]) }
    }

    @Test func aHugeCountIsRefusedBeforeAnythingIsAllocated() throws {
        var bytes = try RecordEncoder.encode(["a"])
        bytes.replaceSubrange(0..<8, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: (any Error).self) { try RecordDecoder.decode([String].self, from: bytes) }
    }

    @Test func dictionariesAndLooseOptionalsAreRefused() {
        #expect(throws: (any Error).self) { try RecordEncoder.encode(["k": 1]) }
        #expect(throws: (any Error).self) { try RecordEncoder.encode([Optional("a"), nil]) }
        #expect(throws: (any Error).self) { try RecordDecoder.decode([String: Int].self, from: Array(repeating: 0, count: 8)) }
    }

    /// The types that write their own records write what their Codable coding would.
    @Test func ownRecordsAreTheCodableOnes() throws {
        struct Status: Codable { var size, modified, changed: Int }
        struct Entry: Codable { var path: String; var status: Status; var hash: UInt64 }
        struct Page: Codable { var file: String; var id: String; var anchors: [String] }
        let status = FileStatus(size: 3, modified: -4, changed: 5)
        let plain = Status(size: 3, modified: -4, changed: 5)
        #expect(try RecordEncoder.encode([BuildCache.Entry(path: "a/b.md", status: status, hash: 7)])
            == RecordEncoder.encode([Entry(path: "a/b.md", status: plain, hash: 7)]))
        #expect(try RecordEncoder.encode(DirectoryWalker.Entry(path: "x", status: status)) == RecordEncoder.encode(Entry(path: "x", status: plain, hash: 0)).dropLast(8))
        #expect(try RecordEncoder.encode(FlowRecord.Page(file: "01-a.md", id: "a", anchors: ["x", ""]))
            == RecordEncoder.encode(Page(file: "01-a.md", id: "a", anchors: ["x", ""])))
        #expect(try RecordDecoder.decode([BuildCache.Entry].self, from: RecordEncoder.encode([Entry(path: "p", status: plain, hash: 9)]))
            == [BuildCache.Entry(path: "p", status: status, hash: 9)])
    }

    /// A kept warning writes what its Codable coding would, and reads back with its excerpt and
    /// message as they were cut, not cut again.
    @Test func diagnosticsAreRecordedAsTheirCodableCoding() throws {
        struct Location: Codable { var line, column: Int }
        struct Plain: Codable {
            var severity: String
            var path: String
            var location: Location?
            var length: Int
            var message: String
            var sourceLine: String?
            var sourceLineOffset: Int
            var sourceLineContinues: Bool
        }
        let long = String(repeating: "word ", count: 100) + "here"
        let located = Diagnostic(
            .error, String(repeating: "é", count: 1_500), path: "content/tour/01-a.md", location: SourceLocation(line: 4, column: 300),
            length: 6, sourceLine: long)
        let bare = Diagnostic(.warning, "no place", path: "\u{0}/elsewhere/a.json")
        #expect(located.sourceLineOffset > 0 && located.sourceLineContinues && located.message.count < 1_500)
        #expect(try RecordEncoder.encode([located, bare]) == RecordEncoder.encode([
            Plain(
                severity: "error", path: located.path, location: Location(line: 4, column: 300), length: 6, message: located.message,
                sourceLine: located.sourceLine, sourceLineOffset: located.sourceLineOffset, sourceLineContinues: true),
            Plain(severity: "warning", path: bare.path, location: nil, length: 1, message: "no place", sourceLine: nil, sourceLineOffset: 0, sourceLineContinues: false),
        ]))
        #expect(try RecordDecoder.decode([Diagnostic].self, from: RecordEncoder.encode([located, bare])) == [located, bare])
        var foreign = try RecordEncoder.encode(Plain(
            severity: "fatal", path: "a", location: nil, length: 1, message: "m", sourceLine: nil, sourceLineOffset: 0, sourceLineContinues: false))
        #expect(throws: (any Error).self) { try RecordDecoder.decode(Diagnostic.self, from: foreign) }
        foreign = try RecordEncoder.encode(located)
        for end in 0..<foreign.count {
            #expect(throws: (any Error).self, "cut at \(end)") { try RecordDecoder.decode(Diagnostic.self, from: Array(foreign[..<end])) }
        }
    }

    /// A record larger than a chunk is written in chunks that join into the one record, counts
    /// patched across their boundaries included, and its digest over the chunks is the joined one's.
    @Test func aLargeRecordInChunksIsTheOneRecord() throws {
        struct Item: Codable, Equatable { var name: String; var values: [Int] }
        let value = (0..<40_000).map { Item(name: "item \($0)", values: Array(0..<($0 % 7))) }
        let chunks = try RecordEncoder.encodeInChunks(value)
        #expect(chunks.count > 1 && chunks.dropLast().allSatisfy { $0.count == RecordSink.chunkSize })
        let joined = Array(chunks.joined())
        #expect(try RecordDecoder.decode([Item].self, from: joined) == value)
        var whole = ContentHash()
        whole.add(joined)
        var pieces = ContentHash()
        pieces.add(chunks: chunks)
        #expect(whole.hex == pieces.hex)
        var other = ContentHash()
        other.add(chunks: [Array(joined.dropLast())])
        #expect(other.hex != whole.hex)
    }

    /// A large file is hashed a chunk at a time, to the digest of its bytes added whole.
    @Test(arguments: [0, 7, 8, 15, 16, 17, 48, 53])
    func aPieceReadInChunksHasTheDigestOfTheWhole(size: Int) {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var whole = ContentHash()
        whole.add(bytes)
        var streamed = ContentHash()
        var reads = 0
        streamed.add(chunksOf: 16) { offset in
            reads += 1
            return Array(bytes[min(offset, size)..<min(offset + 16, size)])
        }
        #expect(streamed.hex == whole.hex)
        #expect(reads == size / 16 + 1, "a chunk at a time, the last one short")
    }

    /// A file too large to keep in memory gets the same entry hashed in chunks as whole.
    @Test func aLargeInputIsFingerprintedAsItsBytes() throws {
        let large = (0..<(BuildCache.keptFileSize * 3 + 5)).map { UInt8(truncatingIfNeeded: $0 &* 131) }
        let fileSystem = MemoryFileSystem(["content/tour/01-a.md": "# A\n"])
        fileSystem.add("content/tour/big.bin", large)
        let loader = try #require(try? SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get())
        let files = SiteInventory(loader: loader).files
        let entry = try #require(BuildCache.fingerprint(files, loader: loader, identity: "", previous: []).entries.first { $0.path == "content/tour/big.bin" })
        var expected = ContentHash()
        expected.add(large)
        #expect(entry.hash == expected.value)
    }

    @Test func aBuildCacheReadsBackAsItWasWritten() throws {
        let summary = FlowSummary(
            slug: "tour", title: "Tour", description: "d", order: 3, locale: "ar", direction: .rtl, pageCount: 2,
            image: ManifestImage(src: "a.png", width: 4, height: 3, alt: "A"), storageKey: "k", contentVersion: "v", showOnce: true)
        let cache = BuildCache(
            digest: "d", globalDigest: "g",
            entries: [.init(path: "content/tour/01-a.md", status: FileStatus(size: 3, modified: 1_764_000_000_123_456_789, changed: 2), hash: 7)],
            outputDirectory: "output", outputSetting: "public", extraInputs: ["art/x.png"],
            outputs: [.init(path: "tour/index.html", status: FileStatus(size: 9, modified: 8, changed: 7))],
            flows: [
                FlowRecord(
                    slug: "tour", key: "k", summary: summary, outputs: ["tour/index.html"], fragment: PackReference(pack: "0123456789abcdef-0", offset: 10, length: 11),
                    highlights: PackReference(pack: "0123456789abcdef-1", offset: 0, length: 12),
                    otherFlows: ["other"], pages: [.init(file: "01-a.md", id: "a", anchors: ["x", "y"])], translatedPages: [.init(file: "ko/01-a.md", id: "", anchors: ["z"])], drafts: ["02-b.md"],
                    assets: [RecordedAsset(Asset(source: "s", destination: "tour/s", root: "/"))],
                    warnings: [
                        Diagnostic(.warning, "image has no alt text", path: "content/tour/01-a.md", location: SourceLocation(line: 3, column: 1), length: 4, sourceLine: "![](a.png)"),
                        Diagnostic(.warning, "no place", path: "content/tour/a.json"),
                    ]),
            ],
            products: [ProductRecord(name: "index", key: "k", outputs: ["index.html"])],
            packs: [PackFile(name: "0123456789abcdef-0", status: FileStatus(size: 30, modified: 31, changed: 32))])
        #expect(try RecordDecoder.decode(BuildCache.self, from: RecordEncoder.encode(cache)) == cache)
        var plain = summary
        plain.order = nil
        plain.image = nil
        #expect(try RecordDecoder.decode(FlowSummary.self, from: RecordEncoder.encode(plain)) == plain)
        // Every field of a summary's image and translations, which the cache writes as a record of its own.
        var full = summary
        full.image?.variants = [ManifestImageVariant(src: "a-320.webp", width: 320, height: 240, type: "image/webp")]
        full.image?.stills = [ManifestImageVariant(src: "a-still.png", width: 4, height: 3, type: "image/png")]
        var translation = plain
        translation.locale = "ko"
        translation.title = "투어"
        full.translations = [translation]
        #expect(try RecordDecoder.decode(FlowSummary.self, from: RecordEncoder.encode(full)) == full)
        #expect(try RecordDecoder.decode([FlowRecord].self, from: RecordEncoder.encode([cache.flows[0], cache.flows[0]])) == [cache.flows[0], cache.flows[0]])
        // Any other coder is refused, never given a summary without its fields.
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(full) }
        // A record cut short anywhere is an error, not a summary.
        let bytes = try RecordEncoder.encode(full)
        for end in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: (any Error).self) { try RecordDecoder.decode(FlowSummary.self, from: Array(bytes[..<end])) }
        }
    }
}

/// A flow's kept code blocks as bytes: the record read back as written, and bytes that are not
/// one (short, with more after it, styles and texts of different counts) a flow with none kept.
@Suite struct HighlightStoreTests {
    let store = HighlightStore(entries: [
        "b": [TokenRun(style: "keyword", text: "let"), TokenRun(style: "", text: " x = \"é\"\n")],
        "a": [TokenRun(style: "", text: "")],
    ])

    @Test func bytesAreTheRecordOfTheBlocksInKeyOrder() {
        let sink = RecordSink()
        sink.add(2)
        for (key, styles, texts) in [("a", [""], [""]), ("b", ["keyword", ""], ["let", " x = \"é\"\n"])] {
            sink.add(key)
            styles.write(to: sink)
            texts.write(to: sink)
        }
        #expect(store.bytes == Array(HighlightStore.formatLine.utf8) + sink.chunks.joined())
        #expect(HighlightStore(bytes: store.bytes) == store)
    }

    @Test func bytesThatAreNotAStoreKeepNothing() {
        let bytes = store.bytes
        #expect(HighlightStore(bytes: bytes + [0]).entries.isEmpty)
        #expect(HighlightStore(bytes: Array(bytes.dropLast())).entries.isEmpty)
        #expect(HighlightStore(bytes: Array(bytes.dropFirst())).entries.isEmpty)
        let sink = RecordSink()
        sink.add(1)
        sink.add("k")
        ["keyword", ""].write(to: sink)
        ["let"].write(to: sink)
        #expect(HighlightStore(bytes: Array(HighlightStore.formatLine.utf8) + sink.chunks.joined()).entries.isEmpty)
    }
}

import SitegenTestSupport
import Testing
@testable import SitegenCore

/// The build cache's packs: bytes appended from many threads come back from where the writer
/// said they are, packs are written once they are full, and names are sitegen's own.
@Suite struct PackWriterTests {
    @Test func bytesComeBackFromWhereTheWriterPutThem() throws {
        let fileSystem = MemoryFileSystem()
        try fileSystem.createDirectory("packs")
        let writer = PackWriter(fileSystem: fileSystem, folder: "packs", prefix: "0123456789abcdef", packSize: 10_000)
        let pieces = (0..<200).map { index in Array("piece \(index) ".utf8) + [UInt8](repeating: UInt8(index % 251), count: index * 3) }
        let references = pieces.parallelMap { writer.append($0) }
        let packs = try writer.finish()
        #expect(packs.count > 1 && packs.count < 20, "full packs are written as they fill: \(packs.count)")
        #expect(Set(references.map(\.pack)) == Set(packs.map(\.name)))
        for pack in packs {
            #expect(fileSystem.status(of: "packs/" + pack.name)?.size == pack.status.size)
            #expect(PackFile.isPackName(pack.name))
        }
        for (piece, reference) in zip(pieces, references) {
            #expect(PackWriter.read(reference, folder: "packs", fileSystem: fileSystem) == piece)
        }
    }

    @Test func aReferenceOutsideItsPackOrFolderReadsNothing() throws {
        let fileSystem = MemoryFileSystem(["secret": "TOP SECRET", "packs/0123456789abcdef-0": "abc"])
        for reference in [
            PackReference(pack: "../secret", offset: 0, length: 3), PackReference(pack: "0123456789abcdef-0", offset: 2, length: 5),
            PackReference(pack: "0123456789abcdef-0", offset: -1, length: 1), PackReference(pack: "0123456789abcdef-9", offset: 0, length: 1),
        ] {
            #expect(PackWriter.read(reference, folder: "packs", fileSystem: fileSystem) == nil, "\(reference)")
        }
        #expect(PackWriter.read(PackReference(pack: "0123456789abcdef-0", offset: 1, length: 2), folder: "packs", fileSystem: fileSystem) == Array("bc".utf8))
    }

    @Test(arguments: ["0123456789abcdef-0", "0123456789abcdef-123"])
    func packNamesAreSitegens(_ name: String) {
        #expect(PackFile.isPackName(name))
    }

    @Test(arguments: ["", "0123456789abcdef", "0123456789ABCDEF-0", "0123456789abcdef-", "0123456789abcdef-x", "../../etc-0", "0123456789abcdef-0/x"])
    func otherNamesAreNot(_ name: String) {
        #expect(!PackFile.isPackName(name))
    }

    @Test func handoffGivesEachValueOnce() {
        let handoff = Handoff(Array(0..<100))
        let taken = Array(0..<100).parallelMap { handoff.take($0) }
        #expect(taken == Array(0..<100).map(Optional.some))
        #expect(handoff.take(5) == nil && handoff.take(100) == nil && handoff.take(-1) == nil)
    }
}

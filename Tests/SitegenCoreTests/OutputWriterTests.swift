import SitegenTestSupport
import Testing
@testable import SitegenCore

@Suite struct OutputWriterTests {
    let files = [OutputFile(path: "index.html", text: "new"), OutputFile(path: "a/b/c.txt", text: "deep")]

    @Test func writesIntoANewFolderWithItsMarker() throws {
        let fileSystem = MemoryFileSystem()
        try OutputWriter(fileSystem: fileSystem).write(files, to: "site/output")
        #expect(fileSystem.snapshot == [
            "site/output/index.html": "new", "site/output/a/b/c.txt": "deep",
            "site/output/.sitegen-output": OutputWriter.markerText,
        ])
    }

    @Test func replacesItsOwnOutputWholly() throws {
        let fileSystem = MemoryFileSystem(["out/.sitegen-output": "", "out/stale.html": "old", "out/index.html": "old"])
        try OutputWriter(fileSystem: fileSystem).write(files, to: "out/")
        #expect(fileSystem.text("out/stale.html") == nil)
        #expect(fileSystem.text("out/index.html") == "new")
        #expect(fileSystem.text(".out.sitegen-staging/stale.html") == "old", "the previous output is kept aside, for the next build to reuse")
    }

    @Test func aFolderHoldingOnlyAPlaceholderCountsAsEmptyAndKeepsIt() throws {
        let fileSystem = MemoryFileSystem(["out/.gitkeep": ""])
        try OutputWriter(fileSystem: fileSystem).write(files, to: "out")
        #expect(fileSystem.text("out/.gitkeep") == "")
        #expect(fileSystem.text("out/index.html") == "new")
    }

    /// A placeholder committed as a link (to `/etc/passwd`, say) was carried into every new
    /// output as that link, which a deploy that follows links would publish.
    @Test func aPlaceholderThatIsALinkBecomesAnEmptyFile() throws {
        let fileSystem = MemoryFileSystem(["secret.txt": "token"])
        try fileSystem.createDirectory("out")
        fileSystem.addLink("out/.gitkeep", to: "../secret.txt")
        for _ in 0..<2 {
            try OutputWriter(fileSystem: fileSystem).write(files, to: "out")
            #expect(fileSystem.linkStatus(of: "out/.gitkeep")?.kind == .file)
            #expect(fileSystem.text("out/.gitkeep") == "")
        }
        #expect(fileSystem.text("secret.txt") == "token")
    }

    @Test func refusesAFolderItDidNotWriteAndTouchesNothing() {
        let before = ["home/notes.txt": "precious", "home/photo.jpg": "x", "home/.bashrc": "y", "home/todo.md": "z"]
        let fileSystem = MemoryFileSystem(before)
        #expect {
            try OutputWriter(fileSystem: fileSystem).write(files, to: "home")
        } throws: { error in
            (error as? OutputWriter.Failure)?.message
                == "the output folder holds files sitegen did not write (.bashrc, notes.txt, photo.jpg, …); choose an empty or new folder, or empty this one"
        }
        #expect(fileSystem.snapshot == before)
    }

    @Test func refusesAFile() {
        let fileSystem = MemoryFileSystem(["out": "a file"])
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter(fileSystem: fileSystem).write(files, to: "out") }
        #expect(fileSystem.text("out") == "a file")
    }

    @Test func aFailedWriteLeavesThePreviousOutputAsItWas() {
        let before = ["out/.sitegen-output": "", "out/index.html": "old"]
        let fileSystem = MemoryFileSystem(before)
        let faulty = FaultyFileSystem(fileSystem, failWritesUnder: ".out.sitegen-staging/a")
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter(fileSystem: faulty).write(files, to: "out") }
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("out/") } == before)
    }

    @Test func aFailedWriteIntoANewFolderLeavesItAsItWas() {
        let fileSystem = MemoryFileSystem(["out/.gitkeep": ""])
        let faulty = FaultyFileSystem(fileSystem, failWritesUnder: ".out.sitegen-staging/a")
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter(fileSystem: faulty).write(files, to: "out") }
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("out/") } == ["out/.gitkeep": ""])
        #expect(throws: Never.self) { try OutputWriter(fileSystem: fileSystem).write(files, to: "out") }
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("out/") }.count == 4, "and the next write completes it")
    }

    @Test func rewritingItsOwnOutputTouchesOnlyWhatChanged() throws {
        let fileSystem = MemoryFileSystem()
        let writer = OutputWriter(fileSystem: fileSystem)
        try writer.write(files + [OutputFile(path: "old/gone.txt", text: "x"), OutputFile(path: "a/kept.txt", text: "same")], to: "out")
        let unchanged = fileSystem.status(of: "out/a/kept.txt")
        try writer.write(
            [OutputFile(path: "index.html", text: "newer"), OutputFile(path: "a/b/c.txt", text: "deep"),
             OutputFile(path: "a/kept.txt", contents: .bytes(Array("same".utf8)))], to: "out")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("out/") } == [
            "out/index.html": "newer", "out/a/b/c.txt": "deep", "out/a/kept.txt": "same",
            "out/.sitegen-output": OutputWriter.markerText,
        ])
        let kept = fileSystem.status(of: "out/a/kept.txt")
        #expect(kept?.identity == unchanged?.identity && kept?.modified == unchanged?.modified, "a file with the same bytes is linked, not written again")
        #expect(fileSystem.kind(of: "out/old") == nil, "a folder left empty is gone")
    }

    /// A path put twice in one build (linked to the current output both times, or written and
    /// then linked) ends as one file with its bytes, and no temporary name is left beside it: a
    /// rename onto another link to the same file does nothing, leaving both names.
    @Test func aPathPutTwiceInOneBuildLeavesNoTemporaryFile() throws {
        let fileSystem = MemoryFileSystem()
        let writer = OutputWriter(fileSystem: fileSystem)
        let image = OutputFile(path: "tour/logo.svg", text: "<svg/>")
        for build in 1...4 {
            try writer.write([OutputFile(path: "index.html", text: "build \(build)"), image, image], to: "out")
            #expect(fileSystem.text("out/tour/logo.svg") == "<svg/>", "build \(build)")
            let left = fileSystem.snapshot.keys.filter { $0.contains(OutputTransaction.temporaryPrefix) }
            #expect(left.isEmpty, "build \(build): \(left)")
        }
    }

    /// Without the exchange, the swap is two renames (the output aside, then the staging folder in
    /// its place); a build killed between them leaves no output, and the previous one aside.
    @Test func aPreviousOutputLeftAsideByAStoppedSwapIsPutBack() throws {
        let fileSystem = MemoryFileSystem([
            ".out.sitegen-staging.previous/.sitegen-output": OutputWriter.markerText, ".out.sitegen-staging.previous/index.html": "old",
            ".out.sitegen-staging/.sitegen-output": OutputWriter.markerText, ".out.sitegen-staging/index.html": "new",
        ])
        try OutputWriter(fileSystem: fileSystem).clearLeftovers(of: "out")
        #expect(fileSystem.snapshot.filter { $0.key.hasPrefix("out/") } == ["out/.sitegen-output": OutputWriter.markerText, "out/index.html": "old"])
        #expect(fileSystem.kind(of: ".out.sitegen-staging.previous") == nil)
    }

    @Test func leftoversOfAnInterruptedBuildAreCleared() throws {
        let fileSystem = MemoryFileSystem([
            ".out.sitegen-staging/junk": "x", ".out.sitegen-staging.previous/junk": "y", "out.sitegen-new/junk": "x",
            "out.sitegen-old/junk": "y",
        ])
        try OutputWriter(fileSystem: fileSystem).write(files, to: "out")
        #expect(fileSystem.snapshot.keys.allSatisfy { $0.hasPrefix("out/") })
    }

    /// A listing of the output made early, beside other work, stands only while the folder is the
    /// one it listed: another build's swap (two of them, even, putting the first folder back) or
    /// a name added at its top makes the build list it again.
    @Test(arguments: FileSystemFixture.all)
    func anEarlyListingOfTheOutputStandsOnlyWhileTheFolderIsTheOneItListed(_ fixture: FileSystemFixture) throws {
        let tree = try fixture.make()
        defer { tree.remove() }
        try tree.write("out/tour/index.html", "a")
        try tree.write("out/" + OutputWriter.markerFile, "")
        try tree.write("staging/tour/index.html", "b")
        let output = tree.path("out")
        let listing = OutputListing(of: output, on: tree.fileSystem)
        #expect(listing.entries?.map(\.path) == [OutputWriter.markerFile, "tour/index.html"])
        // A folder that is not sitegen's output is not walked at all.
        #expect(OutputListing(of: tree.path("staging"), on: tree.fileSystem).entries == nil)
        #expect(listing.describes(output, on: tree.fileSystem))
        #expect(!listing.describes(tree.path("staging"), on: tree.fileSystem))
        try tree.fileSystem.exchange(tree.path("staging"), output)
        #expect(!listing.describes(output, on: tree.fileSystem), "another folder")
        if fixture == .disk {
            try tree.fileSystem.exchange(tree.path("staging"), output)
            #expect(!listing.describes(output, on: tree.fileSystem), "the same folder, moved away and back")
            let again = OutputListing(of: output, on: tree.fileSystem)
            // A name added at the top changes the folder's times, once the clock has moved on from the listing.
            let listed = try #require(again.status)
            let deadline = ContinuousClock.now + .seconds(5)
            func ticked() -> Bool { (tree.fileSystem.linkStatus(of: tree.path("staging"))?.changed ?? 0) > listed.changed }
            while !ticked(), ContinuousClock.now < deadline {
                try tree.write("staging/tick", "")
                try tree.fileSystem.remove(tree.path("staging/tick"))
            }
            try #require(ticked(), "the file system's clock moved on")
            try tree.write("out/new.html", "c")
            #expect(!again.describes(output, on: tree.fileSystem), "a name added")
        }
    }
}


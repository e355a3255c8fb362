import Testing
@testable import SitegenCore

@Suite struct OutputWriterTests {
    let files = [OutputFile(path: "index.html", text: "new"), OutputFile(path: "a/b/c.txt", text: "deep")]

    @Test func writesIntoANewFolderWithItsMarker() throws {
        let fileSystem = InMemoryFileSystem()
        try OutputWriter(fileSystem: fileSystem).write(files, to: "site/output")
        #expect(fileSystem.snapshot == [
            "site/output/index.html": "new", "site/output/a/b/c.txt": "deep",
            "site/output/.sitegen-output": OutputWriter.markerText,
        ])
    }

    @Test func replacesItsOwnOutputWholly() throws {
        let fileSystem = InMemoryFileSystem(["out/.sitegen-output": "", "out/stale.html": "old", "out/index.html": "old"])
        try OutputWriter(fileSystem: fileSystem).write(files, to: "out/")
        #expect(fileSystem.text("out/stale.html") == nil)
        #expect(fileSystem.text("out/index.html") == "new")
        #expect(fileSystem.kind(of: "out.sitegen-new") == nil && fileSystem.kind(of: "out.sitegen-old") == nil)
    }

    @Test func aFolderHoldingOnlyAPlaceholderCountsAsEmptyAndKeepsIt() throws {
        let fileSystem = InMemoryFileSystem(["out/.gitkeep": ""])
        try OutputWriter(fileSystem: fileSystem).write(files, to: "out")
        #expect(fileSystem.text("out/.gitkeep") == "")
        #expect(fileSystem.text("out/index.html") == "new")
    }

    @Test func refusesAFolderItDidNotWriteAndTouchesNothing() {
        let before = ["home/notes.txt": "precious", "home/photo.jpg": "x", "home/.bashrc": "y", "home/todo.md": "z"]
        let fileSystem = InMemoryFileSystem(before)
        #expect {
            try OutputWriter(fileSystem: fileSystem).write(files, to: "home")
        } throws: { error in
            (error as? OutputWriter.Failure)?.message
                == "the output folder holds files sitegen did not write (.bashrc, notes.txt, photo.jpg, …); choose an empty or new folder, or empty this one"
        }
        #expect(fileSystem.snapshot == before)
    }

    @Test func refusesAFile() {
        let fileSystem = InMemoryFileSystem(["out": "a file"])
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter(fileSystem: fileSystem).write(files, to: "out") }
        #expect(fileSystem.text("out") == "a file")
    }

    @Test func aFailedWriteLeavesThePreviousOutputAsItWas() {
        // Over sitegen's own output the files are written beside the old ones, renamed at the end.
        let before = ["out/.sitegen-output": "", "out/index.html": "old"]
        let fileSystem = InMemoryFileSystem(before)
        fileSystem.failWritesUnder = "out/a"
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter(fileSystem: fileSystem).write(files, to: "out") }
        #expect(fileSystem.snapshot == before)
    }

    @Test func aFailedWriteIntoANewFolderLeavesNothing() {
        let fileSystem = InMemoryFileSystem(["out/.gitkeep": ""])
        fileSystem.failWritesUnder = "out.sitegen-new/a"
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter(fileSystem: fileSystem).write(files, to: "out") }
        #expect(fileSystem.snapshot == ["out/.gitkeep": ""])
        #expect(fileSystem.kind(of: "out.sitegen-new") == nil)
    }

    @Test func rewritingItsOwnOutputTouchesOnlyWhatChanged() throws {
        let fileSystem = InMemoryFileSystem()
        let writer = OutputWriter(fileSystem: fileSystem)
        try writer.write(files + [OutputFile(path: "old/gone.txt", text: "x"), OutputFile(path: "a/kept.txt", text: "same")], to: "out")
        let unchanged = fileSystem.status(of: "out/a/kept.txt")
        try writer.write(
            [OutputFile(path: "index.html", text: "newer"), OutputFile(path: "a/b/c.txt", text: "deep"),
             OutputFile(path: "a/kept.txt", contents: .bytes(Array("same".utf8)))], to: "out")
        #expect(fileSystem.snapshot == [
            "out/index.html": "newer", "out/a/b/c.txt": "deep", "out/a/kept.txt": "same",
            "out/.sitegen-output": OutputWriter.markerText,
        ])
        #expect(fileSystem.status(of: "out/a/kept.txt") == unchanged, "a file with the same bytes is not written again")
        #expect(fileSystem.kind(of: "out/old") == nil, "a folder left empty is removed")
        #expect(fileSystem.kind(of: "out.sitegen-new") == nil && fileSystem.kind(of: "out/index.html.sitegen-new") == nil)
    }

    @Test func leftoversOfAnInterruptedBuildAreCleared() throws {
        let fileSystem = InMemoryFileSystem(["out.sitegen-new/junk": "x", "out.sitegen-old/junk": "y"])
        try OutputWriter(fileSystem: fileSystem).write(files, to: "out")
        #expect(fileSystem.snapshot.keys.allSatisfy { $0.hasPrefix("out/") })
    }
}

import Testing
@testable import SitegenCore

/// A build stopped at any instant (every file-system call from the Nth on fails, as when the
/// process is killed or the power goes) leaves the output folder entirely the previous build or
/// entirely the new one; and the next build succeeds, clears the leftovers, and writes exactly
/// what a clean build writes.
@Suite struct CrashConsistencyTests {
    static let site: [String: [UInt8]] = [
        "sitegen.yml": Array("title: Crash\n".utf8),
        "content/tour/_index.md": Array("---\ntitle: Tour\n---\nA tour.\n".utf8),
        "content/tour/01-a.md": Array("---\nimage: images/a.png\nimage_alt: A\n---\n# A\n".utf8),
        "content/tour/02-b.md": Array("# B\n\n![B](images/b.svg)\n".utf8),
        "content/tour/images/a.png": pngBytes(width: 4, height: 3),
        "content/tour/images/b.svg": Array("<svg width=\"2\" height=\"1\"></svg>".utf8),
        "content/news/01-c.md": Array("# C\n".utf8),
    ]

    /// What happens before the build that is stopped.
    enum Step: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// No output yet.
        case firstBuild
        /// A settings change: every file is rendered again, unchanged ones linked.
        case fullRebuild
        /// One page changed: one flow rendered, the rest carried over.
        case incrementalRebuild
        /// An image removed from a page: a file of the output goes away.
        case removal

        var testDescription: String { rawValue }

        func prepare(_ tree: FileSystemFixture.Tree) throws {
            for (path, bytes) in CrashConsistencyTests.site { try tree.write("site/" + path, bytes: bytes) }
            guard self != .firstBuild else { return }
            #expect(SiteBuilder(fileSystem: tree.fileSystem).build(CrashConsistencyTests.options(tree)).succeeded)
            switch self {
            case .firstBuild: break
            case .fullRebuild: try tree.write("site/sitegen.yml", "title: Crash again\n")
            case .incrementalRebuild: try tree.write("site/content/tour/02-b.md", "# B, changed\n\n![B](images/b.svg)\n")
            case .removal: try tree.write("site/content/tour/02-b.md", "# B\n")
            }
        }
    }

    static func options(_ tree: FileSystemFixture.Tree) -> BuildOptions {
        BuildOptions(siteDirectory: tree.path("site"))
    }

    /// Every file below `relative`, hidden ones included, by path: its bytes.
    static func files(_ tree: FileSystemFixture.Tree, under relative: String) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        func walk(_ folder: String, _ prefix: String) {
            for entry in (try? tree.fileSystem.entries(in: folder)) ?? [] {
                let path = folder + "/" + entry.name
                if entry.status.kind == .directory {
                    walk(path, prefix + entry.name + "/")
                } else {
                    files[prefix + entry.name] = (try? tree.fileSystem.readFile(path)) ?? Array("<\(entry.status.kind)>".utf8)
                }
            }
        }
        walk(tree.path(relative), "")
        return files
    }

    @Test(arguments: FileSystemFixture.all, Step.allCases)
    func aBuildStoppedAtAnyCallLeavesAWholeOutput(_ fixture: FileSystemFixture, _ step: Step) throws {
        // The step run to its end shows the previous and the new output, and how many calls it makes.
        let reference = try fixture.make()
        defer { reference.remove() }
        try step.prepare(reference)
        let previous = Self.files(reference, under: "site/output")
        let counting = FaultyFileSystem(reference.fileSystem)
        #expect(SiteBuilder(fileSystem: counting).build(Self.options(reference)).succeeded)
        let new = Self.files(reference, under: "site/output")
        let calls = counting.calls
        #expect(calls > 20 && new != previous && new.count > 5)

        for stop in 1...calls {
            let tree = try fixture.make()
            defer { tree.remove() }
            try step.prepare(tree)
            let stopped = SiteBuilder(fileSystem: FaultyFileSystem(tree.fileSystem, failFromCall: stop)).build(Self.options(tree))
            let left = Self.files(tree, under: "site/output")
            #expect(left == previous || left == new, "stopped at call \(stop) of \(calls): a mixed output")
            #expect(!stopped.succeeded || left == new, "a build that says it succeeded left its output")

            let next = SiteBuilder(fileSystem: tree.fileSystem).build(Self.options(tree))
            #expect(next.succeeded, "after a stop at call \(stop): \(next.diagnostics.map { $0.path + ": " + $0.message })")
            #expect(Self.files(tree, under: "site/output") == new, "after a stop at call \(stop), the next build is a clean build's")
            let leftovers = (try? tree.fileSystem.entries(in: tree.path("site")))?.map(\.name).filter {
                $0.contains("sitegen-") && ![".output.sitegen-staging", ".output.sitegen-lock", ".sitegen-cache"].contains($0)
            }
            #expect(leftovers == [], "after a stop at call \(stop)")
            let temporaries = Self.files(tree, under: "site/.output.sitegen-staging").keys.filter { $0.contains("sitegen-temporary") }
            #expect(temporaries.isEmpty, "after a stop at call \(stop)")
        }
    }
}

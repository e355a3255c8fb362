import Foundation
import Testing
@testable import Markdown

/// Every example of the GFM specification and of cmark-gfm's extension tests renders as
/// `cmark-gfm` with its five extensions renders it, after the normalisations docs/markdown.md lists.
@Suite struct GFMConformanceTests {
    @Test func theSpecificationsAndTheOracleAreHere() {
        #expect(SpecExample.gfm.count >= 670, "no spec.txt in \(SpecExample.gfmDirectory.path)")
        #expect(SpecExample.extensions.count >= 25, "no extensions.txt in \(SpecExample.gfmDirectory.path)")
        #expect(FileManager.default.isExecutableFile(atPath: Oracle.cmarkGFMPath), "install Debian's cmark-gfm (make test does)")
    }

    @Test(arguments: SpecExample.gfm + SpecExample.extensions)
    func rendersLikeCmarkGFM(_ example: SpecExample) throws {
        let (rendered, expected) = try Oracle.renderings(of: example.markdown)
        #expect(rendered == expected)
    }
}

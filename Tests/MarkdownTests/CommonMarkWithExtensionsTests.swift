import Foundation
import Testing
@testable import Markdown

/// GitHub's extensions change a CommonMark example only where GitHub's own renderer changes it too.
@Suite struct CommonMarkWithExtensionsTests {
    @Test func theSpecificationIsHere() {
        #expect(SpecExample.commonMark.count >= 600, "no spec.txt in \(SpecExample.commonMarkDirectory.path)")
    }

    @Test(arguments: SpecExample.commonMark)
    func differsFromCmarkOnlyWhereCmarkGFMDoes(_ example: SpecExample) throws {
        let cmark = try Oracle.cmark(example.markdown)
        let rendered = Oracle.withoutAdditions(Markdown.render(example.markdown).html)
        if rendered != cmark {
            #expect(Oracle.normalized(try Oracle.cmarkGFM(example.markdown)) != cmark, "cmark-gfm renders it as cmark does")
        }
    }
}

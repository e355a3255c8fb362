import SitegenTestSupport
import Foundation
import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import Markdown

/// With GitHub's extensions off, a page's body renders exactly as Debian's `cmark` command renders
/// it: checked on every example of the CommonMark specification.
@Suite struct CommonMarkFidelityTests {
    @Test func theSpecificationAndTheCmarkCommandAreHere() {
        #expect(CommonMarkExample.all.count >= 600, "no spec.txt in \(CommonMarkExample.directory.path)")
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/cmark"), "install Debian's cmark (make test does)")
    }

    @Test(arguments: CommonMarkExample.all)
    func rendersLikeCmark(_ example: CommonMarkExample) throws {
        let expected = try cmarkCommand(example.markdown)
        #expect(Markdown.render(example.markdown, options: MarkdownOptions(extensions: .none)).html == expected)
    }

    /// The same examples as pages of a site: the page stage keeps cmark's bytes, but for the ids
    /// it gives headings; a link to a `#fragment` the page lacks is an error there.
    @Test(arguments: CommonMarkExample.all.filter { !$0.markdown.hasPrefix("---") && !$0.markdown.contains("![") })
    func pagesRenderLikeCmark(_ example: CommonMarkExample) throws {
        let fileSystem = MemoryFileSystem(["content/spec/01-example.md": example.markdown])
        let loader = try SiteLoader.open(fileSystem: fileSystem, siteDirectory: ".").get()
        let parser = PageParser(resolver: ImageResolver(loader: loader), markdown: MarkdownOptions(extensions: .none))
        let flow = FlowSources(slug: "spec", directory: "content/spec", index: nil, pages: [])
        let page = PageFile(file: SourceFile(path: "content/spec/01-example.md", text: example.markdown), name: "01-example.md")
        var images = ResolvedImages()
        let (read, frontMatterProblems) = parser.readFrontMatter(page)
        var parsed = try #require(read)
        let directory = PageDirectory(flows: ["spec": .init(ids: ["01-example.md": parsed.id], firstID: parsed.id)])
        let (diagnostics, _) = parser.render(
            &parsed, in: flow, images: &images, links: PageLinkResolver(directory: directory, flow: "spec", pageID: parsed.id))
        #expect(!frontMatterProblems.hasErrors)
        let errors = diagnostics.filter(\.isError)
        if !errors.isEmpty {
            // `[](./target.md)` and `[link](#fragment)` point to pages and headings this page lacks.
            #expect(errors.allSatisfy { $0.message.hasPrefix("link '") && $0.message.contains("finds no") }, "\(errors)")
            return
        }
        let withoutIDs = parsed.html.replacing(#/<h([1-6]) id="example--[^"]*">/#) { "<h\($0.output.1)>" }
        #expect(withoutIDs == (try cmarkCommand(example.markdown)))
    }

    @Test(arguments: [
        (MarkdownOptions(smart: true, extensions: .none), ["--smart"]),
        (MarkdownOptions(hardBreaks: true, extensions: .none), ["--hardbreaks"]),
        (MarkdownOptions(unsafe: true, extensions: .none), ["--unsafe"]),
    ])
    func optInOptionsMatchTheCommandsFlags(_ options: MarkdownOptions, _ flags: [String]) throws {
        let markdown = "\"Quoted\" -- text...\nnext line <b>raw</b>\n\n<div>block</div>\n\n[x](javascript:alert(1))\n"
        #expect(Markdown.render(markdown, options: options).html == (try cmarkCommand(markdown, arguments: flags)))
    }
}

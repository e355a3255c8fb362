import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import Mustache

/// What the specification does not cover: errors with positions, recording names the data lacks,
/// runaway recursion, and the choices sitegen makes where the specification is silent.
@Suite struct MustacheEngineTests {
    private func library(_ templates: [String: String]) throws -> MustacheLibrary {
        MustacheLibrary(try templates.mapValues { try MustacheTemplate.parse($0, path: "templates/\($0.count).mustache").get() })
    }

    @Test(arguments: [
        ("<ul>\n{{#pages}}\n  <li>{{title}}</li>\n", "section 'pages' opened here is never closed", 2, 1),
        ("{{#a}}{{#b}}x{{/a}}{{/b}}", "'{{/a}}' does not close 'b', opened at 1:7", 1, 14),
        ("text {{/a}}", "'{{/a}}' closes a section that was never opened", 1, 6),
        ("line\n  {{name", "tag opened here is never closed; expected '}}'", 2, 3),
        ("{{{raw}}", "tag opened here is never closed; expected '}}}'", 1, 1),
        ("{{=<% %>}}", "a delimiter change is written {{=<% %>=}}", 1, 1),
        ("{{= a b c =}}", "a delimiter change needs two delimiters without '=' or spaces, such as {{=<% %>=}}", 1, 1),
        ("{{}}", "tag has no name", 1, 1),
        ("é{{#a b}}", "'a b' is not a tag name: names have no spaces", 1, 2),
        ("one\rtwo\r\n{{}}", "tag has no name", 3, 1),
    ])
    func brokenTemplatesAreErrorsWithPositions(_ source: String, _ message: String, _ line: Int, _ column: Int) {
        guard case .failure(let error) = MustacheTemplate.parse(source, path: "templates/page.mustache") else {
            Issue.record("expected an error for \(source)")
            return
        }
        #expect(error.message == message)
        #expect(error.location == MustacheLocation(line: line, column: column))
    }

    @Test func recordsNamesTheDataNeverHas() throws {
        let templates = MustacheLibrary([
            "page": try MustacheTemplate.parse("{{title}} {{titel}}\n{{#items}}{{name}}{{nmae}}{{/items}}{{>missing}}", path: "templates/page.mustache").get()
        ])
        let (output, lookups) = try templates.renderRecordingMisses("page", ["title": "T", "items": [["name": "a"], ["name": "b"]]])
        #expect(output == Array("T \nab".utf8))
        #expect(lookups.neverFound.map(\.name) == ["titel", "nmae"])
        #expect(lookups.neverFound.map(\.location) == [MustacheLocation(line: 1, column: 11), MustacheLocation(line: 2, column: 19)])
        #expect(lookups.missingTemplates.map(\.name) == ["missing"])
    }

    @Test func aNameFoundInSomeRendersIsNotReported() throws {
        let templates = MustacheLibrary(["t": try MustacheTemplate.parse("{{#items}}{{note}}{{/items}}", path: "t").get()])
        var all = MustacheLookups()
        for data: MustacheValue in [["items": [["note": "x"]]], ["items": [[:]]]] {
            all.merge(try templates.renderRecordingMisses("t", data).1)
        }
        #expect(all.neverFound.isEmpty)
    }

    /// A partial or parent that expands into itself with no data to end it is an error at the
    /// tag that went too deep, not a page silently cut short; recursion the data ends renders.
    @Test func runawayRecursionIsAnErrorAtTheTag() throws {
        let templates = MustacheLibrary([
            "page": try MustacheTemplate.parse("<p>\n{{>page}}{{>page}}\n", path: "templates/page.mustache").get(),
            "layout": try MustacheTemplate.parse("{{<layout}}{{/layout}}", path: "templates/layout.mustache").get(),
            "node": try MustacheTemplate.parse("{{name}}({{#kids}}{{>node}}{{/kids}})", path: "templates/node.mustache").get(),
        ])
        let partial = #expect(throws: MustacheRenderError.self) { try templates.render("page", [:]) }
        #expect(partial?.message == "partial 'page' includes itself more than 100 levels deep")
        #expect(partial?.path == "templates/page.mustache")
        #expect(partial?.location == MustacheLocation(line: 2, column: 1))
        let parent = #expect(throws: MustacheRenderError.self) { try templates.render("layout", [:]) }
        #expect(parent?.message == "parent 'layout' extends itself more than 100 levels deep")
        #expect(parent?.location == MustacheLocation(line: 1, column: 1))
        let tree: MustacheValue = ["name": "a", "kids": [["name": "b", "kids": [["name": "c", "kids": []]]], ["name": "d", "kids": []]]]
        #expect(try templates.render("node", tree) == "a(b(c())d())")
    }

    @Test func emptyStringsAreFalseyAndNumbersPrintPlainly() throws {
        let templates = try library(["t": "{{#s}}S{{/s}}{{^s}}none{{/s}} {{n}} {{d}} {{big}}"])
        #expect(try templates.render("t", ["s": "", "n": 3, "d": .double(2.5), "big": .double(3)]) == "none 3 2.5 3")
    }

    @Test func indentationNeverReachesInterpolatedData() throws {
        let templates = try library(["outer": "<div>\n  {{>inner}}\n</div>\n", "inner": "<pre>{{{code}}}</pre>\n"])
        #expect(try templates.render("outer", ["code": "a\nb"]) == "<div>\n  <pre>a\nb</pre>\n</div>\n")
    }

    @Test func aLayoutWithBlocksServesManyPages() throws {
        let templates = try library([
            "layout": "<title>{{$title}}Site{{/title}}</title>\n<main>\n{{$body}}{{/body}}\n</main>\n",
            "page": "{{<layout}}\n{{$title}}{{name}} · Site{{/title}}\n{{$body}}\n<h1>{{name}}</h1>\n{{/body}}\n{{/layout}}\n",
        ])
        #expect(try templates.render("page", ["name": "A & B"]) == "<title>A &amp; B · Site</title>\n<main>\n<h1>A &amp; B</h1>\n</main>\n")
        #expect(try templates.render("layout", [:]) == "<title>Site</title>\n<main>\n</main>\n", "an empty standalone slot leaves no blank line")
    }
}

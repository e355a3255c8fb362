import Foundation
import Testing
@testable import SitegenCore
@testable import Mustache

/// The engine against every test of the official Mustache specification.
@Suite struct MustacheSpecTests {
    @Test func theSpecificationIsHere() {
        #expect(MustacheSpecCase.all.count == 163, "expected the 163 tests of \(MustacheSpecCase.directory.path)")
    }

    @Test(arguments: MustacheSpecCase.all)
    func conforms(_ test: MustacheSpecCase) throws {
        var templates: [String: MustacheTemplate] = [:]
        let main = "\u{0}template"
        templates[main] = try MustacheTemplate.parse(test.template, path: "template").get()
        for (name, source) in test.partials ?? [:] {
            templates[name] = try MustacheTemplate.parse(source, path: name).get()
        }
        #expect(try MustacheLibrary(templates).render(main, test.data) == test.expected)
    }
}

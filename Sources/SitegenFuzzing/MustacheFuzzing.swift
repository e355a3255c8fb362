import Mustache
import SitegenCore

/// A template and a partial, parsed and rendered against data of every kind.
enum MustacheFuzzing {
    static let data: MustacheValue = [
        "title": .string("A <b>title</b> & more"), "count": .int(3), "ratio": .double(0.5), "on": .bool(true),
        "off": .bool(false), "none": .null,
        "list": .array([.string("a"), ["name": .string("b"), "list": .array([.int(1), .int(2)])], .null]),
        "object": ["name": .string("nested"), "object": ["name": .string("deeper")]],
    ]

    static func run(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let template = String(decoding: parts.first ?? [], as: UTF8.self)
        let partial = String(decoding: parts.count > 1 ? parts[1] : [], as: UTF8.self)
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in [("main", template), ("partial", partial), ("list", partial)] {
            if case .success(let parsed) = MustacheTemplate.parse(source, path: name) { templates[name] = parsed }
        }
        _ = try? MustacheLibrary(templates).render("main", data)
    }
}

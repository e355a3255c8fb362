import Foundation
import Testing
@testable import SitegenCore
@testable import Mustache

/// One test of the official Mustache specification.
struct MustacheSpecCase: Decodable, Sendable, CustomTestStringConvertible {
    var file = ""
    var name: String
    var data: MustacheValue
    var template: String
    var partials: [String: String]?
    var expected: String

    var testDescription: String { "\(file): \(name)" }

    enum CodingKeys: String, CodingKey { case name, data, template, partials, expected }

    static let directory = Repository.root.appendingPathComponent("Tests/Specifications/mustache")

    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]

    static let all: [MustacheSpecCase] = files.flatMap { file -> [MustacheSpecCase] in
        struct SpecFile: Decodable { var tests: [MustacheSpecCase] }
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("\(file).json")),
            let spec = try? JSONDecoder().decode(SpecFile.self, from: data)
        else { return [] }
        return spec.tests.map { var test = $0; test.file = file; return test }
    }
}

extension MustacheValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MustacheValue].self) {
            self = .array(value)
        } else {
            self = .object(MustacheObject(try container.decode([String: MustacheValue].self)))
        }
    }
}

import Foundation
import Testing
@testable import SitegenCore
import OnboardingKit

/// The README stays an introduction, and no link in it or in docs/ points at a file or heading
/// that is not there.
@Suite struct DocumentationTests {
    static let files = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: Repository.root.path + "/docs")) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    @Test func theReadmeIsAnIntroduction() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
        #expect(Self.files.count > 8, "the reference lives in docs/")
    }

    /// The reference's tables of page and flow keys are generated from their declarations.
    @Test(.serialized, arguments: [("page", PageFrontMatter.referenceTable), ("flow", FlowFrontMatter.referenceTable)])
    func theTablesOfKeysAreTheDeclarations(_ kind: String, _ table: String) throws {
        let url = Repository.root.appendingPathComponent("docs/writing.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- begin: generated from the \(kind) keys' declarations; UPDATE_DOCS=1 swift test --filter DocumentationTests -->\n"
        let start = try #require(text.range(of: begin))
        let stop = try #require(text.range(of: "<!-- end: generated -->\n", range: start.upperBound..<text.endIndex))
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: table)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == table, "run UPDATE_DOCS=1 swift test --filter DocumentationTests")
    }

    /// The table of the theme's files in docs/themes.md names every file of the default theme.
    @Test func theThemesFilesAreAllDescribed() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/themes.md"), encoding: .utf8)
        let described = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
                row.split(separator: "|")[0].matches(of: #/`([^`]+)`/#).map { String($0.output.1) }
            })
        let missing = Set(Theme.default.files.keys).subtracting(described)
        #expect(missing.isEmpty, "docs/themes.md does not describe \(missing.sorted())")
    }

    /// Each page and flow setting is declared once for front matter and once in the manifest, under one key.
    @Test func everySettingIsReadFromFrontMatter() {
        #expect(PageSettingField.all.map(\.key).sorted() == PageSettings.fields.map(\.key).sorted())
        #expect(FlowSettingField.all.map(\.key).sorted() == FlowSettings.fields.map(\.key).sorted())
    }

    @Test(arguments: files)
    func everyLinkLeadsSomewhere(_ file: String) throws {
        let text = Self.prose(try String(contentsOf: Repository.root.appendingPathComponent(file), encoding: .utf8))
        let folder = (file as NSString).deletingLastPathComponent
        for match in text.matches(of: #/\]\((?<target>[^)\s]+)\)/#) {
            let target = String(match.output.target)
            guard !target.contains("://"), !target.hasPrefix("mailto:"), !target.hasPrefix("<") else { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].isEmpty ? file : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            let url = Repository.root.appendingPathComponent(path)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(file) links \(target), which is not there")
            guard parts.count == 2, path.hasSuffix(".md"), let linked = try? String(contentsOf: url, encoding: .utf8) else { continue }
            #expect(Self.anchors(in: linked).contains(parts[1]), "\(file) links \(target), a heading \(path) does not have")
        }
    }

    /// The text outside code: fenced blocks and code spans show links as examples.
    static func prose(_ markdown: String) -> String {
        var inFence = false
        var lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence { lines.append(String(line)) }
        }
        return lines.joined(separator: "\n").replacing(#/``[^\n]*?``/#, with: "").replacing(#/`[^`\n]*`/#, with: "")
    }

    /// GitHub's anchors of a Markdown file's headings: lower case, spaces as '-', punctuation gone.
    static func anchors(in markdown: String) -> Set<String> {
        var inFence = false
        var anchors: Set<String> = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            anchors.insert(String(title.compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil }))
        }
        return anchors
    }
}

import SitegenTestSupport
import Testing
@testable import SitegenCore
@testable import Diagnostics
@testable import FrontMatter
@testable import Markdown

@Suite struct FrontMatterTests {
    private func file(_ text: String) -> SourceFile { SourceFile(path: "content/f/01-a.md", text: text) }

    @Test func aFileWithoutFrontMatterIsAllBody() throws {
        let result = try FrontMatter.parse(file("# Hi\n")).get()
        #expect(result.fields == nil)
        #expect(result.body == "# Hi\n")
        #expect(result.bodyStartLine == 1)
    }

    @Test func splitsAtTheDashLinesAndLocatesTheBody() throws {
        let result = try FrontMatter.parse(file("---\ntitle: Hello\nid: x\n---\n# Body\n")).get()
        #expect(result.body == "# Body\n")
        #expect(result.bodyStartLine == 5)
        guard case .mapping(let pairs)? = result.fields?.kind else {
            Issue.record("no mapping")
            return
        }
        #expect(pairs.first?.value.scalarText == "Hello")
        #expect(pairs.first?.key.location == SourceLocation(line: 2, column: 1), "positions count the opening line")
    }

    @Test func acceptsWindowsLineEndsAndTheDotsTerminator() throws {
        let crlf = try FrontMatter.parse(file("---\r\ntitle: A\r\n---\r\nBody\r\n")).get()
        #expect(crlf.body == "Body\r\n")
        #expect(crlf.fields != nil)
        let dots = try FrontMatter.parse(file("---\ntitle: A\n...\nBody\n")).get()
        #expect(dots.body == "Body\n")
    }

    @Test func emptyFrontMatterHasNoFields() throws {
        let result = try FrontMatter.parse(file("---\n---\nBody\n")).get()
        #expect(result.fields == nil)
        #expect(result.body == "Body\n")
    }

    @Test func anUnclosedBlockIsAnError() {
        guard case .failure(let diagnostic) = FrontMatter.parse(file("---\ntitle: A\n# Body\n")) else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.message == "front matter opened here is never closed; end it with a line of three dashes (---)")
        #expect(diagnostic.location == SourceLocation(line: 1, column: 1))
    }

    @Test func malformedYAMLIsAnErrorAtItsFileLine() {
        guard case .failure(let diagnostic) = FrontMatter.parse(file("---\ntitle: A\nimage: [x\n---\n")) else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.message == "invalid YAML in front matter: did not find expected ',' or ']' while parsing a flow sequence that starts here (found at line 4, column 1)")
        #expect(diagnostic.location == SourceLocation(line: 3, column: 8))
        #expect(diagnostic.path == "content/f/01-a.md")
    }

    @Test func aControlCharacterIsAnErrorAtItsFilePosition() {
        guard case .failure(let diagnostic) = FrontMatter.parse(file("---\ntitle: A\u{1}\n---\n")) else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.message == "invalid YAML in front matter: control characters are not allowed")
        #expect(diagnostic.location == SourceLocation(line: 2, column: 9))
    }

    @Test func frontMatterMustBeAMapping() {
        guard case .failure(let diagnostic) = FrontMatter.parse(file("---\n- a\n- b\n---\n")) else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.message == "front matter must be a mapping of keys to values, not a list")
        #expect(diagnostic.location == SourceLocation(line: 2, column: 1))
    }

    /// Markdown reads it as a thematic break and a setext heading; the author must hear of it.
    @Test func frontMatterAfterBlankLinesIsAWarningAtItsFence() throws {
        let result = try FrontMatter.parse(file("\n  \n---\ntitle: A\n---\n# Body\n")).get()
        #expect(result.fields == nil)
        #expect(result.body == "\n  \n---\ntitle: A\n---\n# Body\n", "it stays Markdown")
        #expect(result.warnings.map(\.message) == [
            "front matter must start on the first line; remove the 2 blank lines above it, or this block is read as Markdown"
        ])
        #expect(result.warnings.first?.location == SourceLocation(line: 3, column: 1))
        #expect(result.warnings.first?.isError == false)
    }

    /// Hugo's TOML front matter would be a paragraph of the page; the author must hear of it.
    @Test func tomlFrontMatterIsAWarning() throws {
        let result = try FrontMatter.parse(file("+++\ntitle = \"A\"\n+++\n# Body\n")).get()
        #expect(result.fields == nil)
        #expect(result.warnings.map(\.message) == [
            "TOML front matter (between +++ lines) is not read, so this block is shown as text; write it as YAML between lines of three dashes (---)"
        ])
        #expect(result.warnings.first?.location == SourceLocation(line: 1, column: 1))
        #expect(try FrontMatter.parse(file("+++\nNot closed, just a line.\n")).get().warnings.isEmpty)
        #expect(try FrontMatter.parse(file("# A\n\n+++\nx\n+++\n")).get().warnings.isEmpty, "not at the top")
    }

    /// A blank title would label indicators "Page 2: " and the flow with nothing.
    @Test func aBlankTitleIsAnErrorAtItsValue() {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "title: ''\n", "content/tour/_index.md": "---\ntitle: '   '\n---\n",
            "content/tour/01-a.md": "---\ntitle: \"\"\n---\n# Real heading\n", "content/tour/02-b.md": "---\ntitle: \"\\t\"\n---\n# B\n", "content/tour/03-c.md": "---\ntitle: \"\\u200B\"\n---\n# C\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        let errors = result.diagnostics.filter(\.isError).map { "\($0.path):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
        let message = "'title' is blank; write one, or leave the key out for the default"
        #expect(errors == [
            "content/tour/01-a.md:2:8: \(message)", "content/tour/02-b.md:2:8: \(message)", "content/tour/03-c.md:2:8: \(message)",
            "content/tour/_index.md:2:8: \(message)", "sitegen.yml:1:8: \(message)",
        ])
    }

    /// A title or label is one line: a block scalar's line breaks become spaces, and whitespace
    /// of any script around the text does not reach the page or the manifest.
    @Test func aBlockScalarTitleIsOneLine() throws {
        let fileSystem = MemoryFileSystem([
            "content/tour/_index.md": "---\ntitle: |\n  Welcome ♿\n   to  the app\u{3000}\n\nskip: \"\\u00A0 Later\\u3000\"\n---\n",
            "content/tour/01-a.md": "---\ntitle: >\n  Check *accessibility*\naction: {label: \" Go\\n\", href: \"#a\"}\n---\n# A\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).check(BuildOptions())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let flow = try #require(result.site?.flows.first)
        #expect(flow.title == "Welcome ♿ to  the app")
        #expect(flow.settings.skip.label == "Later")
        #expect(flow.pages.first?.title == "Check *accessibility*")
        #expect(flow.pages.first?.settings.action?.label == "Go")
    }

    /// A blank label would make a link with no name for a screen reader to say: Skip, the finish
    /// button and a page's action, in any of their shapes, in a source or a translation (of a
    /// flow whose source is sound: a flow with errors is not translated).
    @Test func aBlankLabelIsAnErrorAtItsValue() {
        let fileSystem = MemoryFileSystem([
            "sitegen.yml": "title: T\nlocales: [en, ko]\n",
            "content/tour/_index.md": "---\nskip: {label: ''}\nfinish: {label: ' ', href: ../}\n---\n",
            "content/help/_index.md": "---\nskip: \"\\t\"\nfinish: \"\\u200B\"\n---\n",
            "content/tour/01-a.md": "---\naction: {label: '', href: '#b'}\n---\n# A\n", "content/more/01-b.md": "---\naction: {label: Go, href: '#b'}\n---\n# B\n",
            "content/more/01-b.ko.md": "---\naction:\n  label: '  '\n---\n# 나\n", "content/help/01-h.md": "# H\n",
        ])
        let result = SiteBuilder(fileSystem: fileSystem).build(BuildOptions())
        let errors = result.diagnostics.filter(\.isError).map { "\($0.path):\($0.location?.line ?? 0): \($0.message)" }
        for (key, place) in [
            ("label", "content/tour/_index.md:2"), ("label", "content/tour/_index.md:3"), ("skip", "content/help/_index.md:2"),
            ("finish", "content/help/_index.md:3"),
        ] {
            #expect(errors.contains("\(place): '\(key)' is blank; write one, or leave the key out for the default"), "\(place): \(errors)")
        }
        // An action's label has no default to fall back on.
        for place in ["content/tour/01-a.md:2", "content/more/01-b.ko.md:3"] {
            #expect(errors.contains("\(place): 'label' is blank; write one"), "\(place): \(errors)")
        }
    }

    @Test func rulesAfterBlankLinesAreNotMistakenForFrontMatter() throws {
        #expect(try FrontMatter.parse(file("\n---\n\nText\n\n---\n")).get().warnings.isEmpty)
        #expect(try FrontMatter.parse(file("\n---\nText: more\n")).get().warnings.isEmpty, "never closed")
        #expect(try FrontMatter.parse(file("# Title\n\n---\ntitle: A\n---\n")).get().warnings.isEmpty, "not at the top")
    }

    /// Old Mac files end lines with a lone CR, which cmark and libyaml accept too.
    @Test func carriageReturnLineEndsWorkLikeLineFeeds() throws {
        let result = try FrontMatter.parse(file("---\rtitle: A\rid: b\r---\r# Body\r")).get()
        #expect(result.body == "# Body\r")
        #expect(result.bodyStartLine == 5)
        guard case .mapping(let pairs)? = result.fields?.kind else {
            Issue.record("no mapping")
            return
        }
        #expect(pairs.map(\.value.scalarText) == ["A", "b"])
        #expect(pairs.last?.key.location == SourceLocation(line: 3, column: 1))
        let broken = FrontMatter.parse(file("---\rtitle: A\rimage: [x\r---\r"))
        guard case .failure(let diagnostic) = broken else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.location == SourceLocation(line: 3, column: 8))
        #expect(diagnostic.sourceLine == "image: [x")
        #expect(diagnostic.message.hasSuffix("(found at line 4, column 1)"))
    }
}

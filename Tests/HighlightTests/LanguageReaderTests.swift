import Foundation
import Testing

@testable import Highlight

/// The `.lang` reader and the engine, one construct at a time, on definitions written here; each
/// expectation is checked against GtkSourceView too.
@Suite(.serialized) struct LanguageReaderTests {
    func check(_ definitions: String, styles: String = "", options: String = "", _ code: String, _ expected: [String]) async throws {
        let folder = try LanguageFolder(["test.lang": LanguageFolder.language(styles: styles, options: options, definitions: definitions)])
        defer { folder.remove() }
        let actual = try folder.runs(code)
        #expect(actual == expected)
        let gtk = try await folder.oracleRuns(code)
        #expect(gtk == expected, "GtkSourceView")
    }

    static func root(_ body: String) -> String {
        "<context id=\"test\"><include>\(body)</include></context>"
    }

    @Test func simpleMatchAndKeywords() async throws {
        try await check(
            Self.root("""
                <context id="number" style-ref="def:decimal"><match>[0-9]+</match></context>
                <context id="keywords" style-ref="keyword"><keyword>if</keyword><keyword>else</keyword></context>
                """), "if x1 else 42", ["keyword:if", " x", "decimal:1", " ", "keyword:else", " ", "decimal:42"])
    }

    @Test func keywordPrefixAndSuffix() async throws {
        try await check(
            Self.root("""
                <context id="directives" style-ref="keyword"><prefix>^#</prefix><suffix>\\b</suffix>
                <keyword>if</keyword><keyword>end</keyword></context>
                """), "#if a\n #end", ["keyword:#if", " a\n #end"])
    }

    @Test func defineRegexReferencesAndWordBoundaries() async throws {
        try await check(
            """
            <define-regex id="identifier">[a-z]+</define-regex>
            <define-regex id="call" extended="true">\\%{identifier} \\( # a call
            </define-regex>
            """ + Self.root("""
                <context id="call" style-ref="keyword"><match>\\%{call}</match></context>
                <context id="word" style-ref="type"><match>\\%[x\\%]</match></context>
                """), "f( axb x", ["keyword:f(", " axb ", "type:x"])
    }

    @Test func containersEndAtLineEndAndNest() async throws {
        try await check(
            Self.root("""
                <context id="string" style-ref="string"><start>"</start><end>"</end>
                  <include><context id="escape" style-ref="def:special-char"><match>\\\\.</match></context></include>
                </context>
                <context id="line-comment" style-ref="comment" end-at-line-end="true"><start>//</start></context>
                """), "\"a\\\"b\" // c \"d\nx", ["string:\"a", "special-char:\\\"", "string:b\"", " ", "comment:// c \"d", "\nx"])
    }

    @Test func extendParentFalseLetsTheParentEnd() async throws {
        try await check(
            Self.root("""
                <context id="paren" style-ref="type"><start>\\(</start><end>\\)</end>
                  <include><context id="inner" style-ref="string" extend-parent="false"><start>'</start><end>'</end></context></include>
                </context>
                """), "('a) b", ["type:(", "string:'a", "type:)", " b"])
    }

    @Test func endParentClosesTheContainer() async throws {
        try await check(
            Self.root("""
                <context id="block" style-ref="type"><start>\\[</start><end>\\]</end>
                  <include><context id="bang" style-ref="keyword" end-parent="true"><match>!</match></context></include>
                </context>
                """), "[a!b]", ["type:[a", "keyword:!", "b]"])
    }

    @Test func firstLineOnlyAndOnceOnly() async throws {
        try await check(
            Self.root("""
                <context id="shebang" style-ref="comment" first-line-only="true"><match>^#!.*</match></context>
                <context id="header" style-ref="keyword" once-only="true"><match>@</match></context>
                """), "#!x\n#!y @ @", ["comment:#!x", "\n#!y ", "keyword:@", " @"])
    }

    @Test func startReferencesInTheEnd() async throws {
        try await check(
            Self.root("""
                <context id="heredoc" style-ref="string"><start>&lt;&lt;(?P&lt;tag&gt;[A-Z]+)</start><end>^\\%{tag@start}$</end></context>
                <context id="raw" style-ref="type"><start>r(#+)"</start><end>"\\%{1@start}</end></context>
                """), "<<EOF\nEND\nEOF\nr##\"a\"#b\"## c",
            ["string:<<EOF\nEND\nEOF", "\n", "type:r##\"a\"#b\"##", " c"])
    }

    @Test func subPatternsAndStyleInside() async throws {
        try await check(
            Self.root("""
                <context id="assign"><match>(?P&lt;name&gt;[a-z]+)=([0-9]+)</match>
                  <include><context sub-pattern="name" style-ref="type"/><context sub-pattern="2" style-ref="def:decimal"/></include>
                </context>
                <context id="tag" style-ref="keyword" style-inside="true"><start>&lt;(b)&gt;</start><end>&lt;/b&gt;</end>
                  <include><context sub-pattern="1" where="start" style-ref="string"/></include>
                </context>
                """), "ab=12 <b>x</b>", ["type:ab", "=", "decimal:12", " <", "string:b", ">", "keyword:x", "</b>"])
    }

    @Test func caseInsensitiveAndExtendedOptions() async throws {
        try await check(
            Self.root("""
                    <context id="select" style-ref="keyword"><keyword>select</keyword></context>
                    <context id="word" style-ref="type"><match extended="true" case-sensitive="true"> W  # only capital
                    </match></context>
                    """), options: "<default-regex-options case-sensitive=\"false\"/>", "SELECT w W", ["keyword:SELECT", " w ", "type:W"])
    }

    @Test func styleChainsEndAtADefStyleOrNone() async throws {
        try await check(
            Self.root("""
                <context id="a" style-ref="alias"><match>a</match></context>
                <context id="b" style-ref="plain"><match>b</match></context>
                """), styles: "<style id=\"alias\" name=\"Alias\" map-to=\"test:keyword\"/>", "a b", ["keyword:a", " b"])
    }

    @Test func referencesAcrossLanguagesWithOverridesAndIgnoredStyles() async throws {
        let other = LanguageFolder.language(
            "other", definitions: """
                <context id="quoted" style-ref="string"><start>'</start><end>'</end>
                  <include><context id="esc" style-ref="keyword"><match>\\\\.</match></context></include>
                </context>
                <context id="other"><include><context ref="quoted"/></include></context>
                """)
        let main = LanguageFolder.language(
            definitions: Self.root("""
                <context ref="other:quoted" style-ref="type"/>
                <context ignore-style="true" ref="other:esc"/>
                """))
        let folder = try LanguageFolder(["other.lang": other, "test.lang": main])
        defer { folder.remove() }
        let expected = ["type:'a", "keyword:\\b", "type:'", " \\c"]
        let actual = try folder.runs("'a\\b' \\c")
        #expect(actual == expected)
        let gtk = try await folder.oracleRuns("'a\\b' \\c")
        #expect(gtk == expected, "GtkSourceView")
    }

    /// As GtkSourceView does (checked with it): ignore-style drops the context's style, not its sub-patterns'.
    @Test func ignoreStyleKeepsSubPatternStyles() async throws {
        try await check(
            """
            <context id="assign" style-ref="keyword"><match>([a-z]+)=([0-9]+)</match>
              <include><context sub-pattern="1" style-ref="type"/></include>
            </context>
            """ + Self.root("<context ref=\"assign\" ignore-style=\"true\"/>"), "ab=12 x", ["type:ab", "=12 x"])
    }

    @Test func replaceAndOriginal() async throws {
        try await check(
            """
            <replace id="test:word" ref="loud"/>
            <context id="loud" style-ref="keyword"><match>[a-z]+</match></context>
            <context id="word" style-ref="type"><match>[a-z]+</match></context>
            """ + Self.root("<context ref=\"word\"/><context ref=\"word\" original=\"true\"/>"), "ab", ["keyword:ab"])
    }

    @Test func languagesByIDAliasAndGlob() throws {
        let folder = try LanguageFolder([
            "test.lang": LanguageFolder.language(definitions: Self.root("")),
            "yaml.lang": LanguageFolder.language("yaml", definitions: "<context id=\"yaml\"/>", globs: "*.yml;*.yaml"),
        ])
        defer { folder.remove() }
        let library = folder.highlighter.library
        #expect(library.languageID(for: "test") == "test")
        #expect(library.languageID(for: "yml") == "yaml")
        #expect(library.languageID(for: "config.yaml") == "yaml")
        #expect(library.languageID(for: "text") == nil)
        #expect(library.languageID(for: "cobol") == nil)
        #expect(folder.highlighter.highlight("x", language: "cobol") == .failure(.unknownLanguage("cobol")))
    }

    @Test func systemAliases() {
        let library = LanguageLibrary()
        for (alias, id) in [("js", "js"), ("ts", "typescript"), ("sh", "sh"), ("shell", "sh"), ("console", "sh"), ("objc", "objc"),
            ("yml", "yaml"), ("py", "python3"), ("rb", "ruby"), ("kt", "kotlin"), ("swift", "swift"), ("Makefile", "makefile")]
        {
            #expect(library.languageID(for: alias) == id, "\(alias)")
        }
    }
}

import Foundation

@testable import Highlight

/// A temporary folder of `.lang` files written by a test, with a small `def.lang` of its own,
/// and a highlighter over it.
struct LanguageFolder {
    let url: URL
    let highlighter: Highlighter

    static let defLang = """
        <?xml version="1.0" encoding="UTF-8"?>
        <language id="def" name="Defaults" version="2.0" hidden="true">
          <styles>
            <style id="comment" name="Comment"/>
            <style id="string" name="String"/>
            <style id="keyword" name="Keyword"/>
            <style id="type" name="Type"/>
            <style id="number" name="Number"/>
            <style id="decimal" name="Decimal" map-to="def:number"/>
            <style id="preprocessor" name="Preprocessor"/>
            <style id="special-char" name="Special"/>
          </styles>
          <definitions>
            <context id="def"/>
          </definitions>
        </language>
        """

    /// Writes `files` (name → text) beside `def.lang`.
    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-lang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Self.defLang.write(to: url.appendingPathComponent("def.lang"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        highlighter = Highlighter(library: LanguageLibrary(searchPaths: [url]))
    }

    /// A language `test` with these styles and definitions (the root context is `test`).
    /// `options` goes between the styles and the definitions, where the schema puts
    /// `<default-regex-options>` and `<keyword-char-class>`.
    static func language(
        _ id: String = "test", styles: String = "", options: String = "", definitions: String, globs: String = "*.test"
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <language id="\(id)" name="\(id)" version="2.0" section="Source">
          <metadata><property name="globs">\(globs)</property></metadata>
          <styles>
            <style id="keyword" name="Keyword" map-to="def:keyword"/>
            <style id="string" name="String" map-to="def:string"/>
            <style id="comment" name="Comment" map-to="def:comment"/>
            <style id="type" name="Type" map-to="def:type"/>
            <style id="plain" name="Plain"/>
            \(styles)
          </styles>
          \(options)
          <definitions>
            \(definitions)
          </definitions>
        </language>
        """
    }

    /// The text's characters as "style:text" runs, unstyled runs as their text alone.
    func runs(_ code: String, _ language: String = "test") throws -> [String] {
        try highlighter.highlight(code, language: language).get().map { $0.style.isEmpty ? $0.text : "\($0.style):\($0.text)" }
    }

    /// GtkSourceView's runs of the same text with the same definitions, in the same form.
    func oracleRuns(_ code: String, _ language: String = "test") async throws -> [String] {
        let file = url.appendingPathComponent("code.txt")
        try code.write(to: file, atomically: true, encoding: .utf8)
        let scalars = Array(code.unicodeScalars)
        let styles = try await Oracle.styles([(language, file.path)], searchPath: url)[0]
        var runs: [String] = []
        var start = 0
        while start < styles.count {
            var end = start + 1
            while end < styles.count, styles[end] == styles[start] { end += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<min(end, scalars.count)]))
            runs.append(styles[start].isEmpty ? text : "\(styles[start]):\(text)")
            start = end
        }
        return runs
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

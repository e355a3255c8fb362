import Diagnostics
import Mustache

/// A theme ready to render: every template parsed once, the stylesheet, the scripts, and the
/// string table.
package struct CompiledTheme: Sendable {
    package var templates: MustacheLibrary
    package var stylesheet: String
    /// The carousel's runtime, `sitegen.js`.
    package var script: String
    /// embed.js's loader and dialog, as served, and the rules it adds to the stylesheet.
    package var embedLoader: String
    package var embedDialog: String
    package var embedStylesheet: String
    /// Code blocks' styles and copy buttons, `code.css` and `code.js`.
    package var codeStylesheet = ""
    /// The placeholders of the default theme's English strings: what sitegen fills in each.
    package var defaultStringPlaceholders: [String: Set<String>] = [:]
    package var codeScript = ""
    /// The locale resolver (a function expression), and the language choice that calls it.
    package var localeResolver = ""
    package var localeScript = ""
    /// The site's own stylesheet, `custom.css`, when it has one.
    package var customStylesheet: String?
    package var strings: StringTable

    /// The templates a theme must have, by name.
    static let requiredTemplates = ["index", "flow", "carousel"]
}

extension Theme {
    /// Parses every template and the string table. The site's `strings.yml` adds to the default
    /// theme's rather than replacing it, so a site need only list the strings it changes.
    package func compile() -> (CompiledTheme, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var templates: [String: MustacheTemplate] = [:]
        var unparsed: Set<String> = []
        for (path, file) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(Self.templateExtension) {
            switch MustacheTemplate.parse(file.text, path: file.path) {
            case .success(let template): templates[String(path.dropLast(Self.templateExtension.count))] = template
            case .failure(let error):
                diagnostics.append(Self.diagnostic(for: error, in: file))
                unparsed.insert(String(path.dropLast(Self.templateExtension.count)))
            }
        }
        // A partial the theme does not have renders as nothing; say so at the tag.
        for template in templates.values.sorted(by: { $0.path < $1.path }) {
            for tag in template.templateTags where templates[tag.name] == nil && !unparsed.contains(tag.name) {
                diagnostics.append(warning("the theme has no template '\(tag.name)\(Self.templateExtension)'", at: tag))
            }
        }
        for name in CompiledTheme.requiredTemplates where templates[name] == nil && !diagnostics.hasErrors {
            diagnostics.append(.error("the theme has no '\(name)\(Self.templateExtension)' template", path: Theme.siteFolder))
        }
        var strings = StringTable(locales: [:])
        let defaultStrings = Theme.default.files[Self.stringsFile]
        let siteStrings = files[Self.stringsFile].flatMap { $0 == defaultStrings ? nil : $0 }
        var defaultPlaceholders: [String: Set<String>] = [:]
        if let file = defaultStrings {
            let (table, problems) = StringTable.parse(SourceFile(path: file.path, text: file.text))
            strings = table
            defaultPlaceholders = table.placeholders
            diagnostics += problems
        }
        // The site's strings change the theme's: its keys, or keys its templates use.
        if let file = siteStrings {
            let templateTexts = files.values.filter { $0.path.hasSuffix(Self.templateExtension) }.map(\.text)
            let (table, problems) = StringTable.parse(
                SourceFile(path: file.path, text: file.text), contract: strings, usedKeys: CompiledTheme.stringKeys(usedIn: templateTexts))
            strings = strings.overridden(by: table.locales)
            diagnostics += problems
        }
        var compiled = CompiledTheme(
            templates: MustacheLibrary(templates), stylesheet: ThemeStylesheet.served(files[Self.stylesheetFile]),
            script: RuntimeScript.served(files[Self.scriptFile]),
            embedLoader: RuntimeScript.served(files[Self.embedLoaderFile], named: Self.embedLoaderFile),
            embedDialog: RuntimeScript.served(files[Self.embedDialogFile], named: Self.embedDialogFile),
            embedStylesheet: files[Self.embedStylesheetFile]?.text ?? "", customStylesheet: files[Self.customStylesheetFile]?.text,
            strings: strings)
        compiled.defaultStringPlaceholders = defaultPlaceholders
        compiled.codeStylesheet = files[Self.codeStylesheetFile]?.text ?? ""
        compiled.codeScript = RuntimeScript.served(files[Self.codeScriptFile], named: Self.codeScriptFile)
        compiled.localeResolver = RuntimeScript.served(files[Self.localeResolverFile], named: Self.localeResolverFile)
        compiled.localeScript = RuntimeScript.served(files[Self.localeScriptFile], named: Self.localeScriptFile)
        return (compiled, diagnostics)
    }
}

extension CompiledTheme {
    /// The keys of `strings` that templates name (`{{strings.status}}`, `{{#strings.skip}}`).
    static func stringKeys(usedIn templates: [String]) -> Set<String> {
        var keys: Set<String> = []
        let prefix = Array("strings.".utf8)
        for text in templates {
            let bytes = Array(text.utf8)
            var from = 0
            while let found = bytes[from...].firstRange(ofBytes: prefix) {
                var end = found.upperBound
                while end < bytes.count, bytes[end] == UInt8(ascii: "_") || (bytes[end] | 0x20 >= UInt8(ascii: "a") && bytes[end] | 0x20 <= UInt8(ascii: "z"))
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
                {
                    end += 1
                }
                if end > found.upperBound { keys.insert(String(decoding: bytes[found.upperBound..<end], as: UTF8.self)) }
                from = end
            }
        }
        return keys
    }
}

import OnboardingKit

/// The files that put a flow into another web page with one script tag: the loader (`embed.js`,
/// the theme's loader called with each flow's first-visit facts), the dialog it loads when a flow
/// opens (`assets/embed-dialog.js`, the theme's as it is), the theme's styles for a shadow root as
/// a script (`assets/embed-styles.js`), and each flow's carousel as a script (`<flow>/embed.js`).
/// Scripts, because a page on another origin may load a script from a host that sends no CORS
/// headers, and a strict Content Security Policy that allows the script's origin lets it in; the
/// styles are applied as a constructed stylesheet, which such a policy does not block. Each part
/// hands its value to `window.sitegen.part`, which the loader keys by the part's address.
enum EmbedBuilder {
    static let loaderPath = "embed.js"
    static let dialogPath = "assets/embed-dialog.js"
    static let stylesPath = "assets/embed-styles.js"
    /// Code blocks' styles for the shadow root, which a flow with code blocks loads besides.
    static let codeStylesPath = "assets/embed-code-styles.js"
    /// Each flow's script, in the flow's folder.
    static let flowFileName = ContentLayout.flowEmbedFile

    /// The loader: the theme's `embed.js` (a function expression) applied to each flow's storage
    /// key, content versions (one per locale, in the order of `locales`, space-separated, as
    /// `FirstRunGate.record` stores them) and whether it shows once; to the site's locales, the
    /// source first; and to the theme's locale resolver (a function expression).
    static func loader(source: String, flows: [FlowSummary], locales: [String], resolver: String) -> String {
        let table = flows.map { flow in
            let versions = ([flow.contentVersion] + flow.translations.map(\.contentVersion)).joined(separator: " ")
            return json(flow.slug) + ":[" + json(flow.storageKey) + "," + json(versions) + "," + (flow.showOnce ? "1" : "0") + "]"
        }
        let localeList = "[" + locales.map(json).joined(separator: ",") + "]"
        return source.trimmingTrailingNewlines + "({" + table.joined(separator: ",") + "}," + localeList + ","
            + resolver.trimmingTrailingNewlines + ");\n"
    }

    /// The resolver of a site in one language, which has nothing to choose: a returning visitor
    /// downloads the full one only from a site in several.
    static let onlyLocale = "(preferred, available, source) => source"

    /// A script that calls `function` (a function expression) with `argument` (another).
    static func applied(_ function: String, to argument: String) -> String {
        "(" + function.trimmingTrailingNewlines + ")(" + argument.trimmingTrailingNewlines + ");\n"
    }

    /// The styles script: the theme's stylesheet made for a shadow root, then the embed's own
    /// rules (the dialog, the sheet), then the site's theme settings.
    static func styles(stylesheet: String, embedStylesheet: String, siteCSS: String) -> String {
        "window.sitegen.part(" + json(shadowStylesheet(stylesheet + embedStylesheet) + shadowStylesheet(siteCSS)) + ");\n"
    }

    /// The styles of code blocks for a shadow root, as a script.
    static func codeStyles(_ stylesheet: String) -> String {
        "window.sitegen.part(" + json(shadowStylesheet(stylesheet)) + ");\n"
    }

    /// A flow's script: its carousel's markup and what the dialog needs around it. Style
    /// attributes become `data-sg-style`, which the loader applies from script: a strict Content
    /// Security Policy blocks style attributes in markup, not styles set from script. (Markup
    /// from cmark escapes quotes in text, so ` style="` occurs only in attributes.)
    static func flow(_ flow: Flow, carousel: String, closeLabel: String) -> [UInt8] {
        let markup = replacingStyleAttributes(in: carousel)
        let value: JSONValue = [
            "id": .string(flow.slug), "folder": .string(flow.outputFolder + "/"), "title": .string(flow.title),
            "lang": .string(flow.settings.locale),
            "dir": .string(flow.settings.direction.rawValue), "close": .string(closeLabel), "carousel": .string(markup),
            "code": .bool(flow.pages.contains { !$0.codeBlocks.isEmpty }),
        ]
        return Array("window.sitegen.part(".utf8) + value.compactUTF8(expectedSize: markup.utf8.count + 512) + Array(");\n".utf8)
    }

    /// `markup` with every ` style="` as ` data-sg-style="`, found by `memmem` over its bytes: a
    /// carousel is large, and searching its characters (grapheme by grapheme) was most of an
    /// embed's cost.
    static func replacingStyleAttributes(in markup: String) -> String {
        var markup = markup
        return markup.withUTF8 { bytes -> String? in
            var result: [UInt8] = []
            var start = 0
            Self.styleNeedle.withUnsafeBytes { needle in
                while start < bytes.count, let offset = Platform.find(needle, in: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...]))) {
                    if result.isEmpty { result.reserveCapacity(bytes.count + 256) }
                    result += UnsafeBufferPointer(rebasing: bytes[start..<(start + offset)])
                    result += Self.styleReplacement
                    start += offset + needle.count
                }
            }
            guard start > 0 else { return nil }
            result += UnsafeBufferPointer(rebasing: bytes[start...])
            return String(decoding: result, as: UTF8.self)
        } ?? markup
    }

    private static let styleNeedle = Array(#" style=""#.utf8)
    private static let styleReplacement = Array(#" data-sg-style=""#.utf8)

    /// `text` as a JSON (and JavaScript) string literal.
    private static func json(_ text: String) -> String {
        String(decoding: JSONValue.string(text).utf8(indentation: 0), as: UTF8.self)
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: Substring {
        var text = self[...]
        while text.last == "\n" { text = text.dropLast() }
        return text
    }
}

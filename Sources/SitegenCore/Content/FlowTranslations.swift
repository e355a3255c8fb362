import Diagnostics
import FrontMatter

/// A flow folder's files for one of the site's other languages: the translated `_index` and
/// pages, each by its source's file name. Built from the files' names (`LocaleFileName`).
struct FlowTranslations: Sendable {
    /// Translated pages by locale, then by the source page's file name.
    var pages: [String: [String: PageFile]] = [:]
    /// Translated `_index.md` by locale.
    var indexes: [String: SourceFile] = [:]

    /// Sorts a flow folder's page files into its source pages and its translations; a file named
    /// for a locale the site does not list, or for the source locale, is an error.
    static func split(
        _ files: [PageFile], indexes: [PageFile], locales: [String], displayDirectory: String
    ) -> (sources: [PageFile], translations: FlowTranslations, diagnostics: [Diagnostic]) {
        var sources: [PageFile] = []
        var translations = FlowTranslations()
        var diagnostics: [Diagnostic] = []
        var placed: [String: String] = [:]
        let names = Set(files.map(\.name))
        func place(_ file: PageFile, isIndex: Bool) {
            switch LocaleFileName.read(file.name, locales: locales) {
            case .source where isIndex:
                diagnostics.append(.warning("not a flow's _index.md nor a translation of it; sitegen ignores it", path: file.file.path))
            case .source:
                sources.append(file)
            case .translation(let name) where name.locale == locales[0]:
                diagnostics.append(
                    .error("the file is named for '\(name.locale)', the site's source locale: its content belongs in \(name.sourceName)",
                        path: file.file.path))
            case .translation(let name):
                let key = name.locale + "\u{0}" + name.sourceName
                if let other = placed[key] {
                    diagnostics.append(
                        .error("a second translation of \(name.sourceName) into '\(name.locale)', besides \(other): keep one", path: file.file.path))
                    return
                }
                placed[key] = file.name
                if isIndex {
                    translations.indexes[name.locale] = file.file
                } else {
                    translations.pages[name.locale, default: [:]][name.sourceName] = file
                }
            case .unlisted(let locale, let sourceName) where isIndex || names.contains(sourceName):
                diagnostics.append(.error(LocaleFileName.unlistedProblem(locale: locale, sourceName: sourceName, locales: locales), path: file.file.path))
            case .unlisted(let locale, let sourceName):
                // `how.to.md` beside no `how.md` is a page named with a dot, not a translation;
                // but a name that is a locale's as sites write them (`jp`, `ko_KR`, `pt-BR`), or a
                // language's two letters that are no English word (`fr`, `kr`), was most likely
                // meant as one.
                sources.append(file)
                if LocaleFileName.isLocaleShaped(locale) || LocaleFileName.isLikelyLanguage(locale) {
                    diagnostics.append(
                        .warning(
                            LocaleFileName.unlistedProblem(locale: locale, sourceName: sourceName, locales: locales)
                                + "; with no \(sourceName) beside it, it is a page of its own",
                            path: file.file.path))
                }
            }
        }
        files.forEach { place($0, isIndex: false) }
        indexes.forEach { place($0, isIndex: true) }
        let sourceNames = Set(sources.map(\.name))
        for (_, pages) in translations.pages.sorted(by: { $0.key < $1.key }) {
            for (sourceName, page) in pages.sorted(by: { $0.key < $1.key }) where !sourceNames.contains(sourceName) {
                diagnostics.append(
                    .error("a translation with no source page: \(Path.join(displayDirectory, sourceName)) does not exist; translate an existing page, or add the source first",
                        path: page.file.path))
            }
        }
        return (sources, translations, diagnostics)
    }
}

import Diagnostics
import FrontMatter
import OnboardingKit

/// Which pages of each flow are translated into each of the site's other languages, missing, or
/// out of date (the source changed after the translation was stamped), from the files alone:
/// a translation records the version of its source (`SourceStamp`) in its front matter.
package struct TranslationStatus: Sendable {
    /// The state of one source page in one locale.
    package enum State: Sendable, Equatable {
        /// Translated, and stamped with the source as it is; `from` names the locale of the file
        /// when it is a shorter form of the locale's (a `zh-Hant-TW` page read from `zh-Hant`).
        case translated(from: String?)
        /// No translation along the locale's chain: the page is shown in the source language.
        case missing
        /// The source changed after the translation was stamped with `stamp`.
        case outdated(stamp: String)
        /// A translation without `source:`, so whether it is current cannot be told.
        case notStamped
        /// A `source:` that is not a stamp, or is set twice (`repeated`), which the build refuses too.
        case badStamp(repeated: Bool)
    }

    package struct Entry: Sendable, Equatable {
        package var flow: String
        package var locale: String
        /// The source page's file name.
        package var page: String
        /// The translation's file, relative to the site (empty when missing).
        package var file: String
        package var state: State
    }

    package var locales: [String]
    package var entries: [Entry]
    package var diagnostics: [Diagnostic]

    /// True when a page is missing or out of date in some locale.
    package var isIncomplete: Bool {
        entries.contains { entry in
            switch entry.state {
            case .missing, .outdated, .badStamp: return true
            case .translated, .notStamped: return false
            }
        }
    }

    /// Reads the site's flows and their translations; the source pages' bytes give each stamp.
    package static func read(loader: SiteLoader) -> TranslationStatus {
        let inventory = SiteInventory(loader: loader)
        let (settings, settingsDiagnostics) = Self.settings(loader: loader, inventory: inventory)
        var status = TranslationStatus(locales: settings.locales, entries: [], diagnostics: settingsDiagnostics)
        let (flows, loadDiagnostics) = loader.loadFlows(inventory)
        status.diagnostics += loadDiagnostics
        for flow in flows.sorted(by: { $0.slug < $1.slug }) {
            let split = FlowTranslations.split(
                flow.pages, indexes: flow.indexTranslations, locales: settings.locales, displayDirectory: loader.diskPath(flow.directory))
            status.diagnostics += split.diagnostics
            var sources = Self.published(split.sources)
            // `_index.md` is a page to translate when it has words to: a title, a description, a body.
            if let index = flow.index, Self.hasText(index) || !split.translations.indexes.isEmpty {
                sources.insert(PageFile(file: index, name: ContentLayout.flowIndexFile), at: 0)
            }
            var translated = split.translations.pages
            for (locale, file) in split.translations.indexes {
                translated[locale, default: [:]][ContentLayout.flowIndexFile] = PageFile(file: file, name: Path.fileName(of: file.path))
            }
            // A translated `_index.md` with no source has nothing to be current with, but a stamp
            // the build refuses is a failure here too.
            if flow.index == nil {
                for (locale, file) in split.translations.indexes.sorted(by: { $0.key < $1.key }) {
                    guard case .failure(let problem)? = stamp(of: file) else { continue }
                    status.entries.append(
                        Entry(
                            flow: flow.slug, locale: locale, page: ContentLayout.flowIndexFile, file: Path.join(flow.directory, Path.fileName(of: file.path)),
                            state: .badStamp(repeated: problem.repeated)))
                }
            }
            let stamps = Dictionary(sources.map { page in
                (page.name, (try? loader.fileSystem.readFile(page.file.path, confinedTo: loader.root)).map { SourceStamp(of: $0).hex })
            }) { first, _ in first }
            for locale in settings.translatedLocales {
                let chain = LocaleResolver.chain(for: locale, available: settings.locales, source: settings.locale).dropLast()
                for page in sources {
                    // A draft translation is left out of the build, so the page falls back past it.
                    guard let from = chain.first(where: { translated[$0]?[page.name].map { !Self.isDraft($0.file) } ?? false }),
                        let file = translated[from]?[page.name]
                    else {
                        status.entries.append(Entry(flow: flow.slug, locale: locale, page: page.name, file: "", state: .missing))
                        continue
                    }
                    let state: State
                    switch stamp(of: file.file) {
                    case .none: state = .notStamped
                    case .some(.failure(let problem)): state = .badStamp(repeated: problem.repeated)
                    case .some(.success(let written)) where written == stamps[page.name] ?? nil: state = .translated(from: from == locale ? nil : from)
                    case .some(.success(let written)): state = .outdated(stamp: written)
                    }
                    status.entries.append(
                        Entry(flow: flow.slug, locale: locale, page: page.name, file: Path.join(flow.directory, file.name), state: state))
                }
            }
        }
        status.diagnostics.sort()
        return status
    }

    /// The site's settings, for its locales: the interface strings `strings:` may set are the
    /// default theme's (a theme's own templates do not matter here).
    static func settings(loader: SiteLoader, inventory: SiteInventory) -> (SiteSettings, [Diagnostic]) {
        let (config, configDiagnostics) = loader.readConfig(inventory)
        let keys = Theme.default.files[Theme.stringsFile].map { StringTable.parse(SourceFile(path: $0.path, text: $0.text)).0.keys } ?? []
        let (settings, settingsDiagnostics) = SiteSettings.read(config, stringKeys: keys)
        return (settings, configDiagnostics + settingsDiagnostics)
    }

    /// A warning for each page missing or out of date in a locale, for `check` on a site that
    /// sets `require_translations: true`.
    func warnings(loader: SiteLoader) -> [Diagnostic] {
        entries.compactMap { entry in
            let source = loader.diskPath(Path.join(Path.join(ContentLayout.directory, entry.flow), entry.page))
            switch entry.state {
            case .missing:
                return .warning("no translation into '\(entry.locale)': the page is shown in the source language (require_translations is set)", path: source)
            case .outdated(let stamp):
                return .warning(
                    "the translation into '\(entry.locale)' is out of date: it was made from source \(stamp), and \(entry.page) has changed since; update it, then run sitegen translations --stamp",
                    path: loader.diskPath(entry.file))
            case .translated, .notStamped, .badStamp:
                return nil
            }
        }
    }

    /// The `source:` a translation's front matter records, if any: its stamp, or why it is none.
    static func stamp(of file: SourceFile) -> Result<String, SourceStamp.Problem>? {
        guard case .success(let split) = FrontMatter.parse(file), let node = split.fields?.removing(SourceStamp.key).1 else { return nil }
        // Two stamps are none: the build refuses the file.
        if let repeated = SourceStamp.repeated(in: split.fields, file: file) { return .failure(SourceStamp.Problem(message: repeated.message, repeated: true)) }
        return SourceStamp.read(node).map(\.hex)
    }

    /// The source pages that are published, in their flow's order (`order`, else the file name's
    /// number, then the name): a draft has no readers, so no translation of it is missing.
    static func published(_ pages: [PageFile]) -> [PageFile] {
        let read = pages.compactMap { page -> (page: PageFile, key: (Int, String))? in
            guard case .success(let split) = FrontMatter.parse(page.file) else { return (page, PageNaming.sortKey(order: nil, fileName: page.name)) }
            let front = PageFrontMatter.read(split.fields, file: page.file).0
            if front.settings.draft { return nil }
            return (page, PageNaming.sortKey(order: front.order, fileName: page.name))
        }
        return read.sorted { $0.key < $1.key }.map(\.page)
    }

    /// Whether a translation says `draft: true`.
    static func isDraft(_ file: SourceFile) -> Bool {
        guard case .success(let split) = FrontMatter.parse(file), let node = split.fields?.removing("draft").1 else { return false }
        return node.resolved == .bool(true)
    }

    /// Whether a flow's `_index.md` has words a translation would change.
    static func hasText(_ file: SourceFile) -> Bool {
        guard case .success(let split) = FrontMatter.parse(file) else { return false }
        let keys = split.fields?.mappingKeys ?? []
        return keys.contains("title") || keys.contains("description") || !split.body.allSatisfy(\.isWhitespace)
    }

    /// The report `sitegen translations` prints: per flow and locale, counts, then each page
    /// that is not translated and current.
    package var report: String {
        guard locales.count > 1 else {
            return "The site is in one language (\(locales.first ?? "")): list its languages in sitegen.yml, such as locales: [\(locales.first ?? "en"), ko]\n"
        }
        var lines: [String] = []
        var flowOrder: [String] = []
        for entry in entries where flowOrder.last != entry.flow { flowOrder.append(entry.flow) }
        for flow in flowOrder {
            lines.append(flow)
            for locale in locales.dropFirst() {
                let mine = entries.filter { $0.flow == flow && $0.locale == locale }
                let translated = mine.filter { if case .translated = $0.state { return true } else { return false } }.count
                lines.append("  \(locale): \(translated) of \(mine.count) translated")
                for entry in mine {
                    switch entry.state {
                    case .translated(let from?): lines.append("    translated   \(entry.page) (from \(entry.file), \(from))")
                    case .translated(nil): continue
                    case .missing: lines.append("    missing      \(entry.page)")
                    case .outdated(let stamp): lines.append("    out of date  \(entry.page) (\(entry.file) was made from source \(stamp))")
                    case .notStamped: lines.append("    not stamped  \(entry.page) (\(entry.file) has no 'source:'; stamp it after review)")
                    case .badStamp(repeated: false): lines.append("    bad stamp    \(entry.page) (\(entry.file) has a 'source:' that is not a stamp; stamp it again)")
                    case .badStamp(repeated: true): lines.append("    bad stamp    \(entry.page) (\(entry.file) sets 'source:' twice; remove one, then stamp it again)")
                    }
                }
            }
        }
        let count = { (test: (State) -> Bool) in entries.filter { test($0.state) }.count }
        let missing = count { $0 == .missing }
        let outdated = count { if case .outdated = $0 { return true } else { return false } }
        let unstamped = count { $0 == .notStamped }
        let bad = count { if case .badStamp = $0 { return true } else { return false } }
        lines.append("\(missing) missing, \(outdated) out of date, \(unstamped) not stamped" + (bad > 0 ? ", \(bad) with a bad stamp" : ""))
        // File names are the site's: none may forge a line of the report or drive the terminal.
        return lines.map(DiagnosticFormatter.printable).joined(separator: "\n") + "\n"
    }
}

import Diagnostics
import FrontMatter

extension TranslationStatus {
    /// Writes `source: <stamp of the source page>` into the front matter of each translation
    /// in `paths` (after a translator's review), each file replaced whole, in one step. Returns
    /// the files stamped and a problem for each path that is not a translation of the site.
    package static func stamp(_ paths: [String], loader: SiteLoader) -> (stamped: [String], diagnostics: [Diagnostic]) {
        let (settings, _) = Self.settings(loader: loader, inventory: SiteInventory(loader: loader))
        var stamped: [String] = []
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        let content = Path.join(loader.root, ContentLayout.directory)
        for path in paths {
            guard loader.fileSystem.status(of: path) != nil else {
                diagnostics.append(.error("cannot stamp the translation: it does not exist", path: path))
                continue
            }
            guard let real = loader.fileSystem.realPath(path), Path.relative(real, to: content) != nil else {
                diagnostics.append(.error("not a page of the site's content/ folder (\(loader.diskPath(ContentLayout.directory)))", path: path))
                continue
            }
            guard seen.insert(real).inserted else { continue }
            // The name as given (a link inside the site may be named for its locale), the bytes where they are.
            let name = Path.fileName(of: path)
            guard case .translation(let translation) = LocaleFileName.read(name, locales: settings.locales), translation.locale != settings.locale
            else {
                let example = "02-tour.\(settings.translatedLocales.first ?? "ko").md"
                diagnostics.append(
                    .error(settings.translatedLocales.isEmpty
                        ? "not a translation: the site is in one language ('\(settings.locale)'); list its languages in sitegen.yml, such as locales: [\(settings.locale), ko]"
                        : "not a translation: a translation is named for one of the site's locales (\(settings.translatedLocales.joined(separator: ", "))), such as \(example)",
                        path: path))
                continue
            }
            let sourcePath = Path.join(Path.directory(of: path), translation.sourceName)
            guard loader.fileSystem.status(of: sourcePath) != nil else {
                diagnostics.append(.error("cannot stamp the translation: its source, \(translation.sourceName), is not beside it", path: path))
                continue
            }
            do {
                let source = try loader.fileSystem.readFile(sourcePath, confinedTo: loader.root)
                let bytes = try loader.fileSystem.readFile(real, confinedTo: loader.root)
                let updated = try Self.stamped(bytes, with: SourceStamp(of: source), path: path).get()
                let temporary = real + ".sitegen-stamp"
                try loader.fileSystem.writeFile(temporary, updated)
                try loader.fileSystem.move(from: temporary, to: real)
                stamped.append(path)
            } catch let problem as Diagnostic {
                diagnostics.append(problem)
            } catch {
                diagnostics.append(.error("cannot stamp the translation: \(SiteLoader.reason(error))", path: path))
            }
        }
        return (stamped, diagnostics)
    }

    /// A translation's bytes with `source: <stamp>` in its front matter: the line replaced if it
    /// has one, added after the opening `---` if it has front matter without one, and front
    /// matter added if it has none. Its byte-order mark and line breaks (LF, CRLF or CR) are kept;
    /// a file whose front matter cannot be read is left alone, with the reason.
    static func stamped(_ bytes: [UInt8], with stamp: SourceStamp, path: String) -> Result<[UInt8], Diagnostic> {
        let text: String
        switch TextDecoding.decode(bytes, path: path) {
        case .success(let decoded): text = decoded
        case .failure(let problem): return .failure(problem)
        }
        let split: FrontMatter
        switch FrontMatter.parse(SourceFile(path: path, text: text)) {
        case .success(let value): split = value
        case .failure(let problem): return .failure(problem)
        }
        if let (first, again) = split.fields?.repeatedKey(SourceStamp.key) {
            return .failure(
                .error("cannot stamp the translation: it sets '\(SourceStamp.key)' twice, on lines \(first.location.line) and \(again.location.line); remove one", path: path))
        }
        let newline = text.contains("\r\n") ? "\r\n" : text.contains("\r") ? "\r" : "\n"
        let line = "\(SourceStamp.key): \(stamp.hex)"
        var lines = text.split(separator: newline, omittingEmptySubsequences: false).map(String.init)
        let opens = lines.first.map { $0.trimmingBlanks.utf8.elementsEqual("---".utf8) } ?? false
        if !opens {
            lines.insert(contentsOf: ["---", line, "---"], at: 0)
        } else if let existing = split.fields?.removing(SourceStamp.key).1 {
            let key = existing.location.line - 1
            // Only a value on the key's own line is replaced: one that goes on (a block, a folded
            // scalar, a list) would leave its other lines behind.
            let continues = lines.indices.contains(key + 1) && (lines[key + 1].first == " " || lines[key + 1].first == "\t")
            guard case .mapping(let pairs) = split.fields?.kind, let pair = pairs.first(where: { $0.key.scalarText == SourceStamp.key }),
                pair.key.location.line == existing.location.line, lines.indices.contains(key), !continues,
                !(existing.scalarText ?? "\n").contains("\n")
            else {
                return .failure(.error("cannot stamp the translation: write its 'source:' on one line, as source: \(stamp.hex)", path: path))
            }
            lines[key] = line
        } else {
            lines.insert(line, at: 1)
        }
        let result = lines.joined(separator: newline)
        // Written line by line, the file is read back as YAML: the stamp and nothing else may
        // differ (front matter in flow style, `{title: …, source: …}`, would not survive).
        guard case .success(let reread) = FrontMatter.parse(SourceFile(path: path, text: result)), reread.body == split.body,
            reread.fields?.removing(SourceStamp.key).1?.scalarText == stamp.hex,
            Self.sameValue(reread.fields?.removing(SourceStamp.key).0, split.fields?.removing(SourceStamp.key).0)
        else {
            return .failure(
                .error("cannot stamp the translation in place: write its front matter one key a line, then stamp it again", path: path))
        }
        let bom: [UInt8] = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
        return .success(bom + Array(result.utf8))
    }

    /// Whether two YAML values hold the same data, wherever they are written (a missing or empty
    /// mapping is no fields at all).
    static func sameValue(_ first: YAMLNode?, _ second: YAMLNode?) -> Bool {
        func isEmpty(_ node: YAMLNode?) -> Bool {
            guard let node else { return true }
            if case .mapping(let pairs) = node.kind { return pairs.isEmpty }
            return false
        }
        if isEmpty(first) && isEmpty(second) { return true }
        guard let first, let second else { return false }
        switch (first.kind, second.kind) {
        case (.scalar(let a, let plainA), .scalar(let b, let plainB)):
            return a == b && plainA == plainB
        case (.sequence(let a), .sequence(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
        case (.mapping(let a), .mapping(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameValue($0.key, $1.key) && sameValue($0.value, $1.value) }
        default:
            return false
        }
    }
}

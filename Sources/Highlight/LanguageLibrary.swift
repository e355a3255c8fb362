import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `.lang` files of a list of folders, indexed on first use and each language compiled the
/// first time it is asked for, then kept. A file in an earlier folder hides one with the same id
/// in a later folder, so a site's own `languages/` folder goes first.
package final class LanguageLibrary: Sendable {
    /// Where Debian's `libgtksourceview-5-common` puts the definitions.
    package static let systemPath = URL(fileURLWithPath: "/usr/share/gtksourceview-5/language-specs")

    package let searchPaths: [URL]
    /// Files given as bytes, which come before every folder's.
    package let files: [LanguageFile]
    private let state = Mutex(State())

    /// The index and the languages loaded so far.
    struct State: Sendable {
        var index: [String: LanguageInfo]?
        var indexProblems: [LanguageLoadError] = []
        var languages: [String: Result<CompiledLanguage, LanguageLoadError>] = [:]
    }

    package init(searchPaths: [URL] = [LanguageLibrary.systemPath], files: [LanguageFile] = []) {
        self.searchPaths = searchPaths
        self.files = files
    }

    /// Every language found, by id.
    package var languages: [String: LanguageInfo] { index().languages }

    /// Files that could not be indexed, each a warning naming the file.
    package var indexProblems: [LanguageLoadError] { index().problems }

    private func index() -> (languages: [String: LanguageInfo], problems: [LanguageLoadError]) {
        state.withLock { state in
            if let index = state.index { return (index, state.indexProblems) }
            var found: [String: LanguageInfo] = [:]
            var problems: [LanguageLoadError] = []
            var candidates = files
            for folder in searchPaths {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                candidates += names.sorted().filter { $0.hasSuffix(".lang") }.map { LanguageFile(path: folder.appendingPathComponent($0).path) }
            }
            for file in candidates {
                do throws(LanguageLoadError) {
                    let info = try LanguageInfo.read(file)
                    if found[info.id] == nil { found[info.id] = info }
                } catch {
                    problems.append(error)
                }
            }
            state.index = found
            state.indexProblems = problems
            return (found, problems)
        }
    }

    /// The language id a fenced block's info word names: an id, a usual alias, or a file name
    /// or extension one of the definitions' globs matches. Nil for none (and for `text`).
    package func languageID(for name: String) -> String? {
        let word = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard !word.isEmpty, !Self.plain.contains(word) else { return nil }
        let known = languages
        if let alias = Self.aliases[word], known[alias] != nil { return alias }
        if known[word] != nil { return word }
        let candidates = [name, "x." + name, "x." + word]
        for info in known.values.sorted(by: { $0.id < $1.id }) where !info.hidden {
            for glob in info.globs {
                for candidate in candidates where fnmatch(glob, candidate, 0) == 0 { return info.id }
            }
        }
        return nil
    }

    /// The compiled language with this id, loading it (and what it includes) the first time.
    package func language(_ id: String) -> Result<CompiledLanguage, LanguageLoadError> {
        let known = languages
        return state.withLock { state in
            if let loaded = state.languages[id] { return loaded }
            let result: Result<CompiledLanguage, LanguageLoadError>
            do throws(LanguageLoadError) {
                result = .success(try LanguageLoader.load(id) { known[$0]?.file })
            } catch {
                result = .failure(error)
            }
            state.languages[id] = result
            return result
        }
    }
}

import Highlight

/// The highlighting engine on arbitrary text: the first byte picks one of the system's languages,
/// the rest is the code. The runs must give back exactly the text, or the block stays plain.
enum HighlightFuzzing {
    static let highlighter = Highlighter()
    static let languages = [
        "swift", "python3", "c", "cpp", "js", "typescript", "sh", "html", "markdown", "yaml", "json", "xml", "css", "perl",
        "ruby", "rust", "go", "kotlin", "php", "latex", "diff", "makefile", "sql", "objc",
    ]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let language = languages[Int(first) % languages.count]
        let code = String(decoding: bytes.dropFirst(), as: UTF8.self)
        if case .success(let runs) = highlighter.highlight(code, language: language), runs.map(\.text).joined() != code {
            fatalError("the runs of a \(language) block do not give back its text")
        }
    }
}

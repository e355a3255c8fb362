/// The names authors write in fenced blocks for the definitions' ids.
extension LanguageLibrary {
    /// Info words that ask for no highlighting.
    static let plain: Set<String> = ["text", "plain", "plaintext", "txt", "none", "nohighlight"]

    /// True for an info word that asks for no highlighting (`text`, `plain`…).
    package static func isPlain(_ word: String) -> Bool { plain.contains(word.lowercased()) }

    /// Every name a block may use for a language: ids and the usual aliases.
    package var names: [String] { Array(languages.filter { !$0.value.hidden }.keys) + Self.aliases.keys.filter { languages[Self.aliases[$0] ?? ""] != nil } }

    /// Usual names → `.lang` ids; checked before the ids, so `python` is Python 3.
    static let aliases: [String: String] = [
        "javascript": "js", "node": "js", "mjs": "js", "cjs": "js", "ts": "typescript", "tsx": "typescript-jsx",
        "sh": "sh", "shell": "sh", "bash": "sh", "zsh": "sh", "console": "sh", "shell-session": "sh",
        "objc": "objc", "objective-c": "objc", "obj-c": "objc", "objectivec": "objc",
        "yml": "yaml", "py": "python3", "python": "python3", "py3": "python3", "python2": "python", "rb": "ruby",
        "kt": "kotlin", "kts": "kotlin", "c++": "cpp", "cxx": "cpp", "hpp": "cpp", "h": "c", "cs": "c-sharp",
        "csharp": "c-sharp", "c#": "c-sharp", "md": "markdown", "rs": "rust", "golang": "go", "htm": "html",
        "xhtml": "html", "svg": "xml", "plist": "xml", "patch": "diff", "dockerfile": "docker", "make": "makefile",
        "mk": "makefile", "pl": "perl", "pm": "perl", "ps1": "powershell", "pwsh": "powershell", "tf": "terraform",
        "hs": "haskell", "ml": "ocaml", "fs": "fsharp", "f#": "fsharp", "ex": "elixir", "erl": "erlang",
        "jl": "julia", "m": "objc", "mm": "objc", "proto": "protobuf", "ini": "ini", "cfg": "ini",
        "conf": "ini", "tex": "latex", "bat": "dosbatch", "cmd": "dosbatch", "vb": "vbnet", "sql": "sql",
        "docker": "docker", "gql": "graphql", "jsonc": "json", "json5": "json",
    ]
}

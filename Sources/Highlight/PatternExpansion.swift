/// The `\%…` commands of `.lang` patterns: `\%{id}` (a `define-regex`), `\%[` and `\%]` (word
/// boundaries), and `\%{group@start}` (text the start match captured). A command counts only
/// when the backslash that opens it is not itself escaped.
enum PatternExpansion {
    /// One unescaped `\%` command found in a pattern.
    enum Command {
        /// `\%{body}`; `body` may contain `@`.
        case braces(String)
        case open
        case close
    }

    /// Rewrites each command with `replace`; nil from `replace` keeps the command's text.
    static func rewrite(_ pattern: String, _ replace: (Command) throws(LanguageLoadError) -> String?) throws(LanguageLoadError) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\\" else {
                output.append(scalars[index])
                index += 1
                continue
            }
            var run = index
            while run < scalars.count, scalars[run] == "\\" { run += 1 }
            let count = run - index
            guard count % 2 == 1, run < scalars.count, scalars[run] == "%" else {
                output.append(contentsOf: scalars[index..<run])
                index = run
                continue
            }
            output.append(contentsOf: scalars[index..<(run - 1)])
            let commandStart = run - 1
            var command: Command?
            var end = run + 1
            if run + 1 < scalars.count {
                switch scalars[run + 1] {
                case "[": command = .open; end = run + 2
                case "]": command = .close; end = run + 2
                case "{":
                    if let close = scalars[(run + 2)...].firstIndex(of: "}") {
                        command = .braces(String(String.UnicodeScalarView(scalars[(run + 2)..<close])))
                        end = close + 1
                    }
                default: break
                }
            }
            if let command, let replacement = try replace(command) {
                output.append(contentsOf: replacement.unicodeScalars)
                index = end
            } else {
                output.append(scalars[commandStart])
                index = commandStart + 1
            }
        }
        return String(output)
    }

    /// Whether the pattern refers to its context's start match.
    static func refersToStart(_ pattern: String) -> Bool {
        var found = false
        _ = try? rewrite(pattern) { command in
            if case .braces(let body) = command, body.hasSuffix("@start") { found = true }
            return nil
        }
        return found
    }

    /// Escapes text for a pattern as `g_regex_escape_string` does.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\0": output += "\\0"
            case "\\", "|", "(", ")", "[", "]", "{", "}", "^", "$", "*", "+", "?", ".": output += "\\" + String(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

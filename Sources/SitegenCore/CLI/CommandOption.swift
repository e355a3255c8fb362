/// One option of a command, declared once: parsing, the usage line, `--help` and the README's
/// command-line section all come from it.
struct CommandOption: Sendable {
    /// The option as typed, such as `--site`.
    let name: String
    /// Its one-letter form, such as `-s`, if it has one.
    var short: String?
    /// What the value stands for in help (`DIR`), or nil for a flag, which takes no value.
    let value: String?
    /// One line per line of help; the first beside the option, the others under it.
    let help: [String]

    static func flag(_ name: String, _ help: String...) -> CommandOption {
        CommandOption(name: name, value: nil, help: help)
    }

    static func value(_ name: String, _ value: String, _ help: String...) -> CommandOption {
        CommandOption(name: name, value: value, help: help)
    }

    var takesValue: Bool { value != nil }

    /// The same option, also given as `short` (`-s`).
    func short(_ letter: String) -> CommandOption {
        var option = self
        option.short = letter
        return option
    }

    /// True when `typed` names this option, in its long or short form.
    func isNamed(_ typed: String) -> Bool {
        typed == name || (short != nil && typed == short)
    }

    /// The option as help lists it: `-s, --site DIR`, or `    --drafts` beside those that have a short form.
    var helpSynopsis: String {
        (short.map { "\($0), " } ?? "    ") + synopsis
    }

    /// The option as the usage line and help show it: `--site DIR`.
    var synopsis: String {
        value.map { "\(name) \($0)" } ?? name
    }
}

/// One option of a command, declared once: parsing, the usage line, `--help` and the README's
/// command-line section all come from it.
struct CommandOption: Sendable {
    /// The option as typed, such as `--site`.
    let name: String
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

    /// The option as the usage line and help show it: `--site DIR`.
    var synopsis: String {
        value.map { "\(name) \($0)" } ?? name
    }
}

/// A `sitegen` command as its user sees it: name, arguments, options and what it does.
struct Command: Sendable {
    let name: String
    /// A few words for the overview's list of commands.
    let summary: String
    /// The positional argument's name (`DIR`), or nil when the command takes none.
    let argument: String?
    /// Paragraphs of what the command does, each a list of lines.
    let description: [String]
    let options: [CommandOption]
    /// Options of which at most one may be given, such as `--quiet` and `--verbose`.
    let exclusive: [[String]]

    init(
        _ name: String, summary: String, argument: String? = nil, description: [String], options: [CommandOption],
        exclusive: [[String]] = []
    ) {
        self.name = name
        self.summary = summary
        self.argument = argument
        self.description = description
        self.options = options
        self.exclusive = exclusive
    }

    /// The option named `name`, if the command has it.
    func option(_ name: String) -> CommandOption? {
        options.first { $0.isNamed(name) }
    }
}

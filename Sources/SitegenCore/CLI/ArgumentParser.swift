import Diagnostics

/// Splits a command's arguments into flags, options with values and positional arguments, as the
/// command declares them, accepting `--name value`, `--name=value` and a declared short form
/// (`-o value`, `-o=value`).
struct ArgumentParser {
    /// Why the arguments cannot be used; printed with the command's usage line.
    struct UsageError: Error, Equatable {
        var message: String
    }

    let command: Command

    struct Parsed: Equatable {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var positional: [String] = []
        /// True when `--help` or `-h` was given.
        var wantsHelp = false
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            if Command.helpOptions.contains(argument) {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = command.option(name) else {
                let known = command.options.map(\.name) + ["--help"]
                throw UsageError(message: "unknown option '\(name)'\(Suggestion.didYouMean(name, in: known.sorted()))")
            }
            let key = option.name
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "\(name) needs a value")
                }
                guard !value.isEmpty else { throw UsageError(message: "\(name) needs a value, not an empty string") }
                guard parsed.values[key] == nil else { throw UsageError(message: "\(option.name) is given twice; give it once") }
                parsed.values[key] = value
            } else {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value; write \(name) alone") }
                parsed.flags.insert(key)
            }
        }
        if parsed.wantsHelp { return parsed }
        for group in command.exclusive {
            let given = group.filter { parsed.flags.contains($0) || parsed.values[$0] != nil }
            if given.count > 1 {
                throw UsageError(message: given.joined(separator: " and ") + " cannot be used together")
            }
        }
        if command.argument == nil, let extra = parsed.positional.first {
            throw UsageError(message: "unexpected argument '\(extra)'")
        }
        return parsed
    }
}

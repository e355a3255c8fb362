/// Splits a command's arguments into flags, options with values and positional arguments,
/// accepting `--name value` and `--name=value`.
struct ArgumentParser {
    /// Why the arguments cannot be used; printed with the command's usage line.
    struct UsageError: Error, Equatable {
        var message: String
    }

    let valueOptions: Set<String>
    let flags: Set<String>

    struct Parsed: Equatable {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var positional: [String] = []
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
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else if index < arguments.count {
                    parsed.values[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "\(name) needs a value")
                }
            } else if flags.contains(name), inlineValue == nil {
                parsed.flags.insert(name)
            } else {
                let known = Array(valueOptions) + Array(flags)
                throw UsageError(message: "unknown option '\(name)'\(Suggestion.didYouMean(name, in: known.sorted()))")
            }
        }
        return parsed
    }
}

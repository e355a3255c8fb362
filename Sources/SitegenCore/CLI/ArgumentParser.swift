import Diagnostics

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
                guard parsed.values[name] == nil else { throw UsageError(message: "\(name) is given twice; give it once") }
                parsed.values[name] = value
            } else if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value; write \(name) alone") }
                parsed.flags.insert(name)
            } else {
                let known = Array(valueOptions) + Array(flags)
                throw UsageError(message: "unknown option '\(name)'\(Suggestion.didYouMean(name, in: known.sorted()))")
            }
        }
        return parsed
    }
}

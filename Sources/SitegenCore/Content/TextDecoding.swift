import Diagnostics

/// Decodes a file's bytes as UTF-8, pointing at the first byte that is not.
enum TextDecoding {
    static func decode(_ bytes: [UInt8], path: String) -> Result<String, Diagnostic> {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) {
            return .success(text)
        }
        var line = 1
        var column = 1
        var lineText = ""
        var decoder = UTF8()
        var iterator = body.makeIterator()
        var afterCarriageReturn = false
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                defer { afterCarriageReturn = scalar == "\r" }
                if scalar == "\n" && afterCarriageReturn { continue }
                if scalar == "\n" || scalar == "\r" {
                    line += 1
                    column = 1
                    lineText = ""
                } else {
                    column += 1
                    lineText.unicodeScalars.append(scalar)
                }
            case .emptyInput, .error:
                break decoding
            }
        }
        return .failure(
            Diagnostic(
                .error, "the file is not valid UTF-8 text; save it as UTF-8", path: path,
                location: SourceLocation(line: line, column: column), sourceLine: lineText))
    }
}

/// Escaping for HTML text and attribute values, the same four characters cmark escapes.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        var run = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let replacement: String?
            switch utf8[index] {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22: replacement = "&quot;"
            default: replacement = nil
            }
            let next = utf8.index(after: index)
            if let replacement {
                result += text[run..<index]
                result += replacement
                run = next
            }
            index = next
        }
        result += text[run...]
        return result
    }
}

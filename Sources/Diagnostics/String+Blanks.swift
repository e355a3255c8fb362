extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and line breaks.
    package var trimmingBlanks: String {
        let bytes = utf8
        var first: String.Index?
        var last = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                if first == nil { first = index }
                last = index
            }
            index = bytes.index(after: index)
        }
        guard let first else { return "" }
        return String(self[first...last])
    }
}

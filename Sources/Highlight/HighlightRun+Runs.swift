/// The painted bytes as runs of one style each.
extension HighlightRun {
    func tokenRuns() -> [TokenRun] {
        var runs: [TokenRun] = []
        var start = 0
        while start < bytes.count {
            var end = start + 1
            while end < bytes.count, paint[end] == paint[start] { end += 1 }
            runs.append(TokenRun(style: language.styleNames[Int(paint[start])], text: String(decoding: bytes[start..<end], as: UTF8.self)))
            start = end
        }
        return runs
    }
}

extension StringProtocol {
    /// The text in Unicode's stream-safe form (UAX #15): after every 30 combining marks in a row
    /// (non-starters), a combining grapheme joiner (U+034F, invisible) that ends the run. No
    /// language's text has such runs, so real text is returned unchanged. Comparing, composing
    /// or decomposing text reorders each run of marks, in time that grows with the square of its
    /// length: a title of 80,000 marks took minutes to compare with "null".
    package var streamSafe: String {
        guard let first = firstUnsafeRun() else { return String(self) }
        var scalars = String.UnicodeScalarView()
        var run = 0
        for (offset, scalar) in unicodeScalars.enumerated() {
            if offset >= first, scalar.value >= 0x300, scalar.properties.canonicalCombiningClass.rawValue != 0 {
                run += 1
                if run > Self.maximumCombiningRun {
                    scalars.append("\u{034F}")
                    run = 1
                }
            } else {
                run = 0
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The longest run of combining marks stream-safe text holds.
    package static var maximumCombiningRun: Int { 30 }

    /// The offset, in scalars, of the first scalar of the first run of marks longer than the
    /// most, if any. (Marks start at U+0300: scalars before it are passed over without looking
    /// their properties up, and text without any, as bytes.)
    private func firstUnsafeRun() -> Int? {
        // Every scalar from U+0300 on starts with a byte from 0xCC: most text has none.
        let mayHaveMarks =
            utf8.withContiguousStorageIfAvailable { ByteScan.firstIndex(in: $0, candidates: ByteScan.nonASCII, where: { $0 >= 0xCC }) != nil }
            ?? utf8.contains { $0 >= 0xCC }
        guard mayHaveMarks else { return nil }
        var run = 0
        var start = 0
        for (offset, scalar) in unicodeScalars.enumerated() {
            guard scalar.value >= 0x300, scalar.properties.canonicalCombiningClass.rawValue != 0 else {
                run = 0
                continue
            }
            if run == 0 { start = offset }
            run += 1
            if run > Self.maximumCombiningRun { return start }
        }
        return nil
    }
}

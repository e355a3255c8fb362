/// "Did you mean …?" for a misspelt name.
package enum Suggestion {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
    package static func closest(to name: String, in candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let limit = max(1, min(3, name.count / 3))
        let length = lowered.unicodeScalars.count
        // The distance is at least the difference in length: most candidates need no comparing.
        let scored = candidates.compactMap { candidate -> (candidate: String, distance: Int)? in
            let other = candidate.lowercased()
            guard abs(other.unicodeScalars.count - length) <= limit else { return nil }
            return (candidate, editDistance(lowered, other))
        }
        guard let best = scored.min(by: { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }) else {
            return nil
        }
        return best.distance <= limit ? best.candidate : nil
    }

    /// `; did you mean 'x'?` or the empty string.
    package static func didYouMean(_ name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Damerau–Levenshtein (optimal string alignment) distance, so swapped letters count once.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow = [Int](repeating: 0, count: b.count + 1)
        var row = Array(0...b.count)
        var twoBack = row
        for i in 1...a.count {
            twoBack = previousRow
            previousRow = row
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], twoBack[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}

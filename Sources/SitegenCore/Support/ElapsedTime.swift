/// How sitegen prints how long something took: milliseconds below a second, else seconds to
/// two places ("42 ms", "1.37 s").
enum ElapsedTime {
    static func text(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        return milliseconds < 1000 ? "\(milliseconds) ms" : "\(Double(milliseconds / 10) / 100) s"
    }
}

import Diagnostics

/// The characters libyaml (YAML 1.1) takes as line breaks and YAML 1.2, which sitegen reads, does
/// not: NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029). Taken as breaks,
/// they moved every later line number and refused valid text (`title: a<NEL>b`). libyaml is given
/// a private-use character in place of each, one character as well, so that its columns hold,
/// and the values it reads have them put back.
enum YAMLLineBreaks {
    private static let characters: [(written: Unicode.Scalar, standIn: Unicode.Scalar)] = [
        ("\u{85}", "\u{F8F0}"), ("\u{2028}", "\u{F8F1}"), ("\u{2029}", "\u{F8F2}"),
    ]
    private static let bytes = characters.map { (written: Array(String($0.written).utf8), standIn: Array(String($0.standIn).utf8)) }

    /// `bytes` with a stand-in for each of these characters; nil when they hold none, or hold a
    /// stand-in already (then libyaml reads them as before). Looked for with `memchr`: every
    /// page's front matter and the theme's strings go through here.
    static func standingIn(_ bytes: [UInt8]) -> [UInt8]? {
        let pairs = Self.bytes
        guard pairs.contains(where: { ByteScan.contains($0.written, in: bytes) }), !pairs.contains(where: { ByteScan.contains($0.standIn, in: bytes) })
        else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            if let pair = pairs.first(where: { bytes[index...].starts(with: $0.written) }) {
                result += pair.standIn
                index += pair.written.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// `text` as written: each stand-in back to the character it stands in for.
    static func putBack(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { scalar in characters.contains { $0.standIn == scalar } }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(characters.first { $0.standIn == scalar }?.written ?? scalar)
        }
        return String(scalars)
    }
}

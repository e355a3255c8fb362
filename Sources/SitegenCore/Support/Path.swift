/// `/`-separated path arithmetic, without touching the disk.
package enum Path {
    static func join(_ base: String, _ component: String) -> String {
        if base.isEmpty || base == "." { return component }
        if component.isEmpty { return base }
        return base.utf8.last == UInt8(ascii: "/") ? base + component : base + "/" + component
    }

    static func join(_ components: String...) -> String {
        components.reduce("") { join($0, $1) }
    }

    /// The parts of `path` between its `/` bytes, as the system divides it: a split by characters
    /// joins a slash with a combining mark after it, and the two parts around it with them.
    static func components(of path: String, omittingEmpty: Bool = true) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: omittingEmpty).map { Substring($0) }
    }

    /// Resolves `.` and `..`; returns nil when the path climbs above its start.
    static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in components(of: path) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// A relative URL with its `.` segments and `segment/..` pairs taken out, as a browser
    /// resolves them; a `..` that climbs above the URL's start is kept (`tour/../../tour/a.png` is
    /// `../tour/a.png`).
    static func collapsed(_ url: String) -> String {
        var parts: [Substring] = []
        for part in components(of: url, omittingEmpty: false) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The folder `path` is in: "" for a bare name, "/" for a name at the root.
    static func directory(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `folder` and each folder it lies in, innermost first, stopping before "" (or "/" and "."):
    /// the steps of a walk up the tree, which end even from an absolute path.
    static func lineage(of folder: String) -> [String] {
        var folders: [String] = []
        var step = folder
        while !step.isEmpty, step != "/", step != "." {
            folders.append(step)
            step = directory(of: step)
        }
        return folders
    }

    static func fileName(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The last `/` of `path`, found among its bytes rather than its characters: paths are split
    /// by the thousand per build, and the system divides them at that byte, whatever follows it.
    private static func lastSlash(in path: String) -> String.Index? {
        let slash = UInt8(ascii: "/")
        guard let found = path.utf8.withContiguousStorageIfAvailable({ $0.lastIndex(of: slash) }) else {
            return path.utf8.lastIndex(of: slash)
        }
        return found.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }

    /// True for a name the system hides: one whose first byte is a dot, whatever follows it (a
    /// dot with a combining mark is another character, but still a hidden name).
    static func isHidden(_ name: some StringProtocol) -> Bool {
        name.utf8.first == UInt8(ascii: ".")
    }

    /// `path` relative to `base` when it lies inside it, compared byte by byte as `isInside` compares.
    static func relative(_ path: String, to base: String) -> String? {
        let slash = UInt8(ascii: "/")
        var base = base.utf8[...]
        while base.count > 1, base.last == slash { base = base.dropLast() }
        if base.isEmpty || base.elementsEqual(".".utf8) { return path }
        let bytes = path.utf8
        if base.elementsEqual("/".utf8) { return bytes.first == slash ? String(decoding: bytes.dropFirst(), as: UTF8.self) : nil }
        guard bytes.starts(with: base), bytes.dropFirst(base.count).first == slash else { return nil }
        return String(decoding: bytes.dropFirst(base.count + 1), as: UTF8.self)
    }

    /// True for a path with no empty, `.` or `..` component (absolute, or relative to the working
    /// directory): one whose text says where it is, before any link is followed.
    static func isPlain(_ path: String) -> Bool {
        // The current component's length, and how many of its bytes are dots.
        func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
            var length = 0
            var dots = 0
            var first = true
            for byte in bytes {
                defer { first = false }
                if byte == UInt8(ascii: "/") {
                    if first { continue }
                    if length == 0 || (dots == length && length <= 2) { return false }
                    length = 0
                    dots = 0
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return length > 0 && !(dots == length && length <= 2)
        }
        return path.utf8.withContiguousStorageIfAvailable(isPlain) ?? isPlain(path.utf8)
    }

    /// True when two paths name the same file by their bytes (Swift's `==` takes text in two
    /// Unicode normalizations for one, which the system does not).
    static func isSame(_ path: String, _ other: String) -> Bool {
        guard path.utf8.count == other.utf8.count else { return false }
        return withBytes(path, other) { $0.elementsEqual($1) }
    }

    /// `body` over the UTF-8 of two strings as buffers: a walk of `String.UTF8View` costs tens
    /// of instructions a byte, and these comparisons run for every file a build reads.
    private static func withBytes<T>(_ first: String, _ second: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> T) -> T {
        var first = first
        var second = second
        return first.withUTF8 { a in second.withUTF8 { b in body(a, b) } }
    }

    /// True when `realPath` is `root` or lies inside it (both absolute, with links resolved).
    /// Compared byte by byte, as the system names files: two names that are the same text in
    /// another normalization (`é` and `e` with an accent) are two folders.
    package static func isInside(_ realPath: String, root: String) -> Bool {
        guard root != "/", !isSame(realPath, root) else { return true }
        return withBytes(realPath, root) { path, base in
            path.starts(with: base) && path.dropFirst(base.count).first == UInt8(ascii: "/")
        }
    }

    /// Percent-encodes a relative path for use as a URL, keeping `/` and unreserved characters.
    static func urlEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
                || byte == 0x2F
            if isUnreserved {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `text` holds `%00`, a NUL byte no file name can hold.
    static func holdsEncodedNUL(_ text: String) -> Bool {
        text.utf8.split(separator: UInt8(ascii: "%"), omittingEmptySubsequences: false).dropFirst().contains { $0.starts(with: "00".utf8) }
    }

    /// Decodes `%XX` escapes; nil when an escape is malformed or a NUL, or the result is not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                // `%00` names no file: the system would read the path only up to it
                // (`evil.html%00.txt` is `evil.html`, whatever the name says).
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16), value != 0
                else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

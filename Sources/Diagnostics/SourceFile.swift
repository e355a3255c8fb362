import Synchronization

/// A text file of the user's site, with the means to point at a place in it.
package struct SourceFile: Sendable, Hashable {
    /// The path as diagnostics show it, relative to the site folder.
    package let path: String
    package let text: String
    /// Where each line starts, found the first time a line is asked for and shared by every copy,
    /// so that a page with thousands of diagnostics splits its text once.
    private let lineIndex = LineIndex()

    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The text of 1-based line `number`, without its line ending.
    package func line(_ number: Int) -> String? {
        lineIndex.line(number, of: text).map(String.init)
    }

    package static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
        lhs.path == rhs.path && lhs.text == rhs.text
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(text)
    }

    /// A diagnostic located at `location` in this file, carrying the offending line (or the
    /// excerpt of a long one around the location, cut without reading the line again).
    package func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation?, length: Int = 1
    ) -> Diagnostic {
        var diagnostic = Diagnostic(severity, message, path: path, location: location, length: length)
        guard let location, let line = lineIndex.scalars(location.line, of: text) else { return diagnostic }
        let excerpt = Diagnostic.excerpt(around: location.column, count: line.count)
        diagnostic.sourceLine = line.text(scalars: excerpt)
        diagnostic.sourceLineOffset = excerpt.lowerBound
        diagnostic.sourceLineContinues = excerpt.upperBound < line.count
        return diagnostic
    }

    package func error(_ message: String, at location: SourceLocation?, length: Int = 1) -> Diagnostic {
        diagnostic(.error, message, at: location, length: length)
    }

    package func warning(_ message: String, at location: SourceLocation?, length: Int = 1) -> Diagnostic {
        diagnostic(.warning, message, at: location, length: length)
    }
}

extension SourceFile {
    /// The location of a 1-based UTF-8 byte column on a line, as a column of Unicode scalars.
    /// When `marker` is given and the text at that column does not start with it, the column
    /// moves to the marker's first occurrence after it (cmark reports some inline positions at
    /// the start of the line's content).
    package func location(line: Int, utf8Column: Int, marker: String? = nil) -> SourceLocation {
        guard let scalars = lineIndex.scalars(line, of: text) else { return SourceLocation(line: line, column: max(1, utf8Column)) }
        let bytes = scalars.bytes
        var index = min(max(0, utf8Column - 1), bytes.count)
        if let marker, !bytes[index...].starts(with: marker.utf8), let found = bytes[index...].firstRange(of: Array(marker.utf8)) {
            index = found.lowerBound
        }
        return SourceLocation(line: line, column: scalars.scalarIndex(ofByte: index) + 1)
    }

    /// The location of a 1-based UTF-8 byte column of a line as Markdown read it, where each
    /// control character (`ControlCharacters`) was U+FFFD, three bytes; as `location(line:utf8Column:marker:)`.
    package func location(line: Int, readColumn: Int, marker: String? = nil) -> SourceLocation {
        guard let scalars = lineIndex.scalars(line, of: text), scalars.holdsControls else {
            return location(line: line, utf8Column: readColumn, marker: marker)
        }
        var (written, read) = (0, 0)
        while written < scalars.bytes.count, read < readColumn - 1 {
            read += ControlCharacters.isControl(scalars.bytes[written]) ? 3 : 1
            written += 1
        }
        return location(line: line, utf8Column: written + 1, marker: marker)
    }
}

/// The lines of a text, split on first use, and the scalars of each line a diagnostic points
/// into, mapped once: a line holding thousands of problems is read once, not once for each.
private final class LineIndex: Sendable {
    private struct State {
        var lines: [Substring]?
        var scalars: [Int: LineScalars] = [:]
    }

    private let state = Mutex(State())

    func line(_ number: Int, of text: String) -> Substring? {
        state.withLock { state in
            let all = state.lines ?? LineSplitter.Lines(text: text).map(\.text)
            state.lines = all
            return number >= 1 && number <= all.count ? all[number - 1] : nil
        }
    }

    func scalars(_ number: Int, of text: String) -> LineScalars? {
        if let known = state.withLock({ $0.scalars[number] }) { return known }
        guard let line = line(number, of: text) else { return nil }
        let scalars = LineScalars(line)
        state.withLock { $0.scalars[number] = scalars }
        return scalars
    }
}

/// A line's UTF-8 bytes and, every `stride` bytes, how many scalars start before: the scalar
/// index of a byte, and the bytes of a run of scalars, are found in a few steps.
struct LineScalars: Sendable {
    let bytes: [UInt8]
    /// How many scalars the line holds.
    let count: Int
    /// Whether it holds a control character that text read from it has as U+FFFD.
    let holdsControls: Bool
    private let checkpoints: [Int]
    private static let stride = 256

    init(_ line: Substring) {
        bytes = Array(line.utf8)
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count / Self.stride + 1)
        var scalars = 0
        var controls = false
        for (offset, byte) in bytes.enumerated() {
            if offset % Self.stride == 0 { checkpoints.append(scalars) }
            if !Self.isContinuation(byte) { scalars += 1 }
            controls = controls || ControlCharacters.isControl(byte)
        }
        self.checkpoints = checkpoints
        count = scalars
        holdsControls = controls
    }

    /// How many scalars start before byte `offset`.
    func scalarIndex(ofByte offset: Int) -> Int {
        guard offset < bytes.count else { return count }
        let checkpoint = offset / Self.stride
        return checkpoints[checkpoint] + bytes[(checkpoint * Self.stride)..<offset].count { !Self.isContinuation($0) }
    }

    /// The byte at which scalar `index` starts (the line's end past its last).
    func byteOffset(ofScalar index: Int) -> Int {
        guard index < count else { return bytes.count }
        // The last checkpoint at or before the scalar, then forward to its lead byte.
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if checkpoints[middle] <= index { low = middle } else { high = middle - 1 }
        }
        var offset = low * Self.stride
        var scalars = checkpoints[low]
        while offset < bytes.count {
            if !Self.isContinuation(bytes[offset]) {
                if scalars == index { return offset }
                scalars += 1
            }
            offset += 1
        }
        return bytes.count
    }

    /// The text of the scalars in `range`.
    func text(scalars range: Range<Int>) -> String {
        String(decoding: bytes[byteOffset(ofScalar: range.lowerBound)..<byteOffset(ofScalar: range.upperBound)], as: UTF8.self)
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }
}

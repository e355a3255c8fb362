import Diagnostics

/// Warnings a build cache keeps, to repeat them in a later build, which may name the site folder
/// another way (`--site .` from inside it, an absolute path from elsewhere): a path inside the
/// site is kept relative to it, and said the later build's way; any other path as it was said.
extension Diagnostic {
    /// This diagnostic as the cache keeps it, from a build of the site at `siteDirectory`.
    func cached(site siteDirectory: String) -> Diagnostic {
        var kept = self
        let outside = path.hasPrefix("/") && !siteDirectory.hasPrefix("/")
        kept.path = (outside ? nil : Path.relative(path, to: siteDirectory)) ?? Self.asSaid + path
        return kept
    }

    /// A diagnostic the cache kept, said as a build of the site `loader` reads says its own.
    func restored(for loader: SiteLoader) -> Diagnostic {
        var restored = self
        restored.path = path.hasPrefix(Self.asSaid) ? String(path.dropFirst(Self.asSaid.count)) : loader.diskPath(path)
        return restored
    }

    /// What starts a kept path outside the site, kept as it was said: a byte no path holds.
    private static let asSaid = "\u{0}"
}

/// A diagnostic as the cache's record keeps it, its fields in the order of its `Codable` coding:
/// a site with a warning on every page keeps thousands, and `Decoder`'s containers cost ten times
/// as much as reading them field by field.
extension Diagnostic: RecordCodable {
    func write(to sink: RecordSink) {
        sink.add(severity.rawValue)
        sink.add(path)
        sink.add(location) { location in
            sink.add(location.line)
            sink.add(location.column)
        }
        sink.add(length)
        sink.add(message)
        sink.add(sourceLine, sink.add)
        sink.add(sourceLineOffset)
        sink.add(sourceLineContinues)
    }

    init(record source: RecordSource) throws {
        let name = try source.string()
        guard let severity = Severity(rawValue: name) else { throw source.malformed("no severity '\(name)'") }
        let path = try source.string()
        let location = try source.optional { SourceLocation(line: try source.int(), column: try source.int()) }
        let length = try source.int()
        self.init(severity, "", path: path, location: location, length: length)
        // Set as kept, not through `init`, which would cut the message and the line again.
        message = try source.string()
        sourceLine = try source.optional(source.string)
        sourceLineOffset = try source.int()
        sourceLineContinues = try source.bool()
    }
}

/// Reads a video's display size, duration and codec family from its container header, as a
/// browser lays the video out before it plays: MP4 (ISO base media file format, the `moov` box
/// wherever it is, fragmented or not, with the track matrix's rotation) and WebM (Matroska's EBML,
/// its first video track). Every size is checked against the bytes left before it is used, and
/// the walk is bounded in depth and in boxes, so a hostile file is a problem, never a crash or a hang.
package enum VideoHeader {
    /// What a page needs to reserve a video's space.
    package struct Info: Sendable, Equatable {
        package var container: Container
        /// The size the video is shown at: the coded size, turned by the track's rotation.
        package var width: Int
        package var height: Int
        /// In seconds; nil when the header does not say.
        package var duration: Double?
        /// Clockwise rotation in degrees (0, 90, 180, 270), applied to `width` and `height` already.
        package var rotation: Int

        package init(container: Container, width: Int, height: Int, duration: Double?, rotation: Int = 0) {
            self.container = container
            self.width = width
            self.height = height
            self.duration = duration
            self.rotation = rotation
        }
    }

    package enum Container: String, Sendable, CaseIterable {
        case mp4 = "MP4", webm = "WebM"

        /// The file name extensions of the container, lowercase.
        package var extensions: [String] {
            switch self {
            case .mp4: return ["mp4", "m4v"]
            case .webm: return ["webm"]
            }
        }

        /// The container a file name's extension names, in any case.
        package init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: ".") else { return nil }
            let pathExtension = fileName[fileName.index(after: dot)...].lowercased()
            guard let container = Container.allCases.first(where: { $0.extensions.contains(pathExtension) }) else { return nil }
            self = container
        }
    }

    /// Why a header cannot be read, in words for a diagnostic.
    package struct Problem: Error, Equatable, Sendable {
        package var message: String

        init(_ message: String) {
            self.message = message
        }
    }

    /// The most boxes or elements a walk visits, and the deepest it nests: far beyond any real
    /// file's header, and a bound on a hostile one's.
    static let maximumItems = 100_000
    static let maximumDepth = 16

    /// The header of `bytes`, by their content (not their name).
    package static func read(_ bytes: [UInt8]) -> Result<Info, Problem> {
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            var reader = WebMReader(bytes: bytes)
            return reader.read()
        }
        if bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            var reader = MP4Reader(bytes: bytes)
            return reader.read()
        }
        return .failure(Problem("not an MP4 or WebM video: it starts with neither an 'ftyp' box nor an EBML header"))
    }
}

/// The ISO base media file format's boxes: size (32 bits, or 64 after `size == 1`, or to the
/// end of the parent when 0), four-character type, payload.
private struct MP4Reader {
    let bytes: [UInt8]
    var items = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    struct Box {
        var type: String
        var payload: Range<Int>
    }

    /// Whether a box that fits before `end` starts at `offset`: a header, and a size within it.
    static func isWholeBox(_ bytes: [UInt8], at offset: Int, before end: Int) -> Bool {
        guard end - offset >= 8 else { return false }
        let size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        if size == 0 { return true }
        if size == 1 {
            guard end - offset >= 16 else { return false }
            let large = bytes[(offset + 8)..<(offset + 16)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return large >= 16 && large <= UInt64(end - offset)
        }
        return size >= 8 && size <= end - offset
    }

    mutating func read() -> Result<VideoHeader.Info, VideoHeader.Problem> {
        do {
            guard let moov = try boxes(in: 0..<bytes.count).first(where: { $0.type == "moov" }) else {
                return .failure(.init("the MP4 file has no 'moov' box, which says how big the video is: is the file cut short?"))
            }
            var duration: Double?
            var video: (width: Int, height: Int, rotation: Int)?
            for box in try boxes(in: moov.payload) {
                if box.type == "mvhd" { duration = try movieDuration(box.payload) }
                if box.type == "trak", video == nil { video = try videoTrack(box.payload) }
            }
            guard let video else { return .failure(.init("the MP4 file has no video track")) }
            guard video.width > 0, video.height > 0 else {
                return .failure(.init("the MP4 file's video track says its size is \(video.width)×\(video.height)"))
            }
            return .success(VideoHeader.Info(container: .mp4, width: video.width, height: video.height, duration: duration, rotation: video.rotation))
        } catch {
            return .failure(error)
        }
    }

    /// The boxes directly inside `range`.
    mutating func boxes(in range: Range<Int>) throws(VideoHeader.Problem) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        // After the top level's 'moov', what a file holds (junk, a 'free' box cut short) is not read: browsers play it.
        let isTopLevel = range == 0..<bytes.count
        var hasMovie = false
        while offset < range.upperBound, !(hasMovie && !Self.isWholeBox(bytes, at: offset, before: range.upperBound)) {
            items += 1
            guard items <= VideoHeader.maximumItems else { throw .init("the MP4 file has more than \(VideoHeader.maximumItems) boxes") }
            guard range.upperBound - offset >= 8 else { throw .init("the MP4 file ends inside a box header, at byte \(offset)") }
            var size = Int(uint32(at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard range.upperBound - offset >= 16 else { throw .init("the MP4 file ends inside a box header, at byte \(offset)") }
                let large = uint64(at: offset + 8)
                guard large <= UInt64(Int.max) else { throw .init("the MP4 box '\(type)' at byte \(offset) says it is \(large) bytes long") }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, size <= range.upperBound - offset else {
                // The last top-level box of a file being written (or cut short) may run past its end.
                if type == "mdat", range.upperBound == bytes.count {
                    found.append(Box(type: type, payload: (offset + header)..<range.upperBound))
                    break
                }
                throw .init("the MP4 box '\(type)' at byte \(offset) says it is \(size) bytes long, but \(range.upperBound - offset) are left")
            }
            found.append(Box(type: type, payload: (offset + header)..<(offset + size)))
            hasMovie = hasMovie || (isTopLevel && type == "moov")
            offset += size
        }
        return found
    }

    /// `mvhd`: the movie's time scale and duration.
    func movieDuration(_ payload: Range<Int>) throws(VideoHeader.Problem) -> Double? {
        guard let version = byte(payload, 0) else { throw .init("the MP4 'mvhd' box is empty") }
        let (scaleAt, durationAt, length) = version == 1 ? (20, 24, 8) : (12, 16, 4)
        guard payload.count >= durationAt + length else { throw .init("the MP4 'mvhd' box is cut short") }
        let scale = uint32(at: payload.lowerBound + scaleAt)
        let duration = length == 8 ? uint64(at: payload.lowerBound + durationAt) : UInt64(uint32(at: payload.lowerBound + durationAt))
        // All ones means unknown; a scale of 0 would divide by nothing.
        guard scale > 0, duration != UInt64.max, !(length == 4 && duration == UInt64(UInt32.max)) else { return nil }
        return Double(duration) / Double(scale)
    }

    /// A `trak`'s size and rotation, when its handler (in `mdia/hdlr`) is video; nil otherwise.
    mutating func videoTrack(_ payload: Range<Int>) throws(VideoHeader.Problem) -> (width: Int, height: Int, rotation: Int)? {
        var header: (width: Int, height: Int, rotation: Int)?
        var isVideo = false
        for box in try boxes(in: payload) {
            switch box.type {
            case "tkhd": header = try trackHeader(box.payload)
            case "mdia":
                for inner in try boxes(in: box.payload) where inner.type == "hdlr" {
                    guard inner.payload.count >= 12 else { throw .init("the MP4 'hdlr' box is cut short") }
                    isVideo = Array(bytes[(inner.payload.lowerBound + 8)..<(inner.payload.lowerBound + 12)]) == Array("vide".utf8)
                }
            default: continue
            }
        }
        return isVideo ? header : nil
    }

    /// `tkhd`: the track's presentation size (16.16 fixed point) and its matrix's rotation.
    func trackHeader(_ payload: Range<Int>) throws(VideoHeader.Problem) -> (width: Int, height: Int, rotation: Int) {
        guard let version = byte(payload, 0) else { throw .init("the MP4 'tkhd' box is empty") }
        // version, flags, times, track id, reserved, duration, reserved, layer, group, volume, reserved
        let matrixAt = version == 1 ? 52 : 40
        guard payload.count >= matrixAt + 36 + 8 else { throw .init("the MP4 'tkhd' box is cut short") }
        let matrix = (0..<9).map { Int32(bitPattern: uint32(at: payload.lowerBound + matrixAt + $0 * 4)) }
        let width = Int(uint32(at: payload.lowerBound + matrixAt + 36) >> 16)
        let height = Int(uint32(at: payload.lowerBound + matrixAt + 40) >> 16)
        // The matrix's first two rows (a b / c d, 16.16): a turn is where its ones are, and their sign.
        let (a, b, c, d) = (matrix[0], matrix[1], matrix[3], matrix[4])
        let rotation: Int
        switch (a.signum(), b.signum(), c.signum(), d.signum()) {
        case (0, 1, -1, 0): rotation = 90
        case (-1, 0, 0, -1): rotation = 180
        case (0, -1, 1, 0): rotation = 270
        default: rotation = 0
        }
        return rotation % 180 == 90 ? (height, width, rotation) : (width, height, rotation)
    }

    func byte(_ payload: Range<Int>, _ offset: Int) -> UInt8? {
        payload.count > offset ? bytes[payload.lowerBound + offset] : nil
    }

    func uint32(at offset: Int) -> UInt32 {
        (offset..<(offset + 4)).reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
    }

    func uint64(at offset: Int) -> UInt64 {
        (offset..<(offset + 8)).reduce(0) { $0 << 8 | UInt64(bytes[$1]) }
    }
}

/// Matroska's EBML elements, as WebM uses them: a variable-length id, a variable-length size
/// (all ones: unknown, to the end of the parent), the payload.
private struct WebMReader {
    let bytes: [UInt8]
    var items = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let ebml: UInt32 = 0x1A45_DFA3, docType: UInt32 = 0x4282, segment: UInt32 = 0x1853_8067
    static let info: UInt32 = 0x1549_A966, timecodeScale: UInt32 = 0x2A_D7B1, duration: UInt32 = 0x4489
    static let tracks: UInt32 = 0x1654_AE6B, trackEntry: UInt32 = 0xAE, trackType: UInt32 = 0x83, video: UInt32 = 0xE0
    static let pixelWidth: UInt32 = 0xB0, pixelHeight: UInt32 = 0xBA, displayWidth: UInt32 = 0x54B0, displayHeight: UInt32 = 0x54BA
    static let displayUnit: UInt32 = 0x54B2
    static let cluster: UInt32 = 0x1F43_B675

    struct Element {
        var id: UInt32
        var payload: Range<Int>
    }

    mutating func read() -> Result<VideoHeader.Info, VideoHeader.Problem> {
        do {
            let top = try elements(in: 0..<bytes.count, stopAt: nil)
            guard let header = top.first, header.id == Self.ebml else { return .failure(.init("the WebM file does not start with an EBML header")) }
            let type = try elements(in: header.payload, stopAt: nil).first { $0.id == Self.docType }.map { String(decoding: bytes[$0.payload], as: UTF8.self) }
            guard type == "webm" || type == "matroska" else {
                return .failure(.init("the EBML file is a '\(type ?? "")' document, not WebM"))
            }
            guard let segment = top.first(where: { $0.id == Self.segment }) else { return .failure(.init("the WebM file has no Segment")) }
            var scale = 1_000_000.0
            var duration: Double?
            var size: (width: Int, height: Int)?
            // The header's elements come before the first Cluster; the frames after it are not read.
            for element in try elements(in: segment.payload, stopAt: Self.cluster) {
                if element.id == Self.info {
                    for field in try elements(in: element.payload, stopAt: nil) {
                        if field.id == Self.timecodeScale { scale = Double(unsigned(field.payload)) }
                        if field.id == Self.duration { duration = float(field.payload) }
                    }
                }
                if element.id == Self.tracks, size == nil {
                    for entry in try elements(in: element.payload, stopAt: nil) where entry.id == Self.trackEntry {
                        if let found = try videoSize(entry.payload) {
                            size = found
                            break
                        }
                    }
                }
            }
            guard let size else { return .failure(.init("the WebM file has no video track with a pixel size")) }
            let seconds = duration.map { $0 * scale / 1_000_000_000 }.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            return .success(VideoHeader.Info(container: .webm, width: size.width, height: size.height, duration: seconds))
        } catch {
            return .failure(error)
        }
    }

    /// A TrackEntry's display size (or pixel size), when it is a video track.
    mutating func videoSize(_ payload: Range<Int>) throws(VideoHeader.Problem) -> (width: Int, height: Int)? {
        var isVideo = false
        var pixels: (width: Int, height: Int) = (0, 0)
        var display: (width: Int, height: Int) = (0, 0)
        var unit = 0
        for field in try elements(in: payload, stopAt: nil) {
            if field.id == Self.trackType { isVideo = unsigned(field.payload) == 1 }
            if field.id == Self.video {
                for dimension in try elements(in: field.payload, stopAt: nil) {
                    let value = Int(clamping: unsigned(dimension.payload))
                    switch dimension.id {
                    case Self.pixelWidth: pixels.width = value
                    case Self.pixelHeight: pixels.height = value
                    case Self.displayWidth: display.width = value
                    case Self.displayHeight: display.height = value
                    case Self.displayUnit: unit = value
                    default: continue
                    }
                }
            }
        }
        guard isVideo else { return nil }
        // DisplayWidth and DisplayHeight default to the pixel size; in a unit other than pixels
        // (centimetres, inches, an aspect ratio) they give the shape only, shown at the pixel height.
        if display.width == 0 { display.width = unit == 0 ? pixels.width : 0 }
        if display.height == 0 { display.height = unit == 0 ? pixels.height : 0 }
        var shown = pixels
        if display.width > 0, display.height > 0 {
            let width = (Double(pixels.height) * Double(display.width) / Double(display.height)).rounded()
            shown = unit == 0 ? display : (width >= 1 && width <= Double(ImageSize.maximumDimension) ? Int(width) : 0, pixels.height)
        }
        guard shown.width > 0, shown.height > 0, shown.width <= ImageSize.maximumDimension, shown.height <= ImageSize.maximumDimension else {
            throw .init("the WebM file's video track says its size is \(shown.width)×\(shown.height)")
        }
        return shown
    }

    /// The elements directly inside `range`, up to the first one with id `stopAt`.
    mutating func elements(in range: Range<Int>, stopAt: UInt32?) throws(VideoHeader.Problem) -> [Element] {
        var found: [Element] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            items += 1
            guard items <= VideoHeader.maximumItems else { throw .init("the WebM file has more than \(VideoHeader.maximumItems) elements") }
            let start = offset
            if bytes[offset] != 0, bytes[offset].leadingZeroBitCount + 1 > range.upperBound - offset {
                throw .init("the WebM file ends inside an element's header at byte \(start): is it cut short?")
            }
            guard let (id, idLength) = variableInteger(at: offset, limit: range.upperBound, keepMarker: true), idLength <= 4 else {
                throw .init("the WebM file has a malformed element id at byte \(start)")
            }
            offset += idLength
            if let stopAt, UInt32(truncatingIfNeeded: id) == stopAt { break }
            guard let (size, sizeLength) = variableInteger(at: offset, limit: range.upperBound, keepMarker: false) else {
                throw .init("the WebM file has a malformed element size at byte \(offset)")
            }
            offset += sizeLength
            let unknown = size == (UInt64(1) << (7 * UInt64(sizeLength))) - 1
            // A Segment cut short (a file still being written, or its last Clusters lost) runs to the end of the file, as browsers play it.
            let cutShort = UInt32(truncatingIfNeeded: id) == Self.segment && range.upperBound == bytes.count
            let end = unknown || (cutShort && size > UInt64(range.upperBound - offset))
                ? range.upperBound : (size <= UInt64(range.upperBound - offset) ? offset + Int(size) : -1)
            guard end >= offset else {
                throw .init("the WebM element at byte \(start) says it is \(size) bytes long, but \(range.upperBound - offset) are left")
            }
            found.append(Element(id: UInt32(truncatingIfNeeded: id), payload: offset..<end))
            offset = end
        }
        return found
    }

    /// EBML's variable-length integer at `offset`: its leading zeros give its length (1 to 8).
    func variableInteger(at offset: Int, limit: Int, keepMarker: Bool) -> (UInt64, Int)? {
        guard offset < limit, bytes[offset] != 0 else { return nil }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard length <= 8, offset + length <= limit else { return nil }
        var value = UInt64(keepMarker ? bytes[offset] : bytes[offset] & (0xFF >> length))
        for index in 1..<length { value = value << 8 | UInt64(bytes[offset + index]) }
        return (value, length)
    }

    func unsigned(_ payload: Range<Int>) -> UInt64 {
        payload.count <= 8 ? payload.reduce(0) { $0 << 8 | UInt64(bytes[$1]) } : UInt64.max
    }

    func float(_ payload: Range<Int>) -> Double? {
        switch payload.count {
        case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: unsigned(payload))))
        case 8: return Double(bitPattern: unsigned(payload))
        default: return nil
        }
    }
}

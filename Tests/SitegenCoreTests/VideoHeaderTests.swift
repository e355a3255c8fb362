import Testing
@testable import SitegenCore

/// Container headers written byte by byte as the formats define them (ISO/IEC 14496-12 boxes,
/// Matroska's EBML elements): the sizes a page reserves, the rotation it applies, and a problem,
/// never a crash, for a cut-short or hostile file.
@Suite struct VideoHeaderTests {
    // MARK: MP4

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) } }
    static func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) } }

    /// A version-0 `tkhd` with `matrix` (a, b, c, d in 16.16) and a size of width×height.
    static func trackHeader(width: Int, height: Int, matrix: (Int32, Int32, Int32, Int32) = (0x10000, 0, 0, 0x10000), version: UInt8 = 0) -> [UInt8] {
        var payload: [UInt8] = [version, 0, 0, 3]
        payload += [UInt8](repeating: 0, count: version == 1 ? 32 : 20)  // times, track id, reserved, duration
        payload += [UInt8](repeating: 0, count: 16)  // reserved, layer, group, volume, reserved
        let (a, b, c, d) = matrix
        for value in [a, b, 0, c, d, 0, 0, 0, 0x4000_0000] { payload += be32(UInt32(bitPattern: value)) }
        payload += be32(UInt32(width) << 16) + be32(UInt32(height) << 16)
        return box("tkhd", payload)
    }

    static func movieHeader(scale: UInt32, duration: UInt32) -> [UInt8] {
        box("mvhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(scale) + be32(duration) + [UInt8](repeating: 0, count: 80))
    }

    static func track(_ handler: String, _ header: [UInt8]) -> [UInt8] {
        box("trak", header + box("mdia", box("mdhd", [UInt8](repeating: 0, count: 24)) + box("hdlr", [0, 0, 0, 0] + be32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))))
    }

    static let ftyp = box("ftyp", Array("isom".utf8) + be32(512) + Array("isomiso2avc1mp41".utf8))

    static func mp4(moovFirst: Bool = true, tracks: [[UInt8]] = [track("vide", trackHeader(width: 1920, height: 1080))], extra: [UInt8] = []) -> [UInt8] {
        let moov = box("moov", movieHeader(scale: 1000, duration: 12_500) + tracks.joined() + extra)
        let mdat = box("mdat", [UInt8](repeating: 0xAB, count: 64))
        return ftyp + (moovFirst ? moov + mdat : mdat + moov)
    }

    @Test func aPlainMP4IsMeasured() throws {
        let info = try VideoHeader.read(Self.mp4()).get()
        #expect(info == VideoHeader.Info(container: .mp4, width: 1920, height: 1080, duration: 12.5))
    }

    @Test func theMoovBoxMayComeAfterTheMedia() throws {
        #expect(try VideoHeader.read(Self.mp4(moovFirst: false)).get().width == 1920)
    }

    @Test func theVideoTrackIsFoundAmongOthers() throws {
        let tracks = [Self.track("soun", Self.trackHeader(width: 0, height: 0)), Self.track("vide", Self.trackHeader(width: 640, height: 360))]
        let info = try VideoHeader.read(Self.mp4(tracks: tracks)).get()
        #expect((info.width, info.height) == (640, 360))
    }

    @Test(arguments: [
        ((Int32(0), Int32(0x10000), Int32(-0x10000), Int32(0)), 90, 1080, 1920),
        ((Int32(-0x10000), Int32(0), Int32(0), Int32(-0x10000)), 180, 1920, 1080),
        ((Int32(0), Int32(-0x10000), Int32(0x10000), Int32(0)), 270, 1080, 1920),
        ((Int32(0x10000), Int32(0), Int32(0), Int32(0x10000)), 0, 1920, 1080),
    ])
    func theTracksMatrixTurnsTheVideo(_ matrix: (Int32, Int32, Int32, Int32), _ rotation: Int, _ width: Int, _ height: Int) throws {
        let info = try VideoHeader.read(Self.mp4(tracks: [Self.track("vide", Self.trackHeader(width: 1920, height: 1080, matrix: matrix))])).get()
        #expect(info.rotation == rotation && info.width == width && info.height == height)
    }

    @Test func aFragmentedMP4IsMeasuredFromItsMoov() throws {
        // A fragmented file: moov with mvex (no samples), then moof/mdat pairs.
        var bytes = Self.mp4(extra: Self.box("mvex", Self.box("trex", [UInt8](repeating: 0, count: 24))))
        for _ in 0..<3 { bytes += Self.box("moof", Self.box("mfhd", [0, 0, 0, 0, 0, 0, 0, 1])) + Self.box("mdat", [1, 2, 3]) }
        #expect(try VideoHeader.read(bytes).get().width == 1920)
    }

    @Test func version1HeadersAnd64BitSizesAreRead() throws {
        let header = Self.trackHeader(width: 320, height: 240, version: 1)
        let moovPayload = Self.movieHeader(scale: 600, duration: 600) + Self.track("vide", header)
        let large = Self.be32(1) + Array("moov".utf8) + Self.be64(UInt64(16 + moovPayload.count)) + moovPayload
        let info = try VideoHeader.read(Self.ftyp + large).get()
        #expect((info.width, info.height, info.duration) == (320, 240, 1.0))
    }

    @Test func aFileStillBeingWrittenEndsInItsMediaData() throws {
        // mdat says it is longer than the file: the header before it is still read.
        let moov = Self.box("moov", Self.movieHeader(scale: 1, duration: 1) + Self.track("vide", Self.trackHeader(width: 8, height: 8)))
        let bytes = Self.ftyp + moov + Self.be32(1_000_000) + Array("mdat".utf8) + [0, 0]
        #expect(try VideoHeader.read(bytes).get().width == 8)
    }

    @Test(arguments: [
        ("no moov", ftyp + box("mdat", [0]), "no 'moov' box"),
        ("audio only", ftyp + box("moov", movieHeader(scale: 1, duration: 1) + track("soun", trackHeader(width: 0, height: 0))), "no video track"),
        ("zero size", ftyp + box("moov", track("vide", trackHeader(width: 0, height: 0))), "says its size is 0×0"),
        ("box too long", ftyp + be32(100) + Array("moov".utf8) + [0, 0], "says it is 100 bytes long, but 10 are left"),
        ("box too short", ftyp + be32(4) + Array("moov".utf8), "says it is 4 bytes long"),
        ("cut header", ftyp + [0, 0, 0], "ends inside a box header"),
        ("tkhd cut", ftyp + box("moov", box("trak", box("tkhd", [0, 0, 0, 0, 1, 2]) + box("mdia", box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("vide".utf8))))), "'tkhd' box is cut short"),
        ("not a video", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20), "not an MP4 or WebM video"),
    ])
    func aBrokenMP4IsAProblem(_ name: String, _ bytes: [UInt8], _ message: String) {
        switch VideoHeader.read(bytes) {
        case .success(let info): Issue.record("\(name): read as \(info)")
        case .failure(let problem): #expect(problem.message.contains(message), "\(name): \(problem.message)")
        }
    }

    @Test func manyEmptyBoxesAreBounded() {
        let many = [UInt8]((0..<200_000).flatMap { _ in Self.box("free", []) })
        guard case .failure(let problem) = VideoHeader.read(Self.ftyp + many) else {
            Issue.record("read")
            return
        }
        #expect(problem.message.contains("more than 100000 boxes"))
    }

    // MARK: WebM

    /// An EBML element: its id's bytes, its size as a variable-length integer, its payload.
    static func element(_ id: UInt32, _ payload: [UInt8]) -> [UInt8] {
        let idBytes = be32(id).drop { $0 == 0 }
        return Array(idBytes) + size(payload.count) + payload
    }

    static func size(_ count: Int) -> [UInt8] {
        count < 0x7F ? [0x80 | UInt8(count)] : [0x40 | UInt8(count >> 8), UInt8(count & 0xFF)]
    }

    static func uint(_ id: UInt32, _ value: Int) -> [UInt8] {
        element(id, value < 256 ? [UInt8(value)] : [UInt8(value >> 8), UInt8(value & 0xFF)])
    }

    static func webm(
        docType: String = "webm", width: Int = 1280, height: Int = 720, display: (Int, Int)? = nil, videoFields extra: [UInt8] = [],
        unknownSegment: Bool = false
    ) -> [UInt8] {
        let header = element(0x1A45_DFA3, element(0x4286, [1]) + element(0x4282, Array(docType.utf8)))
        // TimecodeScale left at its default, 1 ms a tick: 2,500 ticks.
        let info = element(0x1549_A966, element(0x4489, be64((2_500.0).bitPattern)))
        var videoFields = uint(0xB0, width) + uint(0xBA, height)
        if let (w, h) = display { videoFields += uint(0x54B0, w) + uint(0x54BA, h) }
        videoFields += extra
        let audio = element(0xAE, uint(0xD7, 1) + uint(0x83, 2))
        let video = element(0xAE, uint(0xD7, 2) + uint(0x83, 1) + element(0xE0, videoFields))
        let tracks = element(0x1654_AE6B, audio + video)
        let cluster = element(0x1F43_B675, [0xE7, 0x81, 0x00])
        let body = info + tracks + cluster
        let segment = unknownSegment ? [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + body : element(0x1853_8067, body)
        return header + segment
    }

    @Test func aWebMIsMeasured() throws {
        let info = try VideoHeader.read(Self.webm()).get()
        #expect(info == VideoHeader.Info(container: .webm, width: 1280, height: 720, duration: 2.5))
    }

    @Test func theDisplaySizeWinsAndALiveSegmentOfUnknownSizeIsRead() throws {
        #expect(try VideoHeader.read(Self.webm(display: (1920, 1080))).get().width == 1920)
        #expect(try VideoHeader.read(Self.webm(unknownSegment: true)).get().height == 720)
        #expect(try VideoHeader.read(Self.webm(docType: "matroska")).get().container == .webm)
    }

    /// DisplayWidth and DisplayHeight as Matroska defines them: each defaults to the pixel size,
    /// and in a unit other than pixels (DisplayUnit 3, an aspect ratio) they give only the shape,
    /// shown at the pixel height as browsers show it.
    @Test func theDisplaySizeIsReadInItsUnit() throws {
        #expect(try VideoHeader.read(Self.webm(width: 1440, height: 1080, display: (16, 9), videoFields: Self.uint(0x54B2, 3))).get().width == 1920)
        let aspect = try VideoHeader.read(Self.webm(width: 1440, height: 1080, display: (16, 9), videoFields: Self.uint(0x54B2, 3))).get()
        #expect((aspect.width, aspect.height) == (1920, 1080))
        let onlyWidth = try VideoHeader.read(Self.webm(width: 1440, height: 1080, videoFields: Self.uint(0x54B0, 1920))).get()
        #expect((onlyWidth.width, onlyWidth.height) == (1920, 1080), "DisplayHeight defaults to PixelHeight")
        let huge = Self.webm(width: 10, height: 1000, videoFields: Self.uint(0x54B2, 3) + Self.element(0x54B0, [0x7F] + [UInt8](repeating: 0xFF, count: 7)) + Self.uint(0x54BA, 1))
        #expect(throws: VideoHeader.Problem.self) { try VideoHeader.read(huge).get() }
    }

    /// What browsers play, sitegen measures: an MP4 with junk or a box cut short after its
    /// 'moov', a WebM whose Segment is cut short in its Clusters.
    @Test func whatFollowsTheHeaderMayBeDamaged() throws {
        let moov = Self.box("moov", Self.movieHeader(scale: 1, duration: 1) + Self.track("vide", Self.trackHeader(width: 8, height: 8)))
        #expect(try VideoHeader.read(Self.ftyp + moov + [1, 2, 3]).get().width == 8)
        #expect(try VideoHeader.read(Self.ftyp + moov + Self.be32(4_000) + Array("free".utf8) + [0]).get().width == 8)
        #expect(try VideoHeader.read(Self.ftyp + moov + [0, 0, 0, 1] + Array("free".utf8) + Self.be32(0) + Self.be32(100)).get().width == 8)
        #expect(throws: VideoHeader.Problem.self, "junk before the 'moov' is still an error") { try VideoHeader.read(Self.ftyp + [1, 2, 3] + moov).get() }
        let whole = Self.webm()
        let cut = Array(whole.prefix(whole.count - 2))
        #expect(try VideoHeader.read(cut).get().width == 1280)
    }

    @Test(arguments: [
        ("another EBML document", webm(docType: "dvdr"), "is a 'dvdr' document, not WebM"),
        ("no size", webm(width: 0, height: 0), "says its size is 0×0"),
        ("cut short in its header", Array(webm().prefix(40)), "ends inside an element's header at byte 37: is it cut short?"),
        ("an element too long", Array(webm().prefix(21)) + [0x15, 0x49, 0xA9, 0x66, 0x8F, 0x44, 0x89], "bytes long, but"),
        ("bad id", [0x1A, 0x45, 0xDF, 0xA3, 0x80, 0x00], "malformed element id"),
    ])
    func aBrokenWebMIsAProblem(_ name: String, _ bytes: [UInt8], _ message: String) {
        switch VideoHeader.read(bytes) {
        case .success(let info): Issue.record("\(name): read as \(info)")
        case .failure(let problem): #expect(problem.message.contains(message), "\(name): \(problem.message)")
        }
    }

    @Test func everyPrefixOfAValidFileIsReadOrRefusedWithoutCrashing() {
        for file in [Self.mp4(), Self.mp4(moovFirst: false), Self.webm()] {
            for length in 0...file.count {
                _ = VideoHeader.read(Array(file.prefix(length)))
            }
        }
    }

    @Test(arguments: ["demo.mp4", "DEMO.M4V", "clip.webm"])
    func containersAreNamedByTheirExtensions(_ name: String) {
        #expect(VideoHeader.Container(fileName: name) != nil)
        #expect(VideoHeader.Container(fileName: "demo.mov") == nil)
    }
}

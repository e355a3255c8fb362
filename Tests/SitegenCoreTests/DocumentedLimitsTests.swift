import Foundation
import Highlight
import Testing
@testable import Diagnostics
@testable import FrontMatter
@testable import Mustache
@testable import SitegenCore

/// The table of limits in docs/command-line.md quotes the code's constants: each row is checked against the
/// constant it names, so a limit changed in one place fails until the other says the same.
@Suite struct DocumentedLimitsTests {
    private static func row(_ start: String) throws -> String {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
        let line = readme.split(separator: "\n").first { $0.hasPrefix("| " + start) }
        let cells = try #require(line, "docs/command-line.md's limits table has a row for \(start)").split(separator: "|")
        return cells[1].trimmingCharacters(in: .whitespaces)
    }

    @Test func everyLimitTheReadmeQuotesIsTheCodes() throws {
        #expect(try Self.row("a text file") == "\(SiteLoader.maximumTextFileSize >> 20) MiB")
        #expect(try Self.row("one rendered file") == "\(MustacheRenderer.defaultMaximumOutputSize >> 20) MiB")
        #expect(try Self.row("partials and parents nested") == "\(MustacheRenderer.maximumDepth) levels")
        #expect(try Self.row("the work of one render") == "\(MustacheRenderer.maximumSteps / 1_000_000) million steps")
        #expect(try Self.row("YAML nesting") == "\(YAMLParser.maximumDepth) levels")
        #expect(try Self.row("generated output of one build") == "\(OutputTransaction.maximumGeneratedSize >> 30) GiB")
        #expect(try Self.row("the source excerpt") == "\(Diagnostic.excerptWidth) characters around the column")
        #expect(try Self.row("a diagnostic's message") == "1,000 characters" && Diagnostic.maximumMessageLength == 1_000)
        #expect(try Self.row("`SITEGEN_JOBS`") == "1 to \(JobCount.maximum)")
        #expect(try Self.row("languages a site lists") == "\(SiteSettings.maximumLocales)")
        #expect(try Self.row("a video a page shows") == "\(ImageResolver.maximumVideoSize >> 20) MiB")
        #expect(try Self.row("a file of a flow's folder a page links to") == "\(ImageResolver.maximumDownloadSize >> 20) MiB")
        #expect(try Self.row("a Lottie animation's file") == "\(ImageResolver.maximumLottieSize >> 20) MiB")
        #expect(try Self.row("a Lottie animation's canvas") == "\(LottieFile.maximumSide) pixels a side")
        #expect(try Self.row("a Lottie animation's frames") == "\(LottieFile.maximumFrames) frames")
        #expect(try Self.row("a Lottie animation's frame rate") == "\(Int(LottieFile.minimumFrameRate)) to \(Int(LottieFile.maximumFrameRate)) frames a second")
        #expect(try Self.row("drawing one Lottie animation") == "\(ImageResolver.maximumLottiePixels / 1_000_000) million pixels")
        #expect(try Self.row("layers one Lottie animation draws") == "\(LottieFile.maximumDrawnLayers) layers")
        #expect(try Self.row("precomps nested in a Lottie animation") == "\(LottieFile.maximumPrecompDepth) levels")
        #expect(try Self.row("layers drawn for one Lottie animation") == "\(ImageResolver.maximumLottieLayerFrames / 1_000_000) million")
        #expect(try Self.row("a raster image's pixels") == "\(ImageResolver.maximumRasterPixels / 1_000_000) million pixels")
        #expect(try Self.row("the pixels of a GIF or WebP image, or of an animation's image (decoded whole)") == "\(ImageResolver.maximumDecodedWholePixels / 1_000_000) million pixels")
        #expect(try Self.row("a side of an animation drawn") == "\(ImageResolver.maximumWebPSide) pixels")
        #expect(try Self.row("a language tag in `locales:`") == "\(SiteSettings.maximumTagLength) characters")
        #expect(try Self.row("one pattern match") == "\(Highlighter.matchLimit / 1_000_000) million steps")
        #expect(try Self.row("the CPU time of highlighting") == "\(Int(Highlighter.cpuSecondsPerBlock)) s")
        #expect(try Self.row("a code block highlighted") == "\(Highlighter.maximumBlockBytes >> 10) KiB")
        #expect(try Self.row("a line of a code block highlighted") == "\(Highlighter.maximumLineBytes) bytes")
        #expect(try Self.row("the HTML one page makes") == "\(PageParser.maximumPageHTML >> 20) MiB")
        #expect(try Self.row("the HTML a flow's pages make together") == "\(FlowAssembler.maximumFlowHTML >> 20) MiB")
    }
}

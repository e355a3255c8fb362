import Foundation
import SitegenFuzzing

#if FUZZING
    import CFuzzer

    /// The target libFuzzer drives, named by `SITEGEN_FUZZ_TARGET`.
    nonisolated(unsafe) var selectedTarget = FuzzTarget.imageSize
#endif

/// `sitegen-fuzz`. Built by `make fuzz` (with `-D FUZZING` and libFuzzer), it fuzzes the target
/// that `SITEGEN_FUZZ_TARGET` names, taking libFuzzer's options; built normally, it replays
/// inputs: `sitegen-fuzz TARGET FILE…`.
@main
struct FuzzEntry {
    static func main() {
        #if FUZZING
            let name = ProcessInfo.processInfo.environment["SITEGEN_FUZZ_TARGET"] ?? ""
            guard let target = FuzzTarget(rawValue: name) else { usage("set SITEGEN_FUZZ_TARGET to one of") }
            selectedTarget = target
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                selectedTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                return 0
            })
        #else
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else { usage("usage: sitegen-fuzz") }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                    exit(1)
                }
                target.run(Array(data))
            }
        #endif
    }

    static func usage(_ lead: String) -> Never {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("\(lead) \(names)\n".utf8))
        exit(2)
    }
}

// swift-tools-version:6.0
import PackageDescription

/// `make fuzz` sets SITEGEN_FUZZER_LIBRARY to the toolchain's libFuzzer without a `main`: the
/// library and the fuzz entry are then compiled with libFuzzer's coverage and AddressSanitizer,
/// and the entry runs libFuzzer's driver from its own `main`. Only those targets: the build-tool
/// plugin's executable is left as it is.
let fuzzerLibrary = Context.environment["SITEGEN_FUZZER_LIBRARY"]
let fuzzing = fuzzerLibrary != nil
let fuzzed: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("FUZZING")] : []

let package = Package(
    name: "sitegen",
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "OnboardingKit", targets: ["OnboardingKit"]),
        .library(name: "SitegenCore", targets: ["SitegenCore"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(name: "CPlatform"),
        .systemLibrary(name: "CFuzzer"),
        .target(name: "OnboardingKit", swiftSettings: fuzzed),
        .executableTarget(name: "embed-theme"),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["embed-theme"]
        ),
        .target(
            name: "SitegenCore",
            dependencies: ["CCMark", "CYAML", "CPlatform", "OnboardingKit"],
            swiftSettings: fuzzed,
            plugins: ["EmbedTheme"]
        ),
        .executableTarget(name: "sitegen", dependencies: ["SitegenCore"]),
        // The fuzz targets, a library the tests replay, and the libFuzzer entry (see `make fuzz`).
        .target(name: "SitegenFuzzing", dependencies: ["SitegenCore"], swiftSettings: fuzzed),
        .executableTarget(
            name: "sitegen-fuzz", dependencies: ["SitegenFuzzing", "CFuzzer"], swiftSettings: fuzzed,
            linkerSettings: fuzzerLibrary.map { [.unsafeFlags(["-sanitize=address", "-Xlinker", $0, "-lstdc++"])] } ?? []),
        .testTarget(name: "OnboardingKitTests", dependencies: ["OnboardingKit"]),
        .testTarget(
            name: "SitegenCoreTests",
            dependencies: ["SitegenCore", "SitegenFuzzing", "OnboardingKit"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

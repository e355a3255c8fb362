// swift-tools-version:6.0
import PackageDescription

/// `make fuzz` sets SITEGEN_FUZZER_LIBRARY to the toolchain's libFuzzer without a `main`: the
/// library and the fuzz entry are then compiled with libFuzzer's coverage and AddressSanitizer,
/// and the entry runs libFuzzer's driver from its own `main`. Only those targets: the build-tool
/// plugin's executable is left as it is.
let fuzzerLibrary = Context.environment["SITEGEN_FUZZER_LIBRARY"]
let fuzzing = fuzzerLibrary != nil
let fuzzed: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("FUZZING")] : []

// The folders of libvips' headers and of the GLib headers they include (`pkg-config --cflags vips`
// gives these and many more that vips.h does not need): Debian's multiarch folder, or Homebrew's.
#if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
#else
    let multiarch = "x86_64-linux-gnu"
#endif
let vipsHeaders: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xcc", "-I/usr/include/glib-2.0", "-Xcc", "-I/usr/lib/\(multiarch)/glib-2.0/include"], .when(platforms: [.linux])),
    .unsafeFlags(
        ["-Xcc", "-I/opt/homebrew/include", "-Xcc", "-I/opt/homebrew/include/glib-2.0", "-Xcc", "-I/opt/homebrew/lib/glib-2.0/include"],
        .when(platforms: [.macOS])),
]

let package = Package(
    name: "sitegen",
    // The generator is a command; its modules are internal to this package (`package` access).
    // The one library other packages use is OnboardingKit, for apps that render the manifest.
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "OnboardingKit", targets: ["OnboardingKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // libmicrohttpd's header only: the library is opened when a server first starts (see
        // CMicroHTTPD/shim.h), so a build does not load it, nor the TLS libraries it brings.
        .systemLibrary(name: "CMicroHTTPD"),
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // Media: libvips for image work, rlottie for drawing Lottie animations.
        // libvips' headers only: the library is opened when the first image needs it (see
        // CVips/shim.h), so the binary is not linked with it (nor with its hundred libraries).
        .systemLibrary(name: "CVips"),
        .systemLibrary(
            name: "CRlottie",
            pkgConfig: "rlottie",
            providers: [.apt(["librlottie-dev"])]
        ),
        .systemLibrary(name: "CPlatform"),
        .systemLibrary(name: "CFuzzer"),
        .target(name: "OnboardingKit", swiftSettings: fuzzed),
        // The stages' own modules, each a boundary the compiler enforces: the Mustache engine
        // depends on nothing; the cmark and libyaml wrappers are those libraries' only importers.
        .target(name: "Diagnostics", swiftSettings: fuzzed),
        .target(name: "Mustache", swiftSettings: fuzzed),
        .target(name: "Markdown", dependencies: ["CCMark", "Diagnostics"], swiftSettings: fuzzed),
        .target(name: "FrontMatter", dependencies: ["CYAML", "Diagnostics"], swiftSettings: fuzzed),
        // Build-time syntax highlighting from GtkSourceView's language definitions: PCRE2's only importer.
        .target(name: "Highlight", dependencies: ["CPCRE2", "Diagnostics"], swiftSettings: fuzzed),
        // The engine's side of scripts/benchmark_highlight.py.
        .executableTarget(name: "highlight-bench", dependencies: ["Highlight"]),
        // Shrinking images, still frames and animated WebP: libvips' only importer.
        .target(name: "Imaging", dependencies: ["CVips"], swiftSettings: fuzzed + vipsHeaders),
        // Drawing a Lottie animation's frames: rlottie's only importer.
        .target(name: "LottieRendering", dependencies: ["CRlottie"], swiftSettings: fuzzed),
        // HTTP for the preview server: libmicrohttpd's wrapper, its only importer.
        .target(
            name: "HTTPServer", dependencies: ["CMicroHTTPD"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/opt/homebrew/include"], .when(platforms: [.macOS]))]),
        .executableTarget(name: "embed-theme"),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["embed-theme"]
        ),
        .target(
            name: "SitegenCore",
            dependencies: [
                "Diagnostics", "Mustache", "Markdown", "FrontMatter", "HTTPServer", "CPlatform", "OnboardingKit", "Highlight", "Imaging",
                "LottieRendering",
            ],
            swiftSettings: fuzzed,
            plugins: ["EmbedTheme"]
        ),
        // The binary allocates with mimalloc (Debian's libmimalloc-dev) rather than glibc's malloc,
        // which spent a tenth of a full build's CPU on the build's many small strings and arrays:
        // linked, its malloc and free stand for the C library's in the whole process.
        .executableTarget(
            name: "sitegen", dependencies: ["SitegenCore"], linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]),
        // What tests and fuzz targets share and the binary never holds: the in-memory file system.
        .target(name: "SitegenTestSupport", dependencies: ["SitegenCore"], swiftSettings: fuzzed),
        // The fuzz targets, a library the tests replay, and the libFuzzer entry (see `make fuzz`).
        .target(
            name: "SitegenFuzzing", dependencies: ["SitegenCore", "SitegenTestSupport", "Diagnostics", "Mustache", "FrontMatter", "Markdown", "Highlight"],
            swiftSettings: fuzzed),
        .executableTarget(
            name: "sitegen-fuzz", dependencies: ["SitegenFuzzing", "CFuzzer"], swiftSettings: fuzzed,
            linkerSettings: fuzzerLibrary.map { [.unsafeFlags(["-sanitize=address", "-Xlinker", $0, "-lstdc++"])] } ?? []),
        .testTarget(name: "OnboardingKitTests", dependencies: ["OnboardingKit"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "Diagnostics"], exclude: ["Corpus"]),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight", "Diagnostics"], exclude: ["Corpus", "Tutorial", "oracle.py", "make_corpus.py", "README.md"]),
        .testTarget(
            name: "SitegenCoreTests",
            dependencies: [
                "SitegenCore", "SitegenTestSupport", "Diagnostics", "Mustache", "Markdown", "FrontMatter", "SitegenFuzzing", "OnboardingKit",
                "HTTPServer", "Highlight", "Imaging",
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

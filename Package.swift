// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "OnboardingKit"),
        .executableTarget(name: "embed-theme"),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["embed-theme"]
        ),
        .target(
            name: "SitegenCore",
            dependencies: ["CCMark", "CYAML", "CPlatform", "OnboardingKit"],
            plugins: ["EmbedTheme"]
        ),
        .executableTarget(name: "sitegen", dependencies: ["SitegenCore"]),
        .testTarget(name: "OnboardingKitTests", dependencies: ["OnboardingKit"]),
        .testTarget(
            name: "SitegenCoreTests",
            dependencies: ["SitegenCore", "OnboardingKit"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

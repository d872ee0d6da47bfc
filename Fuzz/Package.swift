// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets for AlertKit (issue 15). Built and run by `scripts/fuzz.sh TARGET SECONDS`, which passes
// `-sanitize=fuzzer,address` and `-parse-as-library`. SwiftPM makes each target's `MODULE_main` the process's entry
// point, and that hands the target's `LLVMFuzzerTestOneInput` to libFuzzer's driver (`CFuzzDriver`).
// The libraries alone (`traits: []`): no command, no server.
let package = Package(
    name: "AlertKitFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "AlertKit", path: "..", traits: []),
    ],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"] + alertKit("AlertModel", "AlertPresentation", "AlertRendering")),
        .executableTarget(name: "FuzzDecoder", dependencies: ["FuzzSupport"] + alertKit("AlertModel")),
        .executableTarget(name: "FuzzPipeline",
                          dependencies: ["FuzzSupport"] + alertKit("AlertModel", "AlertPresentation", "AlertRendering")),
        .executableTarget(name: "FuzzLineReader", dependencies: ["FuzzSupport"] + alertKit("AlertBatch")),
        .executableTarget(name: "FuzzTemplate", dependencies: ["FuzzSupport"] + alertKit("AlertPresentation", "AlertRendering")),
    ],
    swiftLanguageModes: [.v6]
)

/// AlertKit's library products by name.
func alertKit(_ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: "AlertKit") }
}

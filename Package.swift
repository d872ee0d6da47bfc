// swift-tools-version:6.1
import PackageDescription

/// The command's and the server's dependencies come with the `Tools` trait.
let tools: TargetDependencyCondition? = .when(traits: ["Tools"])

let package = Package(
    name: "AlertKit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AlertJSON", targets: ["AlertJSON"]),
        .library(name: "AlertModel", targets: ["AlertModel"]),
        .library(name: "AlertPresentation", targets: ["AlertPresentation"]),
        .library(name: "AlertRendering", targets: ["AlertRendering"]),
        .library(name: "AlertBatch", targets: ["AlertBatch"]),
        .library(name: "AlertReview", targets: ["AlertReview"]),
        // The whole command line and server, for a team's own `main.swift` (`AlertKitCommand.start(with:)`,
        // Examples/CustomCLI); it needs the `Tools` trait.
        .library(name: "AlertKitCLI", targets: ["AlertKitCLI"]),
        .executable(name: "alertkit", targets: ["alertkit"]),
    ],
    // The libraries need no package (templates are compiled by the TemplateCompiler target; swift-mustache is the
    // tests' oracle). The command and the server (`Tools`, on by default) bring ArgumentParser, Hummingbird, SwiftNIO
    // and swift-crypto: a package that depends on AlertKit with `traits: []` builds the libraries without them and
    // does not even fetch them (README, "Use the libraries in Swift").
    traits: [
        .trait(name: "Tools", description: "The alertkit command and its HTTP server (ArgumentParser, Hummingbird)."),
        .default(enabledTraits: ["Tools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "Ccmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "CMarkArena", dependencies: ["Ccmark"]),
        .target(name: "AlertJSON"),
        .target(
            name: "AlertModel",
            dependencies: ["AlertJSON"],
            resources: [.embedInCode("Resources/alert.schema.json")]
        ),
        .target(
            name: "AlertTemplates",
            path: "Templates",
            exclude: ["README.md"],
            sources: ["AlertTemplates.swift"],
            resources: [.copy("catalog"), .copy("formats"), .copy("icons"), .copy("page")]
        ),
        .target(
            name: "AlertPresentation",
            dependencies: ["AlertJSON", "AlertModel", "AlertTemplates"],
            resources: [.embedInCode("Resources/catalog.schema.json")]
        ),
        .target(
            name: "AlertRendering",
            dependencies: [
                "AlertJSON", "AlertModel", "AlertPresentation", "AlertTemplates", "Ccmark", "CMarkArena", "TemplateCompiler",
            ],
            resources: [.embedInCode("Resources/view.schema.json")]
        ),
        .target(name: "AlertBatch", dependencies: ["AlertJSON", "AlertModel", "AlertPresentation", "AlertRendering"]),
        .target(name: "AlertReview", dependencies: ["AlertModel", "AlertPresentation", "AlertRendering"]),
        .target(
            name: "AlertServer",
            dependencies: [
                "AlertJSON", "AlertModel", "AlertPresentation", "AlertRendering", "AlertBatch",
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "Logging", package: "swift-log", condition: tools),
                .product(name: "Metrics", package: "swift-metrics", condition: tools),
                .product(name: "Prometheus", package: "swift-prometheus", condition: tools),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: tools),
            ],
            resources: [.embedInCode("Resources/openapi.json")]
        ),
        .target(name: "TemplateCompiler", dependencies: ["AlertJSON"]),
        .target(name: "CAlertKitBuild"),
        .target(
            name: "AlertKitCLI",
            dependencies: [
                "CAlertKitBuild", "AlertJSON", "AlertModel", "AlertTemplates", "AlertPresentation", "AlertRendering", "AlertBatch", "AlertReview", "AlertServer", "TemplateCompiler",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
                .product(name: "Logging", package: "swift-log", condition: tools),
                .product(name: "Crypto", package: "swift-crypto", condition: tools),
            ]
        ),
        .executableTarget(name: "alertkit", dependencies: ["AlertKitCLI"]),
        .target(name: "AlertTestSupport", dependencies: ["AlertPresentation"], path: "Tests/AlertTestSupport"),
        .testTarget(name: "AlertModelTests", dependencies: ["AlertJSON", "AlertModel", "AlertTestSupport"]),
        .testTarget(name: "AlertPresentationTests", dependencies: ["AlertPresentation", "AlertTestSupport"]),
        .testTarget(
            name: "AlertRenderingTests",
            dependencies: [
                "AlertRendering", "AlertPresentation", "AlertJSON", "AlertModel", "AlertTestSupport", "Ccmark", "CMarkArena", "TemplateCompiler",
                .product(name: "PropertyBased", package: "swift-property-based", condition: tools),
                .product(name: "Mustache", package: "swift-mustache", condition: tools),  // the oracle the compiled templates are held to
            ],
            exclude: ["Golden"]
        ),
        .testTarget(name: "AlertKitCLITests", dependencies: ["alertkit", "AlertKitCLI", "AlertBatch", "AlertModel", "AlertRendering", "AlertTestSupport"]),
        .testTarget(name: "AlertReviewTests", dependencies: ["AlertReview", "AlertPresentation", "AlertRendering", "AlertTestSupport"]),
        .testTarget(name: "AlertBatchTests", dependencies: ["AlertBatch", "AlertJSON", "AlertModel", "AlertTestSupport"]),
        .testTarget(
            name: "TemplateCompilerTests",
            dependencies: ["TemplateCompiler", "AlertJSON", "AlertTestSupport", .product(name: "Mustache", package: "swift-mustache", condition: tools)],
            resources: [.copy("Spec")]
        ),
        .testTarget(
            name: "AlertServerTests",
            dependencies: [
                "AlertServer", "AlertBatch", "AlertRendering", "AlertPresentation", "AlertJSON", "AlertModel", "AlertTestSupport",
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: tools),
                .product(name: "Logging", package: "swift-log", condition: tools),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

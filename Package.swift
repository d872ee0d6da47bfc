// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "AlertKit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AlertModel", targets: ["AlertModel"]),
        .library(name: "AlertPresentation", targets: ["AlertPresentation"]),
        .library(name: "AlertRendering", targets: ["AlertRendering"]),
        .library(name: "AlertBatch", targets: ["AlertBatch"]),
        .executable(name: "alertkit", targets: ["alertkit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "Ccmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(
            name: "AlertModel",
            resources: [.copy("Resources/alert.schema.json")]
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
            dependencies: ["AlertModel", "AlertTemplates"]
        ),
        .target(
            name: "AlertRendering",
            dependencies: [
                "AlertModel", "AlertPresentation", "AlertTemplates", "Ccmark",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Resources/view.schema.json")]
        ),
        .target(name: "AlertBatch", dependencies: ["AlertModel", "AlertPresentation", "AlertRendering"]),
        .target(
            name: "AlertKitCLI",
            dependencies: [
                "AlertModel", "AlertPresentation", "AlertRendering", "AlertBatch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "alertkit", dependencies: ["AlertKitCLI"]),
        .target(name: "AlertTestSupport", dependencies: ["AlertPresentation"], path: "Tests/AlertTestSupport"),
        .testTarget(name: "AlertModelTests", dependencies: ["AlertModel", "AlertTestSupport"]),
        .testTarget(name: "AlertPresentationTests", dependencies: ["AlertPresentation", "AlertTestSupport"]),
        .testTarget(
            name: "AlertRenderingTests",
            dependencies: ["AlertRendering", "AlertPresentation", "AlertModel", "AlertTestSupport", "Ccmark"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "AlertKitCLITests", dependencies: ["alertkit", "AlertBatch", "AlertModel", "AlertRendering", "AlertTestSupport"]),
        .testTarget(name: "AlertBatchTests", dependencies: ["AlertBatch", "AlertModel", "AlertTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

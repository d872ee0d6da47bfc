// swift-tools-version:6.1
import PackageDescription

// An outside package extending AlertKit in Swift: a presenter for a match type the contract does not have
// (`IDLOYALTY`, with its own data fields, words and severity) and an emitter for a format of its own (`csv`).
let package = Package(
    name: "CustomFormat",
    platforms: [.macOS(.v13)],
    dependencies: [
        // `traits: []`: the libraries alone, without the command and server's dependencies (not even fetched).
        .package(name: "AlertKit", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "CustomFormat",
            dependencies: [
                .product(name: "AlertModel", package: "AlertKit"),
                .product(name: "AlertPresentation", package: "AlertKit"),
                .product(name: "AlertRendering", package: "AlertKit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

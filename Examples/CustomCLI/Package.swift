// swift-tools-version:6.1
import PackageDescription

// A team's own `alertkit`: the whole command (render, batch, review, preview, serve…) with a presenter and an emitter
// of its own, registered in Swift. The command and server come with AlertKit's default `Tools` trait.
let package = Package(
    name: "CustomCLI",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "AlertKit", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CustomCLI",
            dependencies: [
                .product(name: "AlertKitCLI", package: "AlertKit"),
                .product(name: "AlertModel", package: "AlertKit"),
                .product(name: "AlertPresentation", package: "AlertKit"),
                .product(name: "AlertRendering", package: "AlertKit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.1
// The in-process benchmarks (ordo-one/benchmark), a package of their own so that building and testing
// AlertKit does not build the benchmark harness. Run them with scripts/bench.sh (see BENCHMARKS.md).
import PackageDescription

let package = Package(
    name: "AlertKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "AlertKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "AlertKitBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AlertJSON", package: "AlertKit"),
                .product(name: "AlertModel", package: "AlertKit"),
                .product(name: "AlertPresentation", package: "AlertKit"),
                .product(name: "AlertRendering", package: "AlertKit"),
                .product(name: "AlertBatch", package: "AlertKit"),
            ],
            path: "Benchmarks/AlertKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

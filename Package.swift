// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Parley",
    products: [
        .library(name: "ParleyCore", targets: ["ParleyCore"]),
        .executable(name: "parley-bench", targets: ["ParleyBench"]),
    ],
    targets: [
        // The engine: model, grouping, style, layout, viewport, history paging, typing,
        // input bar state and events. Foundation only; no front-end types.
        .target(
            name: "ParleyCore",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Heap statistics for the benchmarks (mallinfo2 is not importable from Swift).
        .target(name: "CHeapStats"),
        .executableTarget(
            name: "ParleyBench",
            dependencies: ["ParleyCore", "CHeapStats"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ParleyCoreTests",
            dependencies: ["ParleyCore"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)

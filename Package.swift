// swift-tools-version:6.0
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Parley",
    products: [
        .library(name: "ParleyCore", targets: ["ParleyCore"]),
        .library(name: "ParleyTerminal", targets: ["ParleyTerminal"]),
        .library(name: "ParleySQLite", targets: ["ParleySQLite"]),
        .executable(name: "parley-demo", targets: ["ParleyDemo"]),
        .executable(name: "parley-bench", targets: ["ParleyBench"]),
    ],
    targets: [
        // The engine: model, grouping, style, layout, viewport, history paging, typing,
        // input bar state and events. Foundation only; no front-end types.
        .target(name: "ParleyCore", swiftSettings: swift6),

        // Unicode widths per grapheme cluster (Debian: libutf8proc-dev). Linked by the
        // module map rather than pkg-config, whose -DUTF8PROC_EXPORTS SwiftPM warns about.
        .systemLibrary(name: "CUtf8proc", providers: [.apt(["libutf8proc-dev"])]),
        // PNG and JPEG decoding (Debian: libpng-dev, libturbojpeg0-dev) for pictures drawn in
        // half blocks. Linked by the module map: neither needs flags from pkg-config.
        .systemLibrary(name: "CImageCodecs", providers: [.apt(["libpng-dev", "libturbojpeg0-dev"])]),
        // A real terminal emulator, the tests' oracle for what a user sees (libvterm-dev).
        .systemLibrary(
            name: "CVTerm", pkgConfig: "vterm",
            providers: [.apt(["libvterm-dev"])]),

        // The terminal front end: cell buffer, diff renderer, input decoder, messenger.
        .target(
            name: "ParleyTerminal", dependencies: ["ParleyCore", "CUtf8proc", "CImageCodecs"],
            swiftSettings: swift6),
        .executableTarget(
            name: "ParleyDemo", dependencies: ["ParleyCore", "ParleyTerminal", "ParleySQLite"], swiftSettings: swift6),

        // The system SQLite (Debian: libsqlite3-dev), linked by the module map: no pkg-config.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // A message history store on SQLite: keyset pages, jump-to, mirroring a conversation.
        .target(name: "ParleySQLite", dependencies: ["ParleyCore", "CSQLite"], swiftSettings: swift6),

        // Heap statistics for the benchmarks (mallinfo2 is not importable from Swift).
        .target(name: "CHeapStats"),
        .executableTarget(
            name: "ParleyBench",
            dependencies: ["ParleyCore", "ParleyTerminal", "ParleySQLite", "CHeapStats"],
            swiftSettings: swift6
        ),
        .testTarget(name: "ParleyCoreTests", dependencies: ["ParleyCore"], swiftSettings: swift6),
        .testTarget(
            name: "ParleyTerminalTests",
            dependencies: ["ParleyTerminal", "ParleyCore", "CVTerm", "CImageCodecs"],
            exclude: ["__Snapshots__"],
            swiftSettings: swift6
        ),
        .testTarget(name: "ParleySQLiteTests", dependencies: ["ParleySQLite", "ParleyCore"], swiftSettings: swift6),
    ]
)

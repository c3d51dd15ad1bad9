// swift-tools-version:6.0
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Parley",
    // Mutex (the Synchronization module) needs macOS 15 where the core is built for Apple systems.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ParleyCore", targets: ["ParleyCore"]),
        .library(name: "ParleyTerminal", targets: ["ParleyTerminal"]),
        .library(name: "ParleySQLite", targets: ["ParleySQLite"]),
        .library(name: "ParleyGTK", targets: ["ParleyGTK"]),
        .library(name: "ParleyImaging", targets: ["ParleyImaging"]),
        .library(name: "ParleyMarkdown", targets: ["ParleyMarkdown"]),
        .library(name: "ParleyMatrix", targets: ["ParleyMatrix"]),
        .executable(name: "parley-demo", targets: ["ParleyDemo"]),
        .executable(name: "parley-gtk-demo", targets: ["ParleyGtkDemo"]),
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

        // libcurl (Debian: libcurl4-openssl-dev) for image downloads, linked by the module map.
        // libxml2's forgiving HTML parser (Debian: libxml2-dev; pkg-config gives its include
        // path) for the Open Graph tags of linked pages.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Images both front ends share: PNG/JPEG decoding scaled down as it decodes (huge
        // headers refused before any pixel), and fetching bytes from files, data and URLs
        // (libcurl, bounded as bytes arrive, with a disk cache), all off the main actor;
        // link previews from the pages messages link to.
        .target(name: "ParleyImaging", dependencies: ["ParleyCore", "CImageCodecs", "CCurl", "CLibXML2"], swiftSettings: swift6),

        // GitHub's CommonMark parser with its extensions (Debian: libcmark-gfm-dev,
        // libcmark-gfm-extensions-dev), linked by the module map.
        .systemLibrary(name: "CCmarkGFM", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // Markdown messages drawn formatted: CommonMark + GFM to the core's FormattedText.
        .target(name: "ParleyMarkdown", dependencies: ["ParleyCore", "CCmarkGFM"], swiftSettings: swift6),

        // A conversation bound to a Matrix room: a typed client-server API client on
        // URLSession (FoundationNetworking), the sync loop, local echo and an offline
        // queue, history paging; media through ParleyImaging's fetcher; an offline cache
        // in ParleySQLite's store.
        .target(name: "ParleyMatrix", dependencies: ["ParleyCore", "ParleyImaging", "ParleySQLite"], swiftSettings: swift6),

        // The terminal front end: cell buffer, diff renderer, input decoder, messenger.
        .target(
            name: "ParleyTerminal", dependencies: ["ParleyCore", "ParleyImaging", "ParleyMarkdown", "CUtf8proc"],
            swiftSettings: swift6),
        .executableTarget(
            name: "ParleyDemo", dependencies: ["ParleyCore", "ParleyTerminal", "ParleySQLite", "ParleyDemoKit"],
            swiftSettings: swift6),
        // What both demos share: the cast, the generated conversation, the bot, the poll,
        // chat-log transcripts and opening the demo's store.
        .target(name: "ParleyDemoKit", dependencies: ["ParleyCore", "ParleyImaging", "ParleySQLite", "ParleyMatrix"], swiftSettings: swift6),

        // The system SQLite (Debian: libsqlite3-dev), linked by the module map: no pkg-config.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // A message history store on SQLite: keyset pages, jump-to, mirroring a conversation.
        .target(name: "ParleySQLite", dependencies: ["ParleyCore", "CSQLite"], swiftSettings: swift6),

        // GTK 4 (Debian: libgtk-4-dev) with Pango's cairo backend. pkg-config gives its
        // include paths and libraries, to this package's targets and to any app's that
        // depends on ParleyGTK; SwiftPM notes the -pthread and -msse flags it leaves out.
        .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // What Swift cannot do with GTK: a GtkWidget subclass calling back into Swift,
        // variadic setters, and running the dispatch main queue from the GLib loop.
        .target(name: "CParleyGtk", dependencies: ["CGtk4"]),
        // The GTK front end: MessengerView, InputBarView, Pango measuring, CSS themes.
        .target(
            name: "ParleyGTK", dependencies: ["ParleyCore", "ParleyImaging", "ParleyMarkdown", "CGtk4", "CParleyGtk"],
            swiftSettings: swift6),
        .executableTarget(
            name: "ParleyGtkDemo", dependencies: ["ParleyCore", "ParleyGTK", "ParleySQLite", "ParleyDemoKit", "CGtk4", "CParleyGtk"],
            swiftSettings: swift6),

        // Heap statistics for the benchmarks (mallinfo2 is not importable from Swift).
        .target(name: "CHeapStats"),
        .executableTarget(
            name: "ParleyBench",
            dependencies: ["ParleyCore", "ParleyTerminal", "ParleySQLite", "ParleyGTK", "ParleyMatrix", "CGtk4", "CHeapStats", "CSQLite"],
            swiftSettings: swift6
        ),
        // What several test targets use: sources that fail on demand, a seeded generator.
        .target(name: "ParleyTestSupport", dependencies: ["ParleyCore"], path: "Tests/ParleyTestSupport", swiftSettings: swift6),
        .testTarget(name: "ParleyCoreTests", dependencies: ["ParleyCore", "ParleyTestSupport"], swiftSettings: swift6),
        .testTarget(
            name: "ParleyTerminalTests",
            dependencies: ["ParleyTerminal", "ParleyCore", "ParleyTestSupport", "CVTerm", "CImageCodecs"],
            exclude: ["__Snapshots__"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "ParleyImagingTests", dependencies: ["ParleyImaging", "ParleyCore", "ParleyTestSupport", "CImageCodecs"],
            swiftSettings: swift6),
        .testTarget(
            name: "ParleyGTKTests",
            dependencies: [
                "ParleyGTK", "ParleyImaging", "ParleySQLite", "ParleyCore", "ParleyTestSupport", "ParleyDemoKit", "CGtk4", "CParleyGtk",
            ],
            swiftSettings: swift6),
        .testTarget(
            name: "ParleyMarkdownTests", dependencies: ["ParleyMarkdown", "ParleyCore", "ParleyTestSupport"],
            swiftSettings: swift6),
        .testTarget(
            name: "ParleyMatrixTests", dependencies: ["ParleyMatrix", "ParleyImaging", "ParleySQLite", "ParleyCore", "ParleyTestSupport"],
            swiftSettings: swift6),
        // The demos' shared parts (the transcript parser's fuzzing), without a display.
        .testTarget(
            name: "ParleyDemoKitTests", dependencies: ["ParleyDemoKit", "ParleyCore", "ParleyTestSupport"],
            swiftSettings: swift6),
        .testTarget(
            name: "ParleySQLiteTests", dependencies: ["ParleySQLite", "ParleyCore", "ParleyTestSupport"], swiftSettings: swift6),
    ]
)

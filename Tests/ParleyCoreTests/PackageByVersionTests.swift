import Foundation
import ParleyTestSupport
import Testing

/// An app depends on Parley by version, with no flags of its own (#11): SwiftPM refuses
/// unsafe flags in a dependency resolved by version, and GTK's include paths must reach
/// the app's targets through the package (CGtk4's pkg-config), not through a copied block.
///
/// The same consumer compiles every guide's code: each ```` ```swift ```` block of
/// `README.md` and of every `Sources/*/*.docc/**/*.md` goes into the consumer target, one
/// file per document (`Sources/Consumer/Guide_<Module>_<Article>.swift`), by the rules of
/// ``GuideSnippets``:
///
/// - `import` lines are hoisted to the top of the file;
/// - a declaration at column 0 (`struct`, `final class`, `class`, `enum`, `actor`,
///   `extension`, `func`, `protocol`, or an attribute such as `@MainActor` directly
///   followed by one) up to its closing `}` at column 0 goes at file scope;
/// - every other line, in order, is the body of one
///   `@MainActor func guide_<name>() async throws { … }`, compiled but never called, so a
///   document's blocks may build on each other and must not declare a name twice, and
///   top-level type names must be unique across documents;
/// - a block whose first line is `// Package.swift` is a manifest fragment and is skipped.
///
/// The consumer builds with `-warnings-as-errors` (SwiftPM keeps a dependency's warnings
/// to itself), so a snippet must use what it declares.
@Suite("Packaging: an app adds Parley by version")
struct PackageByVersionTests {
    /// Runs `arguments` (a command on the PATH) in `folder`.
    static func run(_ arguments: [String], in folder: URL) async throws -> (status: Int32, output: String) {
        try await runProgram("/usr/bin/env", arguments, in: folder)
    }

    /// The consumer's manifest: the seven library products, by version, nothing else.
    static let manifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Consumer",
            platforms: [.macOS(.v15)],
            dependencies: [.package(url: "PARLEY_URL", from: "0.9.0")],
            targets: [
                .executableTarget(name: "Consumer", dependencies: [
                    .product(name: "ParleyCore", package: "Parley"),
                    .product(name: "ParleyTerminal", package: "Parley"),
                    .product(name: "ParleySQLite", package: "Parley"),
                    .product(name: "ParleyGTK", package: "Parley"),
                    .product(name: "ParleyImaging", package: "Parley"),
                    .product(name: "ParleyMarkdown", package: "Parley"),
                    .product(name: "ParleyMatrix", package: "Parley"),
                ])
            ]
        )
        """

    /// Uses each module a little; GTK's measurer works without a display.
    static let program = """
        import ParleyCore
        import ParleyGTK
        import ParleySQLite
        import ParleyTerminal

        let chat = Conversation(me: Sender(id: "me", name: "Me"))
        chat.append(.text("Hello from a package that uses Parley by version"))
        var buffer = CellBuffer(width: 12, height: 1)
        buffer.put("cells ok", x: 0, y: 0)
        let store = try ConversationStore.inMemory()
        try store.upsert(contentsOf: chat.messages)
        let pango = await MainActor.run { PangoMeasurer() }
        let size = pango.measure("Pango", font: ChatStyle.light.bodyFont, maxWidth: 300).size
        print(chat.count, buffer.lines[0].split(separator: " ").joined(separator: " "), try store.count(), size.width > 0)
        """

    @Test("a throwaway package tagged 0.9.0, used by version with no flags, builds and runs",
        .timeLimit(.minutes(20)))
    func byVersion() async throws {
        let root = ArchitectureTests.root
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parley-by-version-\(UUID().uuidString)")
        let parley = scratch.appendingPathComponent("Parley")
        let consumer = scratch.appendingPathComponent("Consumer")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: parley, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: consumer.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)

        // The package as it is in this checkout (committed or not), in a repository of its own.
        let listed = try await Self.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], in: root)
        try #require(listed.status == 0, "\(listed.output)")
        for path in listed.output.split(separator: "\0").map(String.init) {
            let source = root.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }  // deleted, not committed
            let target = parley.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
        let git = ["git", "-c", "user.name=Parley Tests", "-c", "user.email=tests@parley.invalid", "-c", "commit.gpgsign=false"]
        for step in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "0.9.0"], ["tag", "0.9.0"]] {
            let result = try await Self.run(git + step, in: parley)
            try #require(result.status == 0, "git \(step): \(result.output)")
        }

        try Self.manifest.replacingOccurrences(of: "PARLEY_URL", with: parley.absoluteString)
            .write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.program.write(to: consumer.appendingPathComponent("Sources/Consumer/main.swift"), atomically: true, encoding: .utf8)
        for path in GuideSnippets.documents(in: root) {
            let markdown = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let snippets = GuideSnippets(name: GuideSnippets.name(forDocument: path), markdown: markdown)
            guard snippets.compiledBlockCount > 0 else { continue }
            try snippets.file(source: path).write(
                to: consumer.appendingPathComponent("Sources/Consumer/Guide_\(snippets.name).swift"),
                atomically: true, encoding: .utf8)
        }

        let build = try await Self.run(
            ["swift", "build", "--product", "Consumer", "-Xswiftc", "-warnings-as-errors"], in: consumer)
        #expect(build.status == 0, "\(build.output.suffix(3000))")
        #expect(!build.output.contains("unsafeFlags"), "\(build.output.suffix(2000))")
        #expect(!build.output.contains("file not found"))
        let ran = try await Self.run([".build/debug/Consumer"], in: consumer)
        #expect(ran.status == 0, "\(ran.output)")
        #expect(ran.output.trimmingCharacters(in: .whitespacesAndNewlines) == "1 cells ok 1 true", "\(ran.output)")
    }
}

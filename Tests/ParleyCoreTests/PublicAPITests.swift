import Foundation
import ParleyTestSupport
import Testing

/// No C type and no unsafe pointer in any library's public API (#11): apps use Swift types,
/// and an app need not import a C module to call Parley.
///
/// The public symbols come from `swift-symbolgraph-extract` over the modules this test run
/// was built with. A declaration fails when one of its parts names a C declaration (a
/// symbol-graph identifier starting `c:`), `OpaquePointer` or an `Unsafe…` type.
@Suite("Public API: Swift types only")
struct PublicAPITests {
    /// The library modules an app imports.
    static let modules = ["ParleyCore", "ParleyTerminal", "ParleySQLite", "ParleyImaging", "ParleyGTK", "ParleyMarkdown", "ParleyMatrix"]

    /// The one documented way between a Parley widget and GTK's C API (`Widget`'s
    /// `gtkWidget` and `init(gtkWidget:)`): for apps that make custom message widgets
    /// with GTK's C API or another binding.
    static let bridge: Set<String> = ["ParleyGTK: Widget.init(gtkWidget:)", "ParleyGTK: Widget.gtkWidget"]

    /// One public declaration: its module, its path ("Widget.gtkWidget") and its parts.
    struct Declaration {
        var name: String
        var text: String
        var cParts: [String]
    }

    /// The folder holding the built modules (`.build/debug`): the test bundle's own.
    static var products: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Extracts the public symbol graphs of `modules` into a new folder.
    static func symbolGraphs() async throws -> URL {
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parley-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // The C modules' maps: those in Sources and those SwiftPM generates for C targets.
        let root = ArchitectureTests.root
        var maps = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .map { root.appendingPathComponent("Sources/\($0)/module.modulemap") }
        maps += try FileManager.default.contentsOfDirectory(atPath: products.path)
            .map { products.appendingPathComponent("\($0)/module.modulemap") }
        var mapFlags = maps.filter { FileManager.default.fileExists(atPath: $0.path) }
            .flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        // Headers outside the default paths, as SwiftPM finds them for a build (libxml2's).
        let includes = try await runProgram("/usr/bin/env", ["pkg-config", "--cflags-only-I", "libxml-2.0"])
        mapFlags += includes.output.split(separator: " ").map(String.init).filter { $0.hasPrefix("-I") }
            .flatMap { ["-Xcc", $0.trimmingCharacters(in: .whitespacesAndNewlines)] }
        for module in modules {
            let result = try await runProgram("/usr/bin/env", [
                "swift-symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
                "-I", products.appendingPathComponent("Modules").path, "-minimum-access-level", "public",
                "-output-dir", output.path,
            ] + mapFlags)
            try #require(result.status == 0, "swift-symbolgraph-extract \(module): \(result.output)")
        }
        return output
    }

    /// The public declarations in the symbol graphs in `folder` (extensions of other
    /// modules' types included, as `Module@Other.symbols.json`).
    static func declarations(in folder: URL) throws -> [Declaration] {
        var found: [Declaration] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".symbols.json") {
            let module = String(file.prefix { $0 != "." && $0 != "@" })
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let graph = try JSONDecoder().decode(Graph.self, from: data)
            for symbol in graph.symbols {
                let parts = symbol.declarationFragments ?? []
                let signature = (symbol.functionSignature?.parameters ?? []).flatMap { $0.declarationFragments ?? [] }
                    + (symbol.functionSignature?.returns ?? [])
                let cParts = (parts + signature).filter { part in
                    (part.preciseIdentifier ?? "").hasPrefix("c:")
                        || part.spelling.contains("OpaquePointer") || part.spelling.hasPrefix("Unsafe")
                }.map(\.spelling)
                found.append(Declaration(
                    name: "\(module): " + symbol.pathComponents.joined(separator: "."),
                    text: parts.map(\.spelling).joined(), cParts: cParts))
            }
        }
        return found
    }

    /// The parts of a symbol graph this test reads.
    struct Graph: Decodable {
        struct Fragment: Decodable {
            var spelling: String
            var preciseIdentifier: String?
        }
        struct Parameter: Decodable {
            var declarationFragments: [Fragment]?
        }
        struct Signature: Decodable {
            var parameters: [Parameter]?
            var returns: [Fragment]?
        }
        struct Symbol: Decodable {
            var pathComponents: [String]
            var declarationFragments: [Fragment]?
            var functionSignature: Signature?
        }
        var symbols: [Symbol]
    }

    @Test("no public declaration of a library names a C type or an unsafe pointer, but the widget bridge (#11)")
    func swiftTypesOnly() async throws {
        let folder = try await Self.symbolGraphs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = try Self.declarations(in: folder)
        // The extraction worked: each module has its main types.
        let names = Set(declarations.map(\.name))
        for expected in ["ParleyCore: Conversation", "ParleyGTK: ChatScreen", "ParleyGTK: Widget", "ParleyGTK: Window",
            "ParleyTerminal: ChatScreen", "ParleySQLite: ConversationStore", "ParleyImaging: ImageFetcher"] {
            #expect(names.contains(expected), "\(expected) missing from the symbol graphs")
        }
        let offending = declarations.filter { !$0.cParts.isEmpty && !Self.bridge.contains($0.name) }
        #expect(offending.isEmpty, "\(offending.map { "\($0.name): \($0.text) (\($0.cParts))" }.joined(separator: "\n"))")
        // The bridge is what the test allows, and it is still there.
        let bridged = declarations.filter { Self.bridge.contains($0.name) }
        #expect(bridged.count == Self.bridge.count && bridged.allSatisfy { !$0.cParts.isEmpty })
    }

    @Test("the check sees C types: a graph naming GtkWidget and OpaquePointer fails it")
    func detects() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parley-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = """
            {"symbols": [
              {"pathComponents": ["View", "widget"], "declarationFragments": [
                {"spelling": "var widget: "}, {"spelling": "GtkWidget", "preciseIdentifier": "c:@S@_GtkWidget"}]},
              {"pathComponents": ["Texture", "paintable"], "declarationFragments": [
                {"spelling": "var paintable: "}, {"spelling": "OpaquePointer", "preciseIdentifier": "s:s13OpaquePointerV"}]},
              {"pathComponents": ["Fine"], "declarationFragments": [{"spelling": "struct Fine"}]}
            ]}
            """
        try graph.write(to: folder.appendingPathComponent("Demo.symbols.json"), atomically: true, encoding: .utf8)
        let declarations = try Self.declarations(in: folder)
        #expect(declarations.filter { !$0.cParts.isEmpty }.map(\.name).sorted() == ["Demo: Texture.paintable", "Demo: View.widget"])
    }
}

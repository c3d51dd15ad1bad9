import Foundation
import Testing

/// The rule behind the presenter, checked on the sources: front ends draw what the core
/// decided and do not decide it again (#9).
@Suite("Architecture: front ends only draw (#9)")
struct ArchitectureTests {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift sources under `folder`, with their text.
    static func sources(in folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { ($0.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test("no front end reads the pager's state, the history indicator or the unread count", arguments: [
        "Sources/ParleyGTK", "Sources/ParleyTerminal",
    ])
    func noSecondSourceOfTruth(folder: String) throws {
        let files = try Self.sources(in: folder)
        #expect(files.count > 10)
        for (path, text) in files {
            for forbidden in ["pager.state", "historyIndicator", "unreadCount(", "pager.isShowingLatest", "pager?.isShowingLatest"] {
                #expect(!text.contains(forbidden), "\(path) reads \(forbidden): ask the presenter's frame")
            }
        }
    }

    @Test("delivery marks are written in the core only", arguments: ["Sources/ParleyGTK", "Sources/ParleyTerminal"])
    func marksInCore(folder: String) throws {
        for (path, text) in try Self.sources(in: folder) {
            for mark in ["\"◷\"", "\"✓\"", "\"✓✓\""] {
                #expect(!text.contains(mark), "\(path) draws its own delivery mark \(mark)")
            }
        }
        let core = try Self.sources(in: "Sources/ParleyCore").filter { $0.text.contains("\"✓✓\"") }
        #expect(core.map(\.path) == ["Sources/ParleyCore/Style/ChatStrings.swift"])
    }

    @Test("the programs print only through DemoConsole, which makes all they print inert (#10)", arguments: [
        "Sources/ParleyDemo", "Sources/ParleyGtkDemo", "Sources/ParleyDemoKit",
    ])
    func inertOutput(folder: String) throws {
        for (path, text) in try Self.sources(in: folder) where !path.hasSuffix("DemoConsole.swift") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for raw in ["print(", "FileHandle.standardError", "FileHandle.standardOutput", "fputs(", "puts("] {
                    let uses = code.contains(raw) && !code.contains("DemoConsole." + raw)
                    #expect(!uses, "\(path):\(number + 1) prints with \(raw) around DemoConsole")
                }
            }
        }
    }

    @Test("floating-point values become integers through init(saturating:) in the front ends and the core (#10)",
        arguments: ["Sources/ParleyCore", "Sources/ParleyTerminal", "Sources/ParleyGTK"])
    func saturatingConversions(folder: String) throws {
        // The shapes a Double-to-integer conversion takes here: a rounded value, a frame's
        // coordinate or size, a time. Each traps on NaN, infinity or a huge value.
        let shapes = [".rounded(", ".width)", ".height)", ".minX)", ".minY)", "seconds *", "* 1e9"]
        for (path, text) in try Self.sources(in: folder) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line)
                guard !code.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for integer in ["Int(", "Int32(", "UInt32(", "Int64(", "UInt64("] {
                    var rest = code[...]
                    while let found = rest.range(of: integer) {
                        let before = rest[..<found.lowerBound].last
                        let argument = rest[found.upperBound...].prefix(60)
                        rest = rest[found.upperBound...]
                        guard before.map({ !$0.isLetter && !$0.isNumber }) ?? true else { continue }
                        guard !argument.hasPrefix("saturating:"), !argument.hasPrefix("clamping:"),
                            !argument.hasPrefix("truncatingIfNeeded:"), !argument.hasPrefix("exactly:"),
                            !argument.hasPrefix("bitPattern:")
                        else { continue }
                        let call = argument.prefix { $0 != ")" } + ")"
                        for shape in shapes where call.contains(shape) || argument.hasPrefix(String(shape.dropFirst())) {
                            Issue.record("\(path):\(number + 1): \(integer)\(argument.prefix(40)) may trap; use init(saturating:)")
                        }
                    }
                }
            }
        }
    }
}

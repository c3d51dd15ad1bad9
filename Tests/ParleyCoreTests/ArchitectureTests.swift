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
}

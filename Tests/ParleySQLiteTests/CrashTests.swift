import Foundation
import Glibc
import ParleyCore
import Testing

@testable import ParleySQLite

/// The `parley-bench` built beside this test bundle (same scratch path and configuration),
/// else the one in the package's `.build/debug`.
let benchBinary: String = {
    var candidates: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append(URL(fileURLWithPath: executable))
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]))
    candidates.append(URL(fileURLWithPath: Bundle.main.bundlePath))
    for candidate in candidates {
        // The bundle is `<scratch>/<triple>/<configuration>/ParleyPackageTests.xctest`, or a
        // file inside it; walk up until a directory holds parley-bench.
        var folder = candidate.deletingLastPathComponent()
        for _ in 0..<4 {
            let binary = folder.appendingPathComponent("parley-bench").path
            if FileManager.default.isExecutableFile(atPath: binary) { return binary }
            folder = folder.deletingLastPathComponent()
        }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/parley-bench").path
}()

/// Starts `parley-bench` with `arguments`, its output going to `log`; returns its pid
/// (posix_spawn: Foundation's Process can miss its child's exit when waited on from a task).
func spawnBench(_ arguments: [String], log: String) throws -> pid_t {
    try spawn(benchBinary, arguments, log: log)
}

@Suite("ParleySQLite: a writer killed with SIGKILL mid-batch loses no committed message", .serialized)
struct CrashTests {
    @Test("kill -9 during batches of 500: the file reopens intact with whole batches, every message decodes")
    func killedWriter() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: benchBinary), "build parley-bench first (swift build)")
        try await withDatabase { path in
            let batch = 500
            let log = path + ".log"
            let pid = try spawnBench(["seed", "--messages", "10000000", "--batch", "\(batch)", path], log: log)
            var killed = false
            defer {
                if !killed {
                    kill(pid, SIGKILL)
                    var status: Int32 = 0
                    waitpid(pid, &status, 0)
                }
            }

            // Watch the committed count through a read-only store until several batches are in.
            var reader: ConversationStore?
            var seen = 0
            let deadline = Date().addingTimeInterval(60)
            while seen < 6 * batch, Date() < deadline {
                try await Task.sleep(nanoseconds: 20_000_000)
                if reader == nil {
                    reader = try? ConversationStore(path: path, options: StoreOptions(readOnly: true, checksIntegrity: false))
                }
                seen = (try? reader?.count()) ?? seen
            }
            reader?.close()
            try #require(seen >= 6 * batch, "the writer committed only \(seen) messages: \(String(decoding: Fixture.bytes(log) ?? Data(), as: UTF8.self))")

            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            killed = true
            #expect(status & 0x7F == SIGKILL, "the writer was not killed but exited with status \(status)")

            // Reopen for writing (recovers the WAL), with the quick check, then the full one.
            let store = try ConversationStore(path: path)
            try store.checkIntegrity()
            let count = try store.count()
            #expect(count >= seen)
            #expect(count % batch == 0, "\(count) messages is not whole batches of \(batch)")

            // Every message decodes, in order, ids m00000000 up without a gap.
            var ids: [MessageID] = []
            var kinds = Set<String>()
            var window = try store.newestPage(limit: 1_000)
            func note(_ window: HistoryWindow) {
                ids.insert(contentsOf: window.messages.map(\.id), at: 0)
                for message in window.messages { kinds.insert("\(message.content.kind)") }
            }
            note(window)
            while window.hasOlder, let cursor = window.olderCursor {
                window = try store.page(olderThan: cursor, limit: 1_000)
                note(window)
            }
            #expect(ids.count == count)
            let expected = (0..<count).map { MessageID("m" + String(format: "%08d", $0)) }
            #expect(ids == expected)
            #expect(kinds.count >= 6, "\(kinds)")

            // And the file takes new writes.
            try store.insert(Fixture.message("after", .text("after the crash"), at: 4e9))
            #expect(try store.count() == count + 1)
            try? FileManager.default.removeItem(atPath: log)
        }
    }
}

import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: bad files give clear errors and are left untouched")
struct BadFileTests {
    /// A file holding a few messages, closed.
    static func history(at path: String, count: Int = 3) throws {
        let store = try ConversationStore(path: path)
        try store.insert(contentsOf: (0..<count).map { Fixture.message("m\($0)", .text("message \($0)"), at: Double($0)) })
        store.close()
    }

    @Test("a new file is created in an existing folder; a missing folder is an error unless createsFolders; a missing file is an error when creating is off")
    func missing() async throws {
        try await withDatabase("deep/er/history.sqlite") { path in
            expectStoreError(.missing(path: path)) { _ = try ConversationStore(path: path, options: StoreOptions(createIfMissing: false)) }
            expectStoreError(.missing(path: path)) { _ = try ConversationStore(path: path, options: StoreOptions(readOnly: true)) }
            let folder = (path as NSString).deletingLastPathComponent
            expectStoreError(.missingFolder(path: path, folder: folder)) { _ = try ConversationStore(path: path) }
            #expect(!FileManager.default.fileExists(atPath: folder))
            #expect(StoreError.missingFolder(path: path, folder: folder).description.contains("does not exist"))
            let store = try ConversationStore(path: path, options: StoreOptions(createsFolders: true))
            #expect(try store.count() == 0)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(StoreError.missing(path: path).description.contains(path))
            store.close()
            // Now that the folder is there, a second file needs no option.
            let sibling = folder + "/other.sqlite"
            #expect(try ConversationStore(path: sibling).count() == 0)
        }
    }

    @Test("garbage bytes: .corrupt naming the file, which keeps every byte")
    func garbage() async {
        await withDatabase { path in
            var random = SplitMix(seed: 7)
            let garbage = Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &random) })
            _ = FileManager.default.createFile(atPath: path, contents: garbage)
            let error = thrownError { _ = try ConversationStore(path: path, options: StoreOptions(checksIntegrity: true)) }
            guard case .corrupt(let reported, _)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                return
            }
            #expect(reported == path)
            #expect(error?.description.contains(path) == true)
            #expect(error?.description.contains("left untouched") == true)
            #expect(Fixture.bytes(path) == garbage)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test("a history damaged in the middle: quick_check on open reports .corrupt, the file is unchanged")
    func damagedHistory() async throws {
        try await withDatabase { path in
            try Self.history(at: path, count: 3_000)
            var bytes = try #require(Fixture.bytes(path))
            #expect(bytes.count > 40_000)
            // Overwrite the middle pages (not the header) with a pattern.
            for index in 12_288..<(bytes.count - 4_096) where index % 3 == 0 { bytes[index] = 0xA5 }
            _ = FileManager.default.createFile(atPath: path, contents: bytes)
            let error = thrownError { _ = try ConversationStore(path: path, options: StoreOptions(checksIntegrity: true)) }
            guard case .corrupt(let reported, _)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                return
            }
            #expect(reported == path)
            #expect(Fixture.bytes(path) == bytes)

            // Without the check, the damage is reported by the call that meets it, not a crash.
            let unchecked = try? ConversationStore(path: path, options: StoreOptions(readOnly: true, checksIntegrity: false))
            if let unchecked {
                let failure = thrownError {
                    var window = try unchecked.newestPage(limit: 500)
                    while window.hasOlder, let cursor = window.olderCursor {
                        window = try unchecked.page(olderThan: cursor, limit: 500)
                    }
                    _ = try unchecked.count()
                    try unchecked.checkIntegrity()
                }
                guard case .corrupt? = failure else {
                    Issue.record("expected .corrupt, got \(String(describing: failure))")
                    return
                }
            }
            #expect(Fixture.bytes(path) == bytes)
        }
    }

    @Test("a newer schema: .newerSchema naming the file, nothing changed")
    func newerSchema() async throws {
        try await withDatabase { path in
            try Self.history(at: path)
            let raw = try rawConnection(path)
            try raw.execute("PRAGMA user_version = 42")
            raw.close()
            let before = Fixture.bytes(path)
            expectStoreError(.newerSchema(path: path, version: 42, supported: ConversationStore.schemaVersion)) {
                _ = try ConversationStore(path: path)
            }
            #expect(Fixture.bytes(path) == before)
            #expect(StoreError.newerSchema(path: path, version: 42, supported: 1).description.contains("newer Parley"))
        }
    }

    @Test("a SQLite file that is not a Parley history is refused and left alone")
    func foreignDatabase() async throws {
        try await withDatabase("places.sqlite") { path in
            let raw = try rawConnection(path)
            try raw.execute("CREATE TABLE places (url TEXT); INSERT INTO places VALUES ('https://example.com')")
            raw.close()
            let before = Fixture.bytes(path)
            expectStoreError(.notAHistory(path: path)) { _ = try ConversationStore(path: path) }
            #expect(Fixture.bytes(path) == before)
        }
    }

    @Test("a folder at the path, or a file where the folder should be: clear errors")
    func unreadablePaths() async throws {
        let folder = Fixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        expectStoreError(.isFolder(path: folder.path)) { _ = try ConversationStore(path: folder.path) }
        let file = folder.appendingPathComponent("plain-file").path
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let inside = file + "/history.sqlite"
        expectStoreError(.cannotCreateDirectory(path: inside, reason: "\(file) is a file, not a folder")) {
            _ = try ConversationStore(path: inside)
        }
        let deeper = file + "/sub/history.sqlite"
        for options in [StoreOptions(), StoreOptions(createsFolders: true)] {
            expectStoreError(.cannotCreateDirectory(path: deeper, reason: "\(file) is a file, not a folder")) {
                _ = try ConversationStore(path: deeper, options: options)
            }
        }
        #expect(Fixture.bytes(file) == Data("x".utf8))
    }

    @Test(
        "permissions: an unreadable file and a read-only file",
        .enabled(if: geteuid() != 0, "root may read and write any file, whatever its mode"))
    func permissions() async throws {
        try await withDatabase { path in
            try Self.history(at: path)
            chmod(path, 0o000)
            defer { chmod(path, 0o644) }
            let error = thrownError { _ = try ConversationStore(path: path) }
            guard case .unreadable(let reported, _)? = error else {
                Issue.record("expected .unreadable, got \(String(describing: error))")
                return
            }
            #expect(reported == path)
            chmod(path, 0o444)
            expectStoreError(.readOnly(path: path)) { _ = try ConversationStore(path: path) }
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.count() == 3)
        }
    }

    @Test("locked: a write waits out the busy timeout, then .locked; opening a file locked in rollback mode too")
    func locked() async throws {
        try await withDatabase { path in
            try Self.history(at: path)
            let other = try rawConnection(path)
            try other.execute("BEGIN EXCLUSIVE")
            let store = try ConversationStore(path: path, options: StoreOptions(busyTimeout: 0.2))
            #expect(try store.count() == 3)  // WAL: readers are not blocked by a writer
            let start = Date()
            expectStoreError(.locked(path: path)) { try store.insert(Fixture.message("late", .text("x"))) }
            #expect(Date().timeIntervalSince(start) >= 0.15)
            try other.execute("ROLLBACK")
            try store.insert(Fixture.message("late", .text("x")))
            #expect(try store.count() == 4)
            other.close()
        }
        try await withDatabase { path in
            // Another program holds an exclusive lock on a rollback-journal database.
            let other = try rawConnection(path)
            try other.execute("CREATE TABLE t (x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)")
            expectStoreError(.locked(path: path)) {
                _ = try ConversationStore(path: path, options: StoreOptions(busyTimeout: 0.1))
            }
            try other.execute("COMMIT")
            other.close()
        }
    }

    @Test("a read-only store reads, refuses writes, and refuses to upgrade")
    func readOnly() async throws {
        try await withDatabase { path in
            try Self.history(at: path)
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.newestPage(limit: 10).messages.count == 3)
            expectStoreError(.readOnly(path: path)) { try reader.insert(Fixture.message("x", .text("x"))) }
            reader.close()
            expectStoreError(.closed(path: path)) { _ = try reader.count() }
        }
        try await withDatabase { path in
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            expectStoreError(.olderSchema(path: path, version: 0, current: ConversationStore.schemaVersion)) {
                _ = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            }
            // A zero-byte file is an empty database: opened for writing, it becomes a history.
            let store = try ConversationStore(path: path)
            #expect(try store.count() == 0)
        }
    }

    @Test("every error's description names its file")
    func descriptionsNameTheFile() {
        let path = "/data/chats/alice.sqlite"
        let errors: [StoreError] = [
            .missing(path: path), .cannotCreateDirectory(path: path, reason: "r"), .unreadable(path: path, reason: "r"),
            .readOnly(path: path), .locked(path: path), .corrupt(path: path, detail: "d"), .notAHistory(path: path),
            .newerSchema(path: path, version: 3, supported: 1), .olderSchema(path: path, version: 0, current: 1),
            .diskFull(path: path), .closed(path: path), .sqlite(path: path, code: 10, message: "disk I/O error"),
            .missingFolder(path: path, folder: "/data/chats"), .isFolder(path: path),
            .notARegularFile(path: path, kind: "a named pipe (FIFO)"), .fileTooLarge(path: path),
            .unreadableMessage("m1", path: path, reason: "an unknown status 9"),
        ]
        for error in errors { #expect(error.description.contains(path), "\(error)") }
    }
}

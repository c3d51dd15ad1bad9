import CSQLite
import Foundation
import Glibc
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleySQLite

/// The defects of issue #10 a hostile-input probe found in opening and writing files.
@Suite("ParleySQLite: hostile files, paths and disks (#10)", .timeLimit(.minutes(2)))
struct HostileFileTests {
    /// A history of `count` messages at `path`, closed.
    static func history(at path: String, count: Int = 3) throws {
        try BadFileTests.history(at: path, count: count)
    }

    /// Sets header fields with a raw connection, as a damaged or foreign file has them.
    static func rewrite(_ path: String, _ sql: String) throws {
        let raw = try rawConnection(path)
        try raw.execute(sql)
        raw.close()
    }

    // MARK: 1. Header values out of range

    @Test("a negative user_version (or one below 1 in a marked file) is refused as damaged, naming the file, not a crash")
    func negativeVersion() async throws {
        for version in [-1, -2_147_483_648, 0] {
            try await withDatabase { path in
                try Self.history(at: path)
                try Self.rewrite(path, "PRAGMA user_version = \(version)")
                let before = Fixture.bytes(path)
                for options in [StoreOptions(), StoreOptions(readOnly: true), StoreOptions(checksIntegrity: false)] {
                    let error = thrownError { _ = try ConversationStore(path: path, options: options) }
                    guard case .corrupt(let reported, let detail)? = error else {
                        Issue.record("version \(version): expected .corrupt, got \(String(describing: error))")
                        continue
                    }
                    #expect(reported == path)
                    #expect(detail.contains("\(version)"))
                    #expect(error?.description.contains(path) == true)
                }
                #expect(Fixture.bytes(path) == before)
            }
        }
    }

    @Test("a file at the current version without its tables is refused as damaged, not written to")
    func missingTables() async throws {
        try await withDatabase { path in
            try Self.history(at: path)
            try Self.rewrite(path, "DROP INDEX messages_by_date")
            let before = Fixture.bytes(path)
            let error = thrownError { _ = try ConversationStore(path: path) }
            guard case .corrupt(path, let detail)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("messages_by_date"))
            #expect(Fixture.bytes(path) == before)
        }
    }

    @Test("out-of-range values from the caller: a NaN, negative or infinite busy timeout opens; a huge offset is an empty page")
    func outOfRangeArguments() async throws {
        try await withDatabase { path in
            for timeout in [Double.nan, .infinity, -1, 1e300] {
                let store = try ConversationStore(path: path, options: StoreOptions(busyTimeout: timeout))
                #expect(try store.count() == 0)
                store.close()
            }
            let store = try ConversationStore(path: path)
            try store.insert(Fixture.message("a", .text("a")))
            #expect(try store.page(offset: .max, limit: .max).messages.isEmpty)
            #expect(try store.page(offset: 0, limit: .max).messages.map(\.id) == ["a"])
        }
    }

    // MARK: 1b. Dates out of range in rows

    @Test("rows dated 1e300, -1e300 or ±infinity by another program: the conversation opens, shows the others, draws")
    @MainActor
    func extremeDates() async throws {
        // Not withDatabase: its closure would leave the main actor the presenter needs.
        let (path, folder) = Fixture.databasePath()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let store = try ConversationStore(path: path)
            try store.insert(contentsOf: (0..<30).map { index in
                Fixture.message(String(format: "d%02d", index), .text("message \(index)"), at: 1_000 + Double(index) * 60)
            })
            store.close()
            // SQLite reads 9e999 as infinity; it cannot hold a NaN (it stores NULL, which
            // the NOT NULL column refuses), so ±infinity is the non-finite case a file has.
            try Self.rewrite(path, """
                UPDATE messages SET date = 1e300 WHERE id = 'd05';
                UPDATE messages SET date = -1e300 WHERE id = 'd10';
                UPDATE messages SET date = 9e999 WHERE id = 'd15';
                UPDATE messages SET date = -9e999 WHERE id = 'd20';
                """)
            let raw = try rawConnection(path)
            #expect(try raw.integer("SELECT count(*) FROM messages WHERE date > 1e308 OR date < -1e308") == 2)
            raw.close()

            let opened = try ConversationStore(path: path)
            defer { opened.close() }
            let chat = Conversation(me: Fixture.me)
            let pager = HistoryPager(conversation: chat, source: opened, pageSize: 7)
            for _ in 0..<20 { await pager.loadEarlier() }

            // The infinite dates are skipped and reported; the huge finite ones are kept at
            // the ends of the calendar, and every other message shows in order.
            let infinite: Set<MessageID> = ["d15", "d20"]
            let ordinary = (0..<30).map { MessageID(String(format: "d%02d", $0)) }
                .filter { !infinite.contains($0) && $0 != "d05" && $0 != "d10" }
            #expect(chat.messages.map(\.id) == ["d10"] + ordinary + ["d05"])
            #expect(chat.messages.allSatisfy { Message.dateRange.contains($0.date) })
            #expect(chat.messages.first?.date == Message.dateRange.lowerBound)
            #expect(chat.messages.last?.date == Message.dateRange.upperBound)
            let skipped = opened.skippedMessages
            #expect(Set(skipped.compactMap { if case .unreadableMessage(let id, path, _) = $0 { id } else { nil } }) == infinite)
            #expect(skipped.allSatisfy { $0.description.contains("a date that is not a finite number") }, "\(skipped)")

            // Drawn: day separators and time labels for years 1 and 9999, top to bottom.
            let presenter = ChatPresenter(
                conversation: chat, style: .light, units: .cells, measurer: MonospaceMeasurer(), size: Size(width: 60, height: 20))
            #expect(presenter.frame().rows.contains { $0.id == .message("d05") })
            presenter.scrollToTop()
            #expect(presenter.frame().rows.contains { $0.id == .message("d10") })
            // A jump to such a date lands at the end it was kept at.
            let far = try opened.page(around: Date(timeIntervalSinceReferenceDate: 1e300), limit: 4)
            #expect(far.anchor == "d05")
        }
    }

    // MARK: 5. Damaged pages

    /// Overwrites page `number` (from 1) of the file with zeros.
    static func zero(page number: Int, of path: String) throws -> Data {
        var bytes = try #require(Fixture.bytes(path))
        let size = 4_096
        try #require(bytes.count >= number * size)
        bytes.replaceSubrange((number - 1) * size..<number * size, with: Data(count: size))
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        return bytes
    }

    @Test("a zeroed page: refused at open with .corrupt naming the file (the default checks), nothing written")
    func zeroedPageRefused() async throws {
        try await withDatabase { path in
            try Self.history(at: path, count: 3_000)
            let pages = try #require(Fixture.bytes(path)).count / 4_096
            let damaged = try Self.zero(page: pages / 2, of: path)
            let error = thrownError { _ = try ConversationStore(path: path) }
            guard case .corrupt(let reported, _)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                return
            }
            #expect(reported == path)
            #expect(error?.description.contains("left untouched") == true)
            #expect(Fixture.bytes(path) == damaged)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test("damage met after an unchecked open: the store refuses every write from then on, and the file is unchanged")
    func damageMetLaterStopsWrites() async throws {
        try await withDatabase { path in
            try Self.history(at: path, count: 3_000)
            let pages = try #require(Fixture.bytes(path)).count / 4_096
            // Zero a run of pages in the middle, so that paging back is sure to meet one.
            var damaged = Data()
            for page in (pages / 3)..<(pages * 2 / 3) { damaged = try Self.zero(page: page, of: path) }
            let store = try ConversationStore(path: path, options: StoreOptions(checksIntegrity: false))
            let met = thrownError {
                var window = try store.newestPage(limit: 100)
                while window.hasOlder, let cursor = window.olderCursor {
                    window = try store.page(olderThan: cursor, limit: 100)
                }
            }
            guard case .corrupt? = met else {
                Issue.record("expected .corrupt while paging, got \(String(describing: met))")
                return
            }
            let refused = thrownError { try store.insert(Fixture.message("new", .text("not written"), at: 1e9)) }
            guard case .corrupt(path, _)? = refused else {
                Issue.record("expected the write to be refused with .corrupt, got \(String(describing: refused))")
                return
            }
            store.close()
            #expect(Fixture.bytes(path) == damaged)
        }
    }

    // MARK: 6. Full disks and file size limits

    @Test("SQLite's codes with the OS error behind them: ENOSPC, EDQUOT and EFBIG read as a full disk or a size limit")
    func errorMapping() {
        let path = "/data/history.sqlite"
        let shmSize = SQLITE_IOERR | (19 << 8)  // 4874: what a full disk gave before
        let write = SQLITE_IOERR | (3 << 8)
        #expect(StoreError.from(code: shmSize, systemErrno: ENOSPC, path: path, detail: "disk I/O error") == .diskFull(path: path))
        #expect(StoreError.from(code: write, systemErrno: EDQUOT, path: path, detail: "disk I/O error") == .diskFull(path: path))
        #expect(StoreError.from(code: write, systemErrno: EFBIG, path: path, detail: "disk I/O error") == .fileTooLarge(path: path))
        #expect(StoreError.from(code: SQLITE_FULL, systemErrno: EFBIG, path: path, detail: "full") == .fileTooLarge(path: path))
        #expect(StoreError.from(code: SQLITE_FULL, systemErrno: 0, path: path, detail: "full") == .diskFull(path: path))
        #expect(StoreError.from(code: SQLITE_CANTOPEN, systemErrno: ENOSPC, path: path, detail: "x") == .diskFull(path: path))
        // Another I/O error says what the OS said.
        let other = StoreError.from(code: write, systemErrno: EIO, path: path, detail: "disk I/O error")
        #expect(other == .sqlite(path: path, code: write, message: "disk I/O error: \(String(cString: strerror(EIO)))"))
        #expect(StoreError.diskFull(path: path).description.contains("is full"))
        #expect(StoreError.fileTooLarge(path: path).description.contains("file size limit"))
    }

    @Test("a database that cannot grow (PRAGMA max_page_count): .diskFull naming the file; nothing half-written")
    func fullDatabase() async throws {
        try await withDatabase { path in
            try Self.history(at: path)
            let store = try ConversationStore(path: path)
            try Self.limitGrowth(of: store)
            let big = String(repeating: "x", count: 200_000)
            expectStoreError(.diskFull(path: path)) { try store.insert(Fixture.message("big", .text(big), at: 5e3)) }
            #expect(try store.count() == 3)
            #expect(try store.message("big") == nil)
        }
    }

    /// Stops the store's file from growing beyond its current pages.
    static func limitGrowth(of store: ConversationStore, to pages: Int? = nil) throws {
        try store.withCore { (core) throws(StoreError) in
            let current = try core.connection.integer("PRAGMA page_count")
            _ = try core.connection.integer("PRAGMA max_page_count = \(pages ?? current)")
        }
    }

    @Test("a writer past its file size limit (ulimit -f) says so, naming the file — not “disk I/O error”")
    func fileSizeLimit() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: benchBinary), "build parley-bench first (swift build)")
        try await withDatabase { path in
            let log = path + ".log"
            defer { try? FileManager.default.removeItem(atPath: log) }
            // 512 blocks of 512 bytes: the file and its WAL stop at 256 KiB. SIGXFSZ is
            // ignored (as a careful app does), so the write fails with EFBIG instead.
            let script = "ulimit -f 512; trap '' XFSZ; exec \"$0\" seed --messages 20000 --batch 500 \"$1\""
            let pid = try spawn("/bin/sh", ["-c", script, benchBinary, path], log: log)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let output = String(decoding: Fixture.bytes(log) ?? Data(), as: UTF8.self)
            #expect(status != 0, "the seed was meant to fail: \(output)")
            #expect(output.contains("file size limit") || output.contains("is full"), "\(output)")
            #expect(output.contains(path), "\(output)")
            #expect(!output.contains("disk I/O error"), "\(output)")
            // The file is intact: whole batches, and it opens.
            let store = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            try store.checkIntegrity()
            #expect(try store.count() % 500 == 0)
        }
    }

    // MARK: 7. Paths

    @Test("a path ending in “/”, a folder, a FIFO, /dev/null, links to nothing: clear errors, nothing created, no hang")
    func pathsThatAreNotFiles() async throws {
        let folder = Fixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = [StoreOptions(), StoreOptions(readOnly: true), StoreOptions(createsFolders: true)]

        let slashed = folder.path + "/new-folder/"
        for options in all {
            expectStoreError(.isFolder(path: slashed)) { _ = try ConversationStore(path: slashed, options: options) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/new-folder"))
        expectStoreError(.isFolder(path: folder.path + "/")) { _ = try ConversationStore(path: folder.path + "/") }
        #expect(StoreError.isFolder(path: slashed).description.contains("is a folder"))

        let fifo = folder.path + "/pipe.sqlite"
        try #require(mkfifo(fifo, 0o644) == 0)
        for options in all {
            // Opening a FIFO for reading blocks until a writer comes: the check never opens it.
            expectStoreError(.notARegularFile(path: fifo, kind: "a named pipe (FIFO)")) {
                _ = try ConversationStore(path: fifo, options: options)
            }
        }
        let link = folder.path + "/link.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        expectStoreError(.notARegularFile(path: link, kind: "a named pipe (FIFO)")) { _ = try ConversationStore(path: link) }
        let dangling = folder.path + "/dangling.sqlite"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/nothing")
        expectStoreError(.notARegularFile(path: dangling, kind: "a broken symbolic link")) {
            _ = try ConversationStore(path: dangling)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/nothing"))

        for options in all {
            expectStoreError(.notARegularFile(path: "/dev/null", kind: "a character device")) {
                _ = try ConversationStore(path: "/dev/null", options: options)
            }
        }
        #expect(StoreError.notARegularFile(path: fifo, kind: "a named pipe (FIFO)").description.contains("is not a regular file"))
        expectStoreError(.unreadable(path: "", reason: "no file name was given")) { _ = try ConversationStore(path: "") }
    }

    @Test("a FIFO or a folder where SQLite keeps its -wal or -shm is refused before SQLite could block on it")
    func sidecarsThatAreNotFiles() async throws {
        try await withDatabase { path in
            try Self.history(at: path)
            try #require(mkfifo(path + "-wal", 0o644) == 0)
            for options in [StoreOptions(), StoreOptions(readOnly: true)] {
                expectStoreError(.notARegularFile(path: path + "-wal", kind: "a named pipe (FIFO)")) {
                    _ = try ConversationStore(path: path, options: options)
                }
            }
            try FileManager.default.removeItem(atPath: path + "-wal")
            try FileManager.default.createDirectory(atPath: path + "-shm", withIntermediateDirectories: false)
            expectStoreError(.notARegularFile(path: path + "-shm", kind: "a folder")) { _ = try ConversationStore(path: path) }
            try FileManager.default.removeItem(atPath: path + "-shm")
            #expect(try ConversationStore(path: path).count() == 3)
        }
    }

    // MARK: 8. Control characters in what errors print

    @Test("paths, ids and texts from the file print inert: an OSC title sequence in a file name cannot reach the terminal")
    func inertDescriptions() async throws {
        let folder = Fixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = "\u{1B}]2;pwned\u{07}\u{9B}31m\u{202E}"
        // A real failure on such a path: its folder does not exist.
        let path = folder.path + "/\(hostile)/\(hostile).sqlite"
        let error = try #require(thrownError { _ = try ConversationStore(path: path) })
        #expect(error == .missingFolder(path: path, folder: folder.path + "/\(hostile)"))
        let shown = error.description
        #expect(!shown.unicodeScalars.contains(where: InertText.needsReplacement), "\(shown.debugDescription)")
        #expect(shown.contains("␛]2;pwned␇"))

        let errors: [StoreError] = [
            .missing(path: hostile), .cannotCreateDirectory(path: hostile, reason: hostile),
            .missingFolder(path: hostile, folder: hostile), .isFolder(path: hostile),
            .notARegularFile(path: hostile, kind: hostile), .unreadable(path: hostile, reason: hostile),
            .readOnly(path: hostile), .locked(path: hostile), .corrupt(path: hostile, detail: hostile),
            .notAHistory(path: hostile), .newerSchema(path: hostile, version: 2, supported: 1),
            .olderSchema(path: hostile, version: 0, current: 1), .diskFull(path: hostile), .fileTooLarge(path: hostile),
            .closed(path: hostile), .unknownMessage(MessageID(hostile)), .duplicateMessage(MessageID(hostile)),
            .invalidMessage(MessageID(hostile), reason: hostile),
            .unreadableMessage(MessageID(hostile), path: hostile, reason: hostile),
            .sqlite(path: hostile, code: 1, message: hostile),
        ]
        for error in errors {
            #expect(!error.description.unicodeScalars.contains(where: InertText.needsReplacement), "\(error.description.debugDescription)")
        }
        let unsaved = UnsavedChanges(path: hostile, deletions: ["x"], error: .locked(path: hostile))
        #expect(!unsaved.description.unicodeScalars.contains(where: InertText.needsReplacement))
        let failing = SaveState.failing(pending: 1, error: .diskFull(path: hostile))
        #expect(!failing.description.unicodeScalars.contains(where: InertText.needsReplacement))
    }

    @Test("parley-bench seed prints the FILE it wrote, and its errors, inert")
    func benchSeedPrintsInert() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: benchBinary), "build parley-bench first (swift build)")
        let folder = Fixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = "\u{1B}]2;pwned\u{07}\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\u{9B}31m"
        func isInert(_ output: String) -> Bool {
            !output.unicodeScalars.contains { $0 != "\n" && InertText.needsReplacement($0) }
        }
        let written = try await runProgram(benchBinary, ["seed", "--messages", "3", folder.path + "/\(hostile).sqlite"])
        #expect(written.status == 0, "\(written.output)")
        #expect(written.output.contains("seeded 3 messages into"), "\(written.output)")
        #expect(isInert(written.output), "\(written.output.debugDescription)")
        #expect(written.output.contains("␛]2;pwned␇␛]52;c;aGk=␇␛[2J"))
        // A store that cannot be opened: the error names the path, inert too.
        let failed = try await runProgram(benchBinary, ["seed", "--messages", "3", folder.path + "/\(hostile)/missing/x.sqlite"])
        #expect(failed.status == 1)
        #expect(failed.output.contains("parley-bench seed:"), "\(failed.output)")
        #expect(isInert(failed.output), "\(failed.output.debugDescription)")
    }
}

/// Starts `executable` with `arguments`, its output going to `log`; returns its pid.
func spawn(_ executable: String, _ arguments: [String], log: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    closeInheritedDescriptors(in: &actions)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
    return pid
}

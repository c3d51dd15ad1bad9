import Foundation
import ParleyCore
import ParleySQLite

/// `parley-bench search`: full-text search through a ParleySQLite history of N messages
/// (``SeedConversation``) — the FTS5 index's size per message, building it for a file
/// from before it (the migration: open time, time to index, the longest another call
/// waits meanwhile), and queries as a user types them, beside a `LIKE '%word%'` scan of
/// the same table.
enum SearchBenchmark {
    /// What users type: whole words, a prefix being typed, several words, a rare one.
    static let queries = ["lunch", "lun", "meeting room", "traffic bridge lat", "migration", "#424242", "zebra"]

    static func run(size: Int, repeats: Int, folder: String, keep: Bool) {
        do {
            try measure(size: size, repeats: repeats, folder: folder, keep: keep)
        } catch {
            FileHandle.standardError.write("parley-bench search: \(InertText.singleLine("\(error)"))\n".data(using: .utf8)!)
            exit(1)
        }
    }

    static func measure(size: Int, repeats: Int, folder: String, keep: Bool) throws {
        let path = URL(fileURLWithPath: folder).appendingPathComponent("parley-bench-search-\(size).sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        defer { if !keep { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        print("parley-bench search — \(Format.count(size)) messages, \(ProcessInfo.processInfo.processorCount) cores, "
            + "\(repeats) runs per query, file in \(folder)")
        print("")
        let seed = try SeedCommand.seed(path: path, count: size, batch: 10_000)

        // Index size, from dbstat, after a checkpoint so every page is in the file.
        let raw = try RawSQLite(path)
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let indexBytes = try raw.integer(
            "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'message_search%' OR name LIKE '%search_keys%'")
        let fileBytes = try raw.integer("SELECT sum(pgsize) FROM dbstat")
        let indexed = try raw.integer("SELECT count(*) FROM message_search")

        // The migration: the same file as version 2 wrote it (no index), opened by this build.
        try raw.execute("""
            DROP TRIGGER message_search_delete; DROP TABLE message_search; DROP TABLE search_backlog;
            DROP TABLE search_keys;
            PRAGMA user_version = 2; VACUUM;
            """)
        let fast = StoreOptions(checksIntegrity: false)
        var store: ConversationStore!
        let open = try Measure.seconds { store = try ConversationStore(path: path, options: fast) }
        // While the writer thread indexes, another call (the newest page, as a UI asks on
        // open) waits at most one batch.
        var waits: [Double] = []
        let build = try Measure.seconds {
            while !store.isSearchIndexComplete {
                waits.append(try Measure.seconds { _ = try store.newestPage(limit: 50) })
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
        store.close()
        store = try ConversationStore(path: path, options: fast)
        defer { store.close() }

        Format.table(
            ["messages", "seed rate (indexing as it writes)", "index size", "per message", "of the file",
             "migration: open", "index built in (background)", "newest page while indexing: median / max"],
            [[Format.count(size), "\(Int(seed.rate)) msg/s", Format.bytes(Double(indexBytes)),
              "\(indexBytes / max(1, indexed)) B per indexed message (\(Format.count(indexed)) of \(Format.count(size)))",
              String(format: "%.0f%%", 100 * Double(indexBytes) / Double(max(1, fileBytes))),
              Format.time(open), Format.time(build),
              "\(Format.time(Stats(waits).median)) / \(Format.time(waits.max() ?? 0))"]])
        print("")

        var rows: [[String]] = []
        for text in queries {
            let query = SearchQuery(text)
            var page = SearchPage.empty
            let fts = try (0..<repeats).map { _ in
                try Measure.seconds { page = try store.results(for: query, limit: 50) }
            }
            let next = try Measure.seconds {
                if let last = page.results.last { _ = try store.results(for: query, before: last.cursor, limit: 50) }
            }
            // The baseline: every word as LIKE '%word%' over the stored text, newest 50.
            let clauses = query.terms.map { "body LIKE '%\($0.replacingOccurrences(of: "'", with: "''"))%'" }
            let like = "SELECT id FROM messages WHERE \(clauses.joined(separator: " AND ")) ORDER BY date DESC, id DESC LIMIT 50"
            var likeCount = 0
            let scans = try (0..<max(1, repeats / 4)).map { _ in
                try Measure.seconds { likeCount = try raw.texts(like).count }
            }
            let ftsStats = Stats(fts), scanStats = Stats(scans)
            rows.append([
                "“\(text)”", "\(page.results.count)\(page.hasMore ? "+" : "")",
                "\(Format.time(ftsStats.median)) / \(Format.time(p95(fts)))", Format.time(next),
                "\(likeCount)", "\(Format.time(scanStats.median)) / \(Format.time(p95(scans)))",
                Self.ratio(scanStats.median / max(ftsStats.median, 1e-9)),
            ])
        }
        Format.table(
            ["query", "results (page of 50)", "FTS5 page: median / p95", "next page", "LIKE rows",
             "LIKE '%word%' scan: median / p95", "FTS5 vs LIKE"], rows)
        print("")
        print("Index size = dbstat pages of message_search, its shadow tables and search_keys after")
        print("seeding (the store indexes as it writes). Migration = the same file turned back into schema 2 (index dropped,")
        print("VACUUM) and opened: the open returns at once and the writer thread indexes in batches of")
        print("500 rows, newest first; meanwhile the newest page is asked for every 2 ms. Queries are")
        print("ConversationStore.results(for:limit:) (FTS5 MATCH, decode, snippet) for the newest 50; the")
        print("baseline is a LIKE scan of messages.body for the same words on another connection.")
    }

    /// "12× faster" or "30× slower".
    static func ratio(_ value: Double) -> String {
        value >= 1 ? String(format: "%.0f× faster", value) : String(format: "%.0f× slower", 1 / max(value, 1e-9))
    }

    static func p95(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    }
}

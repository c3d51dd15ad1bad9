import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: schema version and migrations")
struct SchemaTests {
    @Test("a new file is marked as a Parley history at the current version, in WAL mode")
    func newFile() async throws {
        try await withDatabase { path in
            try ConversationStore(path: path).close()
            let raw = try rawConnection(path)
            defer { raw.close() }
            #expect(try raw.integer("PRAGMA user_version") == Schema.current)
            #expect(try raw.integer("PRAGMA application_id") == Schema.applicationID)
            #expect(try raw.texts("PRAGMA journal_mode") == ["wal"])
        }
    }

    @Test("pages are range scans of the (date, id) index")
    func queryPlans() throws {
        let store = try ConversationStore.inMemory()
        try store.insert(contentsOf: (0..<500).map { Fixture.message("q\($0)", .text("\($0)"), from: Fixture.senders[$0 % 5], at: Double($0)) })
        // The page query as the store runs it (no LIMIT: it stops stepping when the page is full).
        let sql = "EXPLAIN QUERY PLAN " + MessageRows.select + " WHERE (m.date, m.id) < (1, 'x') ORDER BY m.date DESC, m.id DESC"
        let details = try store.withCore { (core) throws(StoreError) -> [String] in
            let plan = try core.connection.prepared(sql)
            defer { plan.reset() }
            var details: [String] = []
            while try plan.step() { details.append(plan.text(3) ?? "") }
            return details
        }
        #expect(details.contains { $0.contains("USING INDEX messages_by_date") }, "\(details)")
        #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
    }

    @Test("migrations run in order in one transaction and keep the messages; the result is then newer than this build")
    func migrationSteps() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            let message = Fixture.message("kept", .text("still here"))
            try store.insert(message)
            store.close()

            // A hypothetical next version that adds a column.
            let next = Schema.current + 1
            let future = Schema.migrations + ["ALTER TABLE messages ADD COLUMN pinned INTEGER"]
            let raw = try rawConnection(path)
            try Schema.migrate(raw, migrations: future)
            #expect(try raw.integer("PRAGMA user_version") == next)
            #expect(try raw.integer("SELECT count(*) FROM messages WHERE pinned IS NULL") == 1)

            // A failing step leaves the file at the version it had.
            let broken = future + ["CREATE TABLE senders (x)"]
            #expect(throws: StoreError.self) { try Schema.migrate(raw, migrations: broken) }
            #expect(try raw.integer("PRAGMA user_version") == next)
            raw.close()

            expectStoreError(.newerSchema(path: path, version: next, supported: Schema.current)) {
                _ = try ConversationStore(path: path)
            }
        }
    }

    @Test("two stores on one file see each other's writes")
    func twoStores() async throws {
        try await withDatabase { path in
            let writer = try ConversationStore(path: path)
            let reader = try ConversationStore(path: path)
            try writer.insert(Fixture.message("a", .text("a")))
            #expect(try reader.message("a") != nil)
            try reader.insert(Fixture.message("b", .text("b"), at: 2_000))
            #expect(try writer.newestPage(limit: 5).messages.map(\.id) == ["a", "b"])
        }
    }
}

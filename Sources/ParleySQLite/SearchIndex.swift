import CSQLite
import Foundation
import ParleyCore

/// The full-text index (`message_search`, FTS5) behind ``ConversationStore``'s search:
/// how a message's text goes in, how a query becomes a `MATCH` expression no typed
/// character can steer, and the backlog of rows written before the index existed.
///
/// - Every save indexes the message's plain text (``ParleyCore/MessageContent/summary``;
///   a deleted message is taken out); a trigger takes out deleted rows. So inserts,
///   upserts, edits, redactions, removals and a mirror's writes all keep it in step.
/// - The backlog is indexed newest row first, ``batchSize`` rows per transaction, on
///   the writer thread, the store's lock released between batches.
/// - A damaged index is dropped and rebuilt from the messages; the messages table is
///   never touched for it.
enum SearchIndex {
    /// Rows indexed per backlog transaction: small enough that another call waits a few
    /// milliseconds at most.
    static let batchSize = 500

    /// How many messages with one date (to the microsecond) get keys of their own.
    static let keysPerMicrosecond: Int64 = 1024

    /// The first search key for messages dated `date`: microseconds since 2001 times
    /// ``keysPerMicrosecond``, so keys order like dates (clamped past about 285 years
    /// either side of 2001, where order is no longer kept).
    static func key(for date: Date) -> Int64 {
        let limit = Double(Int64.max / keysPerMicrosecond / 1_000_000) * 1_000_000 - 1
        let micros = (date.timeIntervalSinceReferenceDate * 1_000_000).rounded(.down)
        let clamped = micros.isFinite ? min(max(micros, -limit), limit) : 0
        return Int64(clamped) * keysPerMicrosecond
    }

    /// Throws ``StoreError/fullTextSearchUnavailable(path:)`` unless SQLite has FTS5.
    static func requireFullTextSearch(_ connection: Connection) throws(StoreError) {
        let options = try connection.texts("PRAGMA compile_options")
        guard options.contains("ENABLE_FTS5") else { throw .fullTextSearchUnavailable(path: connection.path) }
    }

    /// The FTS5 `MATCH` expression for `query`: every word as a quoted string (so no word
    /// is ever an operator, a column filter or `NEAR`), the last one a prefix when the
    /// query ``ParleyCore/SearchQuery/matchesPrefix``; all of them required.
    static func matchExpression(for query: SearchQuery) -> String {
        query.terms.enumerated().map { index, term in
            let quoted = "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return index == query.terms.count - 1 && query.matchesPrefix ? quoted + "*" : quoted
        }.joined(separator: " ")
    }

    /// The text indexed for `content`, or `nil` for none (a deleted message).
    static func text(of content: MessageContent) -> String? {
        if case .deleted = content { return nil }
        return content.summary
    }

    /// The search, newest first; `?1` the match, `?2` the key to stay below (or NULL),
    /// `?3` the limit. The index is the outer loop, read in key order, so it stops after
    /// `?3` matches.
    static let select = MessageRows.select.components(separatedBy: " FROM messages AS m")[0] + """
         FROM message_search JOIN search_keys AS k ON k.key = message_search.rowid \
        JOIN messages AS m ON m.rowid = k.message \
        LEFT JOIN senders AS s ON s.row = m.sender \
        WHERE message_search MATCH ?1 AND (?2 IS NULL OR message_search.rowid < ?2) \
        ORDER BY message_search.rowid DESC LIMIT ?3
        """
}

extension StoreCore {
    /// Puts `message`'s text in the index in place of what its row had; call inside a
    /// transaction, after writing the row.
    func index(_ message: Message) throws(StoreError) {
        let find = try connection.prepared("SELECT rowid FROM messages WHERE id = ?1")
        let row: Int
        do {
            defer { find.reset() }
            try find.bind(1, message.id.rawValue)
            guard try find.step() else { return }
            row = find.int(0)
        }
        try index(row: row, date: message.date, text: SearchIndex.text(of: message.content))
    }

    /// Sets the indexed text of message row `row` (`nil`: takes it out), giving it a
    /// search key for `date` unless the one it has still fits that date.
    func index(row: Int, date: Date, text: String?) throws(StoreError) {
        let find = try connection.prepared("SELECT key FROM search_keys WHERE message = ?1")
        var key: Int64?
        do {
            defer { find.reset() }
            try find.bind(1, row)
            if try find.step() { key = Int64(find.int(0)) }
        }
        if let key {
            let remove = try connection.prepared("DELETE FROM message_search WHERE rowid = ?1")
            defer { remove.reset() }
            try remove.bind(1, Int(key))
            try remove.step()
        }
        let base = SearchIndex.key(for: date)
        var chosen = key ?? base
        if key.map({ $0 < base || $0 >= base + SearchIndex.keysPerMicrosecond }) ?? true {
            if key != nil {
                let forget = try connection.prepared("DELETE FROM search_keys WHERE message = ?1")
                defer { forget.reset() }
                try forget.bind(1, row)
                try forget.step()
            }
            chosen = try freeKey(from: base)
            let set = try connection.prepared("INSERT INTO search_keys (key, message) VALUES (?1, ?2)")
            defer { set.reset() }
            try set.bind(1, Int(chosen))
            try set.bind(2, row)
            try set.step()
        }
        guard let text, !text.isEmpty else { return }
        let add = try connection.prepared("INSERT INTO message_search (rowid, text) VALUES (?1, ?2)")
        defer { add.reset() }
        try add.bind(1, Int(chosen))
        try add.bind(2, text)
        try add.step()
    }

    /// The first key from `base` no message holds (past the date's range only when more
    /// than ``SearchIndex/keysPerMicrosecond`` messages share its microsecond).
    private func freeKey(from base: Int64) throws(StoreError) -> Int64 {
        let taken = try connection.prepared("SELECT 1 FROM search_keys WHERE key = ?1")
        var key = base
        while true {
            defer { taken.reset() }
            try taken.bind(1, Int(key))
            if try !taken.step() { return key }
            key += 1
        }
    }

    /// The rowid below which rows still wait for the index, or `nil` when none does.
    func backlog() throws(StoreError) -> Int? {
        let statement = try connection.prepared("SELECT below FROM search_backlog WHERE id = 1")
        defer { statement.reset() }
        return try statement.step() ? statement.int(0) : nil
    }

    /// Indexes up to `limit` rows of the backlog, newest row first, in one transaction.
    ///
    /// - Returns: Whether rows still wait.
    func indexBacklog(limit: Int = SearchIndex.batchSize) throws(StoreError) -> Bool {
        guard !readOnly, try backlog() != nil else { return false }
        return try connection.transaction { () throws(StoreError) -> Bool in
            guard let below = try backlog() else { return false }
            let rows = try connection.prepared(
                "SELECT rowid, kind, subkind, body, detail, bytes, date FROM messages WHERE rowid < ?1 ORDER BY rowid DESC LIMIT ?2")
            var batch: [(row: Int, date: Date, text: String?)] = []
            do {
                defer { rows.reset() }
                try rows.bind(1, below)
                try rows.bind(2, limit)
                while try rows.step() {
                    let columns = ContentColumns(
                        kind: rows.text(1) ?? "", subkind: rows.text(2), body: rows.text(3), detail: rows.text(4),
                        bytes: rows.data(5))
                    // A row this build cannot read is still found by its stored text.
                    let text = columns.content(payloads: payloads).map(SearchIndex.text(of:)) ?? columns.body
                    let date = Date(timeIntervalSinceReferenceDate: rows.double(6))
                    batch.append((rows.int(0), date, text))
                }
            }
            for entry in batch { try index(row: entry.row, date: entry.date, text: entry.text) }
            if let lowest = batch.last?.row, batch.count == limit {
                let move = try connection.prepared("UPDATE search_backlog SET below = ?1 WHERE id = 1")
                defer { move.reset() }
                try move.bind(1, lowest)
                try move.step()
                return true
            }
            try connection.execute("DELETE FROM search_backlog")
            return false
        }
    }

    /// The key results older than `cursor` stay below: its message's, or where its date's
    /// keys start when it is gone.
    private func searchKey(of cursor: HistoryCursor) throws(StoreError) -> Int64 {
        let find = try connection.prepared(
            "SELECT k.key FROM messages AS m JOIN search_keys AS k ON k.message = m.rowid WHERE m.id = ?1")
        defer { find.reset() }
        try find.bind(1, cursor.id.rawValue)
        if try find.step(), !find.isNull(0) { return Int64(find.int(0)) }
        return SearchIndex.key(for: cursor.date)
    }

    /// Drops the index and starts it again from every row (the backlog), after damage.
    /// The messages are not touched.
    func rebuildSearchIndex() throws(StoreError) {
        if readOnly { throw .readOnly(path: path) }
        do {
            try connection.transaction { () throws(StoreError) in
                try connection.execute("DROP TABLE IF EXISTS message_search")
            }
        } catch .corrupt {
            // Damage in the index's own records can keep SQLite from even opening the
            // virtual table to drop it: take its one schema row out, then its shadow
            // tables (ordinary tables). Nothing else in the file is touched.
            connection.damage = nil
            try connection.execute("""
                BEGIN IMMEDIATE;
                PRAGMA writable_schema = ON;
                DELETE FROM sqlite_schema WHERE type = 'table' AND name = 'message_search';
                COMMIT;
                PRAGMA writable_schema = RESET;
                """)
            try connection.transaction { () throws(StoreError) in
                for shadow in ["data", "idx", "content", "docsize", "config"] {
                    try connection.execute("DROP TABLE IF EXISTS message_search_\(shadow)")
                }
            }
        }
        try connection.transaction { () throws(StoreError) in
            try connection.execute(
                "CREATE VIRTUAL TABLE message_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2')")
            try connection.execute("""
                DELETE FROM search_backlog;
                INSERT INTO search_backlog (id, below) SELECT 1, (SELECT max(rowid) FROM messages) + 1 \
                WHERE EXISTS (SELECT 1 FROM messages);
                """)
        }
    }

    /// Up to `limit` messages matching `query` older than `before`, newest first, with
    /// the mirrors' queued writes laid over the file, and whether older ones follow. The
    /// caller makes the results (snippets) once the store's lock is released.
    func search(_ query: SearchQuery, before: HistoryCursor?, limit: Int) throws(StoreError) -> (messages: [Message], hasMore: Bool) {
        guard !query.isEmpty else { return ([], false) }
        let overlay = queue.overlay()
        let below = try before.map { (cursor) throws(StoreError) in try searchKey(of: cursor) }
        let statement = try connection.prepared(SearchIndex.select)
        defer { statement.reset() }
        try statement.bind(1, SearchIndex.matchExpression(for: query))
        if let below { try statement.bind(2, Int(below)) }
        try statement.bind(3, limit + 1 + overlay.count)
        var found: [Message] = []
        while found.count <= limit, try statement.step() {
            if !overlay.isEmpty, overlay.index(forKey: MessageID(statement.text(0) ?? "")) != nil { continue }
            switch MessageRows.decode(statement, payloads: payloads, path: path) {
            case .success(let message): found.append(message)
            case .failure(let error): skip(error)
            }
        }
        if !overlay.isEmpty {
            let queued = overlay.values.compactMap { $0 }.filter { message in
                if let before, !Bound.ordered(message.date, message.id, before: before.date, before.id) { return false }
                guard let text = SearchIndex.text(of: message.content) else { return false }
                return SearchText.matches(of: query, in: text) != nil
            }
            found = (found + queued).sorted { Bound.ordered($1, before: $0) }
        }
        return (Array(found.prefix(limit)), found.count > limit)
    }
}

import Foundation
import ParleyCore

/// Keyset pages: every page is one range scan of the (date, id) index from a cursor, so it
/// costs the same on the first page as a million messages back.
///
/// Equal dates are ordered by id, compared as UTF-8 bytes: the same order as
/// ``ParleyCore/MessageID``'s for ASCII (and any NFC-normalized) ids.
extension ConversationStore: HistoryWindowSource {
    /// The newest `limit` messages: what a conversation opens with.
    public func newestPage(limit: Int) throws(StoreError) -> HistoryWindow {
        try withLock { () throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try fetch(.none, descending: true, limit: limit + 1)
            return window(descending: rows, limit: limit, hasNewer: false)
        }
    }

    /// The oldest `limit` messages: the start of the conversation.
    public func oldestPage(limit: Int) throws(StoreError) -> HistoryWindow {
        try withLock { () throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try fetch(.none, descending: false, limit: limit + 1)
            return window(ascending: rows, limit: limit, hasOlder: false)
        }
    }

    /// Up to `limit` messages just older than `cursor` (the page above the oldest loaded).
    public func page(olderThan cursor: HistoryCursor, limit: Int) throws(StoreError) -> HistoryWindow {
        try withLock { () throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try fetch(.before(cursor), descending: true, limit: limit + 1)
            return window(descending: rows, limit: limit, hasNewer: try exists(.atOrAfter(cursor)))
        }
    }

    /// Up to `limit` messages just newer than `cursor` (the page below the newest loaded,
    /// after a jump into the past).
    public func page(newerThan cursor: HistoryCursor, limit: Int) throws(StoreError) -> HistoryWindow {
        try withLock { () throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try fetch(.after(cursor), descending: false, limit: limit + 1)
            return window(ascending: rows, limit: limit, hasOlder: try exists(.atOrBefore(cursor)))
        }
    }

    /// About `limit` messages centred on the stored message `id`, for "jump to message";
    /// the window's ``HistoryWindow/anchor`` is `id`.
    ///
    /// Near either end the window is filled from the other side, so it holds `limit`
    /// messages whenever that many are stored.
    ///
    /// - Throws: ``StoreError/unknownMessage(_:)`` when `id` is not stored.
    public func page(around id: MessageID, limit: Int) throws(StoreError) -> HistoryWindow {
        try withLock { () throws(StoreError) in
            guard let message = try read(id) else { throw .unknownMessage(id) }
            return try around(HistoryCursor(before: message), limit: limit)
        }
    }

    /// About `limit` messages centred on `date`, for "jump to date"; the window's
    /// ``HistoryWindow/anchor`` is the first message at or after `date` (the newest when
    /// every message is older).
    public func page(around date: Date, limit: Int) throws(StoreError) -> HistoryWindow {
        try withLock { () throws(StoreError) in
            // No id sorts before "", so (date, "") splits the messages at `date` exactly.
            try around(HistoryCursor(date: date, id: ""), limit: limit)
        }
    }

    /// The `limit` messages just older than the newest `offset`, found with `OFFSET`:
    /// SQLite steps over every skipped row, so the cost grows with `offset`.
    ///
    /// For position jumps (a scroll bar dragged to 40%) and for comparison in
    /// `parley-bench history`; page with cursors (``page(olderThan:limit:)``) otherwise.
    public func page(offset: Int, limit: Int) throws(StoreError) -> HistoryWindow {
        try withLock { () throws(StoreError) in
            let limit = Self.clamp(limit), offset = max(0, offset)
            let rows = try read("ORDER BY m.date DESC, m.id DESC LIMIT ?1 OFFSET ?2") { (statement) throws(StoreError) in
                try statement.bind(1, limit + 1)
                try statement.bind(2, offset)
            }
            return window(descending: rows, limit: limit, hasNewer: offset > 0)
        }
    }

    /// The ``ParleyCore/HistorySource`` requirement: the newest page when `cursor` is
    /// `nil`, else the page older than it. Runs on the caller's thread (SQLite blocks).
    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        if let cursor { return try page(olderThan: cursor, limit: limit).historyPage }
        return try newestPage(limit: limit).historyPage
    }

    /// The ``ParleyCore/HistoryWindowSource`` requirement: the page around `date`.
    public func window(around date: Date, limit: Int) async throws -> HistoryWindow {
        try page(around: date, limit: limit)
    }

    /// The ``ParleyCore/HistoryWindowSource`` requirement: the page newer than `cursor`.
    public func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow {
        try page(newerThan: cursor, limit: limit)
    }

    // MARK: Internals (call with the lock held)

    /// A page size between 1 and a billion, so that asking for one more row never overflows.
    static func clamp(_ limit: Int) -> Int {
        min(max(1, limit), 1_000_000_000)
    }

    /// Which rows a query starts from, in (date, id) order.
    enum Bound {
        case none
        case before(HistoryCursor)
        case atOrBefore(HistoryCursor)
        case after(HistoryCursor)
        case atOrAfter(HistoryCursor)

        var sql: (clause: String, cursor: HistoryCursor?) {
            switch self {
            case .none: return ("", nil)
            case .before(let cursor): return ("WHERE (m.date, m.id) < (?1, ?2)", cursor)
            case .atOrBefore(let cursor): return ("WHERE (m.date, m.id) <= (?1, ?2)", cursor)
            case .after(let cursor): return ("WHERE (m.date, m.id) > (?1, ?2)", cursor)
            case .atOrAfter(let cursor): return ("WHERE (m.date, m.id) >= (?1, ?2)", cursor)
            }
        }
    }

    /// Up to `limit` messages from `bound`, newest first when `descending`.
    private func fetch(_ bound: Bound, descending: Bool, limit: Int) throws(StoreError) -> [Message] {
        let (clause, cursor) = bound.sql
        let order = descending ? "ORDER BY m.date DESC, m.id DESC" : "ORDER BY m.date, m.id"
        let limitParameter = cursor == nil ? "?1" : "?3"
        return try read("\(clause) \(order) LIMIT \(limitParameter)") { (statement) throws(StoreError) in
            if let cursor {
                try statement.bind(1, cursor.date.timeIntervalSinceReferenceDate)
                try statement.bind(2, cursor.id.rawValue)
                try statement.bind(3, limit)
            } else {
                try statement.bind(1, limit)
            }
        }
    }

    /// Whether any message lies within `bound`.
    private func exists(_ bound: Bound) throws(StoreError) -> Bool {
        let (clause, cursor) = bound.sql
        let statement = try connection.prepared("SELECT 1 FROM messages AS m \(clause) LIMIT 1")
        defer { statement.reset() }
        if let cursor {
            try statement.bind(1, cursor.date.timeIntervalSinceReferenceDate)
            try statement.bind(2, cursor.id.rawValue)
        }
        return try statement.step()
    }

    /// The window of about `limit` messages split at `split`: older ones before it, the
    /// anchor and newer ones from it.
    private func around(_ split: HistoryCursor, limit: Int) throws(StoreError) -> HistoryWindow {
        let limit = Self.clamp(limit)
        let older = try fetch(.before(split), descending: true, limit: limit + 1)
        let newer = try fetch(.atOrAfter(split), descending: false, limit: limit + 1)
        var takeOlder = min(older.count, (limit - 1) / 2)
        let takeNewer = min(newer.count, limit - takeOlder)
        takeOlder = min(older.count, limit - takeNewer)
        let messages = older.prefix(takeOlder).reversed() + newer.prefix(takeNewer)
        return HistoryWindow(
            messages: Array(messages), hasOlder: older.count > takeOlder, hasNewer: newer.count > takeNewer,
            anchor: newer.first?.id ?? older.first?.id)
    }

    /// A window from rows fetched newest first, one more than `limit` (at least 1) when
    /// older remain.
    private func window(descending rows: [Message], limit: Int, hasNewer: Bool) -> HistoryWindow {
        HistoryWindow(messages: Array(rows.prefix(limit).reversed()), hasOlder: rows.count > limit, hasNewer: hasNewer)
    }

    /// A window from rows fetched oldest first, one more than `limit` (at least 1) when
    /// newer remain.
    private func window(ascending rows: [Message], limit: Int, hasOlder: Bool) -> HistoryWindow {
        HistoryWindow(messages: Array(rows.prefix(limit)), hasOlder: hasOlder, hasNewer: rows.count > limit)
    }
}

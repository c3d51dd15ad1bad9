import Foundation
import ParleyCore

/// Keyset pages: every page is one range scan of the (date, id) index from a cursor, so it
/// costs the same on the first page as a million messages back.
///
/// Equal dates are ordered by id, compared as UTF-8 bytes: the same order as
/// ``ParleyCore/MessageID``'s for ASCII (and any NFC-normalized) ids.
///
/// Pages show the store as a mirror left it: messages it queued and the writer has not
/// committed yet are in them (and those it queued for deletion are not), so a page read
/// while the file is locked by another program still holds what was just sent. A stored
/// message this build cannot read is skipped (see ``skippedMessages``); the page holds
/// the others, as many as asked for when that many are readable.
extension ConversationStore: HistoryWindowSource {
    /// The newest `limit` messages: what a conversation opens with.
    public func newestPage(limit: Int) throws(StoreError) -> HistoryWindow {
        try withCore { (core) throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try core.fetch(.none, descending: true, limit: limit + 1)
            return Self.window(descending: rows, limit: limit, hasNewer: false)
        }
    }

    /// The oldest `limit` messages: the start of the conversation.
    public func oldestPage(limit: Int) throws(StoreError) -> HistoryWindow {
        try withCore { (core) throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try core.fetch(.none, descending: false, limit: limit + 1)
            return Self.window(ascending: rows, limit: limit, hasOlder: false)
        }
    }

    /// Up to `limit` messages just older than `cursor` (the page above the oldest loaded).
    public func page(olderThan cursor: HistoryCursor, limit: Int) throws(StoreError) -> HistoryWindow {
        try withCore { (core) throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try core.fetch(.before(cursor), descending: true, limit: limit + 1)
            return Self.window(descending: rows, limit: limit, hasNewer: try core.exists(.atOrAfter(cursor)))
        }
    }

    /// Up to `limit` messages just newer than `cursor` (the page below the newest loaded,
    /// after a jump into the past).
    public func page(newerThan cursor: HistoryCursor, limit: Int) throws(StoreError) -> HistoryWindow {
        try withCore { (core) throws(StoreError) in
            let limit = Self.clamp(limit)
            let rows = try core.fetch(.after(cursor), descending: false, limit: limit + 1)
            return Self.window(ascending: rows, limit: limit, hasOlder: try core.exists(.atOrBefore(cursor)))
        }
    }

    /// About `limit` messages centred on the stored message `id`, for "jump to message";
    /// the window's ``HistoryWindow/anchor`` is `id` (or, when that message cannot be
    /// read, the next readable one: the window is still where it is).
    ///
    /// Near either end the window is filled from the other side, so it holds `limit`
    /// messages whenever that many are stored.
    ///
    /// - Throws: ``StoreError/unknownMessage(_:)`` when `id` is not stored.
    public func page(around id: MessageID, limit: Int) throws(StoreError) -> HistoryWindow {
        try withCore { (core) throws(StoreError) in
            guard let position = try core.position(of: id) else { throw .unknownMessage(id) }
            return try core.around(position, limit: limit)
        }
    }

    /// About `limit` messages centred on `date`, for "jump to date"; the window's
    /// ``HistoryWindow/anchor`` is the first message at or after `date` (the newest when
    /// every message is older).
    public func page(around date: Date, limit: Int) throws(StoreError) -> HistoryWindow {
        try withCore { (core) throws(StoreError) in
            // No id sorts before "", so (date, "") splits the messages at `date` exactly.
            try core.around(HistoryCursor(date: date, id: ""), limit: limit)
        }
    }

    /// The `limit` messages just older than the newest `offset`, found with `OFFSET`:
    /// SQLite steps over every skipped row, so the cost grows with `offset`.
    ///
    /// For position jumps (a scroll bar dragged to 40%) and for comparison in
    /// `parley-bench history`; page with cursors (``page(olderThan:limit:)``) otherwise.
    /// The offset counts rows in the file; messages a mirror has queued are added to the
    /// page whose range they fall in.
    public func page(offset: Int, limit: Int) throws(StoreError) -> HistoryWindow {
        try withCore { (core) throws(StoreError) in
            let limit = Self.clamp(limit), offset = max(0, offset)
            let rows = try core.fetch(offset: offset, limit: limit + 1)
            return Self.window(descending: rows, limit: limit, hasNewer: offset > 0)
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

    // MARK: Internals

    /// A page size between 1 and a billion, so that asking for one more row never overflows.
    static func clamp(_ limit: Int) -> Int {
        min(max(1, limit), 1_000_000_000)
    }

    /// A window from rows fetched newest first, one more than `limit` (at least 1) when
    /// older remain.
    static func window(descending rows: [Message], limit: Int, hasNewer: Bool) -> HistoryWindow {
        HistoryWindow(messages: Array(rows.prefix(limit).reversed()), hasOlder: rows.count > limit, hasNewer: hasNewer)
    }

    /// A window from rows fetched oldest first, one more than `limit` (at least 1) when
    /// newer remain.
    static func window(ascending rows: [Message], limit: Int, hasOlder: Bool) -> HistoryWindow {
        HistoryWindow(messages: Array(rows.prefix(limit)), hasOlder: hasOlder, hasNewer: rows.count > limit)
    }
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

    /// Whether `message` lies within the bound, compared as SQLite compares the row values.
    func contains(_ message: Message) -> Bool {
        switch self {
        case .none: return true
        case .before(let cursor): return Self.precedes(message, cursor)
        case .atOrBefore(let cursor): return !Self.follows(message, cursor)
        case .after(let cursor): return Self.follows(message, cursor)
        case .atOrAfter(let cursor): return !Self.precedes(message, cursor)
        }
    }

    private static func precedes(_ message: Message, _ cursor: HistoryCursor) -> Bool {
        Bound.ordered(message.date, message.id, before: cursor.date, cursor.id)
    }

    private static func follows(_ message: Message, _ cursor: HistoryCursor) -> Bool {
        Bound.ordered(cursor.date, cursor.id, before: message.date, message.id)
    }

    /// (date, id) order: seconds, then the id's UTF-8 bytes (SQLite's BINARY collation).
    static func ordered(_ date: Date, _ id: MessageID, before otherDate: Date, _ otherID: MessageID) -> Bool {
        let lhs = date.timeIntervalSinceReferenceDate, rhs = otherDate.timeIntervalSinceReferenceDate
        if lhs != rhs { return lhs < rhs }
        return id.rawValue.utf8.lexicographicallyPrecedes(otherID.rawValue.utf8)
    }

    /// Whether `lhs` comes before `rhs` in (date, id) order.
    static func ordered(_ lhs: Message, before rhs: Message) -> Bool {
        ordered(lhs.date, lhs.id, before: rhs.date, rhs.id)
    }
}

extension StoreCore {
    /// Up to `limit` readable messages from `bound`, newest first when `descending`, with
    /// the queued writes laid over the file. Unreadable rows are skipped (and noted), so a
    /// page never fails for one bad row.
    func fetch(_ bound: Bound, descending: Bool, limit: Int) throws(StoreError) -> [Message] {
        let (clause, cursor) = bound.sql
        let order = descending ? "ORDER BY m.date DESC, m.id DESC" : "ORDER BY m.date, m.id"
        let overlay = queue.overlay()
        // No LIMIT: the scan of the index stops as soon as enough readable rows are in,
        // however many were skipped on the way.
        let statement = try connection.prepared("\(MessageRows.select) \(clause) \(order)")
        defer { statement.reset() }
        if let cursor {
            try statement.bind(1, cursor.date.timeIntervalSinceReferenceDate)
            try statement.bind(2, cursor.id.rawValue)
        }
        var stored: [Message] = []
        try collect(from: statement, into: &stored, limit: limit, skipping: overlay)
        return merge(stored, queued: overlay, in: bound, descending: descending, limit: limit)
    }

    /// The `limit` readable rows after the newest `offset` rows of the file, newest first,
    /// with queued messages that fall within the page's range.
    func fetch(offset: Int, limit: Int) throws(StoreError) -> [Message] {
        let overlay = queue.overlay()
        let statement = try connection.prepared(
            "\(MessageRows.select) ORDER BY m.date DESC, m.id DESC LIMIT -1 OFFSET ?1")
        defer { statement.reset() }
        try statement.bind(1, offset)
        var stored: [Message] = []
        try collect(from: statement, into: &stored, limit: limit, skipping: overlay)
        guard !overlay.isEmpty else { return stored }
        // The page's range: from the newest skipped row (or the top) down to its oldest
        // row (or the bottom, when the page is the last).
        let queued = overlay.values.compactMap { $0 }.filter { message in
            if let newest = stored.first, offset > 0, !Bound.ordered(message, before: newest) { return false }
            if let oldest = stored.last, stored.count == limit, Bound.ordered(message, before: oldest) { return false }
            return true
        }
        return Array((stored + queued).sorted { Bound.ordered($1, before: $0) }.prefix(limit))
    }

    /// Whether any readable message lies within `bound`.
    func exists(_ bound: Bound) throws(StoreError) -> Bool {
        try !fetch(bound, descending: false, limit: 1).isEmpty
    }

    /// The window of about `limit` messages split at `split`: older ones before it, the
    /// anchor and newer ones from it.
    func around(_ split: HistoryCursor, limit: Int) throws(StoreError) -> HistoryWindow {
        let limit = ConversationStore.clamp(limit)
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

    /// Steps `statement` until `messages` holds `limit` readable rows, leaving out rows
    /// whose id is queued (the queue has their state) and skipping unreadable ones.
    private func collect(
        from statement: Statement, into messages: inout [Message], limit: Int, skipping overlay: [MessageID: Message?]
    ) throws(StoreError) {
        while messages.count < limit, try statement.step() {
            if !overlay.isEmpty, overlay.index(forKey: MessageID(statement.text(0) ?? "")) != nil { continue }
            switch MessageRows.decode(statement, payloads: payloads, path: path) {
            case .success(let message): messages.append(message)
            case .failure(let error): skip(error)
            }
        }
    }

    /// The first `limit` of `stored` and the queued messages within `bound`, in order.
    private func merge(
        _ stored: [Message], queued overlay: [MessageID: Message?], in bound: Bound, descending: Bool, limit: Int
    ) -> [Message] {
        guard !overlay.isEmpty else { return stored }
        let inOrder: (Message, Message) -> Bool = descending
            ? { Bound.ordered($1, before: $0) } : { Bound.ordered($0, before: $1) }
        let queued = overlay.values.compactMap { $0 }.filter(bound.contains)
        guard !queued.isEmpty else { return stored }
        return Array((stored + queued).sorted(by: inOrder).prefix(limit))
    }
}

import CSQLite
import Foundation
import ParleyCore

/// Everything of a ``ConversationStore`` that its lock guards: the connection, the payload
/// types, cached sender rows and the unreadable rows met so far, with the reads and writes
/// that use them. Only ever used inside the store's `Mutex`.
final class StoreCore {
    let connection: Connection
    let path: String
    let readOnly: Bool
    /// The mirrors' queued writes (its own lock, taken after this one).
    let queue: WriteQueue
    var payloads = PayloadRegistry()
    private var senderRows: [SenderKey: Int] = [:]
    /// Stored messages skipped because they cannot be read, each once, in the order met.
    private(set) var skipped: [StoreError] = []
    private var skippedIDs: Set<MessageID> = []
    /// Told of each newly skipped message, on the writer thread.
    var onSkipped: (@Sendable (StoreError) -> Void)?

    init(connection: Connection, readOnly: Bool, queue: WriteQueue) {
        self.connection = connection
        self.path = connection.path
        self.readOnly = readOnly
        self.queue = queue
    }

    // MARK: Reading

    /// The message with `id` as the store shows it: queued by a mirror, else stored.
    ///
    /// - Throws: ``StoreError/unreadableMessage(_:path:reason:)`` when its row cannot be
    ///   read (and notes it as skipped).
    func read(_ id: MessageID) throws(StoreError) -> Message? {
        if let queued = queue.queued(id) { return queued }
        let statement = try connection.prepared(MessageRows.select + " WHERE m.id = ?1")
        defer { statement.reset() }
        try statement.bind(1, id.rawValue)
        guard try statement.step() else { return nil }
        switch MessageRows.decode(statement, payloads: payloads, path: path) {
        case .success(let message): return message
        case .failure(let error):
            skip(error)
            throw error
        }
    }

    /// The (date, id) of the message `id` as the store shows it, read without decoding
    /// it (so a jump to an unreadable message still lands where it is).
    func position(of id: MessageID) throws(StoreError) -> HistoryCursor? {
        if let queued = queue.queued(id) { return queued.map { HistoryCursor(date: $0.date, id: $0.id) } }
        let statement = try connection.prepared("SELECT date FROM messages WHERE id = ?1")
        defer { statement.reset() }
        try statement.bind(1, id.rawValue)
        guard try statement.step() else { return nil }
        return HistoryCursor(date: Date(timeIntervalSinceReferenceDate: statement.double(0)), id: id)
    }

    /// Whether a row with `id` is in the file (queued writes aside).
    func isStored(_ id: MessageID) throws(StoreError) -> Bool {
        let statement = try connection.prepared("SELECT 1 FROM messages WHERE id = ?1")
        defer { statement.reset() }
        try statement.bind(1, id.rawValue)
        return try statement.step()
    }

    /// The number of messages as the store shows them: the file's rows with the queued
    /// writes laid over.
    func count() throws(StoreError) -> Int {
        var count = try connection.integer("SELECT count(*) FROM messages")
        for (id, message) in queue.overlay() {
            let stored = try isStored(id)
            if message != nil, !stored { count += 1 }
            if message == nil, stored { count -= 1 }
        }
        return count
    }

    /// Notes an unreadable row once and tells ``onSkipped``.
    func skip(_ error: StoreError) {
        guard case .unreadableMessage(let id, _, _) = error, skippedIDs.insert(id).inserted else { return }
        skipped.append(error)
        if let onSkipped { queue.dispatch.async { onSkipped(error) } }
    }

    // MARK: Writing

    /// Runs `body` in one write transaction, after the mirrors' queued writes (earlier
    /// changes, so they go first, in the same transaction); forgets cached sender rows
    /// when it rolls back.
    ///
    /// A queued message that can never be stored (its payload fails to encode) is dropped
    /// and reported through the mirrors' onError rather than blocking the others.
    func write<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        if readOnly { throw .readOnly(path: path) }
        let batch = queue.batch()
        var dropped: [StoreError] = []
        do {
            let result = try connection.transaction { () throws(StoreError) -> Result in
                for (id, entry) in batch.entries {
                    guard let message = entry.message else {
                        _ = try remove([id])
                        continue
                    }
                    do throws(StoreError) {
                        try save(message, replacing: true)
                    } catch .invalidMessage(let id, let reason) {
                        // Thrown before any SQL ran for it: the transaction goes on.
                        dropped.append(.invalidMessage(id, reason: reason + "; it was not saved"))
                    }
                }
                return try body()
            }
            queue.didCommit(batch, dropped: dropped)
            return result
        } catch {
            senderRows.removeAll()
            throw error
        }
    }

    /// Writes one message; call inside a transaction.
    func save(_ message: Message, replacing: Bool) throws(StoreError) {
        // ParleyCore keeps message dates in range; should one still be NaN (stored as
        // NULL, which the schema refuses) or infinite, refuse it as what it is, so that a
        // mirror drops it instead of failing on it for ever.
        guard message.date.timeIntervalSinceReferenceDate.isFinite else {
            throw .invalidMessage(message.id, reason: "its date is not a finite number")
        }
        let content: ContentColumns
        let relations: String?
        do {
            content = try ContentColumns(message.content, payloads: payloads)
            relations = try RelationColumns.text(of: message, payloads: payloads)
        } catch {
            throw .invalidMessage(message.id, reason: "its content cannot be encoded (\(error))")
        }
        let sender = try senderRow(for: message.sender)
        let statement = try connection.prepared(replacing ? MessageRows.upsert : MessageRows.insert)
        defer { statement.reset() }
        do throws(StoreError) {
            try MessageRows.bind(message, sender: sender, content: content, relations: relations, to: statement)
            try statement.step()
            try index(message)
        } catch .sqlite(_, let code, _) where code == Self.primaryKeyConflict && !replacing {
            throw .duplicateMessage(message.id)
        } catch .sqlite(_, let code, _) where code & 0xFF == SQLITE_TOOBIG {
            throw .invalidMessage(message.id, reason: "it is larger than SQLite can store")
        }
    }

    /// SQLITE_CONSTRAINT_PRIMARYKEY: an insert met a stored id (not any other constraint).
    private static let primaryKeyConflict: Int32 = SQLITE_CONSTRAINT | (6 << 8)

    /// Deletes `ids`; call inside a transaction. Returns how many rows went.
    func remove(_ ids: [MessageID]) throws(StoreError) -> Int {
        let statement = try connection.prepared("DELETE FROM messages WHERE id = ?1")
        var removed = 0
        for id in ids {
            defer { statement.reset() }
            try statement.bind(1, id.rawValue)
            try statement.step()
            removed += connection.changes
        }
        return removed
    }

    /// The `senders` row for `sender` as it is now (id, name and avatar), added when new.
    private func senderRow(for sender: Sender) throws(StoreError) -> Int {
        let key = SenderKey(id: sender.id, name: sender.name, avatar: AvatarColumn.text(of: sender.avatar))
        if let row = senderRows[key] { return row }
        let find = try connection.prepared("SELECT row FROM senders WHERE id = ?1 AND name = ?2 AND avatar = ?3")
        defer { find.reset() }
        try find.bind(1, key.id)
        try find.bind(2, key.name)
        try find.bind(3, key.avatar)
        let row: Int
        if try find.step() {
            row = find.int(0)
        } else {
            let add = try connection.prepared("INSERT INTO senders (id, name, avatar) VALUES (?1, ?2, ?3) RETURNING row")
            defer { add.reset() }
            try add.bind(1, key.id)
            try add.bind(2, key.name)
            try add.bind(3, key.avatar)
            try add.step()
            row = add.int(0)
        }
        senderRows[key] = row
        return row
    }
}

/// A sender as stored: distinct names and avatars of one id are distinct rows.
private struct SenderKey: Hashable {
    var id: String
    var name: String
    var avatar: String
}

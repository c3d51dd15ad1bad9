import CSQLite
import ParleyCore

/// Direct writes: each is one transaction, committed when the call returns, on the
/// caller's thread (waiting up to ``StoreOptions/busyTimeout`` for another connection's
/// lock). Writes a mirror has queued are earlier changes, so they are committed first,
/// in the same transaction.
extension ConversationStore {
    /// Stores a new message.
    ///
    /// - Throws: ``StoreError/duplicateMessage(_:)`` when its id is already stored (use
    ///   ``upsert(_:)`` to replace), ``StoreError/invalidMessage(_:reason:)`` when its
    ///   custom payload fails to encode or its date is not a finite number; nothing is written
    ///   then.
    public func insert(_ message: Message) throws(StoreError) {
        try insert(contentsOf: [message])
    }

    /// Stores new messages in one transaction: all of them, or none when one fails.
    ///
    /// - Throws: as ``insert(_:)``, for the first message that fails (an id repeated in
    ///   `messages` is a duplicate too).
    public func insert(contentsOf messages: [Message]) throws(StoreError) {
        try save(messages, replacing: false)
    }

    /// Stores a message, replacing every field of a stored message with the same id.
    ///
    /// What mirroring a conversation and syncing from a server want: storing the same
    /// message twice leaves one row.
    public func upsert(_ message: Message) throws(StoreError) {
        try upsert(contentsOf: [message])
    }

    /// Stores or replaces messages in one transaction; a later message with an id earlier
    /// in `messages` wins.
    public func upsert(contentsOf messages: [Message]) throws(StoreError) {
        try save(messages, replacing: true)
    }

    /// Changes the stored message `id` in place, in one transaction.
    ///
    /// - Throws: ``StoreError/unknownMessage(_:)`` when it is not stored,
    ///   ``StoreError/invalidMessage(_:reason:)`` when `body` changes its id, or
    ///   ``StoreError/unreadableMessage(_:path:reason:)`` when its row cannot be read.
    public func update(_ id: MessageID, _ body: (inout Message) -> Void) throws(StoreError) {
        try withCore { (core) throws(StoreError) in
            try core.write { () throws(StoreError) in
                guard var message = try core.read(id) else { throw .unknownMessage(id) }
                body(&message)
                guard message.id == id else {
                    throw .invalidMessage(id, reason: "an update may not change the id (to “\(message.id)”)")
                }
                try core.save(message, replacing: true)
            }
        }
    }

    /// Sets the delivery status of the stored message `id`.
    ///
    /// - Throws: ``StoreError/unknownMessage(_:)`` when it is not stored.
    public func setStatus(_ status: DeliveryStatus, of id: MessageID) throws(StoreError) {
        try withCore { (core) throws(StoreError) in
            try core.write { () throws(StoreError) in
                let statement = try core.connection.prepared("UPDATE messages SET status = ?1 WHERE id = ?2")
                defer { statement.reset() }
                try statement.bind(1, status.rawValue)
                try statement.bind(2, id.rawValue)
                try statement.step()
                if core.connection.changes == 0 { throw .unknownMessage(id) }
            }
        }
    }

    /// Deletes the stored message `id`; returns whether it was stored.
    @discardableResult
    public func delete(_ id: MessageID) throws(StoreError) -> Bool {
        try delete(contentsOf: [id]) == 1
    }

    /// Deletes the stored messages with these ids in one transaction; ids not stored are
    /// skipped. Returns how many were deleted.
    @discardableResult
    public func delete(contentsOf ids: [MessageID]) throws(StoreError) -> Int {
        try withCore { (core) throws(StoreError) in
            try core.write { () throws(StoreError) in try core.remove(ids) }
        }
    }

    // MARK: Internals

    /// Saves `messages` in one transaction.
    private func save(_ messages: [Message], replacing: Bool) throws(StoreError) {
        guard !messages.isEmpty else { return }
        try withCore { (core) throws(StoreError) in
            try core.write { () throws(StoreError) in
                for message in messages { try core.save(message, replacing: replacing) }
            }
        }
    }
}

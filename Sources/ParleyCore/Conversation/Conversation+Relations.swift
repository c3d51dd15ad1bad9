import Foundation

/// Replies, reactions, edits and deletions, as add-and-forget calls.
extension Conversation {
    /// A quote of the loaded message `id` as it is now, or `nil` when it is not loaded.
    public func quote(of id: MessageID) -> ReplyQuote? {
        message(id).map(ReplyQuote.init)
    }

    /// Appends a reply to message `id` and returns the reply's id. The reply quotes the
    /// message as it is now; a message that is not loaded is quoted by its id alone
    /// (front ends then say ``ChatStrings/quoteUnavailable``).
    @discardableResult
    public func reply(
        to id: MessageID, with content: MessageContent, from sender: Sender? = nil, date: Date? = nil,
        status: DeliveryStatus = .sent, animated: Bool = true
    ) -> MessageID {
        let quote = quote(of: id) ?? ReplyQuote(id: id, senderName: "", summary: "")
        return append(content, from: sender, date: date, status: status, replyTo: quote, animated: animated)
    }

    /// Adds `sender`'s reaction `key` (an emoji) to message `id`, or takes it away when it
    /// is there: what tapping a reaction chip does. `sender` is the local user when omitted.
    ///
    /// - Returns: Whether the reaction is there now, or `nil` when `id` is not loaded or
    ///   `key` is empty.
    @discardableResult
    public func toggleReaction(
        _ key: String, on id: MessageID, by sender: Sender? = nil, animated: Bool = true
    ) -> Bool? {
        let who = (sender ?? me).id
        var result: Bool?
        try? update(id, animated: animated) { message in
            let on = !message.reactions.contains(key, by: who)
            if message.reactions.set(key, by: who, on) { result = on }
        }
        return result
    }

    /// Sets whether the sender `senderID` reacted to message `id` with `key`, as a network
    /// reports it; setting what is already so changes nothing.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    public func setReaction(
        _ key: String, on id: MessageID, by senderID: String, _ isOn: Bool = true, animated: Bool = true
    ) throws(ConversationError) {
        guard let current = message(id) else { throw .unknownID(id) }
        var reactions = current.reactions
        guard reactions.set(key, by: senderID, isOn) else { return }
        try update(id, animated: animated) { $0.reactions.set(key, by: senderID, isOn) }
    }

    /// Replaces message `id`'s content with `content`, keeping what it showed before in
    /// ``Message/edits`` and marking it edited. A deleted message is not edited.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    public func edit(
        _ id: MessageID, to content: MessageContent, at date: Date? = nil, animated: Bool = true
    ) throws(ConversationError) {
        let when = date ?? clock()
        try update(id, animated: animated) { message in
            guard !message.isDeleted, message.content != content else { return }
            message.edits.append(MessageEdit(content: message.content, replacedAt: when))
            if message.edits.count > Message.editHistoryLimit {
                message.edits.removeFirst(message.edits.count - Message.editHistoryLimit)
            }
            if message.linkPreview?.url != content.previewableLink { message.linkPreview = nil }
            message.content = content
            message.isEdited = true
        }
    }

    /// The message the "New messages" line is drawn above (the oldest the local user has
    /// not read, when the conversation opened), or `nil` for no line.
    public var firstUnread: MessageID? { locked { firstUnreadID } }

    /// Draws the "New messages" line (``ChatStrings/unreadLine``) above message `id`, or
    /// takes it away (`nil`); ``ChatPresenter/scrollToUnread()`` goes there.
    public func setFirstUnread(_ id: MessageID?, animated: Bool = false) {
        batch(animated: animated) { batch in
            let old = firstUnreadID
            guard old != id else { return }
            firstUnreadID = id
            if let old { batch.touch(old) }
            if let id { batch.touch(id) }
        }
    }

    /// Records that `sender` has read every message up to and including `id` (a read
    /// receipt): `sender` joins ``Message/readers`` of `id` and leaves the message that
    /// held their earlier receipt. A receipt never moves back to an older message, and
    /// the local user's own receipts are not shown.
    ///
    /// - Returns: Whether the receipt moved.
    /// - Throws: ``ConversationError/unknownID(_:)``.
    @discardableResult
    public func markRead(upTo id: MessageID, by sender: Sender, animated: Bool = true) throws(ConversationError) -> Bool {
        guard sender.id != me.id else { return false }
        return try batch(animated: animated) { (batch) throws(ConversationError) -> Bool in
            guard let target = store.index(of: id) else { throw .unknownID(id) }
            let previous = receiptIndex(of: sender.id, from: store.count - 1)
            if let previous, previous >= target { return false }
            if let previous {
                let old = store[previous].id
                try batch.update(old) { $0.readers.removeAll { $0.id == sender.id } }
            }
            try batch.update(id) { message in
                message.readers.removeAll { $0.id == sender.id }
                message.readers.append(sender)
            }
            receiptHints[sender.id] = id
            return true
        }
    }

    /// The index of the message holding `reader`'s receipt: where it was last put, else
    /// found by searching back from `start`. Call under the lock.
    private func receiptIndex(of reader: String, from start: Int) -> Int? {
        if let hint = receiptHints[reader], let index = store.index(of: hint),
            store[index].readers.contains(where: { $0.id == reader })
        {
            return index
        }
        var index = start
        while index >= 0 {
            if store[index].readers.contains(where: { $0.id == reader }) { return index }
            index -= 1
        }
        return nil
    }

    /// Shows message `id` as deleted: its row stays, saying ``ChatStrings/messageDeleted``,
    /// and its content, quote, reactions and earlier versions are gone. Whether that is
    /// for everyone or only here is the app's decision (``ChatPresenter/deletion``, ``MessengerEvent/deleted(_:)``).
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    public func markDeleted(_ id: MessageID, animated: Bool = true) throws(ConversationError) {
        try update(id, animated: animated) { message in
            message.content = .deleted
            message.replyTo = nil
            message.linkPreview = nil
            message.reactions = []
            message.edits = []
            message.isEdited = false
        }
    }
}

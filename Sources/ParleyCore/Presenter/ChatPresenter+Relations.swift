import Foundation

/// Replies and reactions: going to a quoted message, replying, reacting.
extension ChatPresenter {
    /// How long a message a quote led to stays highlighted.
    public static let highlightDuration: Duration = .milliseconds(1600)

    /// Scrolls to the message `quoted` and highlights it for a moment, loading the
    /// history around its date when it is not loaded (what tapping a quote does).
    ///
    /// - Returns: Whether the message is on screen now.
    @discardableResult
    public func go(to quoted: ReplyQuote) async -> Bool {
        let found = await jump(to: quoted.id, near: quoted.date)
        if found { highlight(quoted.id) }
        onNeedsDisplay?()
        return found
    }

    /// Scrolls so that the "New messages" line (``Conversation/firstUnread``) is at the top,
    /// with the unread messages under it (the badge counts those not yet seen).
    ///
    /// - Returns: Whether the line's message is loaded (and now at the top).
    @discardableResult
    public func scrollToUnread() -> Bool {
        guard let id = conversation.firstUnread, viewport.scroll(to: .message(id), at: .top) else { return false }
        onNeedsDisplay?()
        return true
    }

    /// Draws message `id` highlighted for ``highlightDuration``.
    public func highlight(_ id: MessageID) {
        highlighted = id
        highlightEnds?.cancel()
        highlightEnds = Task { [weak self] in
            try? await Task.sleep(for: Self.highlightDuration)
            guard !Task.isCancelled, let self, self.highlighted == id else { return }
            self.highlighted = nil
            self.onNeedsDisplay?()
        }
    }

    /// Starts a reply to message `id`: the ``inputBar`` quotes it ("Replying to Alice")
    /// until the reply is sent or cancelled. Sends ``MessengerEvent/replyRequested(_:)``.
    ///
    /// - Returns: Whether `id` is a loaded message that can be answered (not deleted).
    @discardableResult
    public func reply(to id: MessageID) -> Bool {
        guard let message = conversation.message(id), !message.isDeleted, !message.isNotice else { return false }
        inputBar?.replyTarget = ReplyQuote(message)
        events.send(.replyRequested(id))
        return true
    }

    /// Adds the local user's reaction `key` to message `id`, or takes it back when it is
    /// there (the reaction picker; a chip's tap does the same). Sends
    /// ``MessengerEvent/reactionChanged(_:key:isOn:)``.
    ///
    /// - Returns: Whether the reaction is there now, or `nil` when `id` is not a loaded
    ///   message that takes reactions.
    @discardableResult
    public func react(to id: MessageID, with key: String) -> Bool? {
        guard let message = conversation.message(id), !message.isDeleted, !message.isNotice else { return nil }
        guard let isOn = conversation.toggleReaction(key, on: id) else { return nil }
        events.send(.reactionChanged(id, key: Reaction.cleanKey(key), isOn: isOn))
        return isOn
    }
}

/// What deleting a message leaves (``ChatPresenter/deletion``).
public enum Deletion: Sendable {
    /// "Message deleted" in its place (``Conversation/markDeleted(_:animated:)``), as
    /// messengers show a message deleted for everyone.
    case placeholder
    /// Nothing: the row goes (``Conversation/remove(_:animated:)``), as for a message
    /// deleted only here.
    case remove
}

extension ChatPresenter {
    /// Deletes message `id` as ``deletion`` says and sends ``MessengerEvent/deleted(_:)``.
    ///
    /// - Returns: Whether there was such a message.
    @discardableResult
    public func delete(_ id: MessageID) -> Bool {
        switch deletion {
        case .placeholder:
            guard (try? conversation.markDeleted(id)) != nil else { return false }
        case .remove:
            guard (try? conversation.remove(id)) != nil else { return false }
        }
        if selected == id { selected = nil }
        events.send(.deleted(id))
        return true
    }
}

extension Conversation {
    /// Sets the local user's reaction as a chip's tap asked.
    func setReactionByMe(_ key: String, on id: MessageID, _ isOn: Bool) {
        try? setReaction(key, on: id, by: me.id, isOn)
    }
}

import Foundation

/// Replies and reactions: going to a quoted message, replying, reacting.
extension ChatPresenter {
    /// How long a message a quote led to stays highlighted.
    public static let highlightDuration: Duration = .milliseconds(1600)

    /// Scrolls to the message `quoted` and highlights it for a moment, loading the
    /// history around its date when it is not loaded (what tapping a quote does). A
    /// selection (keyboard focus) moves to the quoted message with the view, so that the
    /// next ↑ or ↓ goes on from there rather than back to the reply (it ends when the
    /// message is deleted, which takes none).
    ///
    /// When the message is known to be nowhere, the frame says so for a moment
    /// (``ChatFrame/notice``: ``ChatStrings/quotedMessageNotFound``): without a pager
    /// (everything is loaded), or when the history around its date loaded and does not
    /// hold it (deleted for good, never stored). A pager that cannot jump, a quote without
    /// a date or a failed fetch (the history row says why) tell nothing, and nothing is said.
    ///
    /// - Returns: Whether the message is on screen now.
    @discardableResult
    public func go(to quoted: ReplyQuote) async -> Bool {
        var found = viewport.scroll(to: .message(quoted.id), at: .center)
        var nowhere = false
        if !found {
            if pager == nil {
                nowhere = true
            } else if let date = quoted.date, canJump {
                _ = await jump(to: date)
                found = viewport.scroll(to: .message(quoted.id), at: .center)
                nowhere = !found && !conversation.historyIndicator.isFailure
            }
        }
        if found {
            // A notice of an earlier quote that led nowhere is over.
            noticeEnds?.cancel()
            notice = nil
            highlight(quoted.id)
            if selected != nil {
                selected = conversation.message(quoted.id).map(Self.isSelectable) == true ? quoted.id : nil
            }
        } else if nowhere {
            showNotice(strings.quotedMessageNotFound)
        }
        onNeedsDisplay?()
        return found
    }

    /// Scrolls so that the "New messages" line (``Conversation/firstUnread``) is at the top,
    /// with the unread messages under it: the "↓ N new" badge counts from the line those
    /// not yet scrolled into view.
    ///
    /// - Returns: Whether the line's message is loaded (and now at the top).
    @discardableResult
    public func scrollToUnread() -> Bool {
        guard let id = conversation.firstUnread, viewport.scroll(to: .message(id), at: .top) else { return false }
        viewport.markUnseen(from: id)
        onNeedsDisplay?()
        return true
    }

    /// How long a ``ChatFrame/notice`` shows.
    public static let noticeDuration: Duration = .seconds(3)

    /// Shows `text` as the frame's ``ChatFrame/notice`` for ``noticeDuration``, where the
    /// undo bar shows (an undo bar goes first): "Message copied", "That is not a date".
    /// A later notice replaces it.
    public func showNotice(_ text: String) {
        notice = text
        noticeCount &+= 1
        noticeEnds?.cancel()
        noticeEnds = after(Self.noticeDuration) { presenter in
            guard presenter.notice == text else { return false }
            presenter.notice = nil
            return true
        }
        onNeedsDisplay?()
    }

    /// Draws message `id` highlighted for ``highlightDuration``.
    public func highlight(_ id: MessageID) {
        highlighted = id
        highlightEnds?.cancel()
        highlightEnds = after(Self.highlightDuration) { presenter in
            guard presenter.highlighted == id else { return false }
            presenter.highlighted = nil
            return true
        }
    }

    /// A task that runs `end` after `duration` unless cancelled first, and asks for a new
    /// frame when `end` changed something.
    private func after(_ duration: Duration, _ end: @escaping @MainActor (ChatPresenter) -> Bool) -> Task<Void, Never> {
        Task { [weak self] in
            try? await Task.sleep(for: duration)
            guard !Task.isCancelled, let self, end(self) else { return }
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
        // The banner, and the quote the reply is sent with, say what the message shows.
        var quote = ReplyQuote(message)
        quote.summary = style.summary(of: message.content)
        quote.format = .plain
        inputBar?.replyTarget = quote
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

/// The bar a front end shows for a moment after a deletion: "Message deleted" and an
/// Undo button (``ChatPresenter/undoDelete()``).
public struct UndoNotice: Hashable, Sendable {
    /// The message deleted.
    public var message: MessageID
    /// What the bar says (``ChatStrings/deletedNotice``).
    public var text: String
    /// The button's title (``ChatStrings/undo``).
    public var action: String
}

extension ChatPresenter {
    /// How long a deletion can be undone; ``MessengerEvent/deleted(_:)`` is sent when it
    /// ends (or when another message is deleted).
    public static let undoDuration: Duration = .seconds(6)

    /// Deletes message `id` as ``deletion`` says, offering to undo it for
    /// ``undoDuration`` (``ChatFrame/undo``); ``MessengerEvent/deleted(_:)`` follows when
    /// the deletion is final, for the app to delete it on its server.
    ///
    /// - Returns: Whether there was such a message.
    @discardableResult
    public func delete(_ id: MessageID) -> Bool {
        guard let original = conversation.message(id), !original.isDeleted || deletion == .remove else { return false }
        finishPendingDeletion()
        switch deletion {
        case .placeholder:
            guard (try? conversation.markDeleted(id)) != nil else { return false }
        case .remove:
            guard (try? conversation.remove(id)) != nil else { return false }
        }
        if selected == id { selected = nil }
        pendingDeletion = PendingDeletion(original: original, style: deletion)
        pendingDeletion?.timer = Task { [weak self] in
            try? await Task.sleep(for: Self.undoDuration)
            guard !Task.isCancelled, let self, self.pendingDeletion?.original.id == id else { return }
            self.finishPendingDeletion()
            self.onNeedsDisplay?()
        }
        return true
    }

    /// Puts back the message deleted last, while its ``ChatFrame/undo`` shows; no
    /// ``MessengerEvent/deleted(_:)`` is sent for it.
    ///
    /// - Returns: Whether there was a deletion to undo.
    @discardableResult
    public func undoDelete() -> Bool {
        guard let pending = pendingDeletion else { return false }
        pending.timer?.cancel()
        pendingDeletion = nil
        let original = pending.original
        switch pending.style {
        case .placeholder:
            try? conversation.update(original.id) { $0 = original }
        case .remove:
            try? conversation.insertByDate(original)
        }
        onNeedsDisplay?()
        return true
    }

    /// Makes the pending deletion final: the event goes out and Undo is gone.
    func finishPendingDeletion() {
        guard let pending = pendingDeletion else { return }
        pending.timer?.cancel()
        pendingDeletion = nil
        events.send(.deleted(pending.original.id))
    }

    /// The Undo bar of the pending deletion, if any.
    var undoNotice: UndoNotice? {
        pendingDeletion.map { UndoNotice(message: $0.original.id, text: strings.deletedNotice, action: strings.undo) }
    }
}

/// A deletion that can still be undone.
struct PendingDeletion {
    var original: Message
    var style: Deletion
    var timer: Task<Void, Never>?
}

import Foundation

/// Sending: handlers, the send action, and the rule that typed text is never lost.
extension InputBar {
    /// Adds a handler that receives the text when the user sends it.
    ///
    /// Handlers run in the order they were added. When all return, the bar clears its
    /// text; when one throws, the rest are skipped and the text stays (see ``send()``).
    ///
    /// ```swift
    /// bar.onSend { text in try chat.append(.text(text), from: me) }
    /// ```
    @discardableResult
    public func onSend(_ handler: @escaping @MainActor (String) throws -> Void) -> InputBar {
        sendHandlers.append { text, _ in try handler(text) }
        return self
    }

    /// Adds a handler that receives the text and the message it answers (``replyTarget``),
    /// when the user sends it; otherwise like the one-argument `onSend`.
    ///
    /// ```swift
    /// bar.onSend { text, reply in chat.append(.text(text), replyTo: reply) }
    /// ```
    @discardableResult
    public func onSend(_ handler: @escaping @MainActor (String, ReplyQuote?) throws -> Void) -> InputBar {
        sendHandlers.append(handler)
        return self
    }

    /// Adds a handler for commands: text the app acts on instead of sending it as a
    /// message ("/jump 2026-11-20"). Return `true` to take the text: the bar clears it and
    /// nothing is sent. A command is not a message, so it does not bring the view back to
    /// the present after a jump, as sending does (``ChatPresenter/send(_:)`` asks the
    /// presenter's ``ChatPresenter/inputBar`` first, through ``takeCommand()``).
    ///
    /// ```swift
    /// bar.onCommand { text in
    ///     guard text.hasPrefix("/me ") else { return false }
    ///     chat.append(.system("\(me.name) \(text.dropFirst(4))"))
    ///     return true
    /// }
    /// ```
    @discardableResult
    public func onCommand(_ handler: @escaping @MainActor (String) -> Bool) -> InputBar {
        commandHandlers.append(handler)
        return self
    }

    /// Offers the text, trimmed of spaces and line breaks, to the ``onCommand(_:)``
    /// handlers in the order they were added, until one takes it; then clears the text,
    /// unless the handler changed it (a reply being written stays). Blank text is no
    /// command. ``send()`` asks first too.
    ///
    /// - Returns: Whether a handler took the text.
    @discardableResult
    public func takeCommand() -> Bool {
        guard !commandHandlers.isEmpty, !isSending, !isTextBlank else { return false }
        let snapshot = text
        let command = snapshot.trimmingCharacters(in: .whitespacesAndNewlines)
        isSending = true
        defer { isSending = false }
        guard commandHandlers.contains(where: { $0(command) }) else { return false }
        // Text a handler put in the composer stays, as with a send.
        if text == snapshot {
            text = ""
            pickedMentions = []
        }
        return true
    }

    /// Stops replying (the reply line's cancel button, Escape in the text).
    public func cancelReply() {
        replyTarget = nil
    }

    /// Removes every handler added with `onSend`.
    public func removeAllSendHandlers() {
        sendHandlers.removeAll()
    }

    /// Sends the text: what Enter and a click on the send item do.
    ///
    /// Nothing happens when the text is blank, the send item is disabled, or a send is
    /// already running. Text an ``onCommand(_:)`` handler takes is not sent (it returns
    /// `true`, and nothing below happens). Otherwise the text is taken as it is now and:
    ///
    /// 1. every `onSend` handler receives it;
    /// 2. if one throws, the text is kept exactly as it is, ``lastSendError`` holds the
    ///    error, and the delegate and the streams hear of the failure;
    /// 3. otherwise the delegate and the streams hear of the send, and, if there are
    ///    handlers and the text is still what was sent, the text is cleared. Text typed
    ///    while the handlers ran stays. Without handlers the text is kept: whoever takes
    ///    the send (the delegate, an ``events`` reader) clears it once it is safe.
    ///
    /// - Returns: Whether the text was sent.
    @discardableResult
    public func send() -> Bool {
        let snapshot = text
        let reply = replyTarget
        guard !isSending, sendItem.isEnabled, !isTextBlank else { return false }
        // Text a command handler takes is not sent (``onCommand(_:)``).
        if takeCommand() { return true }
        isSending = true
        defer { isSending = false }
        do {
            for handler in sendHandlers { try handler(snapshot, reply) }
        } catch {
            lastSendError = error
            delegate?.inputBar(self, didFailToSend: snapshot, error: error)
            broadcaster.yield(.sendFailed(text: snapshot, reason: String(describing: error)))
            return false
        }
        lastSendError = nil
        delegate?.inputBar(self, didPressSendWith: snapshot)
        broadcaster.yield(.sendPressed(snapshot))
        if !sendHandlers.isEmpty, text == snapshot {
            text = ""
            pickedMentions = []
            if replyTarget == reply { replyTarget = nil }
        }
        return true
    }
}

import ParleyCore

/// Getting the user's attention and the clipboard: the bell and the title when messages
/// arrive unseen, and copying a message (OSC 52).
///
/// A message from someone else rings the bell (``ChatScreen/ringsBell``) when it
/// mentions me, or when it arrives while the list is scrolled away from the newest
/// messages or the window is unfocused; those that arrive away count in the title,
/// "(3) Lunch" (``ChatScreen/showsUnreadInTitle``), until the newest is in view again
/// with the window focused.
extension ChatScreen {
    /// What the screen asks of the terminal since the last call: the bell, a new title, a
    /// copy. ``TerminalMessenger`` writes them after each frame.
    public func takeRequests() -> [TerminalRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// Looks at the messages that arrived since the last frame (the core's
    /// `ArrivalWatch` decides what is news and what counts unseen).
    func noteNews(_ frame: ChatFrame) {
        let away = !frame.isPinnedToBottom || !frame.isShowingLatest || !isFocused
        let news = arrivalWatch.look(at: conversation, isAway: away)
        unseenCount = news.unseenCount
        if ringsBell, news.callsForAttention { requests.append(.bell) }
        // The strings come with a copy of the style: read only while the title counts.
        if showsUnreadInTitle, titleShown != nil || unseenCount > 0 {
            let wanted = news.title(for: title, strings: style.strings)
            if wanted != titleShown { requests.append(.title(wanted)) }
            titleShown = wanted
        }
    }

    /// Puts the selected message's text (or the newest message's) on the clipboard.
    func copyMessage() {
        let target = presenter.selection ?? conversation.read { rows in
            var index = rows.count - 1
            while index >= 0 {
                if let message = rows.message(at: index), !message.isDeleted { return message.id }
                index -= 1
            }
            return nil
        }
        guard let id = target, let message = conversation.message(id) else { return }
        let text: String
        switch message.content {
        case .text(let content): text = content.string
        case .emoji(let emoji): text = emoji
        default: text = style.strings.summary(of: message.content)
        }
        requests.append(.copy(text))
        notice = style.strings.messageCopied
    }
}

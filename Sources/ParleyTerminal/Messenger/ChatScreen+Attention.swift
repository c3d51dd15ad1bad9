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

    /// Looks at the messages that arrived since the last frame.
    func noteNews(_ frame: ChatFrame) {
        let me = conversation.me.id
        let known = newestNoted
        // The news, newest first, back to the message seen last (200 at most per frame).
        let arrivals: [(message: Message, mentionsMe: Bool)] = conversation.read { rows in
            var found: [(Message, Bool)] = []
            var index = rows.count
            while index > 0, found.count < 200 {
                index -= 1
                guard let message = rows.message(at: index) else { continue }
                if let known, message.id == known.id || message.date < known.date { break }
                let mentionsMe: Bool
                if case .text(let text) = message.content {
                    mentionsMe = text.detections.contains { $0.kind == .mention(me) }
                } else {
                    mentionsMe = false
                }
                found.append((message, mentionsMe))
            }
            return found
        }
        if let newest = arrivals.first?.message { newestNoted = (newest.id, newest.date) }
        let away = !frame.isPinnedToBottom || !frame.isShowingLatest || !isFocused
        // The first look is the conversation as it opened: nothing in it is news.
        if known != nil {
            let incoming = arrivals.filter { $0.message.sender.id != me && !$0.message.isDeleted }
            if away { unseenCount += incoming.count }
            if ringsBell, incoming.contains(where: { away || $0.mentionsMe }) { requests.append(.bell) }
        }
        if !away { unseenCount = 0 }
        if showsUnreadInTitle {
            let wanted = unseenCount > 0 ? style.strings.unreadTitle(unseenCount, title) : title
            if wanted != titleShown, titleShown != nil || unseenCount > 0 {
                requests.append(.title(wanted))
            }
            if titleShown != nil || unseenCount > 0 { titleShown = wanted }
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

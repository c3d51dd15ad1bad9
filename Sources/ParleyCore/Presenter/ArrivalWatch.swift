import Foundation

/// Notices messages from others as they arrive, to get the user's attention the same way
/// in every front end: the terminal rings its bell and counts in its title, GTK posts a
/// desktop notification and counts in the window's title.
///
/// Call ``look(at:isAway:)`` after each frame with whether the user is away from the
/// newest messages (scrolled up, after a jump, or the window unfocused). The first look
/// is the conversation as it opened: nothing in it is news. Messages that arrive away are
/// counted in ``unseenCount`` until the user is back.
///
/// ```swift
/// var watch = ArrivalWatch()
/// let news = watch.look(at: chat, isAway: !frame.isPinnedToBottom)
/// if news.callsForAttention { print("\u{7}", terminator: "") }
/// ```
public struct ArrivalWatch: Sendable {
    /// Messages from others that arrived while away, since the user was last back.
    public private(set) var unseenCount = 0
    /// The newest message looked at so far.
    private var newest: (id: MessageID, date: Date)?
    /// The most messages one look reports (a burst of history is not news one by one).
    public static let lookLimit = 200

    /// Starts watching; the first look reports nothing.
    public init() {}

    /// What arrived in `conversation` since the last look, from others (not deleted),
    /// oldest first; `isAway` says whether the user could see it arrive.
    public mutating func look(at conversation: Conversation, isAway: Bool) -> ArrivalNews {
        let me = conversation.me.id
        let known = newest
        let found: [Message] = conversation.read { rows in
            var found: [Message] = []
            var index = rows.count
            while index > 0, found.count < Self.lookLimit {
                index -= 1
                guard let message = rows.message(at: index) else { continue }
                if let known, message.id == known.id || message.date < known.date { break }
                found.append(message)
            }
            return found
        }
        if let latest = found.first { newest = (latest.id, latest.date) }
        var news = ArrivalNews(arrivals: [], mentionsMe: false, isAway: isAway, unseenCount: unseenCount)
        // The first look is the conversation as it opened.
        if known != nil {
            news.arrivals = found.reversed().filter { $0.sender.id != me && !$0.isDeleted }
            news.mentionsMe = news.arrivals.contains { Self.mentions(me, in: $0) }
            if isAway { unseenCount += news.arrivals.count }
        }
        if !isAway { unseenCount = 0 }
        news.unseenCount = unseenCount
        return news
    }

    /// Whether `message` mentions the user `me` (a mention in its text).
    static func mentions(_ me: String, in message: Message) -> Bool {
        guard case .text(let text) = message.content else { return false }
        return text.detections.contains { $0.kind == .mention(me) }
    }
}

/// What one look of an ``ArrivalWatch`` found.
public struct ArrivalNews: Sendable {
    /// Messages from others that arrived since the last look, oldest first.
    public var arrivals: [Message]
    /// Whether one of them mentions the user.
    public var mentionsMe: Bool
    /// Whether the user was away when they arrived.
    public var isAway: Bool
    /// Messages that arrived while away, since the user was last back.
    public var unseenCount: Int

    /// Whether to call the user (a bell, a notification): something arrived while away,
    /// or something mentions them.
    public var callsForAttention: Bool { !arrivals.isEmpty && (isAway || mentionsMe) }

    /// The title to show for a window titled `title`: "(3) Lunch" while messages wait
    /// unseen (``ChatStrings/unreadTitle``), else `title`.
    public func title(for title: String, strings: ChatStrings) -> String {
        unseenCount > 0 ? strings.unreadTitle(unseenCount, title) : title
    }
}

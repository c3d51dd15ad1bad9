/// A run of consecutive stored messages, oldest first, and whether more lie on either side.
///
/// What a ``HistoryWindowSource`` returns for "jump to date" and newer pages (and what
/// ParleySQLite's store pages are). ``HistoryPager/jump(to:)`` shows one with
/// ``Conversation/showWindow(_:)``.
public struct HistoryWindow: Sendable {
    /// The messages, oldest first, ordered by (date, id).
    public var messages: [Message]
    /// Whether older messages are stored.
    public var hasOlder: Bool
    /// Whether newer messages are stored.
    public var hasNewer: Bool
    /// The message a jump is for: the one asked for by id, or the first at or after the
    /// date asked for (the newest, when all are older). `nil` for other pages.
    public var anchor: MessageID?

    /// Creates a window.
    public init(messages: [Message], hasOlder: Bool, hasNewer: Bool, anchor: MessageID? = nil) {
        self.messages = messages
        self.hasOlder = hasOlder
        self.hasNewer = hasNewer
        self.anchor = anchor
    }

    /// The cursor to continue towards older messages from (`nil` when empty).
    public var olderCursor: HistoryCursor? { messages.first.map(HistoryCursor.init(before:)) }

    /// The cursor to continue towards newer messages from (`nil` when empty).
    public var newerCursor: HistoryCursor? { messages.last.map(HistoryCursor.init(before:)) }

    /// The window as a ``HistoryPage`` for a ``HistoryPager``.
    public var historyPage: HistoryPage { HistoryPage(messages: messages, hasMore: hasOlder) }
}

/// A consistent view of a conversation's rows, handed out by ``Conversation/read(_:)``.
///
/// Row 0 is the history row when it is shown, then the messages oldest first, then the
/// newer-history row when shown, then the typing row when someone types. Every lookup is
/// O(1).
public struct RowList {
    let store: MessageStore
    /// What the history row shows.
    public let history: HistoryIndicator
    /// What the newer-history row (below the messages, after a jump) shows.
    public let newer: HistoryIndicator
    /// Who is typing, in the order they started.
    public let typers: [Sender]
    /// The local user.
    public let me: Sender
    /// Whether the conversation is a group (``Conversation/isGroup``).
    public let isGroup: Bool
    /// The message the "New messages" line is above (``Conversation/firstUnread``).
    public let firstUnread: MessageID?
    /// The conversation's ``Conversation/version`` these rows are: rows of one version
    /// are the same rows.
    let version: UInt64

    init(
        store: MessageStore, history: HistoryIndicator, newer: HistoryIndicator, typers: [Sender], me: Sender,
        isGroup: Bool = false, firstUnread: MessageID? = nil, version: UInt64 = 0
    ) {
        self.version = version
        self.store = store
        self.history = history
        self.newer = newer
        self.typers = typers
        self.me = me
        self.isGroup = isGroup
        self.firstUnread = firstUnread
    }

    /// The number of rows.
    public var count: Int { store.count + firstMessageIndex + (newer.isVisible ? 1 : 0) + (typers.isEmpty ? 0 : 1) }

    /// Whether there are no rows at all.
    public var isEmpty: Bool { count == 0 }

    /// The number of message rows.
    public var messageCount: Int { store.count }

    /// The row index of the oldest message (1 when the history row is shown).
    public var firstMessageIndex: Int { history.isVisible ? 1 : 0 }

    /// The row at `index` (0..<count).
    public subscript(index: Int) -> Row {
        if let message = message(at: index) { return .message(message) }
        if index == 0 && history.isVisible { return .history(history) }
        return newer.isVisible && index == firstMessageIndex + store.count ? .newerHistory(newer) : .typing(typers)
    }

    /// The id of the row at `index`, without copying a message.
    public func id(at index: Int) -> RowID {
        if index == 0 && history.isVisible { return .history }
        if index >= firstMessageIndex + store.count {
            return newer.isVisible && index == firstMessageIndex + store.count ? .newerHistory : .typing
        }
        return .message(store[index - firstMessageIndex].id)
    }

    /// The message of row `index`, or `nil` for the indicator rows and out-of-range indexes.
    public func message(at index: Int) -> Message? {
        let position = index - firstMessageIndex
        return position >= 0 && position < store.count ? store[position] : nil
    }

    /// The row index of `id`, or `nil` when the row is not there.
    public func index(of id: RowID) -> Int? {
        switch id {
        case .history: return history.isVisible ? 0 : nil
        case .typing: return typers.isEmpty ? nil : count - 1
        case .newerHistory: return newer.isVisible ? firstMessageIndex + store.count : nil
        case .message(let messageID): return store.index(of: messageID).map { $0 + firstMessageIndex }
        }
    }
}

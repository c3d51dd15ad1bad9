/// One row of the message list: a message, or one of the indicator rows around them.
///
/// The list is: the history row (when shown) at the top, the messages oldest first, the
/// newer-history row (after a jump into the past, while newer pages load or failed), and
/// the typing row (when someone types) at the bottom.
public enum Row: Sendable {
    /// The loading / load-earlier / retry row above the oldest message.
    case history(HistoryIndicator)
    /// A message.
    case message(Message)
    /// The loading / retry row below the newest loaded message, after a jump into the past.
    case newerHistory(HistoryIndicator)
    /// The typing indicator, with who is typing.
    case typing([Sender])

    /// The row's stable identity.
    public var id: RowID {
        switch self {
        case .history: return .history
        case .message(let message): return .message(message.id)
        case .newerHistory: return .newerHistory
        case .typing: return .typing
        }
    }

    /// The message, when the row is one.
    public var message: Message? {
        if case .message(let message) = self { return message }
        return nil
    }
}

/// The identity of a row, stable while rows are added and removed around it.
public enum RowID: Hashable, Sendable {
    /// The history row.
    case history
    /// The row of a message.
    case message(MessageID)
    /// The newer-history row.
    case newerHistory
    /// The typing row.
    case typing
}

/// What a history row shows: the one above the oldest message, or the one below the
/// newest loaded message after a jump.
public enum HistoryIndicator: Hashable, Sendable {
    /// No row: no history source, or everything is loaded.
    case hidden
    /// A "Load earlier (newer) messages" button (JSQ's load-earlier header).
    case loadEarlier
    /// A spinner while a page is fetched.
    case loading
    /// The last fetch failed; a retry button with the reason.
    case failed(String)

    /// Whether the row is present.
    public var isVisible: Bool { self != .hidden }
}

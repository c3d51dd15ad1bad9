/// What one change to a conversation did, for front ends to animate.
///
/// Both API styles end here: add-and-forget calls and ``Conversation/setMessages(_:animated:)``
/// diffs produce the same change sets. Ids, not indexes: a front end maps them to rows
/// when it applies the change, so concurrent changes cannot shift them.
public struct ChangeSet: Sendable, Equatable {
    /// The conversation's version after this change; versions increase by one per change.
    public var version: UInt64
    /// Messages that appeared, in list order.
    public var inserted: [MessageID]
    /// Messages that disappeared.
    public var removed: [MessageID]
    /// Messages whose content, status or flags changed.
    public var updated: [MessageID]
    /// Messages that kept their id but changed place.
    public var moved: [MessageID]
    /// Whether the typing row changed (someone started or stopped typing).
    public var typingChanged: Bool
    /// Whether the history row changed (loading, failed, exhausted).
    public var historyChanged: Bool
    /// Whether messages were added above all others (a history page).
    public var isPrepend: Bool
    /// Whether front ends should animate this change.
    public var animated: Bool
    /// Whether the loaded window of history moved (a jump to a date, a page of newer
    /// history after one): messages came and went from view, but nothing was sent or
    /// deleted. Stores mirroring the conversation skip these.
    public var isWindowMove: Bool

    /// Creates a change set.
    public init(
        version: UInt64, inserted: [MessageID] = [], removed: [MessageID] = [],
        updated: [MessageID] = [], moved: [MessageID] = [], typingChanged: Bool = false,
        historyChanged: Bool = false, isPrepend: Bool = false, animated: Bool = true,
        isWindowMove: Bool = false
    ) {
        self.version = version
        self.inserted = inserted
        self.removed = removed
        self.updated = updated
        self.moved = moved
        self.typingChanged = typingChanged
        self.historyChanged = historyChanged
        self.isPrepend = isPrepend
        self.animated = animated
        self.isWindowMove = isWindowMove
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        inserted.isEmpty && removed.isEmpty && updated.isEmpty && moved.isEmpty && !typingChanged
            && !historyChanged
    }
}

/// Why a conversation refused a change. Nothing is changed by a refused call.
public enum ConversationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A message with this id is already in the conversation (or twice in one list).
    case duplicateID(MessageID)
    /// No message has this id.
    case unknownID(MessageID)
    /// An update tried to change a message's id.
    case idChanged(from: MessageID, to: MessageID)

    /// A sentence for logs and alerts.
    public var description: String {
        switch self {
        case .duplicateID(let id): return "A message with id “\(id)” is already in the conversation."
        case .unknownID(let id): return "No message has id “\(id)”."
        case .idChanged(let old, let new): return "An update may not change a message's id (“\(old)” → “\(new)”)."
        }
    }
}

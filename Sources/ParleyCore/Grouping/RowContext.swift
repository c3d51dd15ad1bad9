import Foundation

/// What a message row shows besides its content, decided from its neighbours.
///
/// Grouping is derived, never stored: the context of a row depends only on the row and
/// the messages directly above and below it, so inserting, removing or changing a message
/// affects at most its two neighbours, and appending a million messages costs nothing
/// here. Layouts are cached with their context, so a neighbour's change re-lays only the
/// rows whose context it changed.
public struct RowContext: Hashable, Sendable {
    /// Incoming or outgoing.
    public var side: Side
    /// Position in the sender's group.
    public var position: GroupPosition
    /// A day separator or time label above the row ("Today", "12:31").
    public var topLabel: String?
    /// Whether the sender's name is shown above the bubble.
    public var showsName: Bool
    /// Whether the avatar is drawn beside this row (its column is kept either way).
    public var showsAvatar: Bool
    /// A line under the bubble: "Not delivered".
    public var bottomLabel: String?
    /// The message time as shown ("12:31"); Slack-like rows put it next to the name.
    public var time: String
    /// The reactions of the message the local user made (their keys), drawn highlighted.
    public var myReactions: Set<String> = []
    /// Who has read up to this message, shown under it in group conversations.
    public var readers: [Sender] = []
    /// Whether the message mentions the local user: drawn highlighted.
    public var mentionsMe = false
    /// Whether the "New messages" line is above this message.
    public var showsUnreadLine = false
    /// The message's own time, drawn in its bubble (``ChatStyle/showsMessageTimes``).
    public var messageTime: String?

    /// Creates a context; front ends normally get contexts from ``Grouping/context(at:in:)``.
    public init(
        side: Side, position: GroupPosition, topLabel: String? = nil, showsName: Bool = false,
        showsAvatar: Bool = false, bottomLabel: String? = nil, time: String = ""
    ) {
        self.side = side
        self.position = position
        self.topLabel = topLabel
        self.showsName = showsName
        self.showsAvatar = showsAvatar
        self.bottomLabel = bottomLabel
        self.time = time
    }
}

extension Optional where Wrapped == RowContext {
    /// Whether two optional contexts are equal. The standard library's `==` for optionals
    /// copies both into a pair to compare them, which retains every string and set of a
    /// context; front ends compare each row's context every frame (#15).
    public static func == (lhs: RowContext?, rhs: RowContext?) -> Bool {
        switch lhs {
        case .none:
            // Not `rhs == nil`: that would call this again.
            if case .none = rhs { return true }
            return false
        case .some(let lhs):
            guard let rhs else { return false }
            return lhs == rhs
        }
    }
}

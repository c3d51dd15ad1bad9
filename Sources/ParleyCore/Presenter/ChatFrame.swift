/// Everything a front end draws for one frame of the message list, decided by the core
/// and read under one lock (``ChatPresenter/frame(overscan:)``).
///
/// A front end draws ``rows`` at their `y`, the ``badge`` when there is one, the
/// ``emptyText`` when there is one, and the scroll bar from ``scrollIndicator``; it ticks
/// its animation clock while ``isAnimating``.
public struct ChatFrame: Sendable {
    /// The list's size.
    public var size: Size
    /// The rows on screen (plus the overscan asked for), top to bottom, with their layouts.
    public var rows: [VisibleRow]
    /// How many rows the list holds now (what is loaded): with a row's
    /// ``VisibleRow/index``, its position for a screen reader ("12 of 340").
    public var rowCount: Int
    /// What the history row above the oldest loaded message shows.
    public var olderHistory: HistoryIndicator
    /// What the row below the newest loaded message shows after a jump into the past
    /// (newer pages loading, or failed).
    public var newerHistory: HistoryIndicator
    /// Whether the view follows new messages.
    public var isPinnedToBottom: Bool
    /// Whether the newest loaded row's bottom is in view.
    public var isAtBottom: Bool
    /// Whether the newest loaded message is the newest there is (`false` after a jump).
    public var isShowingLatest: Bool
    /// The message the last jump went to (the first at or after the date asked), while
    /// the past shows (``HistoryPager/jumpedTo``): for a front end that tells where a jump
    /// went. `nil` in the present.
    public var jumpedTo: MessageID?
    /// Messages from others below the newest one seen.
    public var unreadCount: Int
    /// The floating "↓ 3 new messages" button; `nil` when the present is in view.
    public var badge: NewMessagesBadge?
    /// What to show over an empty list; `nil` while there is something to show or load.
    public var emptyText: String?
    /// Who is typing.
    public var typers: [Sender]
    /// Whether something on screen moves (typing dots, a spinner): keep drawing frames.
    public var isAnimating: Bool
    /// The scroll bar's thumb.
    public var scrollIndicator: ScrollIndicator
    /// The message to draw highlighted for a moment: the one a tapped quote led to.
    public var highlighted: MessageID?
    /// The message selected by keyboard (``ChatPresenter/selectPrevious()``).
    public var selected: MessageID?
    /// "Message deleted · Undo" after a deletion, while it can be undone.
    public var undo: UndoNotice?
    /// A short notice for a moment, where the undo bar shows (which goes first): "Original
    /// message not found" after a tap on a quote that leads nowhere.
    public var notice: String?

    /// Creates a frame; front ends get theirs from ``ChatPresenter/frame(overscan:)``.
    public init(
        size: Size, rows: [VisibleRow], rowCount: Int? = nil, olderHistory: HistoryIndicator = .hidden,
        newerHistory: HistoryIndicator = .hidden, isPinnedToBottom: Bool = true, isAtBottom: Bool = true,
        isShowingLatest: Bool = true, jumpedTo: MessageID? = nil, unreadCount: Int = 0, badge: NewMessagesBadge? = nil,
        emptyText: String? = nil, typers: [Sender] = [], isAnimating: Bool = false,
        scrollIndicator: ScrollIndicator = ScrollIndicator(position: 0, length: 1), highlighted: MessageID? = nil,
        selected: MessageID? = nil, undo: UndoNotice? = nil, notice: String? = nil
    ) {
        self.size = size
        self.rows = rows
        self.rowCount = rowCount ?? ((rows.map(\.index).max() ?? -1) + 1)
        self.olderHistory = olderHistory
        self.newerHistory = newerHistory
        self.isPinnedToBottom = isPinnedToBottom
        self.isAtBottom = isAtBottom
        self.isShowingLatest = isShowingLatest
        self.jumpedTo = isShowingLatest ? nil : jumpedTo
        self.unreadCount = unreadCount
        self.badge = badge
        self.emptyText = emptyText
        self.typers = typers
        self.isAnimating = isAnimating
        self.scrollIndicator = scrollIndicator
        self.highlighted = highlighted
        self.selected = selected
        self.undo = undo
        self.notice = notice
    }
}

/// The floating button that returns to the newest message, with what it says.
public struct NewMessagesBadge: Hashable, Sendable {
    /// Unread messages below (0: the button only scrolls down).
    public var unreadCount: Int
    /// What the button shows: "↓", "↓ 1 new message", "↓ 999+ new messages".
    public var text: String
    /// What a screen reader says for it.
    public var accessibleLabel: String

    /// The badge for `unreadCount` unread messages in `strings`' language; counts past
    /// `limit` show as "limit+".
    public init(unreadCount: Int, strings: ChatStrings, limit: Int = 999) {
        self.unreadCount = unreadCount
        if unreadCount <= 0 {
            text = "↓"
            accessibleLabel = strings.scrollToNewest
        } else {
            var words = strings.newMessages(min(unreadCount, limit))
            if unreadCount > limit, let range = words.range(of: String(limit)) {
                words.replaceSubrange(range, with: "\(limit)+")
            }
            text = "↓ " + words
            accessibleLabel = words
        }
    }
}

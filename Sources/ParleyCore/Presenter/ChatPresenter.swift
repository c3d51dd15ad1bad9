import Foundation

/// The message list's logic, once, for every front end: what a frame shows and what each
/// gesture does.
///
/// A front end owns a presenter, asks it for a ``ChatFrame`` when it draws, and turns its
/// own input into the presenter's verbs: ``tap(at:)``, ``longPress(at:)``,
/// ``scroll(by:)``, ``scroll(toFraction:)``, ``scrollToBottom()``, ``jump(to:)-(Date)``,
/// ``send(_:)``. Everything the screen says by itself (the badge, the history rows, the
/// delivery marks, the empty state) comes from ``ChatStyle/strings``.
///
/// ```swift
/// let presenter = ChatPresenter(conversation: chat, style: .dark, units: .cells, measurer: TerminalMeasurer())
/// presenter.resize(to: Size(width: 80, height: 20))
/// let frame = presenter.frame()
/// for row in frame.rows { draw(row) }
/// if let badge = frame.badge { draw(badge.text) }
/// ```
///
/// Verbs that load history (jumps, returning to the present, retries) finish later; the
/// presenter calls ``onNeedsDisplay`` when they have changed what the view shows.
@MainActor
public final class ChatPresenter {
    /// The conversation shown.
    public let conversation: Conversation
    /// The scroll state. Front ends go through the presenter's verbs; the viewport is here
    /// for tests and benchmarks.
    public let viewport: Viewport
    /// Taps, links, long presses and history rows: everything the user does to the list.
    public let events = MessengerEvents()
    /// How the playback of each audio and video message stands: fed by the player (the
    /// GTK front end's, or the app's), drawn by the front ends.
    public let playback = MediaPlayback()
    /// The units the front end lays out in.
    public let units: DisplayUnits
    /// Called after a verb that finishes later (a jump, a return to the present) changed
    /// what the view shows: draw a frame.
    public var onNeedsDisplay: (@MainActor () -> Void)?

    /// Whether a send waits for the present to load (see ``send(_:)``).
    var isReturningToSendFlag = false
    /// The message selected by keyboard (``selectPrevious()``).
    var selected: MessageID?
    /// The message highlighted after a quote led to it, until ``highlightEnds``.
    var highlighted: MessageID?
    /// Ends the highlight.
    var highlightEnds: Task<Void, Never>?
    /// The short notice showing now (``ChatFrame/notice``, ``showNotice(_:)``), for a
    /// front end that says it rather than draws a frame (a plain transcript); `nil` when
    /// none shows.
    public internal(set) var notice: String?
    /// How many notices ``showNotice(_:)`` has shown: a front end that says each notice
    /// once (the terminal's plain mode prints it) tells by it the same text shown again.
    public internal(set) var noticeCount = 0
    /// How many jumps to a date (``jump(to:)``) have landed: a front end that tells each
    /// jump once (the terminal's plain mode) tells by it a second jump to the same day.
    public internal(set) var jumpCount = 0
    /// Ends the notice.
    var noticeEnds: Task<Void, Never>?
    /// What ``delete(_:)`` leaves: "Message deleted" (the default) or nothing.
    public var deletion: Deletion = .placeholder
    /// Which messages the user may delete, as the front ends offer it (the GTK menu's
    /// Delete, the terminal's Delete key on a selected message): by default the user's
    /// own, not deleted already. ``delete(_:)`` itself deletes any message asked for.
    public var canDelete: @MainActor (Message) -> Bool
    /// The last deletion, while it can be undone.
    var pendingDeletion: PendingDeletion?
    /// The search: its searcher and what it shows (``search``).
    var searchSession = SearchSession()
    /// Where link previews come from (ParleyImaging's `LinkPreviewFetcher`, or the
    /// app's own); `nil`, the default, fetches none. Opt-in: fetching a page tells its
    /// server that someone opened the message. Messages that have a preview already
    /// (``Message/linkPreview``) show it either way.
    public var linkPreviews: (any LinkPreviewProviding)?
    /// The links asked for and those waiting.
    var previewRequests = LinkPreviewRequests()
    /// The badge of the last frame, with the style revision it was worded under: reading
    /// the strings copies the whole style, which a row step need not pay for (#15).
    private var lastBadge: (revision: UInt64, badge: NewMessagesBadge)?
    /// The composer whose reply target ``reply(to:)`` sets: the screen's own input bar.
    public weak var inputBar: InputBar?

    /// Creates a presenter.
    ///
    /// - Parameters:
    ///   - conversation: What to show.
    ///   - style: A theme; adapted to `units` (``ChatStyle/adapted(to:)``).
    ///   - units: The front end's units.
    ///   - measurer: The front end's text measurer, in those units.
    ///   - size: The list's size until the front end knows it.
    public init(
        conversation: Conversation, style: ChatStyle, units: DisplayUnits, measurer: any TextMeasurer,
        size: Size = Size(width: 80, height: 24)
    ) {
        self.conversation = conversation
        self.units = units
        let me = conversation.me.id
        canDelete = { message in message.sender.id == me && !message.isDeleted }
        let engine = LayoutEngine(style: style.adapted(to: units), measurer: measurer)
        viewport = Viewport(conversation: conversation, layoutEngine: engine, size: size)
    }

    /// The layout engine (measurements in the front end's units, cached).
    public var layoutEngine: LayoutEngine { viewport.layoutEngine }

    /// The style, in the front end's units; setting one adapts it and lays rows out again.
    public var style: ChatStyle {
        get { viewport.layoutEngine.style }
        set {
            viewport.layoutEngine.style = newValue.adapted(to: units)
            viewport.settle()
        }
    }

    /// The texts of the screen (``ChatStyle/strings``).
    public var strings: ChatStrings { style.strings }

    /// Where history comes from; the presenter asks it for pages as either end nears.
    public var pager: HistoryPager? {
        get { viewport.pager }
        set { viewport.pager = newValue }
    }

    /// The list's size.
    public var size: Size { viewport.size }

    /// Resizes the list; the anchored row keeps its place (or the bottom stays pinned).
    public func resize(to size: Size) {
        guard size != viewport.size else { return }
        viewport.resize(to: size)
    }

    // MARK: The frame

    /// What to draw now: the visible rows (plus `overscan` above and below), the history
    /// rows' states, the badge, the empty state, the scroll bar. Asks the pager for pages
    /// when either end is near.
    ///
    /// - Complexity: O(rows shown); one lock of the conversation.
    public func frame(overscan: Double = 0) -> ChatFrame {
        let snapshot = viewport.snapshot(overscan: overscan, unreadLimit: 1000)
        if linkPreviews != nil { requestLinkPreviews(in: snapshot.rows) }
        let latest = pager?.isShowingLatest ?? true
        let pinned = viewport.isPinnedToBottom
        let showsBadge = !snapshot.isAtBottom || !latest
        let mayBeEmpty = snapshot.messageCount == 0 && !snapshot.older.isVisible && !snapshot.newer.isVisible
            && snapshot.typers.isEmpty
        // The strings come with a copy of the whole style: read only when a text is shown.
        let empty = mayBeEmpty ? strings.emptyConversation : ""
        let emptyText = empty.isEmpty ? nil : empty
        // By index: `contains` with a closure copied every row and, from the main actor,
        // checked the executor for each (#15).
        var animating = false
        for index in snapshot.rows.indices where !animating {
            switch snapshot.rows[index].row {
            case .typing: animating = true
            case .history(let indicator), .newerHistory(let indicator): animating = indicator == .loading
            case .message: break
            }
        }
        return ChatFrame(
            size: viewport.size, rows: snapshot.rows, rowCount: snapshot.rowCount, olderHistory: snapshot.older, newerHistory: snapshot.newer,
            isPinnedToBottom: pinned, isAtBottom: snapshot.isAtBottom, isShowingLatest: latest,
            jumpedTo: latest ? nil : jumpedTo, unreadCount: snapshot.unreadCount,
            badge: showsBadge ? badge(unreadCount: snapshot.unreadCount) : nil,
            emptyText: emptyText, typers: snapshot.typers,
            isAnimating: animating, scrollIndicator: snapshot.scrollIndicator, highlighted: highlighted,
            selected: selected, undo: undoNotice, notice: notice)
    }

    /// The badge for `unreadCount`, the last frame's while the count and the style are the same.
    private func badge(unreadCount: Int) -> NewMessagesBadge {
        let revision = layoutEngine.styleRevision
        if let last = lastBadge, last.revision == revision, last.badge.unreadCount == unreadCount { return last.badge }
        let badge = NewMessagesBadge(unreadCount: unreadCount, strings: strings)
        lastBadge = (revision, badge)
        return badge
    }

    // MARK: Gestures

    /// A tap or click at `point` (list coordinates): the event it means is sent to
    /// ``events`` and returned. Tapping a history row loads the next page, or retries
    /// after a failure; tapping "Show more" under a long text shows more of it.
    @discardableResult
    public func tap(at point: Point) -> MessengerEvent? {
        guard let hit = viewport.hitTest(point), var event = viewport.event(for: hit, gesture: .tap) else { return nil }
        if case .tapMedia(let id, .play) = event, playback.state(of: id).isActive { event = .tapMedia(id, .pause) }
        switch hit.row.row {
        case .history(let indicator): load(.older, after: indicator)
        case .newerHistory(let indicator): load(.newer, after: indicator)
        default: break
        }
        switch event {
        case .tapShowMore(let id): showMore(of: id)
        case .tapQuote(_, let quoted): Task { await self.go(to: quoted) }
        case .reactionChanged(let id, let key, let isOn):
            try? conversation.setReaction(key, on: id, by: conversation.me.id, isOn)
        default: break
        }
        events.send(event)
        return event
    }

    /// Shows more of message `id`'s long text (twice as much, up to
    /// ``TextLimit/maximum``); the row grows downwards, the rows above stay where they are.
    /// Returns whether more could show.
    @discardableResult
    public func showMore(of id: MessageID) -> Bool {
        guard layoutEngine.showMore(of: id) else { return false }
        viewport.settle()
        return true
    }

    /// The history row at `edge` was activated (its button, or the keyboard): loads the
    /// next page there, or retries after a failure. Nothing happens while it loads.
    public func activateHistory(_ edge: HistoryEdge) {
        let indicator = edge == .older ? conversation.historyIndicator : conversation.newerHistoryIndicator
        guard indicator.isVisible, indicator != .loading else { return }
        load(edge, after: indicator)
        events.send(edge == .older ? .tapLoadEarlier : .tapLoadNewer)
    }

    private func load(_ edge: HistoryEdge, after indicator: HistoryIndicator) {
        switch edge {
        case .older: loadOlder(retrying: indicator.isFailure)
        case .newer: loadNewer(retrying: indicator.isFailure)
        }
    }

    /// A press held on `point` (or a right click): the event it means, sent to
    /// ``events`` and returned (``MessengerEvent/longPressBubble(_:)`` over a bubble, for
    /// a context menu).
    @discardableResult
    public func longPress(at point: Point) -> MessengerEvent? {
        guard let event = viewport.event(at: point, gesture: .longPress) else { return nil }
        events.send(event)
        return event
    }

    /// A link activated without a pointer (from the keyboard, in a front end whose text
    /// handles links itself): the link of `message` whose target is `target`, sent as
    /// ``MessengerEvent/tapLink(_:_:)`` and returned.
    @discardableResult
    public func activateLink(_ target: String, in message: MessageID) -> MessengerEvent? {
        guard let found = conversation.message(message), case .text(let text) = found.content,
            let detection = DisplayText(text).detections.first(where: { $0.target?.absoluteString == target })
        else { return nil }
        let event = MessengerEvent.tapLink(message, detection)
        events.send(event)
        return event
    }

    /// Loads the next earlier page, or retries the failed one.
    public func loadOlder(retrying: Bool = false) {
        guard let pager else { return }
        Task { @MainActor in
            if retrying { await pager.retry() } else { await pager.loadEarlier() }
            self.onNeedsDisplay?()
        }
    }

    /// After a jump, loads the next newer page, or retries the failed one.
    public func loadNewer(retrying: Bool = false) {
        guard let pager else { return }
        Task { @MainActor in
            if retrying { await pager.retryNewer() } else { await pager.loadNewer() }
            self.onNeedsDisplay?()
        }
    }

    /// Brings the scroll state up to date after the conversation changed (call from the
    /// front end's observer, on the main actor): a pinned view follows new rows, and
    /// pages load while the screen is not filled.
    public func conversationChanged(_ change: ChangeSet) {
        viewport.settle()
        if change.isPrepend || change.historyChanged { viewport.prefetchIfNeeded() }
    }

    // MARK: Scrolling

    /// Moves the content by `distance`: positive scrolls towards newer messages.
    public func scroll(by distance: Double) {
        viewport.scroll(by: distance)
    }

    /// Scrolls to where a scroll bar's thumb at `fraction` of its track points (the
    /// inverse of ``ChatFrame/scrollIndicator``).
    public func scroll(toFraction fraction: Double) {
        viewport.scroll(toFraction: fraction)
    }

    /// Scrolls to the oldest loaded message (earlier pages then load).
    public func scrollToTop() {
        viewport.scrollToTop()
    }

    /// Scrolls to the newest message and follows new ones; after a jump into the past
    /// the newest messages are loaded first (``onNeedsDisplay`` follows).
    public func scrollToBottom() {
        if let pager, !pager.isShowingLatest {
            Task { @MainActor in await self.returnToLatest() }
            return
        }
        viewport.scrollToBottom()
    }

    /// Scrolls so that loaded message `id` is at `position`; `false` when it is not loaded.
    @discardableResult
    public func scroll(to id: MessageID, at position: ScrollPosition = .center) -> Bool {
        viewport.scroll(to: .message(id), at: position)
    }
}

extension HistoryIndicator {
    /// Whether the row shows a failure (a tap retries).
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}

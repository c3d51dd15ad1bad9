import Foundation

/// Anchor-based virtual scrolling over a ``Conversation``.
///
/// The viewport keeps a ``ViewportAnchor`` (or is pinned to the bottom), never an offset
/// from the top of the conversation. Every query walks out from the anchor, laying out only
/// the rows it passes, so its cost depends on the viewport's height, not on the number of
/// messages: a million-message conversation scrolls like a ten-message one.
///
/// - Pinned to the bottom (``isPinnedToBottom``), new messages and the typing row keep the
///   view at the bottom. Scrolled up, nothing moves when messages arrive; ``unreadCount(limit:)``
///   counts them for a "↓ N new" button.
/// - History pages prepended above, and rows above the anchor changing height, move
///   nothing on screen.
/// - Near the top it asks its ``pager`` for the previous page.
///
/// Not thread-safe: one front end owns a viewport on one actor (the main actor, usually).
/// The conversation it shows may change from any thread.
public final class Viewport {
    /// The conversation shown.
    public let conversation: Conversation
    /// The layout engine that measures rows.
    public let layoutEngine: LayoutEngine
    /// The pager to ask for history when the top comes near; `nil` for none. Setting one
    /// starts loading at once when the conversation does not fill the screen yet.
    public var pager: HistoryPager? {
        didSet { prefetchIfNeeded() }
    }
    /// How close (in layout units) the viewport's top may come to the first row before the
    /// pager is asked for more. Default: one and a half viewport heights.
    public var prefetchDistance: Double?

    // The state a scroll step reads and writes many times (#15) is `@exclusivity(unchecked)`:
    // the viewport is used from one actor and none of it is accessed while an access to
    // the same property is open, so the runtime check each access made (about 80
    // instructions, a hundred times a terminal frame) checked nothing.

    /// The viewport's size.
    @exclusivity(unchecked) public private(set) var size: Size
    /// The scroll position when not pinned.
    @exclusivity(unchecked) public private(set) var anchor: ViewportAnchor?
    /// Whether the view follows the newest row.
    @exclusivity(unchecked) public private(set) var isPinnedToBottom = true

    @exclusivity(unchecked) var anchorIndexHint = 0
    /// Room for the visible rows, from how many the last pass found.
    private var visibleCountHint = 16
    /// Row heights kept from the last pass (``heightMemo(for:)``).
    @exclusivity(unchecked) private var heights: HeightMemo?
    var lastSeen: MessageID?
    /// The date of the newest message seen: what counts as unread when ``lastSeen`` is not
    /// loaded (after a jump into the past, only what arrived since is new).
    var lastSeenDate: Date?

    /// Creates a viewport pinned to the bottom.
    public init(conversation: Conversation, layoutEngine: LayoutEngine, size: Size) {
        self.conversation = conversation
        self.layoutEngine = layoutEngine
        self.size = size
        read { rows in
            if let last = rows.message(at: rows.firstMessageIndex + rows.messageCount - 1) { saw(last) }
        }
    }

    // MARK: Geometry

    var header: Double { layoutEngine.metrics.headerHeight }
    var footer: Double { layoutEngine.metrics.footerHeight }

    /// Resizes the viewport; the anchored row keeps its place (or the bottom stays pinned),
    /// and rows are laid out again at the new width.
    public func resize(to newSize: Size) {
        size = Size(width: max(1, newSize.width), height: max(0, newSize.height))
        settle()
    }

    /// Moves the content by `distance`: positive scrolls towards newer messages.
    public func scroll(by distance: Double) {
        guard distance != 0, distance.isFinite else { return }
        read { rows in
            guard !rows.isEmpty else { return }
            var position = resolve(rows)
            position.top -= distance
            apply(position, rows: rows, userScroll: true)
        }
    }

    /// Scrolls so that row `id` is at `position`. Returns `false` when the row is not there.
    @discardableResult
    public func scroll(to id: RowID, at position: ScrollPosition = .top) -> Bool {
        read { rows in
            guard let index = rows.index(of: id) else { return false }
            let height = rowHeight(index, rows)
            let top: Double
            switch position {
            case .top: top = 0
            case .center: top = ((size.height - height) / 2).rounded(.down)
            case .bottom: top = size.height - height
            }
            apply(Position(index: index, top: top), rows: rows, userScroll: true)
            return true
        }
    }

    /// Scrolls to the newest row and pins the view there.
    public func scrollToBottom() {
        isPinnedToBottom = true
        anchor = nil
        settle()
    }

    /// Scrolls to the oldest loaded row.
    public func scrollToTop() {
        read { rows in
            guard !rows.isEmpty else { return }
            apply(Position(index: 0, top: header), rows: rows, userScroll: true)
        }
    }

    /// Re-applies the clamping rules after something changed (messages arrived, a style
    /// change, a resize) and asks the pager for history when near the top.
    public func settle() {
        read { rows in
            guard !rows.isEmpty else { return }
            apply(resolve(rows), rows: rows, userScroll: false)
        }
    }

    /// Asks the pager for the previous page if the top is near. Scrolling does this by
    /// itself; call it after changes that do not scroll (a page just landed while the view
    /// is still near the top), so that loading continues until the screen is filled.
    public func prefetchIfNeeded() {
        guard let pager else { return }
        read { rows in
            // Nothing loaded yet: the top is as near as it gets.
            guard !rows.isEmpty else { return pager.loadIfNeeded() }
            let position = clamp(resolve(rows), rows)
            requestHistoryIfNear(position, rows)
            requestNewerIfNear(position, rows)
        }
    }

    // MARK: Reading

    /// The rows intersecting the viewport (plus `overscan` above and below), top to bottom,
    /// with their layouts and positions.
    ///
    /// - Complexity: O(rows shown), whatever the conversation's length.
    public func visibleRows(overscan: Double = 0) -> [VisibleRow] {
        read { rows in visible(rows, overscan: overscan) }
    }

    func visible(_ rows: Pass, overscan: Double) -> [VisibleRow] {
        guard !rows.isEmpty else { return [] }
        let position = clamp(resolve(rows), rows)
        var result: [VisibleRow] = []
        // About as many rows as last time: grown once, not doubled up to it (#15).
        result.reserveCapacity(visibleCountHint)
        // Upwards from the anchor for the overscan and any gap above it.
        var index = position.index
        var top = position.top
        var above: [VisibleRow] = []
        while index > 0, top > -overscan {
            index -= 1
            let entry = rows.entry(index)
            top -= entry.layout.height
            above.append(VisibleRow(entry: entry, y: top))
        }
        result.append(contentsOf: above.reversed())
        index = position.index
        top = position.top
        while index < rows.count, top < size.height + overscan {
            let entry = rows.entry(index)
            let height = entry.layout.height
            if top + height > -overscan {
                result.append(VisibleRow(entry: entry, y: top))
            }
            top += height
            index += 1
        }
        markSeen(result, rows)
        visibleCountHint = min(result.count + 4, 4096)
        return result
    }

    /// Whether the newest row's bottom is in view.
    public var isAtBottom: Bool {
        read { rows in atBottom(rows) }
    }

    func atBottom(_ rows: Pass) -> Bool {
        guard !rows.isEmpty else { return true }
        return bottomGap(clamp(resolve(rows), rows), rows) >= -0.5
    }

    /// Messages from others below the newest message seen and newer than any seen, up to
    /// `limit`; for a "↓ N new" button. Zero when pinned to the bottom. (Pages of the past
    /// that load below after a jump are not new.)
    ///
    /// - Complexity: O(min(unread, limit)).
    public func unreadCount(limit: Int = 999) -> Int {
        guard !isPinnedToBottom else { return 0 }
        return read { rows in unread(rows, limit: limit) }
    }

    func unread(_ rows: Pass, limit: Int) -> Int {
        guard !isPinnedToBottom else { return 0 }
        let end = rows.firstMessageIndex + rows.messageCount
        guard let seen = lastSeen.flatMap({ rows.index(of: .message($0)) }) else {
            return unreadByDate(rows, limit: limit)
        }
        // Below the newest message seen may also lie pages of the past (after a jump, the
        // way back to the present loads them): only what is newer than anything seen is new.
        var index = seen + 1
        var count = 0
        while index < end, count < limit {
            if let message = rows.message(at: index), message.sender.id != rows.me.id,
                lastSeenDate.map({ message.date > $0 }) ?? true
            {
                count += 1
            }
            index += 1
        }
        return count
    }

    /// The scroll bar thumb, estimated from the first visible row's index.
    public var scrollIndicator: ScrollIndicator {
        read { rows in indicator(rows) }
    }

    func indicator(_ rows: Pass) -> ScrollIndicator {
        guard !rows.isEmpty else { return ScrollIndicator(position: 0, length: 1) }
        let position = clamp(resolve(rows), rows)
        let height = rowHeight(position.index, rows)
        let fraction = height > 0 ? min(1, max(0, -position.top / height)) : 0
        let length = thumbLength(rows)
        let start = (Double(position.index) + fraction) / Double(rows.count)
        return ScrollIndicator(position: min(1 - length, max(0, start)), length: length)
    }

    private func thumbLength(_ rows: Pass) -> Double {
        let average = max(1, layoutEngine.averageRowHeight)
        return min(1, max(0.02, (size.height / average) / Double(rows.count)))
    }

    /// Scrolls to where the scroll bar's thumb starting at `fraction` of its track says:
    /// the inverse of ``scrollIndicator``. A thumb at the end of the track pins the view
    /// to the bottom.
    public func scroll(toFraction fraction: Double) {
        guard fraction.isFinite else { return }
        read { rows in
            guard !rows.isEmpty else { return }
            let length = thumbLength(rows)
            if fraction + length >= 0.999 {
                isPinnedToBottom = true
                anchor = nil
                apply(resolve(rows), rows: rows, userScroll: false)
                return
            }
            let exact = max(0, fraction) * Double(rows.count)
            let index = min(rows.count - 1, Int(saturating: exact.rounded(.down)))
            let top = -(exact - Double(index)) * rowHeight(index, rows)
            apply(Position(index: index, top: top.rounded(.down)), rows: rows, userScroll: true)
        }
    }

    /// Puts the view back at `anchor` (from ``anchor``, or a saved reading position);
    /// `false`, changing nothing, when its row is not loaded.
    @discardableResult
    public func restore(_ anchor: ViewportAnchor) -> Bool {
        read { rows in
            guard let index = rows.index(of: anchor.row) else { return false }
            let top = anchor.edge == .top ? anchor.offset : size.height - anchor.offset - rowHeight(index, rows)
            apply(Position(index: index, top: top), rows: rows, userScroll: true)
            return true
        }
    }

    /// Everything a frame needs, read under one lock of the conversation.
    func snapshot(overscan: Double, unreadLimit: Int) -> ViewportSnapshot {
        read { rows in
            let position = rows.isEmpty ? nil : clamp(resolve(rows), rows)
            if let position {
                requestHistoryIfNear(position, rows)
                requestNewerIfNear(position, rows)
            } else {
                pager?.loadIfNeeded()
            }
            let shown = visible(rows, overscan: overscan)
            return ViewportSnapshot(
                rows: shown, isAtBottom: atBottom(rows), unreadCount: unread(rows, limit: unreadLimit),
                scrollIndicator: indicator(rows), older: rows.history, newer: rows.list.newer,
                typers: rows.list.typers, messageCount: rows.messageCount, rowCount: rows.count)
        }
    }

    // MARK: Internals

    /// A resolved scroll position: row `index`'s top is at `top`.
    struct Position {
        var index: Int
        var top: Double
    }

    /// The anchor as a row index and a top, in the current rows. Pinned: the last row's
    /// bottom at the viewport's bottom.
    func resolve(_ rows: Pass) -> Position {
        let last = rows.count - 1
        if isPinnedToBottom || anchor == nil {
            return Position(index: last, top: size.height - footer - rowHeight(last, rows))
        }
        let anchor = anchor!
        let index = rows.index(of: anchor.row) ?? min(max(0, anchorIndexHint), last)
        switch anchor.edge {
        case .top: return Position(index: index, top: anchor.offset)
        case .bottom: return Position(index: index, top: size.height - anchor.offset - rowHeight(index, rows))
        }
    }

    /// Moves `position` to the row at the viewport's top and applies the scroll limits:
    /// the first row cannot come below the header, the last row cannot rise above the
    /// footer, and content shorter than the viewport sits at the bottom.
    func clamp(_ position: Position, _ rows: Pass) -> Position {
        var position = normalized(position, rows)
        // Top limit.
        if position.index == 0, position.top > header {
            position.top = header
        }
        // At the very top, reveal the history row (spinner, retry, load earlier).
        if rows.history.isVisible, position.index <= 1, rows.count > 1 {
            let firstMessageTop = position.index == 0 ? position.top + rowHeight(0, rows) : position.top
            if firstMessageTop >= header - 0.5 { position = Position(index: 0, top: header) }
        }
        // Bottom limit: walk down to find where the content ends (stops after a screen).
        let gap = bottomGap(position, rows)
        if gap > 0 {
            position.top += gap
            position = normalized(position, rows)
            // Shorter than the viewport: stays bottom-aligned, so the top may be below the header.
        }
        return position
    }

    /// How far the last row's bottom is above the viewport's usable bottom (positive: empty
    /// space below the content; negative: content continues below).
    ///
    /// A frame asks this of one position several times (scrolling, clamping, the visible
    /// rows, whether the view is at the bottom); the last answer is kept with the heights
    /// it was walked over (#15).
    func bottomGap(_ position: Position, _ rows: Pass) -> Double {
        let limit = size.height - footer
        let question = HeightMemo.GapQuestion(index: position.index, top: position.top, limit: limit, count: rows.count)
        if let known = rows.heights.lastGap, known.question == question { return known.gap }
        var index = position.index
        var bottom = position.top
        while index < rows.count, bottom <= limit {
            bottom += rowHeight(index, rows)
            index += 1
        }
        let gap = index == rows.count ? limit - bottom : -1
        rows.heights.lastGap = (question, gap)
        return gap
    }

    /// The same position expressed by the row that covers the viewport's top edge.
    func normalized(_ position: Position, _ rows: Pass) -> Position {
        var position = position
        position.index = min(max(0, position.index), rows.count - 1)
        while position.top > 0, position.index > 0 {
            position.index -= 1
            position.top -= rowHeight(position.index, rows)
        }
        while position.index < rows.count - 1 {
            let height = rowHeight(position.index, rows)
            guard position.top + height <= 0 else { break }
            position.top += height
            position.index += 1
        }
        return position
    }

    /// Stores `position` as the new anchor (or pins) and notifies the pager.
    func apply(_ position: Position, rows: Pass, userScroll: Bool) {
        let clamped = clamp(position, rows)
        let atBottom = bottomGap(clamped, rows) >= -0.5
        // After a jump into the past the bottom is not the present: nothing to pin to.
        let showsLatest = pager?.isShowingLatest ?? true
        if userScroll || !isPinnedToBottom || !showsLatest {
            isPinnedToBottom = atBottom && (userScroll || isPinnedToBottom) && showsLatest
        }
        if isPinnedToBottom {
            anchor = nil
        } else if clamped.index == 0, rows.history.isVisible, rows.count > 1 {
            // Never anchor on the history row: a page inserted under it would push the
            // messages down. The first message keeps its place instead.
            anchor = ViewportAnchor(row: rows.id(at: 1), edge: .top, offset: clamped.top + rowHeight(0, rows))
        } else {
            anchor = ViewportAnchor(row: rows.id(at: clamped.index), edge: .top, offset: clamped.top)
        }
        anchorIndexHint = clamped.index
        if atBottom, let last = rows.message(at: rows.firstMessageIndex + rows.messageCount - 1) {
            saw(last)
        }
        requestHistoryIfNear(clamped, rows)
        requestNewerIfNear(clamped, rows)
    }

    /// After a jump, asks the pager for newer messages when the bottom comes near.
    private func requestNewerIfNear(_ position: Position, _ rows: Pass) {
        guard let pager, !pager.isShowingLatest else { return }
        let distance = prefetchDistance ?? size.height * 1.5
        var index = position.index
        var bottom = position.top
        while index < rows.count, bottom < size.height + distance {
            bottom += rowHeight(index, rows)
            index += 1
        }
        if index == rows.count { pager.loadNewerIfNeeded() }
    }

    private func requestHistoryIfNear(_ position: Position, _ rows: Pass) {
        guard let pager else { return }
        let distance = prefetchDistance ?? size.height * 1.5
        // Far from the top (judged by rows of at least a third of the mean height), skip
        // the walk: it would only lay out rows nobody sees.
        if Double(position.index) * layoutEngine.averageRowHeight / 3 > distance + size.height { return }
        var index = position.index
        var above = -position.top
        while index > 0, above < distance {
            index -= 1
            above += rowHeight(index, rows)
        }
        if index == 0, above < distance { pager.loadIfNeeded() }
    }

    func layout(_ index: Int, _ rows: Pass) -> RowLayout {
        rows.entry(index).layout
    }

    func rowHeight(_ index: Int, _ rows: Pass) -> Double {
        rows.height(index)
    }

    /// One query's view of the rows: the locked ``RowList`` plus the style's grouping,
    /// fetched once per query rather than once per row.
    struct Pass {
        let list: RowList
        let grouping: Grouping
        let engine: LayoutEngine
        let width: Double

        var count: Int { list.count }
        var isEmpty: Bool { list.isEmpty }
        var history: HistoryIndicator { list.history }
        var firstMessageIndex: Int { list.firstMessageIndex }
        var messageCount: Int { list.messageCount }
        var me: Sender { list.me }
        subscript(index: Int) -> Row { list[index] }
        func id(at index: Int) -> RowID { list.id(at: index) }
        func index(of id: RowID) -> Int? { list.index(of: id) }
        func message(at index: Int) -> Message? { list.message(at: index) }

        /// The heights looked up: one query walks the same rows several times (clamping,
        /// the bottom gap, the visible rows), and every frame walks them again, and each
        /// lookup would work out the row's grouping and hash it into the layout cache.
        /// Kept by the viewport from pass to pass while the rows, the layouts, the width
        /// and the day stay the same (``Viewport/heightMemo(for:)``).
        let heights: HeightMemo

        /// Row `index` with its context and layout, worked out once while the rows stay
        /// the same.
        func entry(_ index: Int) -> VisibleRow.Entry {
            if let known = heights.layouts[index] { return known }
            let row = list[index]
            let context = grouping.context(at: index, in: list)
            let layout = engine.layout(row, context: context, width: width)
            heights.values[index] = layout.height
            if heights.layouts.count >= HeightMemo.rememberedLayouts { heights.layouts.removeAll() }
            let entry = VisibleRow.Entry(index: index, row: row, context: context, layout: layout)
            heights.layouts[index] = entry
            return entry
        }

        /// Row `index`'s height, worked out once per pass.
        func height(_ index: Int) -> Double {
            if let known = heights.values[index] { return known }
            return entry(index).layout.height
        }
    }

    /// Row heights (and the latest layouts) by index, for the rows of one ``Key``.
    final class HeightMemo {
        /// What the heights were worked out for: a row's height follows from its rows'
        /// version, the layouts' revision, the width, whether the conversation is a group
        /// and the day (which names the date labels: "Today").
        struct Key: Equatable {
            var version: UInt64
            var layoutRevision: UInt64
            var width: Double
            var isGroup: Bool
            var today: Int
        }
        let key: Key
        @exclusivity(unchecked) var values = IntKeyedTable<Double>()
        /// The rows shown lately with their layouts and contexts (a few screens' worth).
        @exclusivity(unchecked) var layouts = IntKeyedTable<VisibleRow.Entry>(minimumCapacity: rememberedLayouts)
        /// The most layouts kept.
        static let rememberedLayouts = 256
        /// A bottom gap asked for: from row `index`'s top at `top`, down to `limit`, over
        /// `count` rows.
        struct GapQuestion: Equatable {
            var index: Int
            var top: Double
            var limit: Double
            var count: Int
        }
        /// The last bottom gap worked out over these heights (`Viewport.bottomGap`).
        @exclusivity(unchecked) var lastGap: (question: GapQuestion, gap: Double)?

        init(key: Key) { self.key = key }
    }

    /// The most heights kept from pass to pass (a long scroll through one version).
    static let rememberedHeights = 20_000

    /// The heights known for rows of `key`, kept from the last pass when it is the same.
    func heightMemo(for key: HeightMemo.Key) -> HeightMemo {
        if let heights, heights.key == key, heights.values.count < Self.rememberedHeights { return heights }
        let fresh = HeightMemo(key: key)
        heights = fresh
        return fresh
    }

    /// Runs `body` on a locked pass over the rows.
    func read<Result>(_ body: (Pass) throws -> Result) rethrows -> Result {
        let grouping = layoutEngine.grouping
        let layoutRevision = layoutEngine.layoutRevision
        let today = grouping.rules.day(of: grouping.rules.now())
        return try conversation.read { list in
            let key = HeightMemo.Key(
                version: list.version, layoutRevision: layoutRevision, width: size.width, isGroup: list.isGroup, today: today)
            return try body(Pass(list: list, grouping: grouping, engine: layoutEngine, width: size.width, heights: heightMemo(for: key)))
        }
    }

    private func markSeen(_ shown: [VisibleRow], _ rows: Pass) {
        guard let newest = shown.last(where: { $0.y + $0.layout.height <= size.height + 0.5 && $0.row.message != nil })
        else { return }
        if let seenIndex = lastSeen.flatMap({ rows.index(of: .message($0)) }) {
            if newest.index > seenIndex, let message = newest.row.message { saw(message) }
        } else if let message = newest.row.message, lastSeenDate.map({ message.date > $0 }) ?? true {
            saw(message)
        }
    }

    /// Counts message `id` and everything after it as not seen yet (the "New messages"
    /// line): the badge counts them until they scroll into view.
    func markUnseen(from id: MessageID) {
        read { rows in
            guard let index = rows.index(of: .message(id)), let message = rows.message(at: index) else { return }
            if let previous = rows.message(at: index - 1) {
                lastSeen = previous.id
                lastSeenDate = previous.date
            } else {
                lastSeen = nil
                lastSeenDate = message.date.addingTimeInterval(-0.001)
            }
        }
    }

    /// Notes `message` as the newest seen.
    private func saw(_ message: Message) {
        lastSeen = message.id
        lastSeenDate = max(lastSeenDate ?? message.date, message.date)
    }

    /// Messages from others newer than the newest seen, counted from the end.
    private func unreadByDate(_ rows: Pass, limit: Int) -> Int {
        guard let seenDate = lastSeenDate else {
            return min(limit, rows.messageCount)
        }
        var index = rows.firstMessageIndex + rows.messageCount - 1
        var count = 0
        while index >= rows.firstMessageIndex, count < limit, let message = rows.message(at: index), message.date > seenDate {
            if message.sender.id != rows.me.id { count += 1 }
            index -= 1
        }
        return count
    }
}

internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// One row of the message list as GTK widgets, placed at the frames of the core's
/// ``RowLayout``: day separator, name, avatar, bubble, status, label under the bubble.
///
/// Row views are recycled: the list keeps a few and re-configures them as rows scroll
/// in and out. Parts are created the first time a row shows them (a text row never makes
/// the history row's spinner), and hidden otherwise. Only what differs from the row shown
/// before is changed: an unchanged CSS class or font is not set again, since each change
/// costs GTK a style or text layout pass.
@MainActor
final class RowView {
    /// The row widget (CSS node `message`).
    let frame = Frame(cssName: "message", role: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
    /// The row shown, its context and its layout.
    private(set) var row: Row?
    private(set) var context: RowContext?
    private(set) var layout = RowLayout(height: 0)
    private var styleScope = ""
    /// The row as last configured: the viewport lists the very same row again while the
    /// rows stay the same (``VisibleRow/isKnownIdentical(to:)``), known without comparing.
    private var shown: VisibleRow?
    /// The state classes on the row widget now (side, position, kind).
    private(set) var stateClasses: RowStateClasses = []
    private var accessibleLabel = ""
    private var accessiblePosition = (position: 0, count: 0)
    private var statusLabelName = ""
    /// Whether the row is the keyboard's focused message, and shows the ring.
    private(set) var isSelected = false
    private var hasRing = false

    private weak var host: (any RowHost)?
    private var topLabelWidget: WidgetPointer?
    private var unreadLineWidget: WidgetPointer?
    private var unreadLine: WidgetPointer { unreadLineWidget ?? make(\.unreadLineWidget, label("unread-line", centered: true)) }
    private var nameLabelWidget: WidgetPointer?
    private var timeLabelWidget: WidgetPointer?
    private var statusLabelWidget: WidgetPointer?
    private var bottomLabelWidget: WidgetPointer?
    private var avatarView: AvatarView?
    private var bubbleView: BubbleView?
    private var historyView: HistoryRowView?
    private var reactionsView: ReactionsView?
    private var reactions: ReactionsView { reactionsView ?? make(\.reactionsView, ReactionsView(parent: frame)) }
    private var receiptsView: ReceiptsView?
    private var receipts: ReceiptsView { receiptsView ?? make(\.receiptsView, ReceiptsView(parent: frame)) }
    /// Whether the row is drawn highlighted (a quote led to it).
    private(set) var isHighlighted = false
    private var topLabel: WidgetPointer { topLabelWidget ?? make(\.topLabelWidget, label("top-label", centered: true)) }
    private var nameLabel: WidgetPointer { nameLabelWidget ?? make(\.nameLabelWidget, label("name")) }
    private var timeLabel: WidgetPointer { timeLabelWidget ?? make(\.timeLabelWidget, label("time")) }
    private var statusLabel: WidgetPointer { statusLabelWidget ?? make(\.statusLabelWidget, label("status")) }
    private var bottomLabel: WidgetPointer { bottomLabelWidget ?? make(\.bottomLabelWidget, label("bottom-label")) }
    private var avatar: AvatarView {
        if let avatarView { return avatarView }
        let view = make(\.avatarView, AvatarView(parent: frame))
        keepInReadingOrder(view.widget)
        return view
    }
    private var bubble: BubbleView {
        if let bubbleView { return bubbleView }
        let view = make(\.bubbleView, BubbleView(parent: frame))
        keepInReadingOrder(view.widget)
        return view
    }
    private var history: HistoryRowView { historyView ?? make(\.historyView, HistoryRowView(parent: frame)) }
    private var tailColor: Color?
    private var tailSide: Side = .incoming

    init() {
        frame.handlers.allocate = { [weak self] _, _ in self?.allocate() }
        frame.handlers.draw = { [weak self] snapshot, _, _ in self?.drawTail(snapshot) }
        frame.handlers.measure = { [weak self] vertical, _ in
            let size = vertical ? Int(saturating: self?.layout.height ?? 0) : 0
            return (size, size)
        }
    }

    /// The row's identity, when it shows one.
    var id: RowID? { row?.id }

    private func make<Part>(_ storage: ReferenceWritableKeyPath<RowView, Part?>, _ part: Part) -> Part {
        self[keyPath: storage] = part
        if let widget = part as? WidgetPointer { keepInReadingOrder(widget) }
        return part
    }

    /// Moves a part just made to its place among its siblings: top label, name, avatar,
    /// bubble, status, bottom label, whatever order the parts were made in (screen
    /// readers follow the widget order).
    private func keepInReadingOrder(_ part: WidgetPointer) {
        let order = [
            topLabelWidget, unreadLineWidget, nameLabelWidget, timeLabelWidget, avatarView?.widget, bubbleView?.widget, statusLabelWidget,
            bottomLabelWidget,
        ]
        guard let rank = order.firstIndex(where: { $0 == part }) else { return }
        let previous = order[..<rank].compactMap { $0 }.last
        if gtk_widget_get_prev_sibling(part) != previous { gtk_widget_insert_after(part, frame.widget, previous) }
    }

    /// Whether the row shows the picture at `source` (an avatar, an image, a collection's
    /// or a link preview's).
    func shows(_ source: ImageSource) -> Bool {
        func isAvatar(of sender: Sender) -> Bool {
            switch sender.avatar {
            case .file(let path): return source == .file(path: path)
            case .url(let url): return source == .url(url)
            case .initials, .none: return false
            }
        }
        switch row {
        case .typing(let typers): return typers.first.map(isAvatar) ?? false
        case .history, .newerHistory, nil: return false
        case .message(let message):
            if isAvatar(of: message.sender) || message.linkPreview?.image == source { return true }
            return Self.content(message.content, shows: source)
        }
    }

    private static func content(_ content: MessageContent, shows source: ImageSource) -> Bool {
        switch content {
        case .image(let image): return image.source == source
        case .collection(let collection):
            return collection.items.contains { if case .image(let item) = $0 { return item == source } else { return false } }
        case .location(let location): return location.picture == source
        case .video(let video): return video.poster == source
        default: return false
        }
    }

    /// Takes `visible`'s layout when the row already shows it as it looks now (after a
    /// resize, inside the list's allocation): returns `false`, changing nothing, when the
    /// row must be configured again.
    func adopt(_ visible: VisibleRow, scope: String) -> Bool {
        guard let row, row.looksIdentical(to: visible.row), context == visible.context, styleScope == scope else { return false }
        layout = visible.layout
        shown = visible
        return true
    }

    /// Shows `visible` (re-configuring the parts only when the row looks different).
    func configure(_ visible: VisibleRow, host: any RowHost, scope: String) {
        self.host = host
        if styleScope == scope, let shown, visible.isKnownIdentical(to: shown) { return }
        shown = visible
        let sameLook = row.map { $0.looksIdentical(to: visible.row) } ?? false
        let unchanged = sameLook && context == visible.context && styleScope == scope
        let moved = layout != visible.layout
        layout = visible.layout
        if !unchanged {
            row = visible.row
            context = visible.context
            styleScope = scope
            apply(visible.row, visible.context ?? RowContext(side: .incoming, position: .single), host: host)
        }
        if !unchanged || moved { gtk_widget_queue_allocate(frame.widget) }
    }

    /// Draws the row highlighted (CSS class `highlighted` on the `message` node), or not.
    func setHighlighted(_ on: Bool) {
        guard on != isHighlighted else { return }
        isHighlighted = on
        frame.widget.setClass("highlighted", on)
    }

    /// Marks the search match in the bubble's text when it is this row's message.
    func setSearchMatch(_ match: SearchMatch?) {
        bubbleView?.mark(match)
    }

    /// The search marks in the bubble's text; a test seam.
    var searchMarks: [Range<Int>] { bubbleView?.searchMarks ?? [] }

    /// Places the bubble in its row again (its text drawn anew as the host now wants).
    func placeBubbleAgain() {
        if let rect = layout.bubble { bubbleView?.place(rect, layout: layout) }
    }

    /// The bubble's body label, if it has one; a test seam.
    var bodyLabel: WidgetPointer? { bubbleView?.bodyLabelWidget }

    /// Whether the bubble's text is drawn from the measurer's layout; a test seam.
    var bodyIsPainted: Bool { bubbleView?.bodyIsPainted ?? false }

    /// Marks the row as the keyboard's focused message (CSS class `selected`, and
    /// `focus-ring` while the list has the keyboard), for screen readers too.
    func setSelected(_ on: Bool, ring: Bool) {
        if on != isSelected {
            isSelected = on
            frame.widget.setClass("selected", on)
            parley_accessible_set_selected(frame.widget.raw, on)
        }
        let showsRing = on && ring
        if showsRing != hasRing {
            hasRing = showsRing
            frame.widget.setClass("focus-ring", showsRing)
        }
    }

    /// Tells a screen reader the row is number `position` of the `count` rows loaded
    /// (changing nothing when it already says so).
    func setPosition(_ position: Int, of count: Int) {
        guard position != accessiblePosition.position || count != accessiblePosition.count else { return }
        accessiblePosition = (position, count)
        frame.widget.setAccessiblePosition(position, of: count)
    }

    /// Draws message `id`'s new playback state, when this row shows it.
    func playbackChanged(_ id: MessageID) {
        guard let host, case .message(let message)? = row, message.id == id else { return }
        bubbleView?.playbackChanged(id, host: host)
    }

    /// Lets go of what only a shown row should hold (a playing video's stream); the row
    /// is configured again before it shows.
    func releaseMedia() {
        guard case .message(let message)? = row else { return }
        switch message.content {
        case .audio, .video:
            bubbleView?.releaseMedia()
            clear()
        default: break
        }
    }

    /// Forgets the row (the view goes back to the pool).
    func clear() {
        row = nil
        context = nil
        shown = nil
    }

    // MARK: Content

    /// Puts exactly `classes` (of the row's state classes) on the row widget.
    private func setStateClasses(_ classes: RowStateClasses) {
        guard classes != stateClasses else { return }
        let changed = classes.symmetricDifference(stateClasses)
        for (state, name) in RowStateClasses.names where changed.contains(state) {
            frame.widget.setClass(name, classes.contains(state))
        }
        stateClasses = classes
    }

    private func apply(_ row: Row, _ context: RowContext, host: any RowHost) {
        let style = host.style
        let label = ChatPresenter.accessibleLabel(for: row, context: context, style: style, grouping: host.grouping)
        if label != accessibleLabel {
            accessibleLabel = label
            parley_accessible_set_label(frame.widget.raw, label)
        }
        tailColor = nil
        switch row {
        case .history(let indicator):
            setStateClasses(.history)
            hideMessageParts()
            history.show(indicator, edge: .older, host: host)
        case .newerHistory(let indicator):
            setStateClasses([.history, .newer])
            hideMessageParts()
            history.show(indicator, edge: .newer, host: host)
        case .typing(let typers):
            setStateClasses(.typing)
            historyView?.hide()
            hideMessageParts(keepBubble: true)
            if layoutHas(\.avatar), let first = typers.first {
                avatar.show(first, host: host)
            }
            bubble.showTyping(side: .incoming, shape: layout.shape, style: style)
            if layoutHas(\.bottomLabel) {
                show(bottomLabel, style.strings.typingLabel(for: typers), font: style.labelFont, host: host)
                bottomLabel.setClass("typing-label", true)
                bottomLabel.setClass("failed", false)
                gtk_label_set_xalign(bottomLabel.ptr(), layout.isMirrored ? 1 : 0)
            }
            if layout.hasTail { tailColor = style.incoming.bubbleColor; tailSide = .incoming }
        case .message(let message):
            historyView?.hide()
            let side = context.side
            setStateClasses(RowStateClasses(row: row, context: context))
            // Top label: day separator or time.
            if let text = context.topLabel, layoutHas(\.topLabel) {
                show(topLabel, text, font: style.labelFont, host: host)
            } else {
                Self.hide(topLabelWidget)
            }
            if layoutHas(\.unreadLine) {
                show(unreadLine, style.strings.unreadLine, font: style.labelFont, host: host)
            } else {
                Self.hide(unreadLineWidget)
            }
            // Name, and in flat rows the time beside it.
            if layoutHas(\.nameLabel) {
                show(nameLabel, message.sender.name, font: style.nameFont, host: host)
            } else {
                Self.hide(nameLabelWidget)
            }
            if layoutHas(\.timeLabel) {
                show(timeLabel, context.time, font: style.labelFont, host: host)
            } else {
                Self.hide(timeLabelWidget)
            }
            if layoutHas(\.avatar) { avatar.show(message.sender, host: host) } else { avatarView?.hide() }
            bubble.show(message, context: context, layout: layout, host: host)
            if layout.hasTail { tailColor = style[side].bubbleColor; tailSide = side }
            if layout.reactions.isEmpty { reactionsView?.hide() } else { reactions.show(layout.reactions, host: host) }
            if let shown = layout.receipts { receipts.show(shown, host: host) } else { receiptsView?.hide() }
            // Delivery mark.
            if layoutHas(\.status) {
                // The marks are glyphs in a box made for them: larger and bolder than the
                // labels, so that ✓ and ✓✓ tell apart at a glance.
                var markFont = style.labelFont
                markFont.size = min(style.metrics.statusSize.height, style.labelFont.size + 3)
                markFont.weight = .bold
                show(statusLabel, style.strings.mark(for: message.status), font: markFont, host: host)
                // Read out in words ("Delivered"), not as the glyphs drawn.
                let statusName = style.strings.name(of: message.status).capitalizedFirst
                if statusName != statusLabelName {
                    statusLabelName = statusName
                    statusLabel.setAccessibleLabel(statusName)
                }
                for status in DeliveryStatus.allCases {
                    statusLabel.setClass(Self.statusClass(status), status == message.status)
                }
                statusLabel.setClass("read", message.status == .read)
                statusLabel.setClass("failed", message.status == .failed)
                gtk_label_set_xalign(statusLabel.ptr(), layout.isMirrored ? 0 : 1)
            } else {
                Self.hide(statusLabelWidget)
            }
            if let text = context.bottomLabel, layoutHas(\.bottomLabel) {
                show(bottomLabel, text, font: style.labelFont, host: host)
                bottomLabel.setClass("typing-label", false)
                bottomLabel.setClass("failed", message.status == .failed && side == .outgoing)
                let trailing = side == .outgoing && style.layout == .bubbles
                gtk_label_set_xalign(bottomLabel.ptr(), trailing != layout.isMirrored ? 1 : 0)
            } else {
                Self.hide(bottomLabelWidget)
            }
        }
    }

    /// The CSS class of a delivery status on the status label (`sent`, `not-delivered`...).
    static func statusClass(_ status: DeliveryStatus) -> String {
        switch status {
        case .sending: return "sending"
        case .sent: return "sent"
        case .delivered: return "delivered"
        case .read: return "read"
        case .failed: return "not-delivered"
        }
    }

    private func layoutHas(_ part: KeyPath<RowLayout, Rect?>) -> Bool { layout[keyPath: part] != nil }

    /// Hides `widget` if it was ever made.
    private static func hide(_ widget: WidgetPointer?) {
        if let widget, widget.isShown { widget.isShown = false }
    }

    private func hideMessageParts(keepBubble: Bool = false) {
        Self.hide(topLabelWidget)
        Self.hide(unreadLineWidget)
        Self.hide(nameLabelWidget)
        Self.hide(timeLabelWidget)
        Self.hide(statusLabelWidget)
        Self.hide(bottomLabelWidget)
        avatarView?.hide()
        reactionsView?.hide()
        receiptsView?.hide()
        if !keepBubble { bubbleView?.hide() }
    }

    private func show(_ label: WidgetPointer, _ text: String, font: FontSpec, host: any RowHost) {
        LabelText(label).show(InertText.singleLine(text), font: host.measurer.description(font))
        label.isShown = true
    }

    private func label(_ cssClass: String, centered: Bool = false) -> WidgetPointer {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_xalign(label.ptr(), centered ? 0.5 : 0)
        gtk_label_set_ellipsize(label.ptr(), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(label.ptr(), 1)
        frame.add(label)
        return label
    }

    // MARK: Geometry

    private func allocate() {
        guard let row else { return }
        switch row {
        case .history, .newerHistory:
            if let content = layout.content ?? layout.bubble { history.place(content, rowHeight: layout.height) }
        case .typing, .message:
            place(topLabelWidget, layout.topLabel)
            place(unreadLineWidget, layout.unreadLine)
            place(nameLabelWidget, layout.nameLabel)
            place(timeLabelWidget, layout.timeLabel)
            place(statusLabelWidget, layout.status)
            place(bottomLabelWidget, layout.bottomLabel)
            if let rect = layout.avatar { avatarView?.place(rect) }
            if let rect = layout.bubble { bubbleView?.place(rect, layout: layout) }
            reactionsView?.place()
            receiptsView?.place()
        }
    }

    private func place(_ widget: WidgetPointer?, _ rect: Rect?) {
        guard let widget, let rect, widget.isShown else { return }
        widget.place(rect)
    }

    /// The tail of the bubble (iMessage-like), drawn under the bubble at its bottom
    /// corner on the sender's side.
    private func drawTail(_ snapshot: OpaquePointer) {
        guard let color = tailColor, layout.hasTail, let bubble = layout.bubble else { return }
        // The tail points away from the bubble on the sender's side: the left for
        // incoming messages, unless the row is mirrored (right to left).
        let pointsLeft = (tailSide == .incoming) != layout.isMirrored
        let direction: Double = pointsLeft ? -1 : 1
        let edge = pointsLeft ? bubble.minX : bubble.maxX
        let bottom = bubble.maxY
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: Float(edge - 12), y: Float(bottom - 20)),
            size: graphene_size_t(width: 24, height: 22))
        guard let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        func x(_ offset: Double) -> Double { edge + direction * offset }
        cairo_move_to(cairo, x(-1), bottom - 17)
        cairo_curve_to(cairo, x(-1), bottom - 6, x(2), bottom - 1, x(7), bottom)
        cairo_curve_to(cairo, x(1), bottom + 0.5, x(-4), bottom - 1.5, x(-9), bottom - 4)
        cairo_line_to(cairo, x(-9), bottom - 17)
        cairo_close_path(cairo)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_fill(cairo)
        cairo_destroy(cairo)
    }
}

extension String {
    /// The string with its first letter upper-cased ("not delivered" → "Not delivered").
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}

import CGtk4
import CParleyGtk
import ParleyCore

/// One row of the message list as GTK widgets, placed at the frames of the core's
/// ``RowLayout``: day separator, name, avatar, bubble, status, label under the bubble.
///
/// Row views are recycled: the list keeps a few and re-configures them as rows scroll
/// in and out. Parts are created the first time a row needs them and hidden otherwise.
@MainActor
final class RowView {
    /// The row widget (CSS node `message`).
    let frame = Frame(cssName: "message", role: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
    /// The row shown, its context and its layout.
    private(set) var row: Row?
    private(set) var context: RowContext?
    private(set) var layout = RowLayout(height: 0)
    private var styleScope = ""

    private weak var host: (any RowHost)?
    private lazy var topLabel = label("top-label", centered: true)
    private lazy var nameLabel = label("name")
    private lazy var statusLabel = label("status")
    private lazy var bottomLabel = label("bottom-label")
    private lazy var avatar = AvatarView(parent: frame)
    private lazy var bubble = BubbleView(parent: frame)
    private lazy var history = HistoryRowView(parent: frame)
    private var tailColor: Color?
    private var tailSide: Side = .incoming

    init() {
        frame.handlers.allocate = { [weak self] _, _ in self?.allocate() }
        frame.handlers.draw = { [weak self] snapshot, _, _ in self?.drawTail(snapshot) }
        frame.handlers.measure = { [weak self] vertical, _ in
            let size = vertical ? Int(self?.layout.height ?? 0) : 0
            return (size, size)
        }
    }

    /// The row's identity, when it shows one.
    var id: RowID? { row?.id }

    /// Shows `visible` (re-configuring the parts only when the row looks different).
    func configure(_ visible: VisibleRow, host: any RowHost, scope: String) {
        self.host = host
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

    /// Forgets the row (the view goes back to the pool).
    func clear() {
        row = nil
        context = nil
    }

    // MARK: Content

    private func apply(_ row: Row, _ context: RowContext, host: any RowHost) {
        let style = host.style
        let widget = frame.widget
        for name in ["incoming", "outgoing", "single", "first", "middle", "last", "history", "typing", "notice", "failed"] {
            widget.setClass(name, false)
        }
        parley_accessible_set_label(widget.raw, RowAccessibility.label(for: row, context: context))
        tailColor = nil
        switch row {
        case .history(let indicator):
            widget.setClass("history", true)
            hideMessageParts()
            history.show(indicator, host: host)
        case .typing(let typers):
            widget.setClass("typing", true)
            hideMessageParts(keepBubble: true)
            if layoutHas(\.avatar), let first = typers.first {
                avatar.show(first, host: host)
            }
            bubble.showTyping(side: .incoming, shape: layout.shape, style: style)
            if layoutHas(\.bottomLabel) {
                show(bottomLabel, TypingIndicator.label(for: typers), font: style.labelFont, host: host)
                bottomLabel.setClass("typing-label", true)
            }
            if layout.hasTail { tailColor = style.bubbles.color(for: .incoming); tailSide = .incoming }
        case .message(let message):
            history.hide()
            let side = context.side
            widget.setClass(side == .incoming ? "incoming" : "outgoing", true)
            widget.setClass(StyleSheet.className(context.position), true)
            if case .notice = message.content { widget.setClass("notice", true) }
            // Top label: day separator or time.
            if let text = context.topLabel, layoutHas(\.topLabel) {
                show(topLabel, text, font: style.labelFont, host: host)
            } else {
                topLabel.isShown = false
            }
            // Name (flat rows add the time after it).
            if layoutHas(\.nameLabel) {
                showName(message.sender.name, time: style.layout == .flat ? context.time : "", host: host)
            } else {
                nameLabel.isShown = false
            }
            if layoutHas(\.avatar) { avatar.show(message.sender, host: host) } else { avatar.hide() }
            bubble.show(message, context: context, layout: layout, host: host)
            if layout.hasTail { tailColor = style.bubbles.color(for: side); tailSide = side }
            // Delivery mark.
            if layoutHas(\.status) {
                show(statusLabel, Self.mark(for: message.status), font: style.labelFont, host: host)
                for status in DeliveryStatus.allCases { statusLabel.setClass(RowAccessibility.status(status).replacingOccurrences(of: " ", with: "-"), false) }
                statusLabel.setClass(RowAccessibility.status(message.status).replacingOccurrences(of: " ", with: "-"), true)
                statusLabel.setClass("read", message.status == .read)
                statusLabel.setClass("failed", message.status == .failed)
                gtk_label_set_xalign(statusLabel.ptr(), 1)
            } else {
                statusLabel.isShown = false
            }
            if let text = context.bottomLabel, layoutHas(\.bottomLabel) {
                show(bottomLabel, text, font: style.labelFont, host: host)
                bottomLabel.setClass("typing-label", false)
                bottomLabel.setClass("failed", message.status == .failed && side == .outgoing)
                gtk_label_set_xalign(bottomLabel.ptr(), side == .outgoing && style.layout == .bubbles ? 1 : 0)
            } else {
                bottomLabel.isShown = false
            }
        }
    }

    /// The mark drawn for a delivery status.
    static func mark(for status: DeliveryStatus) -> String {
        switch status {
        case .sending: return "◷"
        case .sent: return "✓"
        case .delivered, .read: return "✓✓"
        case .failed: return "!"
        }
    }

    private func layoutHas(_ part: KeyPath<RowLayout, Rect?>) -> Bool { layout[keyPath: part] != nil }

    private func hideMessageParts(keepBubble: Bool = false) {
        topLabel.isShown = false
        nameLabel.isShown = false
        statusLabel.isShown = false
        bottomLabel.isShown = false
        avatar.hide()
        if !keepBubble { bubble.hide() }
    }

    private func showName(_ name: String, time: String, host: any RowHost) {
        let style = host.style
        let shown = InertText.singleLine(name)
        LabelText(nameLabel).setFont(host.measurer.description(style.nameFont))
        if time.isEmpty {
            gtk_label_set_text(nameLabel.ptr(), shown)
        } else {
            let size = Int(style.labelFont.size * 1024)
            gtk_label_set_markup(
                nameLabel.ptr(),
                "<b>\(LabelText.escape(shown))</b>  <span size=\"\(size)\" weight=\"normal\" foreground=\"\(style.labelColor.css)\">\(LabelText.escape(time))</span>")
        }
        nameLabel.isShown = true
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
        case .history:
            if let content = layout.content ?? layout.bubble { history.place(content, rowHeight: layout.height) }
        case .typing, .message:
            place(topLabel, layout.topLabel)
            place(nameLabel, layout.nameLabel)
            place(statusLabel, layout.status)
            place(bottomLabel, layout.bottomLabel)
            if let rect = layout.avatar { avatar.place(rect) }
            if let rect = layout.bubble { bubble.place(rect, layout: layout) }
        }
    }

    private func place(_ widget: WidgetPointer, _ rect: Rect?) {
        guard let rect, widget.isShown else { return }
        widget.place(rect)
    }

    /// The tail of the bubble (iMessage-like), drawn under the bubble at its bottom
    /// corner on the sender's side.
    private func drawTail(_ snapshot: OpaquePointer) {
        guard let color = tailColor, layout.hasTail, let bubble = layout.bubble else { return }
        let direction: Double = tailSide == .incoming ? -1 : 1
        let edge = tailSide == .incoming ? bubble.minX : bubble.maxX
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

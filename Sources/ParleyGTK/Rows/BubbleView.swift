import CGtk4
import CParleyGtk
import ParleyCore

/// The bubble of a row and what it holds: text, a large emoji, a picture with its
/// caption, a collection, the app's custom widget, a notice, or typing dots.
///
/// The bubble's fill and corners come from CSS (see ``StyleSheet``); its children sit at
/// the layout's content and caption frames. Media is clipped to the rounded bubble.
@MainActor
final class BubbleView {
    private let frame = Frame(cssName: "bubble", role: GTK_ACCESSIBLE_ROLE_GROUP)
    private var contentRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var captionRect: Rect?
    private var messageID: MessageID?
    private weak var host: (any RowHost)?

    private var hasBackground = false
    private lazy var backgroundFrame: Frame = {
        hasBackground = true
        let image = Frame(cssName: "bubble-image")
        frame.add(image.widget)
        return image
    }()
    private var background: WidgetPointer { backgroundFrame.widget }
    private lazy var body: WidgetPointer = wrappedLabel("body", selectable: true)
    private lazy var caption: WidgetPointer = wrappedLabel("caption", selectable: true)
    private lazy var notice: WidgetPointer = {
        let label = wrappedLabel("notice", selectable: false)
        gtk_label_set_justify(label.ptr(), GTK_JUSTIFY_CENTER)
        gtk_label_set_xalign(label.ptr(), 0.5)
        return label
    }()
    private lazy var emoji: WidgetPointer = {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "emoji")
        gtk_label_set_xalign(label.ptr(), 0)
        frame.add(label)
        return label
    }()
    private lazy var media = MediaView(parent: frame)
    private lazy var collection = CollectionView(parent: frame)
    private lazy var dotFrames: [Frame] = ["first", "second", "third"].map { name in
        let dot = Frame(cssName: "typing-dot")
        gtk_widget_add_css_class(dot.widget, name)
        frame.add(dot.widget)
        return dot
    }
    private var dots: [WidgetPointer] { dotFrames.map(\.widget) }
    private var custom: (id: MessageID, widget: WidgetPointer)?
    private var showsDots = false

    init(parent: Frame) {
        parent.add(frame.widget)
        gtk_widget_set_overflow(frame.widget, GTK_OVERFLOW_HIDDEN)
        frame.handlers.allocate = { [weak self] width, height in self?.allocate(width: width, height: height) }
    }

    // MARK: Content

    /// Shows `message` with its row's `context` and `layout`.
    func show(_ message: Message, context: RowContext, layout: RowLayout, host: any RowHost) {
        self.host = host
        messageID = message.id
        let style = host.style
        frame.widget.isShown = layout.bubble != nil
        setShapeClasses(layout: layout, side: context.side, position: context.position, style: style)
        hideContent(keeping: message)
        switch message.content {
        case .text(let text):
            LabelText(body).show(DisplayText(text), font: host.measurer.description(style.bodyFont))
            body.isShown = true
        case .emoji(let text):
            LabelText(emoji).show(InertText.singleLine(text), font: host.measurer.description(style.emojiFont))
            emoji.isShown = true
        case .notice(let text):
            LabelText(notice).show(InertText.display(text.text), font: host.measurer.description(style.noticeFont))
            notice.isShown = true
        case .image(let image):
            media.show(image.source, host: host)
            if let text = image.caption, layout.caption != nil {
                LabelText(caption).show(InertText.display(text), font: host.measurer.description(style.bodyFont))
                caption.isShown = true
            }
        case .collection(let content):
            collection.show(content, frames: layout.items, host: host)
        case .custom(let content):
            showCustom(content, in: message.id, host: host)
        }
        place(layout: layout)
    }

    /// Shows the typing indicator's dots.
    func showTyping(side: Side, shape: BubbleShape, style: ChatStyle) {
        frame.widget.isShown = true
        messageID = nil
        setShapeClasses(layout: nil, side: side, position: .single, style: style, shape: shape)
        hideContent(keeping: nil)
        showsDots = true
        for dot in dots { dot.isShown = true }
    }

    /// Hides the bubble.
    func hide() {
        frame.widget.isShown = false
    }

    private func setShapeClasses(layout: RowLayout?, side: Side, position: GroupPosition, style: ChatStyle, shape: BubbleShape? = nil) {
        let widget = frame.widget
        let shape = shape ?? layout?.shape ?? .none
        widget.setClass("incoming", side == .incoming)
        widget.setClass("outgoing", side == .outgoing)
        for candidate in [GroupPosition.single, .first, .middle, .last] {
            widget.setClass(StyleSheet.className(candidate), candidate == position)
        }
        widget.setClass("plain", shape == .none)
        var isNinePatch = false
        if case .ninePatch = shape { isNinePatch = true }
        widget.setClass("nine-patch", isNinePatch)
        if isNinePatch {
            background.isShown = true
            let primary = position == .single || position == .first
            background.setClass("primary", primary)
            background.setClass("secondary", !primary)
        } else if hasBackground, background.isShown {
            background.isShown = false
        }
    }

    private func hideContent(keeping message: Message?) {
        for widget in [body, caption, notice, emoji] where widget.isShown { widget.isShown = false }
        media.hide()
        collection.hide()
        if showsDots {
            for dot in dots { dot.isShown = false }
            showsDots = false
        }
        if let current = custom {
            let keep = message.map { message in
                if case .custom = message.content { return message.id == current.id } else { return false }
            } ?? false
            if !keep {
                frame.remove(current.widget)
                custom = nil
            }
        }
    }

    private func showCustom(_ content: CustomContent, in id: MessageID, host: any RowHost) {
        if custom?.id == id { return }
        if let widget = host.customWidget(for: content, in: id) {
            frame.add(widget)
            custom = (id, widget)
        } else {
            LabelText(notice).show(InertText.singleLine(content.payload.summary), font: host.measurer.description(host.style.bodyFont))
            notice.isShown = true
        }
    }

    private func wrappedLabel(_ cssClass: String, selectable: Bool) -> WidgetPointer {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, cssClass)
        LabelText(label).prepareForWrapping(selectable: selectable)
        Signals.connectPointerReturning(label.raw, "activate-link") { [weak self] uri in
            guard let self, let uri, let id = self.messageID, let host = self.host else { return false }
            return host.activateLink(String(cString: uri.assumingMemoryBound(to: CChar.self)), in: id)
        }
        frame.add(label)
        return label
    }

    // MARK: Geometry

    /// Takes the content and caption frames of `layout` (row coordinates) relative to
    /// the bubble.
    private func place(layout: RowLayout) {
        guard let bubble = layout.bubble else { return }
        if let content = layout.content {
            contentRect = Rect(x: content.minX - bubble.minX, y: content.minY - bubble.minY, width: content.width, height: content.height)
        }
        captionRect = layout.caption.map {
            Rect(x: $0.minX - bubble.minX, y: $0.minY - bubble.minY, width: $0.width, height: $0.height)
        }
    }

    /// Places the bubble in its row.
    func place(_ rect: Rect, layout: RowLayout) {
        guard frame.widget.isShown else { return }
        place(layout: layout)
        frame.widget.place(rect)
    }

    private func allocate(width: Double, height: Double) {
        if hasBackground, background.isShown { background.place(x: 0, y: 0, width: width, height: height) }
        for label in [body, notice, emoji] where label.isShown {
            label.place(contentRect)
        }
        if caption.isShown, let captionRect { caption.place(captionRect) }
        media.place(contentRect)
        collection.place(contentRect)
        if let custom { custom.widget.place(contentRect) }
        if showsDots {
            let size = 8.0, gap = 5.0
            let total = size * 3 + gap * 2
            var x = (width - total) / 2
            for dot in dots {
                dot.place(x: x, y: (height - size) / 2, width: size, height: size)
                x += size + gap
            }
        }
    }
}

internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// The bubble of a row and what it holds: text, a large emoji, a picture with its
/// caption, a collection, a file, location or contact card, a voice note or video, the
/// app's custom widget, a notice, or typing dots.
///
/// The bubble's fill and corners come from CSS (see ``StyleSheet``); its children sit at
/// the layout's content and caption frames. Media is clipped to the rounded bubble.
@MainActor
final class BubbleView {
    private let frame = Frame(cssName: "bubble", role: GTK_ACCESSIBLE_ROLE_GROUP)
    private var contentRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var captionRect: Rect?
    private var showMoreRect: Rect?
    private var editedRect: Rect?
    private var timeRect: Rect?
    private var bubbleOrigin = Point(x: 0, y: 0)
    private var messageID: MessageID?
    /// The text the body label shows (message text), and the search marks on it.
    private var bodyText: String?
    private var marked: [Range<Int>] = []
    private weak var host: (any RowHost)?

    private var hasBackground = false
    private lazy var backgroundFrame: Frame = {
        hasBackground = true
        let image = Frame(cssName: "bubble-image")
        // Under whatever the bubble holds already.
        gtk_widget_insert_after(image.widget, frame.widget, nil)
        return image
    }()
    private var background: WidgetPointer { backgroundFrame.widget }
    // Parts are made the first time a bubble shows them: most bubbles only ever hold text.
    private var bodyLabel: WidgetPointer?
    /// The body label's text drawn from the measurer's layout while nobody works with it.
    private var bodyPainting: PaintedText?
    /// The message text the body label shows, and its font, which may be painted.
    private var paintedBody: (text: DisplayText, font: FontSpec)?
    private var captionLabel: WidgetPointer?
    private var noticeLabel: WidgetPointer?
    private var emojiLabel: WidgetPointer?
    private var showMoreLabel: WidgetPointer?
    private var editedLabel: WidgetPointer?
    private var timeLabel: WidgetPointer?
    /// The message's own time inside the bubble (``ChatStyle/showsMessageTimes``).
    private var time: WidgetPointer {
        if let timeLabel { return timeLabel }
        let label = markLabel("time-mark")
        timeLabel = label
        return label
    }
    private var quoteView: QuoteView?
    private var quote: QuoteView {
        if let quoteView { return quoteView }
        let view = QuoteView(parent: frame)
        quoteView = view
        // First in reading order: a reply is read quote first.
        gtk_widget_insert_after(view.widget, frame.widget, hasBackground ? background : nil)
        return view
    }
    private var linkPreviewView: LinkPreviewView?
    private var linkPreview: LinkPreviewView {
        if let linkPreviewView { return linkPreviewView }
        let view = LinkPreviewView(parent: frame)
        linkPreviewView = view
        return view
    }
    /// The "edited" mark inside the bubble.
    private var edited: WidgetPointer {
        if let editedLabel { return editedLabel }
        let label = markLabel("edited-mark")
        editedLabel = label
        return label
    }

    /// A one-line label on the bubble's trailing mark line ("edited", the time).
    private func markLabel(_ cssClass: String) -> WidgetPointer {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_xalign(label.ptr(), 1)
        gtk_label_set_single_line_mode(label.ptr(), 1)
        frame.add(label)
        return label
    }
    private var mediaView: MediaView?
    private var collectionView: CollectionView?
    private var cardView: CardView?
    private var card: CardView {
        if let cardView { return cardView }
        let view = CardView(parent: frame)
        cardView = view
        return view
    }
    private var audioView: AudioView?
    private var audio: AudioView {
        if let audioView { return audioView }
        let view = AudioView(parent: frame)
        audioView = view
        return view
    }
    private var videoView: VideoView?
    private var video: VideoView {
        if let videoView { return videoView }
        let view = VideoView(parent: frame)
        videoView = view
        return view
    }
    private var dotFrames: [Frame] = []
    private var body: WidgetPointer {
        if let bodyLabel { return bodyLabel }
        let label = wrappedLabel("body", selectable: true)
        bodyLabel = label
        bodyPainting = PaintedText(label: label, in: frame.widget)
        keepInOrder(label)
        return label
    }
    private var caption: WidgetPointer {
        if let captionLabel { return captionLabel }
        let label = wrappedLabel("caption", selectable: true)
        captionLabel = label
        keepInOrder(label)
        return label
    }
    private var notice: WidgetPointer {
        if let noticeLabel { return noticeLabel }
        let label = wrappedLabel("notice", selectable: false)
        gtk_label_set_justify(label.ptr(), GTK_JUSTIFY_CENTER)
        gtk_label_set_xalign(label.ptr(), 0.5)
        noticeLabel = label
        keepInOrder(label)
        return label
    }
    /// "Show more" under a long text; a click on it reaches the presenter through the
    /// list's hit test, like every other tap.
    private var showMore: WidgetPointer {
        if let showMoreLabel { return showMoreLabel }
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "show-more")
        gtk_label_set_xalign(label.ptr(), 0)
        gtk_label_set_ellipsize(label.ptr(), PANGO_ELLIPSIZE_END)
        frame.add(label)
        showMoreLabel = label
        keepInOrder(label)
        return label
    }
    private var emoji: WidgetPointer {
        if let emojiLabel { return emojiLabel }
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "emoji")
        gtk_label_set_xalign(label.ptr(), 0)
        frame.add(label)
        emojiLabel = label
        keepInOrder(label)
        return label
    }
    private var media: MediaView {
        if let mediaView { return mediaView }
        let view = MediaView(parent: frame)
        mediaView = view
        return view
    }
    private var collection: CollectionView {
        if let collectionView { return collectionView }
        let view = CollectionView(parent: frame)
        collectionView = view
        return view
    }
    private var dots: [WidgetPointer] {
        if dotFrames.isEmpty {
            dotFrames = ["first", "second", "third"].map { name in
                let dot = Frame(cssName: "typing-dot")
                gtk_widget_add_css_class(dot.widget, name)
                frame.add(dot.widget)
                return dot
            }
        }
        return dotFrames.map(\.widget)
    }
    private var custom: (id: MessageID, widget: WidgetPointer)?
    private var showsDots = false

    /// The bubble's widget (CSS node `bubble`).
    var widget: WidgetPointer { frame.widget }

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
        bodyText = nil
        paintedBody = nil
        // The body starts unmarked; `mark(_:)` marks it again if the match is still here.
        if !marked.isEmpty, let bodyLabel {
            LabelText(bodyLabel).mark([], font: host.measurer.description(host.style.bodyFont))
            marked = []
            bodyPainting?.isMarked = false
        }
        let style = host.style
        frame.widget.isShown = layout.bubble != nil
        setShapeClasses(layout: layout, side: context.side, position: context.position, style: style)
        hideMedia(keeping: message)
        // The labels shown now; the others are hidden at the end, so that a label shown
        // before and now is never hidden in between (a screen reader would hear it leave
        // and come back: a status change read as a new message).
        var shown: [WidgetPointer] = []
        func reveal(_ label: WidgetPointer) {
            label.isShown = true
            shown.append(label)
        }
        frame.widget.setClass("deleted", message.isDeleted)
        frame.widget.setClass("mentions-me", context.mentionsMe)
        if let layoutQuote = layout.quote { quote.show(layoutQuote, host: host) } else { quoteView?.hide() }
        if let preview = layout.linkPreview { linkPreview.show(preview, host: host) } else { linkPreviewView?.hide() }
        if layout.editedMark != nil {
            LabelText(edited).show(style.strings.edited, font: host.measurer.description(style.labelFont))
            reveal(edited)
        }
        if layout.timeMark != nil, let text = context.messageTime {
            LabelText(time).show(text, font: host.measurer.description(style.labelFont))
            reveal(time)
        }
        switch message.content {
        case .deleted:
            LabelText(body).show(layout.text ?? DisplayText(plain: style.strings.messageDeleted), font: host.measurer.description(style.deletedFont))
            reveal(body)
        case .text:
            let text = layout.text ?? DisplayText(plain: "")
            LabelText(body).show(text, font: host.measurer.description(style.bodyFont), codeBackground: style.codeBackground(context.side))
            paintedBody = (text, style.bodyFont)
            bodyText = layout.text?.string
            reveal(body)
            if let more = layout.showMore {
                LabelText(showMore).show(more.label, font: host.measurer.description(style.labelFont))
                showMore.setClass("disabled", !more.isEnabled)
                reveal(showMore)
            }
        case .emoji(let text):
            LabelText(emoji).show(InertText.singleLine(text), font: host.measurer.description(style.emojiFont))
            reveal(emoji)
        case .notice:
            LabelText(notice).show(layout.text?.string ?? "", font: host.measurer.description(style.noticeFont))
            reveal(notice)
        case .image(let image):
            media.show(image.source, host: host)
            if let text = layout.text, layout.caption != nil {
                LabelText(caption).show(text.string, font: host.measurer.description(style.bodyFont))
                reveal(caption)
            }
        case .collection(let content):
            collection.show(content, frames: layout.items, host: host)
        case .custom(let content):
            if showCustom(content, in: message.id, host: host) { reveal(notice) }
        case .file, .location, .contact:
            if let layoutCard = layout.card { card.show(layoutCard, of: message.content, host: host) }
        case .audio:
            if let layoutAudio = layout.audio {
                let playback = host.player.playback
                audio.show(
                    layoutAudio, side: context.side, bare: layout.shape == .none, state: playback.state(of: message.id),
                    duration: playback.duration(of: message.id), host: host)
            }
        case .video(let content):
            if let layoutVideo = layout.video {
                let playback = host.player.playback
                video.show(
                    layoutVideo, of: content, side: context.side, state: playback.state(of: message.id),
                    duration: playback.duration(of: message.id), stream: host.player.paintable(for: message.id), host: host)
            }
        }
        hideLabels(except: shown)
        place(layout: layout)
    }

    /// Marks `match`'s words in the body text when it is this message's (Pango
    /// attributes on the label), or takes earlier marks away.
    func mark(_ match: SearchMatch?) {
        let marks = match.flatMap { match in
            match.messageID == messageID ? bodyText.map { match.ranges(in: $0) } : nil
        } ?? []
        // Setting the same marks again would make GTK lay the label out again, every frame.
        guard marks != marked, let host else { return }
        marked = marks
        LabelText(body).mark(marks, font: host.measurer.description(host.style.bodyFont))
        bodyPainting?.isMarked = !marks.isEmpty
    }

    /// The search marks on the body text (UTF-8 ranges); a test seam.
    var searchMarks: [Range<Int>] { marked }

    /// The body label, once the bubble has one; a test seam.
    var bodyLabelWidget: WidgetPointer? { bodyLabel }

    /// Whether the body's text is drawn from the measurer's layout at present; a test seam.
    var bodyIsPainted: Bool { bodyPainting?.isPainted ?? false }

    /// Shows the typing indicator's dots.
    func showTyping(side: Side, shape: BubbleShape, style: ChatStyle) {
        frame.widget.isShown = true
        messageID = nil
        setShapeClasses(layout: nil, side: side, position: .single, style: style, shape: shape)
        hideLabels(except: [])
        hideMedia(keeping: nil)
        quoteView?.hide()
        linkPreviewView?.hide()
        showsDots = true
        for dot in dots { dot.isShown = true }
    }

    /// Draws message `id`'s new playback state, when the bubble shows it (no new layout:
    /// the button, the played bars, the time and a video's stream change).
    func playbackChanged(_ id: MessageID, host: any RowHost) {
        guard messageID == id else { return }
        let state = host.player.playback.state(of: id), duration = host.player.playback.duration(of: id)
        audioView?.apply(state, duration: duration)
        videoView?.apply(state, duration: duration, stream: host.player.paintable(for: id))
    }

    /// Lets go of a video stream and hides the media (the row goes back to the pool).
    func releaseMedia() {
        videoView?.hide()
        audioView?.hide()
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

    /// Hides the labels not in `kept`.
    private func hideLabels(except kept: [WidgetPointer]) {
        for case let widget? in [bodyLabel, captionLabel, noticeLabel, emojiLabel, showMoreLabel, editedLabel, timeLabel]
        where widget.isShown && !kept.contains(widget) {
            widget.isShown = false
        }
    }

    /// Hides what is not a label: the picture, the grid, the card, the dots, and the
    /// custom widget unless it is `message`'s.
    private func hideMedia(keeping message: Message?) {
        mediaView?.hide()
        collectionView?.hide()
        cardView?.hide()
        audioView?.hide()
        videoView?.hide()
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

    /// Shows the app's widget for `content`; returns whether the notice label shows its
    /// summary instead (no factory for its kind).
    private func showCustom(_ content: CustomContent, in id: MessageID, host: any RowHost) -> Bool {
        if custom?.id == id { return false }
        if let widget = host.customWidget(for: content, in: id) {
            frame.add(widget)
            custom = (id, widget)
            return false
        }
        LabelText(notice).show(InertText.singleLine(content.payload.summary), font: host.measurer.description(host.style.bodyFont))
        return true
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

    /// Moves a label just made to its place among the bubble's labels (background, body,
    /// caption, notice, emoji), whatever order they were made in: screen readers follow
    /// the widget order, and the background must stay under the text.
    private func keepInOrder(_ label: WidgetPointer) {
        let order = [hasBackground ? background : nil, bodyLabel, showMoreLabel, captionLabel, noticeLabel, emojiLabel]
        let rank = order.firstIndex(where: { $0 == label }) ?? order.count
        let previous = order[..<rank].compactMap { $0 }.last
        if gtk_widget_get_prev_sibling(label) != previous { gtk_widget_insert_after(label, frame.widget, previous) }
    }

    // MARK: Geometry

    /// Takes the content and caption frames of `layout` (row coordinates) relative to
    /// the bubble.
    private func place(layout: RowLayout) {
        guard let bubble = layout.bubble else { return }
        bubbleOrigin = bubble.origin
        func inBubble(_ rect: Rect) -> Rect { rect.offsetBy(dx: -bubble.minX, dy: -bubble.minY) }
        if let content = layout.content { contentRect = inBubble(content) }
        // The body's text at this layout's width (a row adopted at a new width keeps its
        // label, which wraps anew).
        if let paintedBody, let host, host.paintsMessageText, let content = layout.content {
            bodyPainting?.show(paintedBody.text, font: paintedBody.font, wrapWidth: layout.wrapWidth, size: content.size, measurer: host.measurer)
        } else {
            bodyPainting?.clear()
        }
        captionRect = layout.caption.map(inBubble)
        showMoreRect = layout.showMore.map { inBubble($0.frame) }
        editedRect = layout.editedMark.map(inBubble)
        timeRect = layout.timeMark.map(inBubble)
        // A row adopted at a new width keeps its widgets; its media take the new frames.
        if let audio = layout.audio { audioView?.adopt(audio) }
        if let video = layout.video { videoView?.adopt(video) }
    }

    /// Places the bubble in its row.
    func place(_ rect: Rect, layout: RowLayout) {
        guard frame.widget.isShown else { return }
        place(layout: layout)
        frame.widget.place(rect)
    }

    private func allocate(width: Double, height: Double) {
        if hasBackground, background.isShown { background.place(x: 0, y: 0, width: width, height: height) }
        for case let label? in [bodyLabel, noticeLabel, emojiLabel] where label.isShown {
            label.place(contentRect)
        }
        if let captionLabel, captionLabel.isShown, let captionRect { captionLabel.place(captionRect) }
        if let showMoreLabel, showMoreLabel.isShown, let showMoreRect { showMoreLabel.place(showMoreRect) }
        if let editedLabel, editedLabel.isShown, let editedRect { editedLabel.place(editedRect) }
        if let timeLabel, timeLabel.isShown, let timeRect { timeLabel.place(timeRect) }
        quoteView?.place(relativeTo: bubbleOrigin)
        linkPreviewView?.place(relativeTo: bubbleOrigin)
        mediaView?.place(contentRect)
        collectionView?.place(contentRect)
        cardView?.place(contentRect)
        audioView?.place(contentRect)
        videoView?.place(contentRect)
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

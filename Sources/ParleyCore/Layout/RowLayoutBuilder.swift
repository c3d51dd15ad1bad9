/// Computes one ``RowLayout``; the pure function behind ``LayoutEngine``.
struct RowLayoutBuilder {
    /// A style held by reference: a builder is made for every layout, and copying a whole
    /// ``ChatStyle`` into it (and out of the engine's lock) cost more than a short
    /// message's layout (#15).
    final class SharedStyle: Sendable {
        let style: ChatStyle
        init(_ style: ChatStyle) { self.style = style }
    }

    let shared: SharedStyle
    var style: ChatStyle { shared.style }
    let measurer: any TextMeasurer
    let width: Double
    /// How much of a long text to show.
    let textLimit: TextLimit
    private var metrics: ChatMetrics { style.metrics }

    init(shared: SharedStyle, measurer: any TextMeasurer, width: Double, textLimit: TextLimit = .preview) {
        self.shared = shared
        self.measurer = measurer
        self.width = max(1, width.isFinite ? width : 1)
        self.textLimit = textLimit
    }

    func layout(_ row: Row, context: RowContext?) -> RowLayout {
        let layout = leftToRight(row, context: context)
        guard style.direction.isRightToLeft else { return layout }
        return layout.mirrored(width: width, contentIsRightToLeft: Self.runsRightToLeft(row))
    }

    /// Whether what `row`'s bubble holds reads right to left (by its text; no text
    /// reads as the screen does).
    private static func runsRightToLeft(_ row: Row) -> Bool {
        guard case .message(let message) = row else { return true }
        let text: String
        switch message.content {
        case .text(let content): text = content.string
        case .image(let image): text = image.caption ?? ""
        case .notice(let notice): text = notice.text
        case .file(let file): text = file.name
        case .location(let location): text = location.title
        case .contact(let contact): text = contact.name
        default: return true
        }
        return TextDirection.of(text.prefix(512)) != .leftToRight
    }

    private func leftToRight(_ row: Row, context: RowContext?) -> RowLayout {
        switch row {
        case .history(let indicator): return historyRow(indicator, edge: .older)
        case .newerHistory(let indicator): return historyRow(indicator, edge: .newer)
        case .typing(let typers): return typingRow(typers)
        case .message(let message):
            let context = context ?? RowContext(side: .incoming, position: .single)
            if case .notice(let notice) = message.content { return noticeRow(notice, context: context) }
            return style.layout == .flat
                ? flatRow(message, context: context) : bubbleRow(message, context: context)
        }
    }

    // MARK: Rows

    private func bubbleRow(_ message: Message, context: RowContext) -> RowLayout {
        var layout = RowLayout(height: 0)
        var y = startY(context, into: &layout)
        let side = context.side
        let avatarColumn = hasAvatarColumn(side) ? metrics.avatarSize.width + metrics.avatarSpacing : 0
        let statusColumn = showsStatus(message, side) ? metrics.statusSize.width : 0
        let available = max(1, width - metrics.rowInsets.horizontal - avatarColumn - statusColumn)
        let maxBubble = min(available, max(metrics.minBubbleWidth, (available * metrics.maxBubbleFraction).rounded(.down)))
        let leading = metrics.rowInsets.left + avatarColumn
        let trailing = width - metrics.rowInsets.right - avatarColumn

        if context.showsName {
            let name = measurer.measure(InertText.singleLine(message.sender.name), font: style.nameFont, maxWidth: available)
            let nameWidth = min(available, name.size.width)
            let x = side == .incoming ? leading + metrics.bubbleInsets.left / 2 : trailing - nameWidth
            layout.nameLabel = Rect(x: x, y: y, width: nameWidth, height: metrics.nameLabelHeight)
            y += metrics.nameLabelHeight
        }

        let body = bodyLayout(message, maxWidth: maxBubble, time: context.messageTime)
        let shape = body.bare ? BubbleShape.none : style.bubbles.shape(for: context.position)
        let bubbleWidth = body.bare ? body.size.width : max(metrics.minBubbleWidth, body.size.width)
        let bubbleX = side == .incoming ? leading : trailing - bubbleWidth
        let bubble = Rect(x: bubbleX, y: y, width: bubbleWidth, height: body.size.height)
        place(body, in: bubble, into: &layout)
        layout.shape = shape
        layout.corners = shape.corners(for: context.position, side: side)
        layout.hasTail = shape.hasTail(for: context.position)

        if statusColumn > 0 {
            layout.status = Rect(
                x: bubble.minX - metrics.statusSize.width, y: bubble.maxY - metrics.statusSize.height,
                width: metrics.statusSize.width, height: metrics.statusSize.height)
        }
        var bottom = placeUnderBubble(
            message, context, bubble: bubble, trailing: side == .outgoing, available: available, into: &layout)
        if context.showsAvatar {
            let size = metrics.avatarSize
            let x = side == .incoming ? metrics.rowInsets.left : width - metrics.rowInsets.right - size.width
            let avatarY = style.avatarPlacement == .groupStart ? bubble.minY : max(y, bubble.maxY - size.height)
            let avatar = Rect(x: x, y: avatarY, width: size.width, height: size.height)
            layout.avatar = avatar
            bottom = max(bottom, avatar.maxY)
        }
        if let label = context.bottomLabel {
            let measured = measurer.measure(label, font: style.labelFont, maxWidth: available)
            let labelWidth = min(available, measured.size.width)
            let x = side == .incoming ? leading : trailing - labelWidth
            layout.bottomLabel = Rect(x: x, y: bottom, width: labelWidth, height: metrics.bottomLabelHeight)
            bottom += metrics.bottomLabelHeight
        }
        layout.height = bottom
        return layout
    }

    private func flatRow(_ message: Message, context: RowContext) -> RowLayout {
        var layout = RowLayout(height: 0)
        var y = startY(context, into: &layout)
        let avatarColumn = style.avatarPlacement == .hidden ? 0 : metrics.avatarSize.width + metrics.avatarSpacing
        let statusColumn = showsStatus(message, context.side) ? metrics.statusSize.width : 0
        let x = metrics.rowInsets.left + avatarColumn
        let available = max(1, width - x - metrics.rowInsets.right - statusColumn)
        let top = y
        if context.showsName {
            // The name, then the time after a gap as wide as the avatar's.
            let name = measurer.measure(InertText.singleLine(message.sender.name), font: style.nameFont, maxWidth: .infinity)
            let time = context.time.isEmpty ? nil : measurer.measure(context.time, font: style.labelFont, maxWidth: .infinity)
            let timeWidth = time.map { $0.size.width + metrics.avatarSpacing } ?? 0
            let nameWidth = min(name.size.width.rounded(.up), max(0, available - timeWidth))
            layout.nameLabel = Rect(x: x, y: y, width: nameWidth, height: metrics.nameLabelHeight)
            if let time, nameWidth + timeWidth <= available {
                layout.timeLabel = Rect(
                    x: x + nameWidth + metrics.avatarSpacing, y: y, width: time.size.width.rounded(.up),
                    height: metrics.nameLabelHeight)
            }
            y += metrics.nameLabelHeight
        }
        let body = bodyLayout(message, maxWidth: available, time: context.messageTime)
        let bubble = Rect(x: x, y: y, width: body.size.width, height: body.size.height)
        place(body, in: bubble, into: &layout)
        var bottom = placeUnderBubble(message, context, bubble: bubble, trailing: false, available: available, into: &layout)
        if statusColumn > 0 {
            layout.status = Rect(
                x: width - metrics.rowInsets.right - metrics.statusSize.width,
                y: bubble.maxY - metrics.statusSize.height,
                width: metrics.statusSize.width, height: metrics.statusSize.height)
        }
        if context.showsAvatar {
            let avatar = Rect(x: metrics.rowInsets.left, y: top, width: metrics.avatarSize.width, height: metrics.avatarSize.height)
            layout.avatar = avatar
            bottom = max(bottom, avatar.maxY)
        }
        if context.bottomLabel != nil {
            layout.bottomLabel = Rect(x: x, y: bottom, width: available, height: metrics.bottomLabelHeight)
            bottom += metrics.bottomLabelHeight
        }
        layout.height = bottom
        return layout
    }

    private func noticeRow(_ notice: Notice, context: RowContext) -> RowLayout {
        var layout = RowLayout(height: 0)
        let y = startY(context, into: &layout)
        let available = max(1, width - metrics.rowInsets.horizontal)
        let shown = DisplayText(plain: notice.text, limit: .preview)
        let text = measurer.measure(shown.string, font: style.noticeFont, maxWidth: available)
        let textWidth = min(available, text.size.width)
        let content = Rect(x: ((width - textWidth) / 2).rounded(.down), y: y, width: textWidth, height: text.size.height)
        layout.content = content
        layout.bubble = content
        layout.text = shown
        layout.wrapWidth = available
        layout.height = content.maxY
        return layout
    }

    private func typingRow(_ typers: [Sender]) -> RowLayout {
        var layout = RowLayout(height: 0)
        let y = metrics.groupSpacing
        let avatarColumn = hasAvatarColumn(.incoming) ? metrics.avatarSize.width + metrics.avatarSpacing : 0
        let size = metrics.typingBubbleSize
        let bubble = Rect(x: metrics.rowInsets.left + avatarColumn, y: y, width: size.width, height: size.height)
        let shape = style.layout == .flat ? BubbleShape.none : style.bubbles.primary
        layout.bubble = bubble
        layout.content = bubble
        layout.shape = shape
        layout.corners = shape.corners(for: .single, side: .incoming)
        layout.hasTail = shape.hasTail(for: .single)
        var bottom = bubble.maxY
        if avatarColumn > 0, let first = typers.first, first.avatar != .none {
            // Where message rows put it: beside the top for group-start themes, else the tail.
            let avatarY = style.avatarPlacement == .groupStart ? bubble.minY : max(y, bubble.maxY - metrics.avatarSize.height)
            let avatar = Rect(
                x: metrics.rowInsets.left, y: avatarY,
                width: metrics.avatarSize.width, height: metrics.avatarSize.height)
            layout.avatar = avatar
            bottom = max(bottom, avatar.maxY)
        }
        let label = style.strings.typingLabel(for: typers)
        let labelX = bubble.maxX + metrics.avatarSpacing
        let available = max(0, width - metrics.rowInsets.right - labelX)
        if !label.isEmpty, available > 0 {
            let measured = measurer.measure(label, font: style.labelFont, maxWidth: available)
            let height = min(measured.size.height, bubble.height)
            layout.bottomLabel = Rect(
                x: labelX, y: bubble.minY + ((bubble.height - height) / 2).rounded(.down),
                width: min(available, measured.size.width), height: height)
        }
        layout.height = bottom
        return layout
    }

    private func historyRow(_ indicator: HistoryIndicator, edge: HistoryEdge) -> RowLayout {
        var layout = RowLayout(height: 0)
        guard indicator.isVisible else { return layout }
        let y = metrics.groupSpacing
        let available = max(1, width - metrics.rowInsets.horizontal)
        let text = measurer.measure(style.strings.history(indicator, edge: edge).line, font: style.labelFont, maxWidth: available)
        let textWidth = min(available, text.size.width)
        let height = max(metrics.historyRowHeight, text.size.height)
        layout.content = Rect(x: ((width - textWidth) / 2).rounded(.down), y: y, width: textWidth, height: height)
        layout.wrapWidth = available
        layout.height = y + height
        return layout
    }

    // MARK: Parts

    /// Puts `body` (in bubble coordinates) into `layout` at `bubble`; the layout is new but
    /// for the labels above the bubble and the name's time, so parts the body lacks are
    /// left as they are, nil: each write to the layout checks that its storage is unique
    /// and goes through a key path (#15).
    private func place(_ body: Body, in bubble: Rect, into layout: inout RowLayout) {
        let dx = bubble.minX, dy = bubble.minY
        layout.bubble = bubble
        let content = body.content.offsetBy(dx: dx, dy: dy)
        layout.content = content
        if let caption = body.caption { layout.caption = caption.offsetBy(dx: dx, dy: dy) }
        if let text = body.text { layout.text = text }
        if let more = body.more { layout.showMore = more.offsetBy(dx: dx, dy: dy) }
        if let quote = body.quote { layout.quote = quote.offsetBy(dx: dx, dy: dy) }
        if let preview = body.preview { layout.linkPreview = preview.mapped { $0.offsetBy(dx: dx, dy: dy) } }
        if let edited = body.edited { layout.editedMark = edited.offsetBy(dx: dx, dy: dy) }
        if let time = body.time { layout.timeMark = time.offsetBy(dx: dx, dy: dy) }
        if !body.items.isEmpty { layout.items = body.items }
        if let card = body.card { layout.card = card.mapped { $0.offsetBy(dx: content.minX, dy: content.minY) } }
        if let audio = body.audio { layout.audio = audio.mapped { $0.offsetBy(dx: content.minX, dy: content.minY) } }
        if let video = body.video { layout.video = video.mapped { $0.offsetBy(dx: content.minX, dy: content.minY) } }
        layout.wrapWidth = body.wrapWidth
    }

    /// Lays out what goes under the bubble, its reactions then its read receipts, from
    /// the bubble's leading edge (its trailing edge when `trailing`); returns where the
    /// row's content ends.
    private func placeUnderBubble(
        _ message: Message, _ context: RowContext, bubble: Rect, trailing: Bool, available: Double,
        into layout: inout RowLayout
    ) -> Double {
        var bottom = bubble.maxY
        if !message.reactions.isEmpty {
            layout.reactions = reactionChips(
                message.reactions, mine: context.myReactions, top: bottom + metrics.reactionGap,
                from: trailing ? bubble.maxX : bubble.minX, trailing: trailing, available: available)
            bottom = layout.reactions.map(\.frame.maxY).max() ?? bottom
        }
        if !context.readers.isEmpty {
            layout.receipts = receipts(context.readers, top: bottom + metrics.reactionGap)
            bottom = layout.receipts?.frame.maxY ?? bottom
        }
        return bottom
    }

    /// Adds the spacing and top label above a message; returns where the rest begins.
    private func startY(_ context: RowContext, into layout: inout RowLayout) -> Double {
        var y = context.position.isGroupStart ? metrics.groupSpacing : metrics.messageSpacing
        if context.topLabel != nil {
            layout.topLabel = Rect(
                x: metrics.rowInsets.left, y: y, width: max(0, width - metrics.rowInsets.horizontal),
                height: metrics.topLabelHeight)
            y += metrics.topLabelHeight
        }
        if context.showsUnreadLine {
            layout.unreadLine = Rect(
                x: metrics.rowInsets.left, y: y, width: max(0, width - metrics.rowInsets.horizontal),
                height: metrics.topLabelHeight)
            y += metrics.topLabelHeight
        }
        return y
    }

    private func hasAvatarColumn(_ side: Side) -> Bool {
        style.avatarPlacement != .hidden && metrics.avatarSize.width > 0
            && (side == .incoming || style.showsOutgoingAvatar)
    }

    /// Whether the row has a delivery mark: an outgoing message's, unless it was deleted
    /// (whose delivery no longer matters, and whose failure is not retried).
    private func showsStatus(_ message: Message, _ side: Side) -> Bool {
        side == .outgoing && style.showsDeliveryStatus && metrics.statusSize.width > 0 && !message.isDeleted
    }

    /// The content of a message inside its bubble, in bubble coordinates.
    private struct Body {
        var size: Size  // the bubble's size
        var content: Rect
        var caption: Rect?
        var text: DisplayText?
        var more: ShowMore?
        var quote: QuoteLayout?
        var preview: LinkPreviewLayout?
        var edited: Rect?
        var time: Rect?
        var items: [Rect] = []
        var card: CardLayout?  // relative to the content's origin
        var audio: AudioLayout?  // relative to the content's origin
        var video: VideoLayout?  // relative to the content's origin
        var bare = false  // no bubble drawn (emoji, flat rows)
        var wrapWidth: Double = 0
    }

    /// The drawn form of message text: formatted by the style's formatter when it is
    /// Markdown (parsing a bounded beginning of the source: a hostile 10 MB message costs
    /// what its shown part costs), else as written.
    private func drawnText(_ text: TextContent) -> DisplayText {
        guard text.format == .markdown, let formatter = style.markdown else { return DisplayText(text, limit: textLimit) }
        let bound = textLimit.isMaximum ? Self.markdownSourceLimit : min(Self.markdownSourceLimit, max(4096, textLimit.characters * 8))
        let (source, cut) = Self.utf8Prefix(of: text.string, bytes: bound)
        return DisplayText(formatter.format(source), limit: textLimit, isCut: cut)
    }

    /// The most Markdown source bytes parsed for one message.
    static let markdownSourceLimit = 1 << 20

    /// The first `bytes` bytes of `string` or fewer (cut at a character), and whether
    /// anything was left out.
    static func utf8Prefix(of string: String, bytes: Int) -> (String, Bool) {
        guard string.utf8.count > bytes else { return (string, false) }
        var end = string.utf8.index(string.utf8.startIndex, offsetBy: bytes)
        while end > string.startIndex, end.samePosition(in: string) == nil { end = string.utf8.index(before: end) }
        return (String(string[..<end]), true)
    }

    private func bodyLayout(_ message: Message, maxWidth: Double, time: String? = nil) -> Body {
        let insets = style.layout == .flat ? EdgeInsets(
            top: metrics.bubbleInsets.top, left: 0, bottom: metrics.bubbleInsets.bottom, right: 0)
            : metrics.bubbleInsets
        let inner = max(1, maxWidth - insets.horizontal)
        let flat = style.layout == .flat
        var body: Body
        switch message.content {
        case .text(let text):
            let shown = drawnText(text)
            let measured = measurer.measure(shown, font: style.bodyFont, maxWidth: inner)
            let textSize = Size(width: min(inner, measured.size.width), height: measured.size.height)
            guard shown.isTruncated else {
                body = padded(textSize, insets)
                body.text = shown
                body.wrapWidth = inner
                break
            }
            let note = textLimit.isMaximum ? style.strings.textTooLong : style.strings.showMore
            let label = measurer.measure(note, font: style.labelFont, maxWidth: inner).size
            let more = Size(width: min(inner, label.width), height: label.height)
            body = padded(Size(width: max(textSize.width, more.width), height: textSize.height + more.height), insets)
            body.content.size = textSize
            body.more = ShowMore(
                frame: Rect(x: body.content.minX, y: body.content.maxY, width: more.width, height: more.height),
                label: note, isEnabled: !textLimit.isMaximum)
            body.text = shown
            body.wrapWidth = inner
        case .emoji(let emoji):
            let measured = measurer.measure(emoji, font: style.emojiFont, maxWidth: maxWidth)
            let size = Size(width: min(maxWidth, measured.size.width), height: measured.size.height)
            body = Body(size: size, content: Rect(origin: .zero, size: size), bare: true, wrapWidth: maxWidth)
        case .image(let image):
            let masked = style.bubbles.masksMedia && !flat
            let box = Size(width: min(metrics.maxImageSize.width, masked ? maxWidth : inner), height: metrics.maxImageSize.height)
            let hint = image.sizeHint.map { Size(width: $0.width, height: $0.height / metrics.unitAspect) }
            let picture = Self.fit(hint ?? metrics.imagePlaceholderSize, in: box)
            body = masked ? Body(size: picture, content: Rect(origin: .zero, size: picture)) : padded(picture, insets)
            if let caption = image.caption, !caption.isEmpty {
                let captionWidth = max(1, picture.width - (masked ? insets.horizontal : 0))
                let shown = DisplayText(plain: caption, limit: .preview)
                let measured = measurer.measure(shown.string, font: style.bodyFont, maxWidth: captionWidth)
                let x = masked ? insets.left : insets.left
                let y = body.content.maxY + (masked ? insets.top : insets.top / 2)
                let rect = Rect(x: x, y: y, width: min(captionWidth, measured.size.width), height: measured.size.height)
                body.caption = rect
                body.text = shown
                body.size.height = rect.maxY + insets.bottom
                body.wrapWidth = captionWidth
            }
        case .collection(let collection):
            let masked = style.bubbles.masksMedia && !flat
            let cell = metrics.collectionCellSize
            let gap = metrics.collectionSpacing
            let columns = collection.columns
            var items: [Rect] = []
            items.reserveCapacity(collection.items.count)
            for index in collection.items.indices {
                let column = index / collection.rows
                let row = index % collection.rows
                items.append(Rect(
                    x: Double(column) * (cell.width + gap), y: Double(row) * (cell.height + gap),
                    width: cell.width, height: cell.height))
            }
            let gridWidth = columns == 0 ? cell.width : Double(columns) * (cell.width + gap) - gap
            let gridHeight = Double(collection.rows) * (cell.height + gap) - gap
            let size = Size(width: min(masked ? maxWidth : inner, gridWidth), height: gridHeight)
            body = masked ? Body(size: size, content: Rect(origin: .zero, size: size)) : padded(size, insets)
            body.items = items
        case .custom(let custom):
            let size = custom.payload.size(fitting: inner, in: ContentUnits(style: style, measurer: measurer))
            body = padded(Self.clamp(size, width: inner), insets)
        case .file, .location, .contact:
            let card = CardLayoutBuilder(style: style, measurer: measurer).layout(message.content, maxWidth: inner)
            body = padded(card?.frame.size ?? Size(width: 1, height: 1), insets)
            body.card = card
        case .audio(let audio):
            let row = MediaLayoutBuilder(style: style, measurer: measurer).audio(audio, maxWidth: inner)
            body = padded(row.frame.size, insets)
            body.audio = row
        case .video(let video):
            // Sized like a picture: within the style's image box, keeping the video's
            // proportions (16 by 9 when unknown), filling the bubble when media do.
            let masked = style.bubbles.masksMedia && !flat
            let box = Size(width: min(metrics.maxImageSize.width, masked ? maxWidth : inner), height: metrics.maxImageSize.height)
            let hint = video.pixelSize.map { Size(width: $0.width, height: $0.height / metrics.unitAspect) }
                ?? Size(width: box.width, height: box.width * 9 / 16 / metrics.unitAspect)
            let poster = Self.fit(hint, in: box)
            body = masked ? Body(size: poster, content: Rect(origin: .zero, size: poster)) : padded(poster, insets)
            body.video = MediaLayoutBuilder(style: style, measurer: measurer).video(video, poster: poster)
        case .deleted:
            let shown = DisplayText(plain: style.strings.messageDeleted, limit: .preview)
            let measured = measurer.measure(shown.string, font: style.deletedFont, maxWidth: inner)
            body = padded(Size(width: min(inner, measured.size.width), height: measured.size.height), insets)
            body.text = shown
            body.wrapWidth = inner
        case .notice(let notice):
            // Notices have their own row kind; kept here so every content has a body.
            let shown = DisplayText(plain: notice.text, limit: .preview)
            let measured = measurer.measure(shown.string, font: style.noticeFont, maxWidth: inner)
            body = padded(measured.size, insets)
            body.text = shown
        }
        if let override = style.contentSizeOverride?(message, maxWidth) {
            let size = Self.clamp(override, width: body.bare ? maxWidth : inner)
            let text = body.text  // still drawn, in the app's size (without Show more)
            body = body.bare ? Body(size: size, content: Rect(origin: .zero, size: size), bare: true) : padded(size, insets)
            body.text = text
            body.wrapWidth = size.width
        }
        if flat { body.bare = true }
        if let preview = message.linkPreview, !preview.isEmpty, case .text = message.content {
            addLinkPreview(preview, to: &body, insets: insets, maxWidth: maxWidth)
        }
        if let quote = message.replyTo, !message.isDeleted {
            addQuote(quote, to: &body, insets: insets, maxWidth: maxWidth)
        }
        let edited = message.isEdited && !message.isDeleted
        if edited || time != nil { addTrailingMarks(edited: edited, time: time, to: &body, insets: insets) }
        return body
    }

    /// Puts `quote` at the top of the body, moving the content down. Media that fill
    /// their bubble get the bubble's padding around the quote.
    private func addQuote(_ quote: ReplyQuote, to body: inout Body, insets: EdgeInsets, maxWidth: Double) {
        let pad = body.bare && style.layout != .flat ? EdgeInsets.zero
            : EdgeInsets(top: insets.top, left: insets.left, bottom: 0, right: insets.right)
        let inner = max(1, maxWidth - pad.horizontal)
        let name = InertText.singleLine(quote.senderName)
        // A Markdown quote may draw nothing ("---"): that says as little as no summary.
        let drawn = quote.summary.isEmpty ? "" : style.text(of: quote)
        let text = drawn.isEmpty ? style.strings.quoteUnavailable : drawn
        let nameSize = name.isEmpty ? Size(width: 0, height: 0)
            : measurer.measure(name, font: style.nameFont, maxWidth: .infinity).size
        let textSize = measurer.measure(text, font: style.bodyFont, maxWidth: .infinity).size
        let textHeight = min(textSize.height, measurer.measure("Ag", font: style.bodyFont, maxWidth: .infinity).size.height)
        let nameHeight = name.isEmpty ? 0 : metrics.nameLabelHeight
        let indent = metrics.quoteBarWidth + metrics.quoteGap
        let width = min(inner, indent + max(nameSize.width, textSize.width))
        let height = nameHeight + textHeight
        let frame = Rect(x: pad.left, y: pad.top, width: width, height: height)
        let textWidth = max(0, width - indent)
        body.quote = QuoteLayout(
            frame: frame, bar: Rect(x: frame.minX, y: frame.minY, width: metrics.quoteBarWidth, height: height),
            nameFrame: Rect(x: frame.minX + indent, y: frame.minY, width: textWidth, height: nameHeight),
            textFrame: Rect(x: frame.minX + indent, y: frame.minY + nameHeight, width: textWidth, height: textHeight),
            name: name, text: text, isUnavailable: drawn.isEmpty, quoted: quote)
        // Everything else moves down to start under the quote and its spacing.
        let shift = frame.maxY + metrics.quoteSpacing - body.content.minY
        body.content = body.content.offsetBy(dx: 0, dy: shift)
        body.caption = body.caption?.offsetBy(dx: 0, dy: shift)
        body.more = body.more?.offsetBy(dx: 0, dy: shift)
        body.preview = body.preview?.mapped { $0.offsetBy(dx: 0, dy: shift) }
        body.size.height += shift
        body.size.width = max(body.size.width, width + pad.horizontal)
    }

    /// Puts `preview` under the text (and its "Show more"), widening the bubble to the
    /// preview's width when there is room.
    private func addLinkPreview(_ preview: LinkPreview, to body: inout Body, insets: EdgeInsets, maxWidth: Double) {
        let inner = max(1, maxWidth - insets.horizontal)
        let top = max(body.content.maxY, body.more?.frame.maxY ?? 0) + metrics.linkPreviewSpacing
        let laidOut = LinkPreviewLayoutBuilder(style: style, measurer: measurer)
            .layout(preview, maxWidth: inner, textWidth: body.content.width)
        body.preview = laidOut.mapped { $0.offsetBy(dx: body.content.minX, dy: top) }
        body.size.width = max(body.size.width, laidOut.frame.width + insets.horizontal)
        body.size.height = top + laidOut.frame.height + insets.bottom
    }

    /// Puts the "edited" mark and the message's time on one line under the content at
    /// the bubble's trailing edge (leading, in flat rows).
    private func addTrailingMarks(edited: Bool, time: String?, to body: inout Body, insets: EdgeInsets) {
        let font = style.labelFont
        let editedSize = edited && !style.strings.edited.isEmpty
            ? measurer.measure(InertText.singleLine(style.strings.edited), font: font, maxWidth: .infinity).size : nil
        let timeSize = time.map { measurer.measure($0, font: font, maxWidth: .infinity).size }
        let gap = editedSize != nil && timeSize != nil ? (metrics.unitAspect == 1 ? 4.0 : 1) : 0
        let width = (editedSize?.width ?? 0) + gap + (timeSize?.width ?? 0)
        let height = max(editedSize?.height ?? 0, timeSize?.height ?? 0)
        guard width > 0 else { return }
        let bottomInset = body.bare ? 0 : insets.bottom
        let rightInset = body.bare ? 0 : insets.right
        body.size.width = max(body.size.width, width + (body.bare ? 0 : insets.horizontal))
        let y = body.size.height - bottomInset
        var x = style.layout == .flat ? body.content.minX : body.size.width - rightInset - width
        if let editedSize {
            body.edited = Rect(x: x, y: y, width: editedSize.width, height: height)
            x += editedSize.width + gap
        }
        if let timeSize { body.time = Rect(x: x, y: y, width: timeSize.width, height: height) }
        body.size.height += height
    }

    /// The avatars of `readers` on one line at the row's trailing edge from `top`, at most
    /// ``ChatMetrics/maximumReceiptAvatars`` and "+N" for the rest.
    private func receipts(_ readers: [Sender], top: Double) -> ReadReceiptsLayout {
        let size = metrics.receiptAvatarSize
        let gap = metrics.unitAspect == 1 ? 3.0 : 1
        let shown = readers.prefix(max(1, metrics.maximumReceiptAvatars))
        let hidden = readers.count - shown.count
        let moreLabel = hidden > 0 ? style.strings.moreReactions(hidden) : nil
        let moreWidth = moreLabel.map { measurer.measure($0, font: style.labelFont, maxWidth: .infinity).size.width.rounded(.up) } ?? 0
        let trailing = width - metrics.rowInsets.right
        var x = trailing - moreWidth - (moreLabel == nil ? 0 : gap)
        var placed: [ReadReceiptsLayout.Reader] = []
        for reader in shown.reversed() {
            x -= size.width
            placed.insert(.init(frame: Rect(x: x, y: top, width: size.width, height: size.height), sender: reader), at: 0)
            x -= gap
        }
        let left = max(metrics.rowInsets.left, (placed.first?.frame.minX ?? trailing - moreWidth))
        return ReadReceiptsLayout(
            frame: Rect(x: left, y: top, width: max(0, trailing - left), height: size.height), readers: placed,
            moreLabel: moreLabel,
            moreFrame: moreLabel.map { _ in Rect(x: trailing - moreWidth, y: top, width: moreWidth, height: size.height) },
            accessibleName: style.strings.seenBy(readers.map { InertText.singleLine($0.name) }))
    }

    /// The chips of `reactions` on one line from `x` (leading, or trailing when
    /// `trailing`), at most ``ChatMetrics/maximumReactionChips`` and what fits in
    /// `available`, then one "+N" chip for the rest.
    private func reactionChips(
        _ reactions: [Reaction], mine: Set<String>, top: Double, from x: Double, trailing: Bool, available: Double
    ) -> [ReactionChip] {
        let strings = style.strings
        func width(of label: String) -> Double {
            (measurer.measure(label, font: style.labelFont, maxWidth: .infinity).size.width + 2 * metrics.reactionPadding).rounded(.up)
        }
        var chips: [(label: String, width: Double, reaction: Reaction)] = []
        var used = 0.0
        for (index, reaction) in reactions.enumerated() where !reaction.key.isEmpty && reaction.count > 0 {
            let label = reaction.count > 1 ? "\(reaction.key) \(reaction.count)" : reaction.key
            let chipWidth = width(of: label)
            let left = reactions.count - index - 1
            let reserve = left > 0 ? width(of: strings.moreReactions(left)) + metrics.reactionSpacing : 0
            let fits = used + chipWidth + reserve <= available || (chips.isEmpty && left == 0)
            guard chips.count < metrics.maximumReactionChips, fits else { break }
            chips.append((label, chipWidth, reaction))
            used += chipWidth + metrics.reactionSpacing
        }
        let hidden = reactions.count - chips.count
        var result: [ReactionChip] = []
        var cursor = 0.0
        for chip in chips {
            let isMine = mine.contains(chip.reaction.key)
            result.append(ReactionChip(
                frame: Rect(x: cursor, y: top, width: min(chip.width, available), height: metrics.reactionHeight),
                key: chip.reaction.key, label: chip.label, count: chip.reaction.count, isMine: isMine,
                isOverflow: false,
                accessibleName: strings.reactionName(chip.reaction.key, chip.reaction.count, isMine)))
            cursor += chip.width + metrics.reactionSpacing
        }
        if hidden > 0 {
            let label = strings.moreReactions(hidden)
            let chipWidth = min(width(of: label), available)
            result.append(ReactionChip(
                frame: Rect(x: cursor, y: top, width: chipWidth, height: metrics.reactionHeight),
                key: "", label: label, count: hidden, isMine: false, isOverflow: true, accessibleName: label))
            cursor += chipWidth + metrics.reactionSpacing
        }
        let total = max(0, cursor - metrics.reactionSpacing)
        let origin = trailing ? x - total : x
        return result.map { chip in
            var moved = chip
            moved.frame = chip.frame.offsetBy(dx: origin, dy: 0)
            return moved
        }
    }

    private func padded(_ content: Size, _ insets: EdgeInsets) -> Body {
        Body(
            size: Size(width: content.width + insets.horizontal, height: content.height + insets.vertical),
            content: Rect(x: insets.left, y: insets.top, width: content.width, height: content.height))
    }

    /// `size` scaled down (never up) to fit `box`, keeping its aspect ratio; whole units.
    static func fit(_ size: Size, in box: Size) -> Size {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            return Size(width: max(1, box.width.rounded(.down)), height: max(1, (box.height / 2).rounded(.down)))
        }
        let scale = min(1, box.width / size.width, box.height / size.height)
        return Size(
            width: max(1, (size.width * scale).rounded(.down)),
            height: max(1, (size.height * scale).rounded(.down)))
    }

    private static func clamp(_ size: Size, width: Double) -> Size {
        func finite(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        return Size(width: min(width, finite(size.width)), height: finite(size.height))
    }
}

import Foundation
import ParleyCore

/// Draws a custom message kind into cells: register one per ``CustomPayload/kind`` with
/// ``ChatScreen/register(kind:_:)``.
///
/// `base` is the style of text in the bubble (its colours), so a renderer can draw on the
/// bubble rather than over it.
public typealias CustomCellRenderer = @MainActor (
    _ content: CustomContent, _ area: CellRect, _ base: CellStyle, _ buffer: inout CellBuffer
) -> Void

/// Draws one ``VisibleRow`` into a cell buffer, exactly at the frames of its ``RowLayout``.
///
/// Rows are drawn straight into the screen at ``top``; whatever spills above or below the
/// list is painted over by the title and the input bar, which are drawn after.
@MainActor
struct RowPainter {
    /// What stays the same while the style does, held by reference: the screen copies
    /// its painter every frame to set the frame's marks, and a copy of the style (its
    /// strings) and the renderers was most of that copy (#15).
    @MainActor
    private final class Look {
        let style: ChatStyle
        let palette: TerminalPalette
        let measurer: TerminalMeasurer
        let customRenderers: [String: CustomCellRenderer]

        init(style: ChatStyle, palette: TerminalPalette, measurer: TerminalMeasurer, customRenderers: [String: CustomCellRenderer]) {
            self.style = style
            self.palette = palette
            self.measurer = measurer
            self.customRenderers = customRenderers
        }
    }

    private let look: Look
    var style: ChatStyle { look.style }
    var palette: TerminalPalette { look.palette }
    var measurer: TerminalMeasurer { look.measurer }
    var customRenderers: [String: CustomCellRenderer] { look.customRenderers }
    /// Seconds since the screen started; drives the typing dots and the spinner.
    var time: Double
    /// Decoded pictures; `nil` draws placeholders only.
    var pictures: PictureCache?

    /// Screen rows above the list: row y 0 is drawn at this buffer row.
    var top = 0
    /// The message drawn highlighted (``ChatFrame/highlighted``).
    var highlighted: MessageID?
    /// The search match drawn reversed in its bubble (``ChatPresenter/searchMatch``).
    var searchMatch: SearchMatch?
    /// The message selected by keyboard (``ChatFrame/selected``).
    var selected: MessageID?
    /// How audio and video messages stand (``ChatPresenter/playback``); `nil` draws them idle.
    var playback: MediaPlayback?

    init(
        style: ChatStyle, palette: TerminalPalette, measurer: TerminalMeasurer, time: Double,
        customRenderers: [String: CustomCellRenderer]
    ) {
        look = Look(style: style, palette: palette, measurer: measurer, customRenderers: customRenderers)
        self.time = time
    }

    func draw(_ row: VisibleRow, into buffer: inout CellBuffer) {
        draw(row, atLine: row.y.rounded(.down) + Double(top), into: &buffer)
    }

    /// Draws `row` with its top on line `dy` of `buffer`, wherever the row is in the list:
    /// a row painted into a band of its own is drawn without a copy of the painter or the
    /// row to move it (#15).
    func draw(_ row: VisibleRow, atLine dy: Double, into buffer: inout CellBuffer) {
        let layout = row.layout
        switch row.row {
        case .history(let indicator):
            drawHistory(indicator, edge: .older, layout, dy, &buffer)
        case .newerHistory(let indicator):
            drawHistory(indicator, edge: .newer, layout, dy, &buffer)
        case .typing(let typers):
            drawTyping(typers, layout, dy, &buffer)
        case .message(let message):
            let context = row.context ?? RowContext(side: .incoming, position: .single)
            drawMessage(message, context, layout, dy, &buffer)
        }
    }

    // MARK: Messages

    private func drawMessage(_ message: Message, _ context: RowContext, _ layout: RowLayout, _ dy: Double, _ buffer: inout CellBuffer) {
        if let label = context.topLabel, let rect = layout.topLabel {
            drawSeparator(label, CellRect(rect, dy: dy), &buffer)
        }
        if let rect = layout.unreadLine {
            drawSeparator(style.strings.unreadLine, CellRect(rect, dy: dy), style: palette.unreadLine, &buffer)
        }
        if let rect = layout.nameLabel {
            let area = CellRect(rect, dy: dy)
            buffer.put(message.sender.name, x: area.x, y: area.y, style: palette.name(for: message.sender), maxWidth: area.width)
        }
        if let rect = layout.timeLabel {
            let area = CellRect(rect, dy: dy)
            buffer.put(context.time, x: area.x, y: area.y, style: palette.label, maxWidth: area.width)
        }
        if let rect = layout.avatar { drawAvatar(message.sender, CellRect(rect, dy: dy), &buffer) }
        // A collection's cards are framed themselves; a bubble around them only adds noise.
        let isCollection = if case .collection = message.content { true } else { false }
        if let rect = layout.bubble, layout.shape != .none, !isCollection {
            BubblePainter(palette: palette, isCompact: style.isCompact).draw(
                CellRect(rect, dy: dy), side: context.side, corners: layout.corners, tail: layout.hasTail,
                mirrored: layout.isMirrored, into: &buffer)
        }
        if let rect = layout.content {
            drawContent(message, context.side, CellRect(rect, dy: dy), layout, dy, &buffer)
        }
        if let quote = layout.quote { drawQuote(quote, context.side, dy, &buffer) }
        if let preview = layout.linkPreview { drawLinkPreview(preview, context.side, dy, &buffer) }
        if let rect = layout.editedMark {
            let area = CellRect(rect, dy: dy)
            buffer.put(style.strings.edited, x: area.x, y: area.y, style: palette.text(context.side).adding(.dim), maxWidth: area.width)
        }
        if let rect = layout.timeMark, let time = context.messageTime {
            let area = CellRect(rect, dy: dy)
            buffer.put(time, x: area.x, y: area.y, style: palette.text(context.side).adding(.dim), maxWidth: area.width)
        }
        // The gutter is the row's leading edge: the right one in a mirrored row.
        let gutter = layout.isMirrored ? buffer.width - 1 : 0
        for chip in layout.reactions { drawChip(chip, dy, &buffer) }
        if let receipts = layout.receipts { drawReceipts(receipts, dy, &buffer) }
        if context.mentionsMe, let rect = layout.bubble, message.id != highlighted, message.id != selected {
            // "@" in the gutter: this message speaks to you.
            buffer.put("@", x: gutter, y: CellRect(rect, dy: dy).y, style: palette.unreadLine)
        }
        if message.id == highlighted || message.id == selected, let rect = layout.bubble {
            // A bar in the gutter beside the bubble (a shape, so it shows without colours
            // too): heavy for the selection, in the accent colour for a highlight.
            let area = CellRect(rect, dy: dy)
            let look = message.id == highlighted ? palette.accent : palette.chrome.adding(.bold)
            let glyph = message.id == selected ? (layout.isMirrored ? "◀" : "▶") : "▌"
            for y in area.y..<area.maxY { buffer.put(y == area.y ? glyph : "▌", x: gutter, y: y, style: look) }
        }
        if let rect = layout.status { drawStatus(message.status, CellRect(rect, dy: dy), &buffer) }
        if let label = context.bottomLabel, let rect = layout.bottomLabel {
            let area = CellRect(rect, dy: dy)
            let failed = message.status == .failed && context.side == .outgoing
            buffer.put(label, x: area.x, y: area.y, style: failed ? palette.failure : palette.label, maxWidth: area.width)
        }
    }

    private func drawContent(_ message: Message, _ side: Side, _ area: CellRect, _ layout: RowLayout, _ dy: Double, _ buffer: inout CellBuffer) {
        switch message.content {
        case .text:
            if let shown = layout.text {
                let marks = searchMatch.flatMap { $0.messageID == message.id ? $0.ranges(in: shown.string) : nil } ?? []
                drawText(shown, side: side, area: area, wrapWidth: layout.wrapWidth, marks: marks, &buffer)
            }
            if let more = layout.showMore {
                let area = CellRect(more.frame, dy: dy)
                buffer.put(
                    more.label, x: area.x, y: area.y, style: more.isEnabled ? palette.link(side) : palette.label,
                    maxWidth: area.width)
            }
        case .emoji(let emoji):
            buffer.put(emoji, x: area.x, y: area.y, maxWidth: area.width)
        case .deleted:
            drawPlainLines(
                layout.text?.string ?? "", area: area, wrapWidth: layout.wrapWidth,
                style: palette.text(side).adding([.italic, .dim]), &buffer)
        case .notice:
            drawPlainLines(layout.text?.string ?? "", area: area, wrapWidth: layout.wrapWidth, style: palette.notice, &buffer)
        case .image(let image):
            drawImage(image, area: area, &buffer)
            if let caption = layout.text, let rect = layout.caption {
                drawPlainLines(caption.string, area: CellRect(rect, dy: dy), wrapWidth: layout.wrapWidth, style: palette.text(side), &buffer)
            }
        case .collection(let collection):
            drawCollection(collection, area: area, items: layout.items, &buffer)
        case .file, .location, .contact:
            if let card = layout.card { drawCard(card, of: message.content, side: side, dy, &buffer) }
        case .audio:
            if let audio = layout.audio { drawAudio(audio, of: message.id, side: side, dy, &buffer) }
        case .video(let video):
            if let layout = layout.video { drawVideo(layout, video, of: message.id, side: side, dy, &buffer) }
        case .custom(let custom):
            if let renderer = customRenderers[custom.kind] {
                renderer(custom, area, palette.text(side), &buffer)
            } else {
                BubblePainter.frame(area, style: palette.label, into: &buffer)
                buffer.put(custom.payload.summary, x: area.x + 2, y: area.y + area.height / 2, style: palette.label, maxWidth: area.width - 4)
            }
        }
    }

    /// Wrapped text with its links, addresses and phone numbers highlighted, and the
    /// search matches `marks` (UTF-8 offsets) reversed.
    private func drawText(
        _ text: DisplayText, side: Side, area: CellRect, wrapWidth: Double, marks: [Range<Int>] = [],
        _ buffer: inout CellBuffer
    ) {
        let normal = palette.text(side), link = palette.link(side)
        var marks = marks[...]
        let lines = measurer.wrap(text.string, maxWidth: wrapWidth)
        var detections = text.detections[...]
        // Formatted text: the spans still open at the current offset (they nest).
        var spans = text.spans[...]
        var covering: [FormatSpan] = []
        for (index, line) in lines.enumerated() where index < area.height {
            let y = area.y + index
            guard y >= 0, y < buffer.height else { continue }
            var column = area.x
            var offset = line.utf8Range.lowerBound
            // A code block's line is on its background across the whole text width.
            if palette.usesColor, !text.spans.isEmpty,
                text.spans.contains(where: { $0.style.contains(.codeBlock) && $0.utf8Range.contains(offset) })
            {
                buffer.fill(CellRect(x: area.x, y: y, width: area.width, height: 1), style: palette.formatted(normal, .codeBlock, side: side))
            }
            // Characters of one look are put as one run (#15). The look is worked out where
            // it can change (where a link, a span or a mark starts or ends), and a
            // character takes the look at its first byte; a line without any of them is put
            // whole, without going through its characters.
            let characters = TerminalMeasurer.text(of: line, in: text.string)
            let lineEnd = line.utf8Range.upperBound
            var runStart = characters.startIndex, runLook = normal
            var index = characters.startIndex, changesAt = offset
            while index < characters.endIndex {
                if offset >= changesAt {
                    while let first = detections.first, first.utf8Range.upperBound <= offset { detections.removeFirst() }
                    while let first = spans.first, first.utf8Range.lowerBound <= offset {
                        covering.append(first)
                        spans.removeFirst()
                    }
                    if !covering.isEmpty { covering.removeAll { $0.utf8Range.upperBound <= offset } }
                    while let first = marks.first, first.upperBound <= offset { marks.removeFirst() }
                    let detection = detections.first?.utf8Range
                    var look = detection?.contains(offset) == true ? link : normal
                    if !covering.isEmpty {
                        look = palette.formatted(look, covering.reduce(SpanStyle()) { $0.union($1.style) }, side: side)
                    }
                    let mark = marks.first
                    if mark?.contains(offset) == true { look = look.adding([.reverse, .bold]) }
                    if look != runLook, index > runStart {
                        column += buffer.put(String(characters[runStart..<index]), x: column, y: y, style: runLook, maxWidth: area.maxX - column)
                        runStart = index
                    }
                    runLook = look
                    // The next offset where the look may change.
                    changesAt = lineEnd
                    func changes(at bound: Int?) {
                        if let bound, bound > offset { changesAt = min(changesAt, bound) }
                    }
                    changes(at: detection?.lowerBound)
                    changes(at: detection?.upperBound)
                    changes(at: spans.first?.utf8Range.lowerBound)
                    changes(at: mark?.lowerBound)
                    changes(at: mark?.upperBound)
                    for span in covering { changes(at: span.utf8Range.upperBound) }
                    if changesAt >= lineEnd { break }
                }
                let character = characters[index]
                offset += character.utf8.count
                index = characters.index(after: index)
            }
            if runStart < characters.endIndex {
                column += buffer.put(String(characters[runStart...]), x: column, y: y, style: runLook, maxWidth: area.maxX - column)
            }
        }
    }

    private func drawPlainLines(_ text: String, area: CellRect, wrapWidth: Double, style: CellStyle, _ buffer: inout CellBuffer) {
        for (index, line) in measurer.wrap(text, maxWidth: wrapWidth).enumerated() where index < area.height {
            buffer.put(String(TerminalMeasurer.text(of: line, in: text)), x: area.x, y: area.y + index, style: style, maxWidth: area.width)
        }
    }

    func drawImage(_ image: ImageContent, area: CellRect, _ buffer: inout CellBuffer) {
        let state = pictures?.state(for: image.source, width: area.width, height: area.height * 2)
        if case .ready(let picture) = state {
            drawPicture(picture, area: area, &buffer)
            return
        }
        let shade = CellStyle(foreground: palette.usesColor ? .rgb(120, 130, 150) : .default, background: palette.usesColor ? .rgb(60, 66, 80) : .default)
        buffer.fill(area, symbol: palette.usesColor ? "░" : " ", style: shade)
        BubblePainter.frame(area, style: shade, into: &buffer)
        let name: String
        switch image.source {
        case .file(let path): name = (path as NSString).lastPathComponent
        case .url(let url): name = url.lastPathComponent.isEmpty ? (url.host ?? "picture") : url.lastPathComponent
        case .data(let data): name = "\(data.count) bytes"
        }
        var lines = ["🖼 " + name]
        switch state {
        case .loading: lines.append(style.strings.loadingPicture)
        case .failed(let error): lines.append(error.description)
        default:
            if let size = image.sizeHint, size.width.isFinite, size.height.isFinite, size.width > 0 {
                lines.append("\(Int(saturating: size.width))×\(Int(saturating: size.height))")
            }
        }
        let top = area.y + max(1, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < area.maxY - 1 {
            let width = min(TerminalWidth.columns(of: line), area.width - 4)
            buffer.put(line, x: area.x + max(2, (area.width - width) / 2), y: top + index, style: shade.adding(.bold), maxWidth: area.width - 4)
        }
    }

    /// A picture in half blocks: each cell shows two pixels, the upper as the "▀"
    /// character's colour and the lower as the cell's background. Without colours, shades
    /// of "░▒▓█" by brightness.
    func drawPicture(_ picture: Picture, area: CellRect, _ buffer: inout CellBuffer) {
        let canvas: (UInt8, UInt8, UInt8) = style.isDark ? (22, 22, 26) : (255, 255, 255)
        let shades = Array(" ░▒▓█")
        for row in 0..<min(area.height, picture.height / 2) {
            let y = area.y + row
            guard y >= 0, y < buffer.height else { continue }
            for column in 0..<min(area.width, picture.width) {
                let x = area.x + column
                guard x >= 0, x < buffer.width else { continue }
                let upper = picture.color(x: column, y: row * 2, over: canvas)
                let lower = picture.color(x: column, y: row * 2 + 1, over: canvas)
                if palette.usesColor {
                    buffer[x, y] = Cell(symbol: "▀", style: CellStyle(foreground: upper, background: lower))
                } else {
                    let level = (Self.brightness(upper) + Self.brightness(lower)) / 2
                    buffer[x, y] = Cell(symbol: String(shades[min(shades.count - 1, level * shades.count / 256)]))
                }
            }
        }
    }

    private static func brightness(_ color: TerminalColor) -> Int {
        guard case .rgb(let red, let green, let blue) = color else { return 128 }
        return (Int(red) * 299 + Int(green) * 587 + Int(blue) * 114) / 1000
    }

    private func drawCollection(_ collection: CollectionContent, area: CellRect, items: [Rect], _ buffer: inout CellBuffer) {
        var hidden = 0
        for (item, frame) in zip(collection.items, items) {
            func cell(_ value: Double) -> Int { Int(saturating: min(max(value, -0x8000_0000), 0x8000_0000)) }
            let clipped = CellRect(
                x: area.x + cell(frame.minX), y: area.y + cell(frame.minY), width: cell(frame.width), height: cell(frame.height))
            guard clipped.maxX <= area.maxX else {
                hidden += 1  // past the bubble's width: the rest scrolls sideways
                continue
            }
            BubblePainter.frame(clipped, style: palette.label, into: &buffer)
            let title: String
            switch item {
            case .text(let text): title = text
            case .image(let source):
                let inside = CellRect(x: clipped.x + 1, y: clipped.y + 1, width: clipped.width - 2, height: clipped.height - 2)
                if case .ready(let picture) = pictures?.state(for: source, width: inside.width, height: inside.height * 2) {
                    drawPicture(picture, area: inside, &buffer)
                    continue
                }
                title = "🖼"
            }
            buffer.put(title, x: clipped.x + 2, y: clipped.y + clipped.height / 2, maxWidth: max(0, clipped.width - 4))
        }
        if hidden > 0 {
            let more = "+\(hidden) →"
            buffer.put(more, x: area.maxX - TerminalWidth.columns(of: more), y: area.maxY, style: palette.label)
        }
    }

    // MARK: Parts

    /// A reply's quote: a bar, the quoted sender's name, the quoted text, each clipped.
    private func drawQuote(_ quote: QuoteLayout, _ side: Side, _ dy: Double, _ buffer: inout CellBuffer) {
        let bar = CellRect(quote.bar, dy: dy)
        for y in bar.y..<bar.maxY { buffer.put("▎", x: bar.x, y: y, style: palette.link(side).removing(.underline)) }
        let name = CellRect(quote.nameFrame, dy: dy)
        if name.height > 0 {
            buffer.put(TerminalWidth.clipped(quote.name, to: name.width), x: name.x, y: name.y, style: palette.text(side).adding(.bold), maxWidth: name.width)
        }
        let text = CellRect(quote.textFrame, dy: dy)
        buffer.put(TerminalWidth.clipped(quote.text, to: text.width), x: text.x, y: text.y, style: palette.text(side).adding(.dim), maxWidth: text.width)
    }

    /// A link preview: a bar, the site dim, the title bold, the summary, each cut with "…"
    /// at its lines, and the picture in half blocks (a shaded box until it loads).
    private func drawLinkPreview(_ layout: LinkPreviewLayout, _ side: Side, _ dy: Double, _ buffer: inout CellBuffer) {
        let bar = CellRect(layout.bar, dy: dy)
        for y in bar.y..<bar.maxY { buffer.put("▎", x: bar.x, y: y, style: palette.link(side).removing(.underline)) }
        let text = palette.text(side)
        func lines(_ string: String?, _ frame: Rect?, _ look: CellStyle) {
            guard let string, let frame else { return }
            let area = CellRect(frame, dy: dy)
            guard area.height > 0, area.width > 0 else { return }
            let wrapped = measurer.wrap(string, maxWidth: Double(area.width))
            for (index, line) in wrapped.enumerated() where index < area.height {
                var shown = String(TerminalMeasurer.text(of: line, in: string))
                // The last line that fits says that more was cut.
                if index == area.height - 1, wrapped.count > area.height {
                    shown = shown.trimmingCharacters(in: .whitespaces) + "…"
                }
                buffer.put(TerminalWidth.clipped(shown, to: area.width), x: area.x, y: area.y + index, style: look, maxWidth: area.width)
            }
        }
        lines(layout.preview.displaySite, layout.siteFrame, text.adding(.dim))
        lines(layout.preview.title, layout.titleFrame, text.adding(.bold))
        lines(layout.preview.summary, layout.summaryFrame, text)
        if let frame = layout.imageFrame, let source = layout.preview.image {
            let area = CellRect(frame, dy: dy)
            if case .ready(let picture) = pictures?.state(for: source, width: area.width, height: area.height * 2) {
                drawPicture(picture, area: area, &buffer)
            } else {
                buffer.fill(area, symbol: "░", style: palette.label)
            }
        }
    }

    /// A reaction chip: " 👍 2 ", mine in reverse video (a shape, not a colour only).
    private func drawChip(_ chip: ReactionChip, _ dy: Double, _ buffer: inout CellBuffer) {
        let area = CellRect(chip.frame, dy: dy)
        let look = chip.isMine ? palette.accent.adding([.reverse, .bold]) : palette.label
        buffer.fill(CellRect(x: area.x, y: area.y, width: area.width, height: 1), symbol: " ", style: look)
        let text = TerminalWidth.clipped(chip.label, to: max(0, area.width - 2))
        buffer.put(text, x: area.x + 1, y: area.y, style: look, maxWidth: max(0, area.width - 2))
    }

    /// Who has read up to here: each reader's initials on their colour, then "+N".
    private func drawReceipts(_ receipts: ReadReceiptsLayout, _ dy: Double, _ buffer: inout CellBuffer) {
        for reader in receipts.readers {
            let area = CellRect(reader.frame, dy: dy)
            let badge = palette.avatar(for: reader.sender)
            buffer.fill(area, style: badge)
            buffer.put(TerminalWidth.clipped(reader.sender.initials, to: area.width), x: area.x, y: area.y, style: badge, maxWidth: area.width)
        }
        if let label = receipts.moreLabel, let frame = receipts.moreFrame {
            let area = CellRect(frame, dy: dy)
            buffer.put(label, x: area.x, y: area.y, style: palette.label, maxWidth: area.width)
        }
    }

    /// A line across the row with `label` in its middle: a day separator, or (in `style`,
    /// heavy) the "New messages" line.
    private func drawSeparator(_ label: String, _ area: CellRect, style: CellStyle? = nil, _ buffer: inout CellBuffer) {
        let text = " \(label) "
        let width = min(area.width, TerminalWidth.columns(of: text))
        let start = area.x + (area.width - width) / 2
        let look = style ?? palette.label
        buffer.fill(CellRect(x: area.x, y: area.y, width: area.width, height: 1), symbol: style == nil ? "─" : "━", style: look)
        buffer.put(text, x: start, y: area.y, style: look.adding(.bold), maxWidth: area.width)
    }

    private func drawAvatar(_ sender: Sender, _ area: CellRect, _ buffer: inout CellBuffer) {
        if case .file(let path) = sender.avatar, palette.usesColor,
            case .ready(let picture) = pictures?.state(for: .file(path: path), width: area.width, height: area.height * 2)
        {
            drawPicture(picture, area: area, &buffer)
            return
        }
        let badge = palette.avatar(for: sender)
        buffer.fill(area, style: badge)
        let initials = sender.initials
        let width = min(area.width, TerminalWidth.columns(of: initials))
        buffer.put(initials, x: area.x + (area.width - width) / 2, y: area.y + area.height / 2, style: badge, maxWidth: area.width)
    }

    private func drawStatus(_ status: DeliveryStatus, _ area: CellRect, _ buffer: inout CellBuffer) {
        let mark = self.style.strings.mark(for: status)
        let style = status == .read ? palette.read : status == .failed ? palette.failure : palette.label
        buffer.put(mark, x: area.maxX - 1 - TerminalWidth.columns(of: mark), y: area.y, style: style)
    }

    private func drawTyping(_ typers: [Sender], _ layout: RowLayout, _ dy: Double, _ buffer: inout CellBuffer) {
        if let rect = layout.avatar, let first = typers.first { drawAvatar(first, CellRect(rect, dy: dy), &buffer) }
        guard let rect = layout.bubble else { return }
        let area = CellRect(rect, dy: dy)
        if layout.shape != .none {
            BubblePainter(palette: palette, isCompact: style.isCompact).draw(area, side: .incoming, corners: layout.corners, tail: layout.hasTail, into: &buffer)
        }
        let raised = TypingIndicator.raisedDot(at: time)
        let base = palette.text(.incoming)
        let y = area.y + area.height / 2
        let start = area.x + (area.width - (TypingIndicator.dotCount * 2 - 1)) / 2
        for dot in 0..<TypingIndicator.dotCount {
            let style = dot == raised ? base.adding(.bold) : base.adding(.dim)
            buffer.put(dot == raised ? "●" : "•", x: start + dot * 2, y: y, style: style)
        }
        if let label = layout.bottomLabel {
            let labelArea = CellRect(label, dy: dy)
            buffer.put(style.strings.typingLabel(for: typers), x: labelArea.x, y: labelArea.y, style: palette.label.adding(.italic), maxWidth: labelArea.width)
        }
    }

    private static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    private func drawHistory(_ indicator: HistoryIndicator, edge: HistoryEdge, _ layout: RowLayout, _ dy: Double, _ buffer: inout CellBuffer) {
        guard let rect = layout.content, indicator.isVisible else { return }
        let area = CellRect(rect, dy: dy)
        let text = style.strings.history(indicator, edge: edge)
        let glyph: String
        let look: CellStyle
        switch indicator {
        case .hidden: return
        case .loading:
            let count = Self.spinner.count
            let tick = Int(saturating: (time * 12).truncatingRemainder(dividingBy: Double(count)))
            glyph = String(Self.spinner[(tick % count + count) % count])
            look = palette.label
        case .loadEarlier:
            glyph = edge == .older ? "↑" : "↓"
            look = palette.label.adding(.underline)
        case .failed:
            glyph = "⚠"
            look = palette.failure
        }
        buffer.put("\(glyph) " + text.line, x: area.x - 2, y: area.y, style: look)
    }
}

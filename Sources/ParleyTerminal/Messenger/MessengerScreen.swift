import Foundation
import ParleyCore

/// A whole chat screen in cells: a title line, the message list, a "↓ N new" marker, and
/// the input bar; state in, ``CellBuffer`` out.
///
/// It owns no terminal: ``render(time:)`` returns a buffer and the cursor position, and
/// ``perform(_:)`` applies a ``MessengerCommand``. ``TerminalMessenger`` connects it to a
/// real terminal; tests and the headless demo drive it directly.
@MainActor
public final class MessengerScreen {
    /// The conversation shown.
    public let conversation: Conversation
    /// The list's scroll state.
    public let viewport: Viewport
    /// The composer's model.
    public let inputBar: InputBar
    /// Taps, links, load-earlier: everything the user does to the list.
    public let events = MessengerEvents()
    /// Decoded pictures for image messages; set its ``PictureCache/onChange`` to redraw.
    public let pictures = PictureCache()
    /// The title line's text.
    public var title: String
    /// Whether colours are drawn (off for NO_COLOR and dumb terminals).
    public let usesColor: Bool

    /// The screen's size in cells.
    public private(set) var columns: Int
    /// The screen's height in rows.
    public private(set) var rows: Int

    let engine: LayoutEngine
    private let measurer = TerminalMeasurer()
    private var editor = LineEditor()
    private var customRenderers: [String: CustomCellRenderer] = [:]
    private var lastBarLayout: InputBarLayout?
    private var listTop = 1
    private var listHeight = 0
    private var scrollHint: (rows: Range<Int>, by: Int)?
    private var scrolledSinceFrame = false
    private var lastFrameRows: [RowID: Double] = [:]
    /// Whether the last frame showed something that moves (typing dots, a spinner).
    public private(set) var isAnimating = false

    /// Creates a screen.
    ///
    /// - Parameters:
    ///   - conversation: What to show.
    ///   - style: A theme; its metrics are replaced by ``ChatMetrics/cells``.
    ///   - inputBar: The composer; the iMessage preset in cells by default.
    ///   - title: The title line.
    ///   - columns: Width in cells.
    ///   - rows: Height in cells.
    ///   - usesColor: Whether to draw colours.
    public init(
        conversation: Conversation, style: ChatStyle = .light, inputBar: InputBar? = nil,
        title: String = "Parley", columns: Int = 80, rows: Int = 24, usesColor: Bool = true
    ) {
        self.conversation = conversation
        var cellStyle = style.withMetrics(Self.metrics(for: style))
        cellStyle.emojiFont.size = cellStyle.bodyFont.size
        engine = LayoutEngine(style: cellStyle, measurer: TerminalMeasurer())
        self.inputBar = inputBar ?? InputBar.iMessage(metrics: .cells)
        self.title = title
        self.usesColor = usesColor
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        viewport = Viewport(conversation: conversation, layoutEngine: engine, size: Size(width: Double(self.columns), height: 1))
        layoutScreen()
    }

    /// Cell metrics for `style`: flat themes keep a narrow avatar column and no padding.
    static func metrics(for style: ChatStyle) -> ChatMetrics {
        var metrics = ChatMetrics.cells
        if style.layout == .flat {
            metrics.bubbleInsets = .zero
            metrics.maxBubbleFraction = 1
        }
        return metrics
    }

    /// The style in use, in cell metrics.
    public var style: ChatStyle { engine.style }

    /// Draws custom messages of `kind` with `renderer`.
    public func register(kind: String, _ renderer: @escaping CustomCellRenderer) {
        customRenderers[kind] = renderer
    }

    /// Resizes the screen; the list keeps its anchor (or stays at the bottom).
    public func resize(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        layoutScreen()
    }

    /// The composer's cursor as a UTF-8 offset into ``InputBar/text``.
    public var cursorOffset: Int { editor.cursor }

    // MARK: Rendering

    /// The screen at `time` seconds (animations), and where the terminal cursor goes.
    public func render(time: Double = 0) -> (buffer: CellBuffer, cursor: (x: Int, y: Int)?) {
        layoutScreen()
        let palette = TerminalPalette(style: engine.style, usesColor: usesColor)
        var screen = CellBuffer(width: columns, height: rows)

        // Message list, drawn in place; the title and the input bar are drawn over any
        // row that spills past the list's band.
        var painter = RowPainter(style: engine.style, palette: palette, measurer: measurer, time: time, customRenderers: customRenderers)
        painter.top = listTop
        painter.pictures = pictures
        viewport.prefetchIfNeeded()
        let visible = viewport.visibleRows()
        noteScroll(visible)
        for row in visible { painter.draw(row, into: &screen) }
        isAnimating = visible.contains { row in
            switch row.row {
            case .typing: return true
            case .history(let indicator): return indicator == .loading
            case .message: return false
            }
        }
        let unread = viewport.unreadCount()
        if unread > 0, listHeight > 0 {
            let marker = " ↓ \(unread > 998 ? "999+" : String(unread)) new "
            let width = TerminalWidth.columns(of: marker)
            screen.put(marker, x: max(0, columns - width - 2), y: listTop + listHeight - 1, style: palette.accent)
        }
        // Below the list: clear what spilled, before the input bar draws.
        screen.fill(CellRect(x: 0, y: listTop + listHeight, width: columns, height: rows - listTop - listHeight), style: .plain)

        // Title line, over anything the list spilled above its band.
        if listTop > 0 {
            screen.fill(CellRect(x: 0, y: 0, width: columns, height: listTop), style: palette.accent)
            screen.put(" " + title, x: 0, y: 0, style: palette.accent, maxWidth: columns)
        }

        // Input bar.
        let cursor = drawInputBar(palette, &screen)
        return (screen, cursor)
    }

    private func layoutScreen() {
        let bar = inputBar.layout(width: Double(columns), measurer: measurer)
        lastBarLayout = bar
        let barHeight = Int(bar.height.rounded(.up))
        listTop = rows > 3 ? 1 : 0
        listHeight = max(0, rows - listTop - barHeight - 1)
        if viewport.size != Size(width: Double(columns), height: Double(listHeight)) {
            viewport.resize(to: Size(width: Double(columns), height: Double(listHeight)))
        }
    }

    private var barTop: Int { listTop + listHeight + 1 }

    private func drawInputBar(_ palette: TerminalPalette, _ screen: inout CellBuffer) -> (x: Int, y: Int)? {
        guard let bar = lastBarLayout else { return nil }
        let top = barTop
        screen.fill(CellRect(x: 0, y: top - 1, width: columns, height: 1), symbol: "─", style: palette.chrome)
        for item in bar.itemFrames where item.isVisible {
            guard let model = inputBar.item(withID: item.id) else { continue }
            let area = CellRect(item.frame, dy: Double(top))
            let label = Self.glyph(for: model)
            var style = item.id == inputBar.sendItem.id ? palette.accent : palette.chrome.adding(.bold)
            if !model.isEnabled { style = palette.chrome.adding(.dim) }
            screen.fill(area, style: style)
            let width = min(area.width, TerminalWidth.columns(of: label))
            screen.put(label, x: area.x + (area.width - width) / 2, y: area.y + area.height / 2, style: style, maxWidth: area.width)
        }
        let text = CellRect(bar.textFrame, dy: Double(top))
        if bar.showsPlaceholder {
            screen.put(inputBar.placeholder, x: text.x, y: text.y, style: palette.label.adding(.italic), maxWidth: text.width)
            return (text.x, text.y)
        }
        // The text, wrapped as the bar measured it, scrolled to keep the cursor in view.
        let shown = InertText.display(inputBar.text)
        let offsets = InertText.displayOffsets(of: inputBar.text)
        let cursor = offsets[min(editor.cursor, offsets.count - 1)]
        let lines = measurer.wrap(shown, maxWidth: Double(max(1, text.width)))
        var cursorLine = lines.count - 1
        for (index, line) in lines.enumerated() where cursor >= line.utf8Range.lowerBound && cursor <= line.utf8Range.upperBound {
            cursorLine = index
            break
        }
        let visible = max(1, min(text.height, lines.count))
        let first = min(max(0, cursorLine - visible + 1), max(0, lines.count - visible))
        var cursorPosition: (x: Int, y: Int)?
        for index in first..<min(lines.count, first + visible) {
            let line = lines[index]
            let content = TerminalMeasurer.text(of: line, in: shown)
            screen.put(String(content), x: text.x, y: text.y + index - first, maxWidth: text.width)
            if index == cursorLine {
                let before = shown.utf8.index(shown.utf8.startIndex, offsetBy: line.utf8Range.lowerBound)
                let at = shown.utf8.index(shown.utf8.startIndex, offsetBy: min(cursor, line.utf8Range.upperBound))
                let column = TerminalWidth.columns(of: String(shown[before..<at]))
                cursorPosition = (min(text.maxX - 1, text.x + column), text.y + index - first)
            }
        }
        return cursorPosition
    }

    /// What an input bar item looks like in a terminal.
    static func glyph(for item: InputBarItem) -> String {
        switch item.iconName {
        case "send": return "➤"
        case "plus": return "+"
        case "camera": return "◉"
        case "photo": return "▣"
        case "mic": return "♪"
        case .some(let name): return item.title ?? String(name.prefix(1))
        case nil: return item.title ?? "•"
        }
    }

    // MARK: Commands

    /// Applies `command`; returns `false` when it asks to quit.
    @discardableResult
    public func perform(_ command: MessengerCommand) -> Bool {
        var text = inputBar.text
        editor.clamp(to: text)
        switch command {
        case .insert(let string):
            let normalised = string.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            editor.insert(normalised, into: &text)
        case .newline: editor.insert("\n", into: &text)
        case .backspace: editor.backspace(in: &text)
        case .delete: editor.delete(in: &text)
        case .cursorLeft: editor.left(in: text)
        case .cursorRight: editor.right(in: text)
        case .lineStart: editor.lineStart(in: text)
        case .lineEnd: editor.lineEnd(in: text)
        case .deleteWordBack: editor.deleteWordBack(in: &text)
        case .killToLineStart: editor.killToLineStart(in: &text)
        case .killToLineEnd: editor.killToLineEnd(in: &text)
        case .send:
            if inputBar.send() {
                editor.clamp(to: inputBar.text)
                viewport.scrollToBottom()
            }
            return true
        case .scroll(let rows): scrollList(by: Double(rows))
        case .page(let pages): scrollList(by: Double(pages) * Double(max(1, listHeight - 2)))
        case .scrollToTop: viewport.scrollToTop()
        case .scrollToBottom: viewport.scrollToBottom()
        case .click(let x, let y): click(x: x, y: y, gesture: .tap)
        case .longPress(let x, let y): click(x: x, y: y, gesture: .longPress)
        case .repaint: break
        case .quit: return false
        }
        if text != inputBar.text {
            inputBar.text = text
        }
        return true
    }

    /// Scrolls the list; the next frame works out how far its content moved, so the
    /// renderer can move the screen with the terminal's own scrolling instead of
    /// repainting every row.
    private func scrollList(by distance: Double) {
        viewport.scroll(by: distance)
        scrolledSinceFrame = true
    }

    /// Compares this frame's rows with the last frame's to find how far the list moved.
    private func noteScroll(_ visible: [VisibleRow]) {
        defer {
            lastFrameRows = Dictionary(visible.map { ($0.id, $0.y) }, uniquingKeysWith: { first, _ in first })
            scrolledSinceFrame = false
        }
        guard scrolledSinceFrame, let common = visible.first(where: { lastFrameRows[$0.id] != nil }),
            let old = lastFrameRows[common.id]
        else { return }
        let moved = Int((old - common.y).rounded())
        if moved != 0 { scrollHint = (listTop..<(listTop + listHeight), moved) }
    }

    /// How far the list's content moved since the last frame (rows, positive = up) and
    /// the screen rows it moved in; consumed by the frame that shows it.
    public func takeScrollHint() -> (rows: Range<Int>, by: Int)? {
        defer { scrollHint = nil }
        guard let hint = scrollHint, abs(hint.by) < hint.rows.count else { return nil }
        return hint
    }

    private func click(x: Int, y: Int, gesture: Viewport.Gesture) {
        if y >= barTop, let bar = lastBarLayout {
            let point = Point(x: Double(x) + 0.5, y: Double(y - barTop) + 0.5)
            if let item = bar.itemFrames.first(where: { $0.frame.contains(point) }), let model = inputBar.item(withID: item.id) {
                if model === inputBar.sendItem {
                    perform(.send)
                } else {
                    model.touchUpInside()
                }
            }
            return
        }
        guard y >= listTop, y < listTop + listHeight else { return }
        // The unread marker jumps to the newest message.
        if gesture == .tap, y == listTop + listHeight - 1, viewport.unreadCount() > 0, x >= columns - 14 {
            viewport.scrollToBottom()
            return
        }
        guard let event = viewport.event(at: Point(x: Double(x) + 0.5, y: Double(y - listTop) + 0.5), gesture: gesture) else { return }
        if event == .tapLoadEarlier, let pager = viewport.pager {
            Task { @MainActor in
                if case .failed = pager.state { await pager.retry() } else { await pager.loadEarlier() }
            }
        }
        events.send(event)
    }
}

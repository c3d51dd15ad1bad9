import Foundation
import ParleyCore
import ParleyMarkdown

/// A whole chat screen in cells: a title line, the message list, a "↓ N new" badge, and
/// the input bar; state in, ``CellBuffer`` out.
///
/// It owns no terminal: ``render(time:)`` returns a buffer and the cursor position, and
/// ``perform(_:)`` applies a ``MessengerCommand``. ``TerminalMessenger`` connects it to a
/// real terminal; tests and the headless demo drive it directly. What the list shows and
/// what each gesture means is decided by its ``presenter``, as in every Parley front end.
@MainActor
public final class ChatScreen {
    /// The conversation shown.
    public let conversation: Conversation
    /// The list's logic: frames, scrolling, jumps, taps.
    public let presenter: ChatPresenter
    /// The composer's model.
    public let inputBar: InputBar
    /// Taps, links, load-earlier: everything the user does to the list.
    public var events: MessengerEvents { presenter.events }
    /// Where history comes from; pages load as either end of the list nears.
    public var pager: HistoryPager? {
        get { presenter.pager }
        set { presenter.pager = newValue }
    }
    /// Decoded pictures for image messages; set its ``PictureCache/onChange`` to redraw.
    public let pictures = PictureCache()
    /// The title line's text.
    public var title: String
    /// Whether colours are drawn (off for NO_COLOR and dumb terminals).
    public let usesColor: Bool
    /// The terminal's own background and text colours, when it reported them
    /// (``TerminalSession/queryCanvas(timeout:)``): the screen keeps them and makes what it
    /// draws readable on them. `nil` paints the theme's background instead
    /// (``TerminalCanvas/painted(for:)``), which reads on any terminal.
    public var canvas: TerminalCanvas?
    /// The colours the terminal shows (``TerminalMessenger`` sets it from the
    /// environment); colours are made readable as they will look at this depth.
    public var colorDepth: ColorDepth = .trueColor
    /// The readability pass of the last frames, with its cache.
    private var legibility: LegibleColors?
    /// Message rows painted in earlier frames, placed again while they look the same.
    /// Looked up for every row of every frame, only from ``drawRows(_:painter:into:)``
    /// and the capacity's accessors, never while another access is open: unchecked, a
    /// frame saves a runtime exclusivity check a row (#15).
    @exclusivity(unchecked) private var bands = RowBands()
    /// Whether message rows painted in earlier frames are placed again, and the title and
    /// input bar taken from the last frame while they show the same (tests turn it off to
    /// compare with drawing everything afresh).
    var keepsLines = true
    /// How many painted message rows are kept at most (tests make it small).
    var keptRowCapacity: Int {
        get { bands.capacity }
        set { bands.capacity = newValue }
    }
    /// How many painted message rows are kept now.
    var keptRowCount: Int { bands.count }
    /// A blank line of the current width, which every line of a frame starts as (so a
    /// line nothing is drawn on is the same storage frame after frame).
    private var blankLine: [Cell] = []
    /// The last frame as drawn, before the legibility pass: a line drawn again the same
    /// (the title, the composer) takes its storage, so later passes skip it.
    private var lastDrawn: CellBuffer?

    /// Whether composer items that do nothing when clicked (no
    /// `InputBarItem.onTouchUpInside(_:)` hook, as the presets' camera,
    /// microphone and attachment items have until an app gives them one) are hidden. The
    /// screen sets `InputBarItem.isHidden` on those it hides, and clears it
    /// once an item has an action.
    public var hidesInertItems = true {
        didSet {
            inertItemsChecked = nil
            layoutScreen()
        }
    }
    /// The bar's layout revision when the inert items were last looked at: an item gets or
    /// loses its action, or is added, only with a new revision.
    private var inertItemsChecked: UInt64?
    /// The items this screen hid.
    private var itemsHidden: Set<ObjectIdentifier> = []
    /// The characters the terminal can draw; on the Linux console (``GlyphRepertoire/linuxConsole``)
    /// every cell the screen draws is brought within its font.
    public var glyphs: GlyphRepertoire = .unicode
    /// How tightly rows sit; by default compact below ``ScreenDensity/compactBelowRows``
    /// rows. Setting it lays the rows out again.
    public var density: ScreenDensity = .automatic {
        didSet { layoutScreen() }
    }

    /// The screen's size in cells.
    public private(set) var columns: Int
    /// The screen's height in rows.
    public private(set) var rows: Int

    let measurer: TerminalMeasurer
    var editor = LineEditor()
    private var customRenderers: [String: CustomCellRenderer] = [:]
    var lastBarLayout: InputBarLayout?
    /// The painter a frame starts from (its palette and style) and the painted canvas, for
    /// one style revision and set of custom renderers: a class, so that a frame takes them
    /// with one copy of the style, the painter's (#15).
    private final class FrameLook {
        let revision: UInt64
        let painter: RowPainter
        let painted: TerminalCanvas

        init(revision: UInt64, painter: RowPainter, painted: TerminalCanvas) {
            self.revision = revision
            self.painter = painter
            self.painted = painted
        }
    }

    private var look: FrameLook?
    /// Where the storage of each screen line a kept row placed this frame is (0: none).
    private var placedLines: [Int] = []
    /// Those lines made legible (where ``placedLines`` has none, a line of an earlier
    /// frame, or none).
    private var placedLegible: [[Cell]] = []
    /// What ``lastBarLayout`` was worked out for.
    private struct BarLayoutKey: Equatable {
        var revision: UInt64
        var columns: Int
    }

    private var lastBarKey: BarLayoutKey?
    private var listTop = 1
    private var listHeight = 0
    private var scrollHint: (rows: Range<Int>, by: Int)?
    private var scrolledSinceFrame = false
    /// The last frame's rows, in order, by id and top.
    private var lastFrameRows: [(id: RowID, y: Double)] = []
    /// Whether the last frame showed something that moves (typing dots, a spinner).
    public private(set) var isAnimating = false
    /// Where the last frame drew the new-messages badge (a click there returns to the
    /// newest message).
    private var badgeArea: CellRect? { chromeDrawn?.badge }
    /// Where the last frame drew "Message deleted · Undo" (a click there undoes).
    private var undoArea: CellRect?
    /// What the last frame drew over the list's rows (the search field and results, the
    /// suggestions, editing and notice lines): a click there is theirs, not a row's.
    var listOverlays: [CellRect] = []
    /// Whether the terminal window has the focus (focus reports); away, new messages
    /// ring and count in the title.
    public var isFocused = true
    /// Whether a message from someone else rings the bell when it mentions me, or
    /// arrives while the list is scrolled away from it or the window is unfocused.
    public var ringsBell = true
    /// Whether the window title counts the messages that arrived while away
    /// (`ChatStrings.unreadTitle`).
    public var showsUnreadInTitle = true
    /// Messages from others that arrived while away, since the newest was last in view.
    public internal(set) var unseenCount = 0
    /// What arrived since the last frame, and what waits unseen.
    var arrivalWatch = ArrivalWatch()
    /// The title last asked of the terminal.
    var titleShown: String?
    /// What the screen asks of the terminal next (``takeRequests()``).
    var requests: [TerminalRequest] = []
    /// A short confirmation on the list's last line ("Message copied") until the next
    /// command.
    var notice: String?
    /// The most lines a notice wraps onto, above the composer.
    static let noticeLines = 3
    /// The search field while search is open (``openSearch(_:)``).
    var searchBar = TerminalSearchBar()
    /// My editable messages as last looked for, with the conversation's version then.
    var editableMessagesFound: (version: UInt64, messages: [Message])?
    /// The message of mine the composer is editing (↑ on an empty composer), if any.
    public internal(set) var editing: MessageID?
    /// Called after the composer's text replaced a message of mine
    /// (`Conversation.edit(_:to:at:animated:)` has changed the conversation):
    /// send the edit to the network here.
    public var onEdit: (@MainActor (MessageID, MessageContent) -> Void)?

    /// Creates a screen.
    ///
    /// - Parameters:
    ///   - conversation: What to show.
    ///   - style: A theme, adapted to cells (``ChatStyle/adapted(to:)``).
    ///   - inputBar: The composer; by default the preset matching the theme, in cells.
    ///   - title: The title line.
    ///   - columns: Width in cells.
    ///   - rows: Height in cells.
    ///   - usesColor: Whether to draw colours.
    ///   - density: How tightly rows sit (``density``).
    public init(
        conversation: Conversation, style: ChatStyle = .light, inputBar: InputBar? = nil,
        title: String = "Parley", columns: Int = 80, rows: Int = 24, usesColor: Bool = true,
        density: ScreenDensity = .automatic
    ) {
        self.conversation = conversation
        // One measurer for the layouts and the painting, so that they share its wrapped lines.
        let measurer = TerminalMeasurer()
        self.measurer = measurer
        presenter = ChatPresenter(
            conversation: conversation, style: style.formattingMarkdown, units: .cells, measurer: measurer,
            size: Size(width: Double(max(1, columns)), height: 1))
        self.inputBar = inputBar ?? InputBar.preset(for: style, units: .cells)
        followsThemePreset = inputBar == nil
        self.title = title
        self.usesColor = usesColor
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.density = density
        presenter.inputBar = self.inputBar
        self.inputBar.strings = presenter.strings
        self.inputBar.direction = style.direction
        layoutScreen()
    }

    /// Whether the input bar is the theme's preset (none was given): it takes the new
    /// theme's look (`InputBar.adoptLook(of:)`) when ``style`` changes theme.
    private let followsThemePreset: Bool

    /// The style in use, in cell metrics; setting one restyles the list.
    public var style: ChatStyle {
        get { presenter.style }
        set {
            var style = newValue.formattingMarkdown
            style.isCompact = density.isCompact(rows: rows)
            let themeChanged = style.name != presenter.style.name
            presenter.style = style
            if themeChanged && followsThemePreset { inputBar.adoptLook(of: InputBar.preset(for: style, units: .cells)) }
            inputBar.strings = presenter.strings
            inputBar.direction = style.direction
        }
    }

    /// Draws custom messages of `kind` with `renderer`.
    public func register(kind: String, _ renderer: @escaping CustomCellRenderer) {
        customRenderers[kind] = renderer
        look = nil
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
        // Kept while the style is the same: reading it copies all of it, and the painted
        // canvas works out contrasts (#15).
        let revision = presenter.viewport.layoutEngine.styleRevision
        let look: FrameLook
        if let kept = self.look, kept.revision == revision, kept.painter.palette.usesColor == usesColor {
            look = kept
        } else {
            let style = self.style
            let painter = RowPainter(
                style: style, palette: TerminalPalette(style: style, usesColor: usesColor), measurer: measurer, time: 0,
                customRenderers: customRenderers)
            look = FrameLook(revision: revision, painter: painter, painted: .painted(for: style))
            self.look = look
        }
        if blankLine.count != columns {
            blankLine = Array(repeating: .blank(), count: columns)
        }
        // A new list of lines: starting from a kept blank screen, the first line drawn
        // would copy its list (#15).
        var screen = CellBuffer(blank: blankLine, height: rows)

        // Message list, drawn in place; the title and the input bar are drawn over any
        // row that spills past the list's band.
        var painter = look.painter
        painter.time = time
        painter.top = listTop
        painter.pictures = pictures
        let frame = presenter.frame()
        noteNews(frame)
        painter.highlighted = frame.highlighted
        painter.selected = frame.selected
        painter.searchMatch = presenter.searchMatch
        painter.playback = presenter.playback
        noteScroll(frame.rows)
        if usesColor {
            // The pass keeps what it worked out while the canvas and depth stay the same.
            let wanted = canvas ?? look.painted
            if legibility?.canvas != wanted || legibility?.depth != colorDepth {
                legibility = LegibleColors(canvas: wanted, depth: colorDepth)
            }
        } else {
            legibility = nil
        }
        drawRows(frame.rows, painter: painter, into: &screen)
        isAnimating = frame.isAnimating
        if let empty = frame.emptyText, listHeight > 0 {
            let width = min(columns, TerminalWidth.columns(of: empty))
            screen.put(empty, x: max(0, (columns - width) / 2), y: listTop + listHeight / 2, style: painter.palette.label.adding(.italic), maxWidth: columns)
        }
        // "@name" suggestions on the list's last line, over the rows.
        listOverlays = []
        let lastLine = CellRect(x: 0, y: listTop + listHeight - 1, width: columns, height: 1)
        let suggestions = inputBar.mentionSuggestions(cursor: editor.cursor)
        if !suggestions.isEmpty, listHeight > 0 {
            listOverlays.append(lastLine)
            let y = lastLine.y
            screen.fill(lastLine, style: painter.palette.chrome)
            var x = 1
            for (index, sender) in suggestions.enumerated() {
                let look = index == 0 ? painter.palette.accent : painter.palette.chrome.adding(.bold)
                x += screen.put(" @" + InertText.singleLine(sender.name) + " ", x: x, y: y, style: look, maxWidth: columns - x) + 1
            }
            screen.put("Tab", x: x, y: y, style: painter.palette.label, maxWidth: columns - x)
        }
        if editing != nil, suggestions.isEmpty, listHeight > 0 {
            // While the composer edits a sent message, the list's last line says so.
            listOverlays.append(lastLine)
            let y = lastLine.y
            screen.fill(lastLine, style: painter.palette.chrome)
            let used = screen.put(" ✎ " + painter.style.strings.editingMessage + " ", x: 1, y: y, style: painter.palette.accent, maxWidth: columns - 1)
            screen.put(" Esc", x: 1 + used, y: y, style: painter.palette.label, maxWidth: columns - 1 - used)
        }
        if frame.undo == nil, let notice = notice ?? frame.notice, listHeight > 0 {
            // Wrapped onto up to three lines ending on the list's last: a notice says what to
            // do ("/jump takes a day as 2026-11-20"), which a narrow screen must not cut off.
            let shown = InertText.singleLine(notice)
            let wrapped = measurer.wrap(shown, maxWidth: Double(max(1, columns - 3)))
            let lines = wrapped.suffix(min(Self.noticeLines, listHeight))
            for (offset, line) in lines.enumerated() {
                let y = lastLine.y - lines.count + 1 + offset
                let text = " " + TerminalMeasurer.text(of: line, in: shown).trimmingCharacters(in: .whitespaces) + " "
                let cut = offset == 0 && wrapped.count > lines.count ? "…" : ""
                let used = screen.put(cut + text, x: 1, y: y, style: painter.palette.accent, maxWidth: columns - 1)
                listOverlays.append(CellRect(x: 1, y: y, width: used, height: 1))
            }
        }
        undoArea = nil
        if let undo = frame.undo, listHeight > 0 {
            let text = " \(undo.text) · \(undo.action) (Ctrl-Z) "
            let width = min(columns, TerminalWidth.columns(of: text))
            let area = CellRect(x: 1, y: lastLine.y, width: width, height: 1)
            screen.put(text, x: area.x, y: area.y, style: painter.palette.accent, maxWidth: columns - 1)
            undoArea = area
        }
        var searchCursor: (x: Int, y: Int)?
        if let search = presenter.search {
            searchCursor = drawSearch(search, palette: painter.palette, top: listTop, height: listHeight, into: &screen)
        }
        // The title line, the input bar and the badge on its rule, over anything the list
        // spilled past its band: taken from the last frame while what they show is the same.
        let chrome = chromeLook(badge: frame.badge?.text)
        let barCursor: (x: Int, y: Int)?
        if keepsLines, let drawn = chromeDrawn, drawn.look == chrome, placeLastChrome(into: &screen) {
            barCursor = drawn.cursor
        } else {
            // Below the list: clear what spilled, before the input bar draws.
            screen.fill(CellRect(x: 0, y: listTop + listHeight, width: columns, height: rows - listTop - listHeight), style: .plain)
            if listTop > 0 {
                screen.fill(CellRect(x: 0, y: 0, width: columns, height: listTop), style: painter.palette.accent)
                screen.put(
                    TerminalWidth.clipped(" " + InertText.singleLine(title), to: columns), x: 0, y: 0, style: painter.palette.accent,
                    maxWidth: columns)
            }
            barCursor = drawInputBar(painter.palette, &screen)
            let badge = chrome.badge.flatMap { drawBadge($0, palette: painter.palette, into: &screen) }
            chromeDrawn = (chrome, barCursor, badge)
        }
        let cursor = presenter.search != nil ? searchCursor ?? barCursor : barCursor
        if let lastDrawn, lastDrawn.width == screen.width, lastDrawn.height == screen.height {
            let placedLines = placedLines
            for y in 0..<screen.height {
                let new = screen.line(y)
                // A kept row's line, as placed: equal to the last frame's line only when it
                // is the same storage (two kept lines alike are not worth the comparing).
                if y < placedLines.count, placedLines[y] != 0, CellBuffer.storage(of: new) == placedLines[y] { continue }
                let old = lastDrawn.line(y)
                if !CellBuffer.sharesStorage(old, new), old == new { screen.setLine(y, old) }
            }
        }
        lastDrawn = screen
        // Kept rows' lines were made legible when painted.
        legibility?.apply(to: &screen, placed: placedLines, legible: placedLegible)
        if glyphs != .unicode { Self.restrict(&screen, to: glyphs) }
        return (screen, cursor)
    }

    /// Draws the list's rows: a message row kept from an earlier frame by its lines, any
    /// other straight into the screen. A kept row is placed only on lines nothing else
    /// drew on, so rows that touch draw over each other as they do when painted.
    private func drawRows(_ visible: [VisibleRow], painter: RowPainter, into screen: inout CellBuffer) {
        bands.begin(
            RowBands.Generation(
                styleRevision: presenter.viewport.layoutEngine.styleRevision, columns: columns, usesColor: usesColor,
                pictures: pictures.revision, canvas: self.legibility?.canvas, depth: colorDepth))
        let band = listTop..<(listTop + listHeight)
        var drawnUntil = Int.min
        // Filled in locals: the properties' every access would check exclusive access. A
        // line's legible form is read only where `placed` says a kept row is, so those of
        // earlier frames are left to be written over, not cleared.
        var placed = placedLines, legible = placedLegible, legibility = self.legibility
        placedLines = []
        placedLegible = []
        self.legibility = nil
        if placed.count == rows {
            placed.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            placed = Array(repeating: 0, count: rows)
            legible = Array(repeating: [], count: rows)
        }
        defer {
            placedLines = placed
            placedLegible = legible
            self.legibility = legibility
        }
        let marks = RowBands.Marks(
            highlighted: painter.highlighted, selected: painter.selected, searchMatch: painter.searchMatch,
            playback: presenter.playback)
        // By index: a loop over the rows would copy each (#15).
        for index in visible.indices {
            let top = Int(saturating: visible[index].y.rounded(.down)) + listTop
            if keepsLines, top > drawnUntil,
                let kept = bands.band(
                    for: visible[index], marks: marks, columns: columns, painter: painter, legibility: &legibility)
            {
                for (offset, line) in kept.lines.enumerated() where band.contains(top + offset) {
                    screen.setLine(top + offset, line)
                    placed[top + offset] = CellBuffer.storage(of: line)
                    legible[top + offset] = kept.legible[offset]
                }
                drawnUntil = top + kept.lines.count - 1
            } else {
                painter.draw(visible[index], into: &screen)
                // What a row painted in place may have drawn on, a line beyond it included.
                drawnUntil = max(drawnUntil, top + Int(saturating: visible[index].layout.height.rounded(.up)))
            }
        }
    }

    /// What the list's compactness was last settled for.
    private struct CompactLook: Equatable {
        var styleRevision: UInt64
        var rows: Int
        var density: ScreenDensity
    }

    private var compactLook: CompactLook?

    private var currentCompactLook: CompactLook {
        CompactLook(styleRevision: presenter.viewport.layoutEngine.styleRevision, rows: rows, density: density)
    }

    /// What the title line and the input bar show: while it stays the same, so do their
    /// cells.
    private struct ChromeLook: Equatable {
        struct Item: Equatable {
            var id: String
            var glyph: String
            var isEnabled: Bool
        }

        var title: String
        var columns: Int
        var rows: Int
        var listTop: Int
        var listHeight: Int
        var styleRevision: UInt64
        var usesColor: Bool
        var bar: InputBarLayout?
        var text: String
        var cursor: Int
        var placeholder: String
        var sendID: String
        var items: [Item]
        var badge: String?
    }

    /// The chrome last drawn, where the input bar put the cursor, and where the badge is.
    private var chromeDrawn: (look: ChromeLook, cursor: (x: Int, y: Int)?, badge: CellRect?)?

    /// Draws the "↓" / "↓ N new" badge at the right of the rule between the list and the
    /// input bar, as a status line shows "more below": it covers no message, and the
    /// list's band holds only rows, so a scroll step moves the band and draws nothing for
    /// the badge (#15). Returns where it is, for a click.
    private func drawBadge(_ badge: String, palette: TerminalPalette, into screen: inout CellBuffer) -> CellRect? {
        let y = listTop + listHeight
        guard listHeight > 0, y < rows else { return nil }
        let text = " \(badge) "
        let width = min(columns, TerminalWidth.columns(of: text))
        let area = CellRect(x: max(0, columns - width - 2), y: y, width: width, height: 1)
        screen.put(text, x: area.x, y: area.y, style: palette.accent, maxWidth: columns)
        return area
    }

    private func chromeLook(badge: String?) -> ChromeLook {
        let models = inputBar.items  // built once, not once an item
        let items = (lastBarLayout?.itemFrames ?? []).compactMap { frame in
            models.first { $0.id == frame.id }.map { ChromeLook.Item(id: frame.id, glyph: Self.glyph(for: $0), isEnabled: $0.isEnabled) }
        }
        return ChromeLook(
            title: title, columns: columns, rows: rows, listTop: listTop, listHeight: listHeight,
            styleRevision: presenter.viewport.layoutEngine.styleRevision, usesColor: usesColor, bar: lastBarLayout,
            text: inputBar.text, cursor: editor.cursor, placeholder: inputBar.placeholder, sendID: inputBar.sendItem.id,
            items: items, badge: badge)
    }

    /// Puts the last frame's title and input bar lines into `screen`, when there is a
    /// last frame of its size (#15): a frame that only scrolls draws neither again, and
    /// the passes after it skip those lines, which it shares with the last frame.
    private func placeLastChrome(into screen: inout CellBuffer) -> Bool {
        guard let lastDrawn, lastDrawn.width == screen.width, lastDrawn.height == screen.height else { return false }
        for y in 0..<min(listTop, rows) { screen.setLine(y, lastDrawn.line(y)) }
        for y in min(listTop + listHeight, rows)..<rows { screen.setLine(y, lastDrawn.line(y)) }
        return true
    }

    private func layoutScreen() {
        // Reading the style copies all of it, so it is looked at only when it, the
        // height or the density changed since the last look (#15).
        if currentCompactLook != compactLook {
            let compact = density.isCompact(rows: rows)
            if presenter.style.isCompact != compact {
                var style = presenter.style
                style.isCompact = compact
                presenter.style = style
            }
            // After the change, which gave the style a new revision.
            compactLook = currentCompactLook
        }
        if inertItemsChecked != inputBar.layoutRevision {
            hideInertItems()
            inertItemsChecked = inputBar.layoutRevision
        }
        // The bar's layout is kept while nothing in the bar changed (#15): the measurer
        // is always the same.
        let barKey = BarLayoutKey(revision: inputBar.layoutRevision, columns: columns)
        let bar: InputBarLayout
        if let kept = lastBarLayout, lastBarKey == barKey {
            bar = kept
        } else {
            bar = inputBar.layout(width: Double(columns), measurer: measurer)
            lastBarLayout = bar
            lastBarKey = barKey
        }
        let barHeight = Int(saturating: bar.height.rounded(.up))
        listTop = rows > 3 ? 1 : 0
        listHeight = max(0, rows - listTop - barHeight - 1)
        presenter.resize(to: Size(width: Double(columns), height: Double(listHeight)))
    }

    /// Hides the items a click would do nothing with, and shows again those it hid that
    /// have an action now (or all of them when ``hidesInertItems`` is off).
    private func hideInertItems() {
        for item in inputBar.items where item !== inputBar.sendItem {
            let key = ObjectIdentifier(item)
            if hidesInertItems, !item.hasAction {
                guard !item.isHidden else { continue }
                item.isHidden = true
                itemsHidden.insert(key)
            } else if itemsHidden.contains(key) {
                item.isHidden = false
                itemsHidden.remove(key)
            }
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
        if let banner = bar.replyBanner {
            let area = CellRect(banner.textFrame, dy: Double(top))
            // Cut with "…", a column short of the ✕ so that they do not touch.
            let room = max(0, area.width - 1)
            var x = area.x
            x += screen.put(
                TerminalWidth.clipped("↩ " + banner.title + ": ", to: room), x: x, y: area.y, style: palette.accent.adding(.bold),
                maxWidth: room)
            let left = area.x + room - x
            if left > 0 { screen.put(TerminalWidth.clipped(banner.summary, to: left), x: x, y: area.y, style: palette.label, maxWidth: left) }
            let cancel = CellRect(banner.cancelFrame, dy: Double(top))
            screen.put("✕", x: cancel.x, y: cancel.y, style: palette.chrome.adding(.bold), maxWidth: cancel.width)
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

    /// Replaces every symbol `repertoire` lacks with its stand-in, a wide one (and the
    /// cell it covers) with as many narrow ones.
    static func restrict(_ buffer: inout CellBuffer, to repertoire: GlyphRepertoire) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                guard !cell.isContinuation, !repertoire.contains(cell.symbol) else { continue }
                let wide = x + 1 < buffer.width && buffer[x + 1, y].isContinuation
                let stand = Array(repertoire.substitute(cell.symbol, columns: wide ? 2 : 1))
                buffer[x, y] = Cell(symbol: String(stand[0]), style: cell.style)
                if wide { buffer[x + 1, y] = Cell(symbol: String(stand.count > 1 ? stand[1] : " "), style: cell.style) }
            }
        }
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
        if presenter.search != nil, let handled = performSearch(command) { return handled }
        var text = inputBar.text
        editor.clamp(to: text)
        notice = nil
        switch command {
        case .search:
            openSearch()
            return true
        case .send where editing == nil && Self.searchWords(in: text) != nil:
            inputBar.text = ""
            editor.moveToEnd(of: "")
            openSearch(Self.searchWords(in: text) ?? "")
            return true
        case .insert(let string):
            let normalised = string.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            editor.insert(normalised, into: &text)
        case .newline: editor.insert("\n", into: &text)
        case .backspace: editor.backspace(in: &text)
        case .delete where text.isEmpty && editing == nil:
            // Nothing to delete in the composer: the selected message goes, if the user
            // may delete it ("Message deleted · Undo (Ctrl-Z)" follows).
            if let id = presenter.selection, let message = conversation.message(id), presenter.canDelete(message) {
                presenter.delete(id)
            }
            return true
        case .delete: editor.delete(in: &text)
        case .lineUp:
            if !moveCursorVertically(by: -1, in: text) { lineUp(text) }
            return true
        case .lineDown:
            if !moveCursorVertically(by: 1, in: text) { lineDown(text) }
            return true
        case .cursorLeft: editor.left(in: text)
        case .cursorRight: editor.right(in: text)
        case .lineStart: editor.lineStart(in: text)
        case .lineEnd: editor.lineEnd(in: text)
        case .deleteWordBack: editor.deleteWordBack(in: &text)
        case .killToLineStart: editor.killToLineStart(in: &text)
        case .killToLineEnd: editor.killToLineEnd(in: &text)
        case .send where editing != nil:
            finishEditing()
            return true
        case .send:
            // What is sent belongs to the present: the presenter returns there first.
            let bar = inputBar
            presenter.send { [weak self] in
                let sent = bar.send()
                if sent, let self { self.editor.clamp(to: bar.text) }
                return sent
            }
            // A command (`InputBar.onCommand`) took the text without a send.
            editor.clamp(to: bar.text)
            return true
        case .scroll(let rows): scrollList(by: Double(rows))
        case .page(let pages): scrollList(by: Double(pages) * Double(max(1, listHeight - 2)))
        case .scrollToTop: presenter.scrollToTop()
        case .scrollToBottom: presenter.scrollToBottom()
        case .click(let x, let y):
            // A click may change the text itself (an item that writes, a send): keep it.
            click(x: x, y: y, gesture: .tap)
            return true
        case .longPress(let x, let y):
            click(x: x, y: y, gesture: .longPress)
            return true
        case .selectPrevious: presenter.selectPrevious()
        case .selectNext: presenter.selectNext()
        case .reply:
            if let target = actionTarget() { presenter.reply(to: target) }
        case .react(let index):
            if let target = actionTarget(), ChatPresenter.quickReactions.indices.contains(index) {
                presenter.react(to: target, with: ChatPresenter.quickReactions[index])
            }
        case .cancel:
            if editing != nil {
                cancelEditing()
                return true
            } else if inputBar.replyTarget != nil {
                inputBar.cancelReply()
            } else if presenter.selection != nil {
                presenter.clearSelection()
            } else {
                presenter.scrollToBottom()
            }
        case .undo: presenter.undoDelete()
        case .copy: copyMessage()
        case .completeMention:
            // Completing edits the model's text itself; the editor's cursor follows it.
            if let first = inputBar.mentionSuggestions(cursor: editor.cursor).first {
                inputBar.text = text
                let cursor = inputBar.completeMention(with: first, cursor: editor.cursor)
                text = inputBar.text
                editor.move(to: cursor, in: text)
            }
        case .repaint: break
        case .quit: return false
        }
        if text != inputBar.text {
            inputBar.text = text
        }
        return true
    }

    /// The message a reply or reaction key acts on: the selected one, else the newest
    /// message from someone else that can take one.
    private func actionTarget() -> MessageID? {
        if let selected = presenter.selection { return selected }
        let me = conversation.me.id
        return conversation.read { rows in
            var index = rows.count - 1
            while index >= 0 {
                if let message = rows.message(at: index), message.sender.id != me, !message.isDeleted,
                    message.content.kind != .notice
                {
                    return message.id
                }
                index -= 1
            }
            return nil
        }
    }

    /// Scrolls the list; the next frame works out how far its content moved, so the
    /// renderer can move the screen with the terminal's own scrolling instead of
    /// repainting every row.
    private func scrollList(by distance: Double) {
        presenter.scroll(by: distance)
        scrolledSinceFrame = true
    }

    /// Compares this frame's rows with the last frame's to find how far the list moved:
    /// by the first row of this frame that the last one showed.
    ///
    /// Both frames hold a screen of rows, so they are searched side by side rather than
    /// hashed: a table cost two hashes of every row's id a frame (#15). Plain loops, by
    /// index: a loop over the rows would copy each, and a closure would check its actor
    /// at every call.
    private func noteScroll(_ visible: [VisibleRow]) {
        defer {
            // Refilled in place: a frame allocates nothing here.
            lastFrameRows.removeAll(keepingCapacity: true)
            for index in visible.indices { lastFrameRows.append((visible[index].id, visible[index].y)) }
            scrolledSinceFrame = false
        }
        guard scrolledSinceFrame else { return }
        for index in visible.indices {
            let id = visible[index].id
            for last in lastFrameRows.indices where lastFrameRows[last].id == id {
                let moved = Int(saturating: (lastFrameRows[last].y - visible[index].y).rounded())
                if moved != 0 { scrollHint = (listTop..<(listTop + listHeight), moved) }
                return
            }
        }
    }

    /// How far the list's content moved since the last frame (rows, positive = up) and
    /// the screen rows it moved in; consumed by the frame that shows it.
    public func takeScrollHint() -> (rows: Range<Int>, by: Int)? {
        defer { scrollHint = nil }
        guard let hint = scrollHint, abs(hint.by) < hint.rows.count else { return nil }
        return hint
    }

    private func click(x: Int, y: Int, gesture: Viewport.Gesture) {
        // The badge, on the rule under the list, returns to the newest message.
        if gesture == .tap, let badge = badgeArea, badge.contains(x: x, y: y) {
            presenter.scrollToBottom()
            return
        }
        if y >= barTop, let bar = lastBarLayout {
            let point = Point(x: Double(x) + 0.5, y: Double(y - barTop) + 0.5)
            if let banner = bar.replyBanner, banner.cancelFrame.contains(point) {
                inputBar.cancelReply()
                return
            }
            if let item = bar.itemFrames.first(where: { $0.frame.contains(point) }), let model = inputBar.item(withID: item.id) {
                if model === inputBar.sendItem {
                    perform(.send)
                } else {
                    // An item that writes into the composer ("@" in Slack's) leaves the
                    // cursor after what it wrote.
                    let before = inputBar.text
                    model.touchUpInside()
                    if inputBar.text != before { editor.moveToEnd(of: inputBar.text) }
                }
            }
            return
        }
        guard y >= listTop, y < listTop + listHeight else { return }
        if gesture == .tap, let undo = undoArea, undo.contains(x: x, y: y) {
            presenter.undoDelete()
            return
        }
        // What covers the rows takes the click: a search result goes to it, the rest
        // (the field, the suggestions, editing and notice lines) does nothing.
        if listOverlays.contains(where: { $0.contains(x: x, y: y) }) {
            if gesture == .tap, presenter.search != nil, let line = searchBar.resultLines.first(where: { $0.y == y }) {
                goToSearchResult(line.index)
            }
            return
        }
        let point = Point(x: Double(x) + 0.5, y: Double(y - listTop) + 0.5)
        switch gesture {
        case .tap:
            // A click on a message selects it, as Alt+↑/↓ would (Alt+R then replies to
            // it), before what it clicked on acts.
            presenter.select(at: point)
            presenter.tap(at: point)
        case .longPress: presenter.longPress(at: point)
        }
    }
}

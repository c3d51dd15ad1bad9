import CGtk4
import Foundation
import ParleyCore
import ParleyGTK

/// `parley-bench gtk-text-floor`: what a plain GTK 4.8 program with no widget per row pays
/// to bring a transcript's text on screen as it scrolls, a fourth program beside the demo,
/// its peer and the floor in `scripts/measure-gtk.py`.
///
/// Where `gtk-floor` replays one drawing and shows nothing new, this one shows the same
/// transcript as the demo, in bubbles on two sides, and does for text it has not shown
/// before what any program must: each message is laid out and shaped once by Pango (the
/// window's font family at the demo's text size, wrapped at the width the demo's layout
/// gives a bubble's text on that side), and that layout measures the row and draws it,
/// straight onto the screen the first time the row shows and into an image of the row
/// the second, which later steps only place (the demo's list also draws rows that keep
/// moving from images of themselves, `childimages.c`). One GtkDrawingArea draws the rows
/// from an anchor (a row and how far its top is above the area) and a GtkScrollbar beside
/// it shows the place; nothing is styled, allocated or made accessible per row. A wheel
/// notch moves the rows by the demo's step (56 pixels), Page Up and Page Down by a page.
/// It runs until it is killed.
///
/// It is a comparison, not a bound: its rows are plainer than the demo's (no names, times,
/// avatars or receipts), and it has nothing per row a screen reader or the keyboard could
/// reach (GTK 4.8 makes only widgets accessible; other objects can implement
/// `GtkAccessible` from 4.10); a cleverer widgetless list could still draw a little less.
@MainActor
final class GtkTextFloor {
    /// Pixels a wheel notch moves, as in the demo (`MessengerView.wheelStep`).
    static let wheelStep = 56.0
    /// The demo's style: its text size, bubble insets and widths.
    static let style = ChatStyle.light
    /// The gap between rows.
    static let gap = style.metrics.messageSpacing
    /// Laid-out rows kept beyond those on screen, above and below, for rows that come back.
    static let keptBeyond = 32

    /// The transcript's bytes ("seconds<TAB>sender<TAB>text" lines).
    private let transcript: Data
    /// Each line's start in the transcript.
    private let lines: [Int]
    /// The lines sent by "You" (the demos' own sender), drawn on the right.
    private let mine: Set<Int>
    /// The drawing area the rows are drawn in.
    private let area: WidgetPointer
    /// The scroll bar's adjustment: it shows the place; dragging the bar moves nothing.
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The row at the area's top and how many pixels of it are above the area.
    private var top = 0, above = 0.0
    /// Whether the newest row's bottom stays at the area's bottom (at the start, and after
    /// a step down past the end).
    private var atBottom = true
    /// Laid-out rows by index, for the width they were laid out at.
    private var layouts: [Int: Row] = [:]
    /// One row laid out: its text's layout and size, and the row's image once it has been
    /// drawn a second time.
    private struct Row {
        let layout: OpaquePointer
        let textWidth: Double
        let height: Double
        var image: OpaquePointer?
        var drawn = false

        func free() {
            g_object_unref(UnsafeMutableRawPointer(layout))
            if let image { cairo_surface_destroy(image) }
        }
    }
    /// The area's width the rows were laid out for (0 before the first drawing).
    private var layoutWidth = 0
    /// Rows the last drawing showed, for the scroll bar's page.
    private var shownRows = 1

    /// Indexes `transcript`'s lines.
    init(transcript: Data) {
        self.transcript = transcript
        // One pass over the bytes: a line is "seconds<TAB>sender<TAB>text".
        var lines: [Int] = []
        var mine: Set<Int> = []
        transcript.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let me = Array("You".utf8)
            var start = 0
            while start < bytes.count {
                var end = start
                var tabs: [Int] = []
                while end < bytes.count, bytes[end] != 0x0A {
                    if bytes[end] == 0x09, tabs.count < 2 { tabs.append(end) }
                    end += 1
                }
                if tabs.count == 2 {
                    let sender = UnsafeRawBufferPointer(rebasing: bytes[(tabs[0] + 1)..<tabs[1]])
                    if sender.elementsEqual(me) { mine.insert(lines.count) }
                    lines.append(start)
                }
                start = end + 1
            }
        }
        self.lines = lines
        self.mine = mine
        area = gtk_drawing_area_new()!
        adjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
    }

    /// Shows the transcript at `path` in a window of `width` × `height` until killed.
    static func run(transcript path: String, width: Int, height: Int) {
        StandaloneWindow.startGTK(command: "gtk-text-floor")
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write("parley-bench gtk-text-floor: cannot read the transcript\n".data(using: .utf8)!)
            exit(2)
        }
        let floor = GtkTextFloor(transcript: data)
        guard !floor.lines.isEmpty else {
            FileHandle.standardError.write("parley-bench gtk-text-floor: the transcript has no lines\n".data(using: .utf8)!)
            exit(2)
        }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_hexpand(floor.area, 1)
        gtk_widget_set_vexpand(floor.area, 1)
        gtk_box_append(box.cast(to: GtkBox.self), floor.area)
        let bar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, floor.adjustment)!
        gtk_box_append(box.cast(to: GtkBox.self), bar)
        let context = Unmanaged.passRetained(floor).toOpaque()
        gtk_drawing_area_set_draw_func(floor.area.cast(to: GtkDrawingArea.self), { _, cairo, width, height, data in
            guard let cairo, let data else { return }
            let floor = Unmanaged<GtkTextFloor>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { floor.draw(cairo, width: Int(width), height: Int(height)) }
        }, context, nil)
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signals.connectScroll(UnsafeMutableRawPointer(scroll), "scroll") { [floor] _, dy in
            floor.move(by: dy * wheelStep)
            return true
        }
        gtk_widget_add_controller(floor.area, scroll)
        let window = StandaloneWindow.present(box, command: "gtk-text-floor", width: width, height: height)
        // The scroll bar's first place, once the first drawing settled at the bottom.
        let opened = Date()
        while Date().timeIntervalSince(opened) < 0.5 {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2000)
        }
        floor.updateScrollBar()
        StandaloneWindow.handlePageKeys(on: window) { [floor] pages in
            floor.move(by: pages * Double(gtk_widget_get_height(floor.area)))
        }
        StandaloneWindow.run()
    }

    /// Moves the rows by `distance` pixels (negative: towards older rows) and draws again.
    func move(by distance: Double) {
        // Rows are laid out for the area's width, known from the first drawing.
        guard distance != 0, layoutWidth > 0 else { return }
        atBottom = false
        above += distance
        while above < 0, top > 0 {
            top -= 1
            above += height(of: top)
        }
        above = max(0, above)
        while top < lines.count - 1, above >= height(of: top) {
            above -= height(of: top)
            top += 1
        }
        // Past the end, the newest row stays at the bottom.
        let areaHeight = Double(gtk_widget_get_height(area))
        var filled = -above
        var row = top
        while row < lines.count, filled < areaHeight {
            filled += height(of: row)
            row += 1
        }
        if filled < areaHeight { atBottom = true }
        gtk_widget_queue_draw(area)
        updateScrollBar()
    }

    /// The scroll bar follows the anchor, in rows (as the demo's bar follows its loaded
    /// rows, it moves a little each step). Not from the drawing: a scroll bar changed while
    /// GTK draws is drawn before it is placed.
    private func updateScrollBar() {
        gtk_adjustment_configure(adjustment, Double(top), 0, Double(lines.count), 1, 10, Double(shownRows))
    }

    /// The rows from the anchor down, each laid out the first time it shows.
    private func draw(_ cairo: OpaquePointer, width: Int, height: Int) {
        if width != layoutWidth {
            // Laid out again at the new width, from the same row's top.
            for kept in layouts.values { kept.free() }
            layouts = [:]
            layoutWidth = width
            sides = nil
            above = 0
        }
        if atBottom { settleAtBottom(height: Double(height)) }
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        var y = -above
        var row = top
        while row < lines.count, y < Double(height) {
            var kept = laidOut(row)
            if kept.drawn {
                cairo_set_source_surface(cairo, image(of: row, width: width), 0, y)
                cairo_paint(cairo)
            } else {
                drawBubble(cairo, row: row, kept, y: y)
                kept.drawn = true
                layouts[row] = kept
            }
            y += kept.height
            row += 1
        }
        shownRows = max(1, row - top)
        forgetFarLayouts()
    }

    /// Puts the newest row's bottom at the area's bottom.
    private func settleAtBottom(height: Double) {
        var filled = 0.0
        top = lines.count
        while top > 0, filled < height {
            top -= 1
            filled += self.height(of: top)
        }
        above = max(0, filled - height)
    }

    /// Row `row`'s height, laying it out if it is not yet.
    private func height(of row: Int) -> Double { laidOut(row).height }

    /// Row `row` drawn into an image, made the first time it is asked for.
    private func image(of row: Int, width: Int) -> OpaquePointer {
        var kept = laidOut(row)
        if let image = kept.image { return image }
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(kept.height.rounded(.up)))!
        let cairo = cairo_create(image)!
        drawBubble(cairo, row: row, kept, y: 0)
        cairo_destroy(cairo)
        kept.image = image
        layouts[row] = kept
        return image
    }

    /// Where the demo's layout puts a bubble on one side of a row `rowWidth` wide: its
    /// leading edge (others') or trailing edge (one's own), and the widest its text may
    /// be. Read from the core's layout of a one-word message, so the floor places and
    /// wraps as the demo does without working it out again.
    private struct Side {
        let edge: Double
        let wrapWidth: Double

        init(style: ChatStyle, rowWidth: Double, mine: Bool) {
            let engine = LayoutEngine(style: style, measurer: MonospaceMeasurer(), cacheSize: 1)
            let sender = mine ? Sender(id: "me", name: "You") : Sender(id: "other", name: "Other")
            let message = Message(sender: sender, content: .text("x"))
            let layout = engine.layout(
                .message(message), context: RowContext(side: mine ? .outgoing : .incoming, position: .single),
                width: rowWidth)
            let bubble = layout.bubble ?? Rect(x: 0, y: 0, width: rowWidth, height: 0)
            edge = mine ? bubble.maxX : bubble.minX
            wrapWidth = max(1, layout.wrapWidth)
        }
    }

    /// Others' and one's own sides at ``layoutWidth``.
    private var sides: (others: Side, mine: Side)?

    private func side(mine: Bool) -> Side {
        let width = Double(layoutWidth)
        let known = sides ?? (Side(style: Self.style, rowWidth: width, mine: false), Side(style: Self.style, rowWidth: width, mine: true))
        sides = known
        return mine ? known.mine : known.others
    }

    /// Row `row`'s text laid out at the bubble's width, made the first time it is asked for.
    private func laidOut(_ row: Int) -> Row {
        if let kept = layouts[row] { return kept }
        let start = lines[row]
        let end = transcript[start...].firstIndex(of: 0x0A) ?? transcript.endIndex
        let text = transcript[start..<end].split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false).last ?? Data()
        let layout = gtk_widget_create_pango_layout(area, nil)!
        // The window's font family, at the size of the demo's message text.
        let font = pango_font_description_copy(pango_context_get_font_description(pango_layout_get_context(layout)))!
        pango_font_description_set_size(font, Int32(Self.style.bodyFont.size * Double(PANGO_SCALE)))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, Int32(side(mine: mine.contains(row)).wrapWidth * Double(PANGO_SCALE)))
        text.withUnsafeBytes { bytes in
            pango_layout_set_text(layout, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        }
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        let insets = Self.style.metrics.bubbleInsets
        let kept = Row(layout: layout, textWidth: Double(logical.width), height: Double(logical.height) + insets.vertical + Self.gap)
        layouts[row] = kept
        return kept
    }

    /// Lets go of the rows laid out more than ``keptBeyond`` rows above or below the screen.
    private func forgetFarLayouts() {
        guard layouts.count > 2 * Self.keptBeyond + shownRows else { return }
        let kept = (top - Self.keptBeyond)...(top + shownRows + Self.keptBeyond)
        for (row, laidOut) in layouts where !kept.contains(row) {
            laidOut.free()
            layouts[row] = nil
        }
    }

    /// Row `row`'s bubble and text, the row's top at `y`.
    private func drawBubble(_ cairo: OpaquePointer, row: Int, _ kept: Row, y: Double) {
        let metrics = Self.style.metrics
        let isMine = mine.contains(row)
        let bubbleWidth = kept.textWidth + metrics.bubbleInsets.horizontal
        let edge = side(mine: isMine).edge
        let x = isMine ? edge - bubbleWidth : edge
        let bubble = Rect(x: x, y: y + Self.gap / 2, width: bubbleWidth, height: kept.height - Self.gap)
        FloorBubble.fill(cairo, bubble, radius: min(14, bubble.height / 2), mine: isMine)
        cairo_move_to(cairo, bubble.minX + metrics.bubbleInsets.left, bubble.minY + metrics.bubbleInsets.top)
        pango_cairo_show_layout(cairo, kept.layout)
    }
}

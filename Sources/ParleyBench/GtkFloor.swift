import CGtk4
import Foundation
import ParleyCore
import ParleyGTK

/// `parley-bench gtk-floor`: the least a GTK 4.8 program pays for a scroll step, as a third
/// program beside the demo and its peer in `scripts/measure-gtk.py`.
///
/// A GtkScrolledWindow over one GtkDrawingArea of 500 rows, each a rounded rectangle and a
/// line of text, opened at the bottom. The rows are drawn once, into the drawing area's
/// recording, and only replayed as the window scrolls: no widget per row, no text laid
/// out or shaped, nothing drawn for the first time. What a wheel click costs it is GTK's
/// own part of every scroll step: the event, the adjustment, the layout and snapshot of a
/// few widgets, the frame's buffer, drawing the damaged area and handing it to the X
/// server. Its scroll bar sits beside the content, as the demo's does (`--overlay` gives
/// GTK's default overlay scroll bar instead). Page Up and Page Down move by a page, as the
/// peer's do. It runs until it is killed.
@MainActor
enum GtkFloor {
    /// Rows in the drawing, and each one's height in pixels.
    nonisolated static let rows = 500, rowHeight = 60

    static func run(width: Int, height: Int, overlay: Bool) {
        StandaloneWindow.startGTK(command: "gtk-floor")
        let area = gtk_drawing_area_new()!
        let drawing = area.cast(to: GtkDrawingArea.self)
        gtk_drawing_area_set_content_height(drawing, Int32(rows * rowHeight))
        gtk_drawing_area_set_draw_func(drawing, { _, cairo, width, _, _ in
            if let cairo { GtkFloor.drawRows(cairo, width: Double(width)) }
        }, nil, nil)
        let scrolled = gtk_scrolled_window_new()!
        let scroller = OpaquePointer(scrolled)
        gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_overlay_scrolling(scroller, overlay ? 1 : 0)
        gtk_scrolled_window_set_child(scroller, area)
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller)!

        let toplevel = StandaloneWindow.present(scrolled, command: "gtk-floor", width: width, height: height)
        // Open at the bottom, as a messenger does (the range is known after the first layout).
        let opened = Date()
        while Date().timeIntervalSince(opened) < 1 {
            let bottom = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if gtk_adjustment_get_value(adjustment) != bottom { gtk_adjustment_set_value(adjustment, bottom) }
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2000)
        }
        StandaloneWindow.handlePageKeys(on: toplevel) { StandaloneWindow.page(adjustment, by: $0) }
        StandaloneWindow.run()
    }

    /// The rows: a bubble of the demo's size on alternating sides with a line of text.
    nonisolated static func drawRows(_ cairo: OpaquePointer, width: Double) {
        let layout = pango_cairo_create_layout(cairo)!
        let font = pango_font_description_from_string("Sans 10")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        for row in 0..<rows {
            let top = Double(row * rowHeight)
            let left = row % 3 == 0 ? width * 0.35 : 12
            let bubble = Rect(x: left, y: top + 6, width: width * 0.6, height: Double(rowHeight) - 12)
            FloorBubble.fill(cairo, bubble, radius: 14, mine: row % 3 == 0)
            pango_layout_set_text(layout, "Row \(row): a few words of a message", -1)
            cairo_move_to(cairo, bubble.minX + 12, bubble.minY + 10)
            pango_cairo_show_layout(cairo, layout)
        }
        g_object_unref(UnsafeMutableRawPointer(layout))
    }
}

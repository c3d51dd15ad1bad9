import CGtk4
import ParleyCore

/// The bubble the floors draw (`gtk-floor`, `gtk-text-floor`): a rounded rectangle in the
/// light theme's colours, blue for one's own messages and grey for others'.
enum FloorBubble {
    /// Fills `rect` as a bubble with corners of `radius`, and leaves the text's colour as
    /// the source for what is drawn in it.
    static func fill(_ cairo: OpaquePointer, _ rect: Rect, radius: Double, mine: Bool) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - radius, rect.minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, rect.minX + radius, rect.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, rect.minX + radius, rect.minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        if mine { cairo_set_source_rgb(cairo, 0.2, 0.45, 0.9) } else { cairo_set_source_rgb(cairo, 0.9, 0.91, 0.93) }
        cairo_fill(cairo)
        if mine { cairo_set_source_rgb(cairo, 1, 1, 1) } else { cairo_set_source_rgb(cairo, 0.1, 0.1, 0.1) }
    }
}

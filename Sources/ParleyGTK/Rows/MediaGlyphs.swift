internal import CGtk4
import ParleyCore

/// What audio and video rows draw with cairo rather than text: the round play, pause
/// and loading button, and rounded bars (so no font decides how "⏸" looks).
enum MediaGlyphs {
    static func setColor(_ cairo: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// A disc filling `width` × `height` in `fill`, with `button`'s symbol in `ink`.
    static func drawButton(_ button: MediaButton, snapshot: OpaquePointer, width: Double, height: Double, fill: Color, ink: Color) {
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard width > 0, height > 0, let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        defer { cairo_destroy(cairo) }
        let radius = min(width, height) / 2, cx = width / 2, cy = height / 2
        setColor(cairo, fill)
        cairo_arc(cairo, cx, cy, radius, 0, 2 * .pi)
        cairo_fill(cairo)
        setColor(cairo, ink)
        let unit = radius * 0.42
        switch button {
        case .play:
            cairo_move_to(cairo, cx - unit * 0.7, cy - unit)
            cairo_line_to(cairo, cx + unit * 1.05, cy)
            cairo_line_to(cairo, cx - unit * 0.7, cy + unit)
            cairo_close_path(cairo)
            cairo_fill(cairo)
        case .pause:
            cairo_rectangle(cairo, cx - unit * 0.85, cy - unit, unit * 0.6, unit * 2)
            cairo_rectangle(cairo, cx + unit * 0.25, cy - unit, unit * 0.6, unit * 2)
            cairo_fill(cairo)
        case .loading:
            for offset in [-1.0, 0, 1] {
                cairo_arc(cairo, cx + offset * unit * 0.9, cy, unit * 0.28, 0, 2 * .pi)
                cairo_fill(cairo)
            }
        }
    }

    /// `rect` with round ends.
    static func roundedBar(_ cairo: OpaquePointer, _ rect: Rect) {
        let r = min(rect.width, rect.height) / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cairo, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cairo, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cairo)
    }

    /// The accent (played bars, the button) and the quiet colour (the rest) on a bubble
    /// of `side`; a bubble-less row takes the incoming colours.
    static func colors(_ style: ChatStyle, side: Side, bare: Bool) -> (accent: Color, quiet: Color, ink: Color) {
        let colors = style[bare ? .incoming : side]
        let bubble = colors.bubbleColor.alpha > 0.05 ? colors.bubbleColor : style.backgroundColor
        return (colors.linkColor, colors.textColor.withAlpha(0.35), bubble.withAlpha(1))
    }
}

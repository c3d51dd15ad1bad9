internal import CGtk4

/// The send button's arrow, drawn rather than taken from the icon theme (Adwaita has a
/// chevron, which reads as "expand", not "send"): a shaft with a head, pointing up, in
/// the button's CSS colour. CSS node `sendarrow`.
///
/// Items show it for the abstract icon name "send"; an app that prefers a theme icon maps
/// "send" to it in ``InputBarView/iconNames``.
@MainActor
enum SendArrowIcon {
    /// The icon name that stands for this drawn arrow in the icon mapping.
    static let iconName = "parley-send-arrow"

    /// A new arrow `size` pixels square; keep the frame while its widget is shown.
    static func make(size: Int32) -> Frame {
        let frame = Frame(cssName: "sendarrow", role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        let widget = frame.widget
        frame.handlers.measure = { _, _ in (Int(size), Int(size)) }
        frame.handlers.draw = { snapshot, width, height in
            MainActor.assumeIsolated { draw(widget, snapshot: snapshot, width: width, height: height, size: Double(size)) }
        }
        return frame
    }

    private static func draw(_ widget: WidgetPointer, snapshot: OpaquePointer, width: Double, height: Double, size: Double) {
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        cairo_set_line_width(cairo, max(1.5, size * 0.13))
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        let centerX = width / 2
        let top = height / 2 - size * 0.38
        let bottom = height / 2 + size * 0.38
        let head = size * 0.34
        cairo_move_to(cairo, centerX, bottom)
        cairo_line_to(cairo, centerX, top)
        cairo_move_to(cairo, centerX - head, top + head)
        cairo_line_to(cairo, centerX, top)
        cairo_line_to(cairo, centerX + head, top + head)
        cairo_stroke(cairo)
    }
}

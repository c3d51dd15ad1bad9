internal import CGtk4
internal import CParleyGtk

/// A control floating over the list (the new-messages button, the undo bar) with a soft
/// shadow drawn from a picture made once for its size (``SoftShadow``), not blurred again
/// on every frame the list scrolls under it. CSS node `floating-shadow`.
///
/// The frame is the control's size plus the shadow's ``SoftShadow/margin`` on every side,
/// and takes no pointer itself: a click in the shadow reaches the list beneath. While the
/// control is hidden the frame has no size and draws nothing.
@MainActor
final class FloatingShadow {
    private let frame = Frame(cssName: "floating-shadow", role: GTK_ACCESSIBLE_ROLE_GENERIC)
    /// The control the shadow is under.
    let child: WidgetPointer
    /// How the shadow looks.
    let shadow: SoftShadow
    /// The picture last drawn, for the control's size and the screen's scale.
    private var drawn: (width: Int, height: Int, scale: Int, texture: Texture?)?

    /// The frame, to place where the control should float (its margins count the shadow's
    /// margin in).
    var widget: WidgetPointer { frame.widget }

    /// Wraps `child`, a widget without a parent yet.
    init(_ child: WidgetPointer, shadow: SoftShadow = SoftShadow()) {
        self.child = child
        self.shadow = shadow
        frame.add(child)
        parley_frame_set_picks_through(UnsafeMutableRawPointer(frame.widget), true)
        let margin = shadow.margin
        frame.handlers.measure = { [weak self] vertical, forSize in
            guard let self, self.child.isShown else { return (0, 0) }
            var minimum: Int32 = 0, natural: Int32 = 0
            let orientation = vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
            gtk_widget_measure(self.child, orientation, Int32(clamping: forSize < 0 ? -1 : max(0, forSize - 2 * margin)), &minimum, &natural, nil, nil)
            return (Int(minimum) + 2 * margin, Int(natural) + 2 * margin)
        }
        frame.handlers.allocate = { [weak self] width, height in
            guard let self, self.child.isShown else { return }
            var area = GtkAllocation(
                x: Int32(margin), y: Int32(margin),
                width: Int32(saturating: max(0, width - Double(2 * margin))), height: Int32(saturating: max(0, height - Double(2 * margin))))
            gtk_widget_size_allocate(self.child, &area, -1)
        }
        frame.handlers.draw = { [weak self] snapshot, width, height in
            MainActor.assumeIsolated { self?.draw(snapshot, width: width, height: height) }
        }
    }

    /// The shadow picture for the control's current size (the frame's, less the margin),
    /// made again only when that size or the scale changes.
    var texture: Texture? {
        guard child.isShown else { return nil }
        let margin = shadow.margin
        let width = Int(gtk_widget_get_width(frame.widget)) - 2 * margin
        let height = Int(gtk_widget_get_height(frame.widget)) - 2 * margin
        let scale = Int(max(1, gtk_widget_get_scale_factor(frame.widget)))
        if let drawn, drawn.width == width, drawn.height == height, drawn.scale == scale { return drawn.texture }
        let texture = shadow.picture(width: width, height: height, scale: scale).map(Texture.init)
        drawn = (width, height, scale, texture)
        return texture
    }

    /// Draws the picture over the whole frame, under the control.
    private func draw(_ snapshot: OpaquePointer, width: Double, height: Double) {
        guard let texture else { return }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        gtk_snapshot_append_texture(snapshot, texture.pointer, &bounds)
    }
}

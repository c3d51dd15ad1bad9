internal import CGtk4
import ParleyCore

/// A voice note or audio file in a bubble (CSS node `audio`), its parts at the frames of
/// the core's ``AudioLayout``: the round button (`media-button`), the waveform
/// (`waveform`, its played bars in the accent colour), the time (`label.media-time`), a
/// file's name (`label.card-title`) and, when it cannot play, `label.media-failure`.
///
/// Clicks reach the list's hit test like every other (play, pause, seek); a drag on the
/// waveform seeks as it goes (``MessengerView``). The row only draws: the stream belongs
/// to the view's ``MediaPlayer``.
@MainActor
final class AudioView {
    private let root = Frame(cssName: "audio", role: GTK_ACCESSIBLE_ROLE_GROUP)
    private let button = Frame(cssName: "media-button", role: GTK_ACCESSIBLE_ROLE_BUTTON)
    private let waveform = Frame(cssName: "waveform", role: GTK_ACCESSIBLE_ROLE_SLIDER)
    private let time = gtk_label_new(nil)!
    private let failure = gtk_label_new(nil)!
    private let title = gtk_label_new(nil)!
    private var layout: AudioLayout?
    private var look: MediaAppearance?
    private var colors = (accent: Color(hex: 0x0A84FF), quiet: Color(hex: 0x808080), ink: Color(hex: 0xFFFFFF))
    private var strings = ChatStrings.english
    private var state = PlaybackState.idle
    private var duration: Double?
    /// The parts' nodes, which also carry their name as a class (for themes and tests).
    private var cssFrames: [Frame] { [root, button, waveform] }

    init(parent: Frame) {
        parent.add(root.widget)
        for (label, name) in [(time, "media-time"), (failure, "media-failure"), (title, "card-title")] {
            gtk_widget_add_css_class(label, name)
            gtk_label_set_single_line_mode(label.ptr(), 1)
            gtk_label_set_xalign(label.ptr(), 0)
            root.add(label)
        }
        gtk_label_set_xalign(time.ptr(), 1)
        time.setAccessibleHidden(true)
        root.add(button.widget)
        root.add(waveform.widget)
        button.handlers.draw = { [weak self] snapshot, width, height in
            guard let self, let look = self.look else { return }
            MediaGlyphs.drawButton(look.button, snapshot: snapshot, width: width, height: height, fill: self.colors.accent, ink: self.colors.ink)
        }
        waveform.handlers.draw = { [weak self] snapshot, width, height in self?.drawWaveform(snapshot, width: width, height: height) }
        for frame in cssFrames { gtk_widget_add_css_class(frame.widget, String(cString: gtk_widget_get_css_name(frame.widget))) }
        root.widget.isShown = false
        root.handlers.allocate = { [weak self] _, _ in self?.allocate() }
    }

    /// Shows `layout` on a bubble of `side` (`bare` without one) in `state`.
    func show(_ layout: AudioLayout, side: Side, bare: Bool, state: PlaybackState, duration: Double?, host: any RowHost) {
        self.layout = layout
        strings = host.style.strings
        colors = MediaGlyphs.colors(host.style, side: side, bare: bare)
        root.widget.isShown = true
        root.widget.setAccessibleLabel(layout.accessibleName)
        let label = host.measurer.description(host.style.labelFont)
        if let line = layout.title {
            LabelText(title).show(line.text, font: host.measurer.description(host.style.bodyFont))
            title.isShown = true
        } else {
            title.isShown = false
        }
        LabelText(failure).show(layout.failureText, font: label)
        LabelText(time).show(layout.durationText, font: label)
        apply(state, duration: duration)
        gtk_widget_queue_allocate(root.widget)
    }

    /// Draws `state` (the button, the played bars, the time, a failure).
    func apply(_ state: PlaybackState, duration: Double?) {
        guard let layout else { return }
        self.state = state
        self.duration = duration
        let look = layout.appearance(state, duration: duration, strings: strings)
        guard look != self.look else { return }
        self.look = look
        let failed = look.failure != nil
        failure.isShown = failed
        waveform.widget.isShown = !failed
        time.isShown = !failed
        if !failed, String(cString: gtk_label_get_text(time.ptr())) != look.time { gtk_label_set_text(time.ptr(), look.time) }
        button.widget.setAccessibleLabel(look.buttonName)
        waveform.widget.setAccessibleLabel(look.positionName)
        gtk_widget_queue_draw(button.widget)
        gtk_widget_queue_draw(waveform.widget)
    }

    /// Takes `layout`'s frames (the row was laid out again at a new width, inside the
    /// list's allocation): only where the parts go and what is drawn change.
    func adopt(_ layout: AudioLayout) {
        guard root.widget.isShown, layout != self.layout else { return }
        self.layout = layout
        look = layout.appearance(state, duration: duration, strings: strings)
        gtk_widget_queue_draw(root.widget)
    }

    /// Hides the view.
    func hide() {
        guard root.widget.isShown else { return }
        root.widget.isShown = false
        layout = nil
        look = nil
    }

    /// Places the view at `rect` of the bubble (its content frame).
    func place(_ rect: Rect) {
        guard root.widget.isShown else { return }
        root.widget.place(rect)
    }

    private func local(_ rect: Rect) -> Rect {
        guard let layout else { return rect }
        return rect.offsetBy(dx: -layout.frame.minX, dy: -layout.frame.minY)
    }

    private func allocate() {
        guard let layout else { return }
        button.widget.place(local(layout.playButton))
        waveform.widget.place(local(layout.waveform))
        time.place(local(layout.durationFrame))
        failure.place(local(layout.failureFrame))
        if let line = layout.title { title.place(local(line.frame)) }
    }

    private func drawWaveform(_ snapshot: OpaquePointer, width: Double, height: Double) {
        guard let layout, let look else { return }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard width > 0, height > 0, let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        defer { cairo_destroy(cairo) }
        let origin = layout.waveform.origin
        for (played, color) in [(true, colors.accent), (false, colors.quiet)] {
            MediaGlyphs.setColor(cairo, color)
            for (index, bar) in layout.bars.enumerated() where (index < look.playedBars) == played {
                MediaGlyphs.roundedBar(cairo, bar.frame.offsetBy(dx: -origin.x, dy: -origin.y))
            }
            cairo_fill(cairo)
        }
    }
}

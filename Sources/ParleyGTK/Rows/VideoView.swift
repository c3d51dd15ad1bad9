internal import CGtk4
import ParleyCore

/// A video in a bubble (CSS node `video`), at the frames of the core's ``VideoLayout``:
/// the poster through the image loader (or `video-placeholder` without one), the playing
/// video in a `picture.video-frame` bound to the player's stream, the round button, the
/// duration badge (`label.media-badge`), the progress bar (`media-progress`) and, when it
/// cannot play, `label.media-failure`.
///
/// The row only shows the stream while it is its message's: recycling the row unbinds it,
/// and the stream itself belongs to the view's ``MediaPlayer``.
@MainActor
final class VideoView {
    private let root = Frame(cssName: "video", role: GTK_ACCESSIBLE_ROLE_GROUP)
    private let placeholder = Frame(cssName: "video-placeholder")
    /// Under everything else: the poster's picture (made when first shown) goes here.
    private let posterLayer = Frame(cssName: "video-poster")
    private let picture = gtk_picture_new()!
    private let overlay = Frame(cssName: "media-overlay", role: GTK_ACCESSIBLE_ROLE_BUTTON)
    private let badge = gtk_label_new(nil)!
    private let failure = gtk_label_new(nil)!
    private var posterView: MediaView?
    private var layout: VideoLayout?
    private var look: MediaAppearance?
    private var isBound = false
    private var colors = (accent: Color(hex: 0x0A84FF), quiet: Color(hex: 0x808080), ink: Color(hex: 0xFFFFFF))
    private var strings = ChatStrings.english
    private var state = PlaybackState.idle
    private var duration: Double?
    /// The parts' nodes, which also carry their name as a class (for themes and tests).
    private var cssFrames: [Frame] { [root, placeholder, posterLayer, overlay] }

    init(parent: Frame) {
        parent.add(root.widget)
        root.add(placeholder.widget)
        root.add(posterLayer.widget)
        posterLayer.handlers.allocate = { [weak self] width, height in
            self?.posterView?.place(Rect(x: 0, y: 0, width: width, height: height))
        }
        gtk_widget_add_css_class(picture, "video-frame")
        gtk_picture_set_content_fit(picture.ptr(), GTK_CONTENT_FIT_CONTAIN)
        picture.isShown = false
        root.add(picture)
        root.add(overlay.widget)
        for (label, name) in [(badge, "media-badge"), (failure, "media-failure")] {
            gtk_widget_add_css_class(label, name)
            gtk_label_set_single_line_mode(label.ptr(), 1)
            gtk_label_set_xalign(label.ptr(), 0.5)
            root.add(label)
        }
        badge.setAccessibleHidden(true)
        overlay.handlers.draw = { [weak self] snapshot, width, height in self?.drawOverlay(snapshot, width: width, height: height) }
        for frame in cssFrames { gtk_widget_add_css_class(frame.widget, String(cString: gtk_widget_get_css_name(frame.widget))) }
        root.widget.isShown = false
        root.handlers.allocate = { [weak self] _, _ in self?.allocate() }
    }

    /// Shows `layout` of `video` in `state`, with `stream` (the player's, while this
    /// message's video is open).
    func show(
        _ layout: VideoLayout, of video: VideoContent, side: Side, state: PlaybackState, duration: Double?,
        stream: OpaquePointer?, host: any RowHost
    ) {
        self.layout = layout
        strings = host.style.strings
        colors = MediaGlyphs.colors(host.style, side: side, bare: true)
        root.widget.isShown = true
        root.widget.setAccessibleLabel(layout.accessibleName)
        if let poster = video.poster {
            if posterView == nil { posterView = MediaView(parent: posterLayer) }
            posterView?.show(poster, host: host)
            posterLayer.widget.isShown = true
            placeholder.widget.isShown = false
        } else {
            posterView?.hide()
            posterLayer.widget.isShown = false
            placeholder.widget.isShown = true
        }
        let label = host.measurer.description(host.style.labelFont)
        LabelText(failure).show(layout.failureText, font: label)
        LabelText(badge).show(layout.durationText, font: label)
        bind(stream)
        look = nil
        apply(state, duration: duration, stream: stream)
        gtk_widget_queue_allocate(root.widget)
    }

    /// Draws `state`; binds the picture to `stream` when there is one.
    func apply(_ state: PlaybackState, duration: Double?, stream: OpaquePointer?) {
        guard let layout else { return }
        bind(stream)
        self.state = state
        self.duration = duration
        let look = layout.appearance(state, duration: duration, strings: strings)
        guard look != self.look else { return }
        self.look = look
        failure.isShown = look.failure != nil
        if String(cString: gtk_label_get_text(badge.ptr())) != look.time { gtk_label_set_text(badge.ptr(), look.time) }
        overlay.widget.setAccessibleLabel(look.buttonName)
        gtk_widget_queue_draw(overlay.widget)
    }

    /// Takes `layout`'s frames (the row was laid out again at a new width, inside the
    /// list's allocation): only where the parts go and what is drawn change.
    func adopt(_ layout: VideoLayout) {
        guard root.widget.isShown, layout != self.layout else { return }
        self.layout = layout
        look = layout.appearance(state, duration: duration, strings: strings)
        gtk_widget_queue_draw(root.widget)
    }

    /// Hides the view, letting go of any stream.
    func hide() {
        guard root.widget.isShown else { return }
        root.widget.isShown = false
        bind(nil)
        posterView?.hide()
        layout = nil
        look = nil
    }

    /// Places the view at `rect` of the bubble (its content frame).
    func place(_ rect: Rect) {
        guard root.widget.isShown else { return }
        root.widget.place(rect)
    }

    private func bind(_ stream: OpaquePointer?) {
        if stream == nil, !isBound { return }
        gtk_picture_set_paintable(picture.ptr(), stream as OpaquePointer?)
        isBound = stream != nil
        picture.isShown = isBound
    }

    private func local(_ rect: Rect) -> Rect {
        guard let layout else { return rect }
        return rect.offsetBy(dx: -layout.poster.minX, dy: -layout.poster.minY)
    }

    private func allocate() {
        guard let layout else { return }
        let poster = local(layout.poster)
        placeholder.widget.place(poster)
        posterLayer.widget.place(poster)
        if isBound { picture.place(poster) }
        overlay.widget.place(poster)
        badge.place(local(layout.badge))
        failure.place(local(layout.failureFrame))
    }

    private func drawOverlay(_ snapshot: OpaquePointer, width: Double, height: Double) {
        guard let layout, let look else { return }
        if look.button != .pause {
            let button = local(layout.playButton)
            gtk_snapshot_save(snapshot)
            var point = graphene_point_t(x: Float(button.minX), y: Float(button.minY))
            gtk_snapshot_translate(snapshot, &point)
            MediaGlyphs.drawButton(
                look.button, snapshot: snapshot, width: button.width, height: button.height,
                fill: Color(hex: 0x000000, alpha: 0.55), ink: Color(hex: 0xFFFFFF))
            gtk_snapshot_restore(snapshot)
        }
        guard look.showsProgress else { return }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        defer { cairo_destroy(cairo) }
        let bar = local(layout.progress)
        MediaGlyphs.setColor(cairo, Color(hex: 0xFFFFFF, alpha: 0.35))
        cairo_rectangle(cairo, bar.minX, bar.minY, bar.width, bar.height)
        cairo_fill(cairo)
        let filled = (bar.width * look.playedFraction).rounded()
        MediaGlyphs.setColor(cairo, colors.accent)
        cairo_rectangle(cairo, layout.isReversed ? bar.maxX - filled : bar.minX, bar.minY, filled, bar.height)
        cairo_fill(cairo)
    }
}

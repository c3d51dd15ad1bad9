internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// A round avatar: the sender's picture, or their initials on their colour.
@MainActor
final class AvatarView {
    private let frame = Frame(cssName: "avatar", role: GTK_ACCESSIBLE_ROLE_IMG)
    // Made the first time they show.
    private var initialsLabel: WidgetPointer?
    private var pictureWidget: WidgetPointer?
    private var initials: WidgetPointer {
        if let initialsLabel { return initialsLabel }
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(label.ptr(), 0.5)
        frame.add(label)
        initialsLabel = label
        return label
    }
    private var picture: WidgetPointer {
        if let pictureWidget { return pictureWidget }
        let picture = gtk_picture_new()!
        gtk_picture_set_content_fit(picture.ptr(), GTK_CONTENT_FIT_COVER)
        frame.add(picture)
        pictureWidget = picture
        return picture
    }
    private var shownName: String?

    /// The avatar's widget (CSS node `avatar`).
    var widget: WidgetPointer { frame.widget }
    private var color = Color.clear

    init(parent: Frame) {
        parent.add(frame.widget)
        gtk_widget_set_overflow(frame.widget, GTK_OVERFLOW_HIDDEN)
        frame.handlers.draw = { [weak self] snapshot, width, height in
            guard let self, self.color.alpha > 0 else { return }
            var rect = graphene_rect_t(
                origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
            var rounded = GskRoundedRect()
            gsk_rounded_rect_init_from_rect(&rounded, &rect, Float(min(width, height) / 2))
            gtk_snapshot_push_rounded_clip(snapshot, &rounded)
            var fill = GdkRGBA(red: Float(self.color.red), green: Float(self.color.green), blue: Float(self.color.blue), alpha: 1)
            gtk_snapshot_append_color(snapshot, &fill, &rect)
            gtk_snapshot_pop(snapshot)
        }
        frame.handlers.allocate = { [weak self] width, height in
            guard let self else { return }
            let rect = Rect(x: 0, y: 0, width: width, height: height)
            if let initials = self.initialsLabel, initials.isShown { initials.place(rect) }
            if let picture = self.pictureWidget, picture.isShown { picture.place(rect) }
        }
    }

    /// Shows `sender`'s avatar.
    func show(_ sender: Sender, host: any RowHost) {
        if !frame.widget.isShown { frame.widget.isShown = true }
        if shownName != sender.name {
            shownName = sender.name
            frame.widget.setAccessibleLabel(sender.name)
        }
        var texture: Texture?
        switch sender.avatar {
        case .file(let path):
            if case .loaded(let loaded) = host.images.state(of: .file(path: path), maxSize: Size(width: 96, height: 96)) {
                texture = loaded
            }
        case .url(let url):
            if case .loaded(let loaded) = host.images.state(of: .url(url), maxSize: Size(width: 96, height: 96)) {
                texture = loaded
            }
        case .initials, .none:
            break
        }
        if let texture {
            gtk_picture_set_paintable(picture.ptr(), texture.paintable)
            picture.isShown = true
            if let initialsLabel, initialsLabel.isShown { initialsLabel.isShown = false }
            color = .clear
        } else {
            if let pictureWidget, pictureWidget.isShown { pictureWidget.isShown = false }
            if case .none = sender.avatar {
                if let initialsLabel, initialsLabel.isShown { initialsLabel.isShown = false }
            } else {
                let font = FontSpec(size: max(7, host.style.metrics.avatarSize.height * 0.3), weight: .semibold)
                LabelText(initials).show(InertText.singleLine(sender.initials), font: host.measurer.description(font))
                initials.isShown = true
            }
            color = Color.avatar(for: sender.id)
        }
        gtk_widget_queue_draw(frame.widget)
    }

    /// Hides the avatar.
    func hide() {
        frame.widget.isShown = false
    }

    /// Places the avatar in its row.
    func place(_ rect: Rect) {
        guard frame.widget.isShown else { return }
        frame.widget.place(rect)
    }
}

internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// One attachment above the text: a rounded thumbnail with a remove button in its corner.
///
/// CSS: `overlay.attachment` holding `picture.thumbnail`, `image.placeholder` (until the
/// thumbnail is decoded, or for good when it cannot be) and `button.remove`.
@MainActor
final class AttachmentChip {
    /// The side of a chip, in pixels.
    static let side: Int32 = 64

    /// The attachment shown.
    let attachmentID: Int
    /// The chip (a GtkOverlay).
    let widget: WidgetPointer
    /// The remove button.
    let removeButton: WidgetPointer
    private let picture: WidgetPointer
    private let placeholder: WidgetPointer
    private let reference: ObjectRef
    private var loading: Task<Void, Never>?

    /// Whether the thumbnail is drawn (decoded and shown).
    private(set) var hasThumbnail = false

    /// Creates the chip of `attachment`.
    ///
    /// - Parameters:
    ///   - texture: A GdkTexture already at hand (a pasted image); otherwise the source
    ///     is decoded in the background.
    ///   - onRemove: Called with the attachment's id when the remove button is clicked.
    ///   - onSize: Called with the image's size once decoding has read it.
    init(
        attachment: InputBarAttachment, texture: UnsafeMutableRawPointer?,
        onRemove: @escaping @MainActor (Int) -> Void, onSize: @escaping @MainActor (Int, Size) -> Void
    ) {
        attachmentID = attachment.id
        widget = gtk_overlay_new()!
        reference = ObjectRef(sinking: widget.raw)
        gtk_widget_add_css_class(widget, "attachment")
        gtk_widget_set_size_request(widget, Self.side, Self.side)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        parley_accessible_set_label(widget.raw, "Image: " + attachment.name)

        picture = gtk_picture_new()!
        gtk_widget_add_css_class(picture, "thumbnail")
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_overlay_set_child(widget.opaque, picture)

        placeholder = gtk_image_new_from_icon_name("image-x-generic-symbolic")!
        gtk_widget_add_css_class(placeholder, "placeholder")
        gtk_image_set_pixel_size(placeholder.opaque, 24)
        gtk_widget_set_halign(placeholder, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(placeholder, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(placeholder, 0)
        gtk_overlay_add_overlay(widget.opaque, placeholder)

        removeButton = gtk_button_new_from_icon_name("window-close-symbolic")!
        gtk_widget_add_css_class(removeButton, "remove")
        gtk_widget_add_css_class(removeButton, "circular")
        gtk_widget_set_halign(removeButton, GTK_ALIGN_END)
        gtk_widget_set_valign(removeButton, GTK_ALIGN_START)
        gtk_widget_set_focus_on_click(removeButton, 0)
        let label = "Remove " + attachment.name
        parley_accessible_set_label(removeButton.raw, label)
        gtk_widget_set_tooltip_text(removeButton, label)
        gtk_overlay_add_overlay(widget.opaque, removeButton)
        let id = attachment.id
        Signals.connect(removeButton.raw, "clicked") { onRemove(id) }

        if let texture {
            show(texture)
        } else {
            let source = attachment.source
            loading = Task { @MainActor [weak self] in
                let (texture, size) = await AttachmentThumbnail.load(source)
                if let size { onSize(id, size) }
                guard let texture else { return }
                defer { g_object_unref(texture) }
                self?.show(texture)
            }
        }
    }

    isolated deinit {
        loading?.cancel()
    }

    /// Shows `texture` (a GdkTexture; the chip takes its own reference).
    private func show(_ texture: UnsafeMutableRawPointer) {
        gtk_picture_set_paintable(picture.opaque, OpaquePointer(texture))
        placeholder.isShown = false
        hasThumbnail = true
    }
}

internal import CGtk4
import ParleyCore

/// Who has read up to a message in a group: small avatars (CSS `avatar.receipt`) and a
/// "+N" label (`label.receipts-more`), at the frames of the core's ``ReadReceiptsLayout``.
@MainActor
final class ReceiptsView {
    private unowned let parent: Frame
    private let group = Frame(cssName: "receipts")
    private var avatars: [AvatarView] = []
    private var more: WidgetPointer?
    private var shown: ReadReceiptsLayout?

    init(parent: Frame) {
        self.parent = parent
        parent.add(group.widget)
        group.handlers.allocate = { [weak self] _, _ in self?.allocate() }
    }

    /// The group's widget.
    var widget: WidgetPointer { group.widget }

    /// Shows `receipts` with `host`'s avatars and fonts.
    func show(_ receipts: ReadReceiptsLayout, host: any RowHost) {
        shown = receipts
        while avatars.count < receipts.readers.count {
            let avatar = AvatarView(parent: group)
            gtk_widget_add_css_class(avatar.widget, "receipt")
            avatars.append(avatar)
        }
        for (index, avatar) in avatars.enumerated() {
            if index < receipts.readers.count {
                avatar.show(receipts.readers[index].sender, host: host)
            } else {
                avatar.hide()
            }
        }
        if let label = receipts.moreLabel {
            let widget = more ?? makeMore()
            LabelText(widget).show(label, font: host.measurer.description(host.style.labelFont))
            widget.isShown = true
        } else if let more, more.isShown {
            more.isShown = false
        }
        group.widget.setAccessibleLabel(receipts.accessibleName)
        group.widget.isShown = true
    }

    private func makeMore() -> WidgetPointer {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "receipts-more")
        gtk_label_set_single_line_mode(label.ptr(), 1)
        group.add(label)
        more = label
        return label
    }

    /// Hides the receipts.
    func hide() {
        shown = nil
        if group.widget.isShown { group.widget.isShown = false }
    }

    /// Places the group at its frame (row coordinates).
    func place() {
        guard let shown, group.widget.isShown else { return }
        group.widget.place(shown.frame)
    }

    private func allocate() {
        guard let shown else { return }
        let origin = shown.frame.origin
        for (reader, avatar) in zip(shown.readers, avatars) {
            avatar.place(reader.frame.offsetBy(dx: -origin.x, dy: -origin.y))
        }
        if let more, more.isShown, let frame = shown.moreFrame { more.place(frame, dx: -origin.x, dy: -origin.y) }
    }
}

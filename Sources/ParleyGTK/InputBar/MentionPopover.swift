internal import CGtk4
import ParleyCore

/// The "@name" suggestions over the composer: a popover of buttons, one per member the
/// model suggests for the "@query" at the cursor (CSS `popover.mentions`). A click (or
/// Tab in the text) completes the name.
@MainActor
final class MentionPopover {
    private let popover: WidgetPointer
    private let box: WidgetPointer
    private var buttons: [WidgetPointer] = []
    /// The members shown, in order.
    private(set) var shown: [Sender] = []
    /// Completes with the member picked.
    var onPick: ((Sender) -> Void)?

    init(parent: WidgetPointer) {
        popover = gtk_popover_new()!
        gtk_widget_add_css_class(popover, "mentions")
        gtk_popover_set_has_arrow(popover.ptr(), 0)
        gtk_popover_set_autohide(popover.ptr(), 0)
        gtk_popover_set_position(popover.ptr(), GTK_POS_TOP)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_popover_set_child(popover.ptr(), box)
        gtk_widget_set_parent(popover, parent)
        popover.setAccessibleLabel("Mention")
    }

    /// Whether suggestions show.
    var isOpen: Bool { popover.isShown }

    /// Shows `members` (closing when empty), pointing at the bar's text.
    func show(_ members: [Sender]) {
        guard members.map(\.id) != shown.map(\.id) || members.isEmpty == popover.isShown else { return }
        shown = members
        for button in buttons { gtk_box_remove(box.ptr(), button) }
        buttons = members.map { member in
            let button = gtk_button_new_with_label("@" + InertText.singleLine(member.name))!
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_focusable(button, 0)  // the text keeps the keyboard
            Signals.connect(button.raw, "clicked") { [weak self] in self?.onPick?(member) }
            gtk_box_append(box.ptr(), button)
            return button
        }
        if members.isEmpty {
            if popover.isShown { gtk_popover_popdown(popover.ptr()) }
        } else if !popover.isShown {
            gtk_popover_popup(popover.ptr())
        }
    }

    /// Lets the popover allocate itself (from the bar's allocation).
    func present() {
        if popover.isShown { gtk_popover_present(popover.ptr()) }
    }

    /// Closes it (the bar is going away).
    func close() {
        show([])
    }
}

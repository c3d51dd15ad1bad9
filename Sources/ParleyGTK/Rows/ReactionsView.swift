internal import CGtk4
import ParleyCore

/// The reaction chips under a bubble (CSS nodes `reaction`, `.mine` for the local user's,
/// `.more` for the "+N" chip), at the frames of the core's ``ReactionChip``s. Clicks reach
/// the presenter through the list's hit test.
@MainActor
final class ReactionsView {
    private unowned let parent: Frame
    private var chips: [(frame: Frame, label: WidgetPointer)] = []
    private var shown: [ReactionChip] = []

    init(parent: Frame) {
        self.parent = parent
    }

    /// Shows `chips` in the label font of `host`'s style.
    func show(_ chips: [ReactionChip], host: any RowHost) {
        shown = chips
        while self.chips.count < chips.count {
            let chip = Frame(cssName: "reaction", role: GTK_ACCESSIBLE_ROLE_BUTTON)
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(label.ptr(), 0.5)
            gtk_label_set_single_line_mode(label.ptr(), 1)
            chip.add(label)
            chip.handlers.allocate = { width, height in label.place(x: 0, y: 0, width: width, height: height) }
            parent.add(chip.widget)
            self.chips.append((chip, label))
        }
        let font = host.measurer.description(host.style.labelFont)
        for (index, view) in self.chips.enumerated() {
            guard index < chips.count else {
                if view.frame.widget.isShown { view.frame.widget.isShown = false }
                continue
            }
            let chip = chips[index]
            LabelText(view.label).show(chip.label, font: font)
            view.frame.widget.setClass("mine", chip.isMine)
            view.frame.widget.setClass("more", chip.isOverflow)
            view.frame.widget.setAccessibleLabel(chip.accessibleName)
            view.frame.widget.isShown = true
        }
    }

    /// Hides every chip.
    func hide() {
        shown = []
        for view in chips where view.frame.widget.isShown { view.frame.widget.isShown = false }
    }

    /// Places the chips at their frames (row coordinates).
    func place() {
        for (chip, view) in zip(shown, chips) { view.frame.widget.place(chip.frame) }
    }

    /// The chips' widgets, in order (for reading order and tests).
    var widgets: [WidgetPointer] { chips.prefix(shown.count).map(\.frame.widget) }
}

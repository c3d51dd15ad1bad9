internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// The GtkButton that draws one ``InputBarItem`` and forwards its clicks, inside a slot
/// that clips it.
///
/// The slot (CSS node `itemslot`) takes the item's frame from the layout, however
/// narrow: while a stack's width animates to 0 its items are squeezed and faded, and the
/// slot clips the button instead of giving it less than its minimum size.
///
/// CSS: `button.item.item-<id>` with the stack as `.left`, `.right` or `.bottom`;
/// `.send-button` on the bar's send item, `.attach-button` on items that open the image
/// chooser, `.titled` when the item shows a title, `.selected` while the item is selected,
/// and GTK's `:disabled` while it is not enabled. The button does not take the focus when
/// clicked (the text keeps it), but Tab reaches it.
@MainActor
final class InputBarItemButton {
    /// The item drawn.
    let item: InputBarItem
    /// The slot the bar places (a Frame clipping the button).
    let slot: Frame
    /// The GtkButton.
    let widget: WidgetPointer
    /// What the content was built from, to rebuild it only when that changes.
    private var content: Content?
    private var classes: Set<String> = []
    /// The drawn send arrow, while the content shows it.
    private var arrow: Frame?

    private struct Content: Equatable {
        var title: String?
        var icon: String?
        var iconSize: Int32
    }

    /// Creates the button of `item`; `onClick` receives the item on every click.
    init(item: InputBarItem, onClick: @escaping @MainActor (InputBarItem) -> Void) {
        self.item = item
        slot = Frame(cssName: "itemslot", role: GTK_ACCESSIBLE_ROLE_GENERIC)
        widget = gtk_button_new()!
        slot.add(widget)
        gtk_widget_set_overflow(slot.widget, GTK_OVERFLOW_HIDDEN)
        let button = widget
        slot.handlers.allocate = { width, height in
            // At least the button's minimum size, centred; the slot clips the rest.
            var minimumWidth: Int32 = 0
            var minimumHeight: Int32 = 0
            gtk_widget_measure(button, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
            let buttonWidth = max(width, Double(minimumWidth))
            gtk_widget_measure(button, GTK_ORIENTATION_VERTICAL, Int32(buttonWidth), &minimumHeight, nil, nil, nil)
            let buttonHeight = max(height, Double(minimumHeight))
            var origin = graphene_point_t(
                x: Float(((width - buttonWidth) / 2).rounded()), y: Float(((height - buttonHeight) / 2).rounded()))
            gtk_widget_allocate(button, Int32(buttonWidth), Int32(buttonHeight), -1, gsk_transform_translate(nil, &origin))
        }
        gtk_widget_add_css_class(widget, "item")
        gtk_widget_add_css_class(widget, "flat")
        gtk_widget_add_css_class(widget, "item-" + Self.cssIdentifier(item.id))
        gtk_widget_set_focus_on_click(widget, 0)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        Signals.connect(widget.raw, "clicked") { [weak item] in
            guard let item else { return }
            onClick(item)
        }
        // The model's `isHighlighted` follows the pressed (active) state.
        Signals.connectUInt(widget.raw, "state-flags-changed") { [weak self] _ in
            guard let self else { return }
            let active = gtk_widget_get_state_flags(self.widget).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
            if self.item.isHighlighted != active { self.item.isHighlighted = active }
        }
    }

    /// Brings the button up to date with the item: content, sensitivity, classes and
    /// accessible name.
    ///
    /// - Parameters:
    ///   - measurer: Gives the title's font as the layout measured it.
    ///   - isSendItem: Whether the item is the bar's send item.
    ///   - opensChooser: Whether a click opens the image chooser.
    ///   - iconNames: The app's icon name overrides.
    ///   - labels: The app's accessible name overrides, by item id.
    func update(
        measurer: PangoMeasurer, isSendItem: Bool, opensChooser: Bool, iconNames: [String: String],
        labels: [String: String]
    ) {
        let size = item.size.map { min($0.width, $0.height) } ?? 24
        let wanted = Content(
            title: item.title.flatMap { $0.isEmpty ? nil : $0 },
            icon: InputBarItemAppearance.iconName(of: item, overrides: iconNames),
            iconSize: Int32(saturating: max(12, min(20, (size * 0.56).rounded()))))
        if wanted != content {
            content = wanted
            gtk_button_set_child(widget.cast(to: GtkButton.self), makeChild(wanted, measurer: measurer))
        }
        let sensitive: Int32 = item.isEnabled ? 1 : 0
        if gtk_widget_get_sensitive(widget) != sensitive { gtk_widget_set_sensitive(widget, sensitive) }
        var wantedClasses: Set<String> = []
        if isSendItem { wantedClasses.insert("send-button") }
        if opensChooser { wantedClasses.insert("attach-button") }
        if wanted.title != nil { wantedClasses.insert("titled") }
        if item.isSelected { wantedClasses.insert("selected") }
        switch item.position {
        case .left: wantedClasses.insert("left")
        case .right: wantedClasses.insert("right")
        case .bottom: wantedClasses.insert("bottom")
        case nil: break
        }
        for name in classes.subtracting(wantedClasses) { gtk_widget_remove_css_class(widget, name) }
        for name in wantedClasses.subtracting(classes) { gtk_widget_add_css_class(widget, name) }
        classes = wantedClasses
        let label = InputBarItemAppearance.accessibleLabel(of: item, overrides: labels)
        if accessibleLabel != label {
            accessibleLabel = label
            parley_accessible_set_label(widget.raw, label)
            gtk_widget_set_tooltip_text(widget, label)
        }
    }

    /// The accessible name last given to the button.
    private(set) var accessibleLabel: String?

    private func makeChild(_ content: Content, measurer: PangoMeasurer) -> WidgetPointer {
        var icon: WidgetPointer?
        var title: WidgetPointer?
        arrow = nil
        if content.icon == SendArrowIcon.iconName {
            let drawn = SendArrowIcon.make(size: content.iconSize)
            arrow = drawn
            icon = drawn.widget
        } else if let name = content.icon {
            let image = gtk_image_new_from_icon_name(name)!
            gtk_image_set_pixel_size(image.opaque, content.iconSize)
            icon = image
        }
        if let text = content.title {
            let label = gtk_label_new(nil)!
            LabelText(label).show(text, font: measurer.description(item.font))
            title = label
        }
        switch (icon, title) {
        case (let icon?, let title?):
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
            gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
            gtk_box_append(box.cast(to: GtkBox.self), icon)
            gtk_box_append(box.cast(to: GtkBox.self), title)
            return box
        case (let icon?, nil): return icon
        case (nil, let title?): return title
        case (nil, nil): return gtk_label_new(nil)!
        }
    }

    /// `id` reduced to the characters a CSS class may hold.
    static func cssIdentifier(_ id: String) -> String {
        var result = ""
        for scalar in id.unicodeScalars {
            let isSafe = (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || scalar == "-" || scalar == "_"
            result.unicodeScalars.append(isSafe ? scalar : "_")
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) || first == "-" {
            result = "_" + result
        }
        return result.isEmpty ? "_" : result
    }
}

internal import CGtk4
import ParleyCore

/// The context menu of a message: a row of quick reactions, Reply, Copy, Delete (on the
/// messages ``MessengerView/canDelete`` allows) and the app's ``MessageAction``s, as a
/// GtkPopoverMenu over GIO actions in the `message` group.
@MainActor
final class MessageMenu {
    private unowned let view: MessengerView
    private let group: OpaquePointer
    private var popover: WidgetPointer?
    private var appActions: [MessageAction] = []
    private var appActionNames: [String] = []
    /// The message the menu was opened on.
    private(set) var target: MessageID?
    /// Who had the keyboard when the menu opened (held until it closes).
    private var focusBefore: WidgetPointer?

    init(view: MessengerView) {
        self.view = view
        group = OpaquePointer(g_simple_action_group_new())
        add("copy") { [unowned self] in self.copy() }
        add("delete") { [unowned self] in self.delete() }
        add("reply") { [unowned self] in
            if let target = self.target { self.view.presenter.reply(to: target) }
        }
        for (index, key) in ChatPresenter.quickReactions.enumerated() {
            add("react-\(index)") { [unowned self] in
                if let target = self.target { self.view.presenter.react(to: target, with: key) }
            }
        }
        gtk_widget_insert_action_group(view.list.widget, "message", group)
        // A popover left open would outlive its window's surface.
        Signals.connect(view.list.widget.raw, "unmap") { [unowned self] in self.close() }
    }

    /// Closes the menu.
    func close() {
        guard let popover, popover.isShown else { return }
        gtk_popover_popdown(popover.ptr())
    }

    /// Replaces the app's items.
    func rebuild(actions: [MessageAction]) {
        for name in appActionNames { g_action_map_remove_action(group, name) }
        appActions = actions
        appActionNames = actions.indices.map { "app-\($0)" }
        for (index, name) in appActionNames.enumerated() {
            add(name) { [unowned self] in
                guard let target = self.target else { return }
                self.appActions[index].perform(target)
            }
        }
    }

    /// Opens the menu for message `id`, pointing at `x`, `y` of the list.
    func open(for id: MessageID, x: Double, y: Double) {
        target = id
        let model = g_menu_new()!
        let strings = view.style.strings
        let message = view.conversation.message(id)
        let takesRelations = message.map { !$0.isDeleted && $0.content.kind != .notice } ?? false
        if takesRelations {
            // The quick reactions, as one row of buttons.
            let reactions = g_menu_new()!
            for (index, key) in ChatPresenter.quickReactions.enumerated() {
                g_menu_append(reactions, key, "message.react-\(index)")
            }
            let item = g_menu_item_new_section(strings.react, UnsafeMutablePointer<GMenuModel>(reactions))!
            g_menu_item_set_attribute_value(item, "display-hint", g_variant_new_string("horizontal-buttons"))
            g_menu_append_item(model, item)
            g_object_unref(UnsafeMutableRawPointer(item))
            g_object_unref(UnsafeMutableRawPointer(reactions))
        }
        let section = g_menu_new()!
        if takesRelations { g_menu_append(section, strings.reply, "message.reply") }
        g_menu_append(section, strings.copy, "message.copy")
        offersDelete = message.map(view.canDelete) ?? false
        if offersDelete { g_menu_append(section, strings.delete, "message.delete") }
        g_menu_append_section(model, nil, UnsafeMutablePointer<GMenuModel>(section))
        if !appActions.isEmpty {
            let extra = g_menu_new()!
            for (action, name) in zip(appActions, appActionNames) { g_menu_append(extra, action.title, "message." + name) }
            g_menu_append_section(model, nil, UnsafeMutablePointer<GMenuModel>(extra))
            g_object_unref(UnsafeMutableRawPointer(extra))
        }
        g_object_unref(UnsafeMutableRawPointer(section))
        if let popover {
            gtk_popover_menu_set_menu_model(popover.ptr(), UnsafeMutablePointer<GMenuModel>(model))
        } else {
            let created = gtk_popover_menu_new_from_model(UnsafeMutablePointer<GMenuModel>(model))!
            gtk_widget_set_parent(created, view.list.widget)
            gtk_popover_set_has_arrow(created.ptr(), 1)
            Signals.connect(created.raw, "closed") { [unowned self] in self.restoreFocus() }
            popover = created
        }
        g_object_unref(UnsafeMutableRawPointer(model))
        var point = GdkRectangle(x: Int32(saturating: x), y: Int32(saturating: y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover!.ptr(), &point)
        rememberFocus()
        gtk_popover_popup(popover!.ptr())
    }

    /// Keeps the widget that has the keyboard (the composer, usually) while the menu is
    /// open, to give it back when the menu closes: Escape, then Enter, still sends.
    private func rememberFocus() {
        releaseFocus()
        guard let root = gtk_widget_get_root(view.list.widget), let focus = gtk_root_get_focus(root) else { return }
        g_object_ref(UnsafeMutableRawPointer(focus))
        focusBefore = focus
    }

    private func restoreFocus() {
        guard let focus = focusBefore else { return }
        if let root = gtk_widget_get_root(view.list.widget), gtk_widget_get_root(focus) == root, focus.isShown {
            gtk_widget_grab_focus(focus)
        }
        releaseFocus()
    }

    private func releaseFocus() {
        if let focus = focusBefore { g_object_unref(UnsafeMutableRawPointer(focus)) }
        focusBefore = nil
    }

    /// Lets the popover allocate itself (called from the list's allocation).
    func present() {
        guard let popover, popover.isShown else { return }
        gtk_popover_present(popover.ptr())
    }

    /// Whether the menu last opened offers Delete (for tests).
    private(set) var offersDelete = false

    /// Whether the menu is open (for tests).
    var isOpen: Bool { popover?.isShown ?? false }

    /// Activates an item by action name (`copy`, `delete`, `app-0`...): the test seam for
    /// the menu.
    func activate(_ name: String) {
        g_action_group_activate_action(group, name, nil)
    }

    private func copy() {
        guard let target, let message = view.conversation.message(target) else { return }
        let text: String
        if case .text(let content) = message.content { text = content.string } else {
            text = view.style.strings.summary(of: message.content)
        }
        gdk_clipboard_set_text(gtk_widget_get_clipboard(view.list.widget), text)
    }

    private func delete() {
        guard let target else { return }
        if let onDelete = view.onDelete {
            onDelete(target)
        } else {
            view.presenter.delete(target)
        }
    }

    private func add(_ name: String, _ perform: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signals.connectPointer(UnsafeMutableRawPointer(action), "activate") { _ in perform() }
        g_action_map_add_action(group, action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}

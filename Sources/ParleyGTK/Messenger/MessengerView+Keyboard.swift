internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// The keyboard in the message list, and the list's keys from the composer.
///
/// Tab stops on the list itself (never inside a bubble's selectable text). There, ↑/↓
/// move the focused message (the presenter's selection, drawn with a ring), Space or Enter
/// plays or pauses it when it is a voice note or a video, Page Up/Down
/// and Home/End scroll, Shift+F10 or the Menu key opens the message menu, and Escape and printable keys hand the keyboard back to the composer (``onComposerKey``).
/// From the composer, Page Up/Down and Ctrl+Home/End scroll the list
/// (``handleComposerKey(_:state:)``), as Fractal and Telegram do.
extension MessengerView {
    func installKeyboard() {
        parley_frame_set_focus_self_only(list.widget.raw, true)
        let keys = gtk_event_controller_key_new()!
        // Capture: the menu keys must reach Parley before a focused label opens its own
        // text menu.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { [weak self] key, state in
            self?.handleKey(key, state: state) ?? false
        }
        gtk_widget_add_controller(list.widget, keys)

        let focus = gtk_event_controller_focus_new()!
        Signals.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in
            self?.focusChanged(true, onList: gtk_event_controller_focus_is_focus(focus) != 0)
        }
        Signals.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.focusChanged(false, onList: false) }
        gtk_widget_add_controller(list.widget, focus)
    }

    /// The list took or lost the keyboard: the focused message shows its ring only while
    /// the list has it. Taking it from the keyboard (Tab) selects the newest message on
    /// screen; a click selects the message clicked, or none (``tap(at:)``).
    private func focusChanged(_ focused: Bool, onList: Bool) {
        hasKeyboardFocus = focused
        if focused, onList, presenter.selection == nil, !takesFocusFromClick {
            // Which message is the last one shown depends on the width: before the first
            // allocation, that allocation selects it.
            if hasAllocated { presenter.selectPrevious() } else { selectsOnAllocation = true }
        }
        relayout()
    }

    /// Handles a key pressed in the list; returns whether it was used. Also the test seam
    /// for the list's keys (GTK cannot synthesize key presses).
    func handleKey(_ key: UInt32, state: GdkModifierType) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
        let shift = modifiers == GDK_SHIFT_MASK.rawValue
        let plain = modifiers == 0
        let onText = isFocusInsideText
        if Int32(key) == GDK_KEY_Menu || (Int32(key) == GDK_KEY_F10 && shift) { return openMenuFromKeyboard() }
        // In a bubble's text (after a click) the label keeps its own keys: selection, copy.
        if onText { return false }
        // Space or Enter on a focused voice note or video plays or pauses it.
        switch Int32(key) {
        case GDK_KEY_space, GDK_KEY_Return, GDK_KEY_KP_Enter:
            if plain, let id = presenter.selection, presenter.activateMedia(id) != nil { return true }
        default: break
        }
        if let used = handleScrollKey(key, modifiers: modifiers) { return used }
        switch Int32(key) {
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            presenter.selectPrevious()
            relayout()
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            if presenter.selectNext() == nil { presenter.scrollToBottom() }
            relayout()
        case GDK_KEY_Escape:
            presenter.clearSelection()
            relayout()
            onComposerKey?("")
            return onComposerKey != nil
        default:
            return typeAhead(key, plain: plain || shift)
        }
        return true
    }

    /// The keys the composer lends the list: Page Up/Down, and Ctrl+Home/End (Home and
    /// End alone stay the text's). Returns whether the key was used.
    func handleComposerKey(_ key: UInt32, state: GdkModifierType) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
        switch Int32(key) {
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up, GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down:
            return modifiers == 0 ? handleScrollKey(key, modifiers: 0) ?? false : false
        case GDK_KEY_Home, GDK_KEY_KP_Home, GDK_KEY_End, GDK_KEY_KP_End:
            return modifiers == GDK_CONTROL_MASK.rawValue ? handleScrollKey(key, modifiers: 0) ?? false : false
        default:
            return false
        }
    }

    /// Page Up/Down, Space, Home/End; `nil` for any other key.
    private func handleScrollKey(_ key: UInt32, modifiers: UInt32) -> Bool? {
        let page = max(40, presenter.size.height * 0.85)
        switch Int32(key) {
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: step(by: -page)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: step(by: page)
        case GDK_KEY_space where modifiers == 0: step(by: page)
        case GDK_KEY_Home, GDK_KEY_KP_Home: scrollToTop()
        case GDK_KEY_End, GDK_KEY_KP_End:
            presenter.clearSelection()
            scrollToBottom(animated: false)
        default: return nil
        }
        return true
    }

    /// A printable key typed in the list goes to the composer, with the focus.
    private func typeAhead(_ key: UInt32, plain: Bool) -> Bool {
        guard plain, let onComposerKey else { return false }
        let code = gdk_keyval_to_unicode(key)
        guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { return false }
        onComposerKey(String(Character(scalar)))
        return true
    }

    /// Whether the keyboard is in a bubble's text (a label took it from a click).
    private var isFocusInsideText: Bool {
        guard let root = gtk_widget_get_root(list.widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus != list.widget && gtk_widget_is_ancestor(focus, list.widget) != 0
    }

    /// Opens the message menu on the message the keyboard is on: the one whose text has
    /// the focus, else the focused message, else the newest on screen.
    private func openMenuFromKeyboard() -> Bool {
        var target = presenter.selection
        if isFocusInsideText, let root = gtk_widget_get_root(list.widget), let focus = gtk_root_get_focus(root) {
            if let view = active.values.first(where: { gtk_widget_is_ancestor(focus, $0.frame.widget) != 0 }),
                case .message(let id)? = view.id
            {
                target = id
            }
        }
        if target == nil { target = presenter.selectPrevious() }
        guard let target else { return false }
        return openMenu(for: target)
    }

    /// Opens the message menu on message `id`, pointing at its bubble: what Shift+F10 and
    /// the Menu key do. Returns `false` when the message is not on screen.
    @discardableResult
    public func openMenu(for id: MessageID) -> Bool {
        guard let row = presenter.frame(overscan: 0).rows.first(where: { $0.id == .message(id) }) else { return false }
        let bubble = row.layout.bubble ?? row.layout.content ?? Rect(x: 0, y: 0, width: presenter.size.width, height: row.layout.height)
        menu.open(for: id, x: bubble.midX, y: row.y + bubble.minY)
        return true
    }
}

internal import CGtk4
import ParleyCore

/// Search in the conversation: Ctrl+F opens the search bar over the list, Escape closes it
/// and gives the keyboard back to the composer; the presenter searches and goes
/// (``ChatPresenter/search(_:)``), the list marks the match in the bubble.
extension ChatScreen {
    func installSearch() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { [weak self] key, state in
            guard let self else { return false }
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard modifiers == GDK_CONTROL_MASK.rawValue, Int32(key) == GDK_KEY_f || Int32(key) == GDK_KEY_F else { return false }
            self.openSearch()
            return true
        }
        gtk_widget_add_controller(root, keys)
        searchBar.onClose = { [weak self] in
            self?.messages.relayout()
            self?.inputBarView.focus()
        }
    }

    /// Opens the search bar with the keyboard in its field (Ctrl+F).
    public func openSearch() {
        searchBar.open()
    }

    /// Closes the search bar, ends the search and focuses the composer (Escape).
    public func closeSearch() {
        searchBar.close()
    }

    /// Whether the search bar is open.
    public var isSearching: Bool { searchBar.isOpen }
}

internal import CGtk4
import ParleyCore

/// The chat screen's search bar (a GtkSearchBar over the list): a GtkSearchEntry, the
/// presenter's status line ("3 results") and a list of results showing sender, date and
/// the snippet with the match in bold. Enter and ↓ go to the next (older) result, ↑ to
/// the previous one, a click on a result goes to it, Escape closes (``onClose``).
///
/// The searching, the going and the texts are the presenter's (``ChatPresenter/search(_:)``).
@MainActor
final class SearchBarView {
    /// The GtkSearchBar.
    let root: WidgetPointer
    let entry: WidgetPointer
    let status: WidgetPointer
    let results: WidgetPointer
    /// The ✕ at the end of the entry's line. GtkSearchBar's own close button is centred on
    /// everything the bar holds, so with results listed it sat halfway down the list.
    let closeButton: WidgetPointer
    private let scroller: WidgetPointer
    private let presenter: ChatPresenter
    /// Called after the bar closed (Escape, its close button): focus the composer.
    var onClose: (@MainActor () -> Void)?
    /// The search or move under way, so tests can wait for it.
    private(set) var task: Task<Void, Never>?
    /// Whether the entry's text is being set from code (no search-changed search then).
    private var settingText = false

    init(presenter: ChatPresenter) {
        self.presenter = presenter
        root = gtk_search_bar_new()
        gtk_widget_add_css_class(root, "parley-search")
        entry = gtk_search_entry_new()
        gtk_widget_set_hexpand(entry, 1)
        status = gtk_label_new("")
        gtk_widget_add_css_class(status, "dim-label")
        results = gtk_list_box_new()
        gtk_list_box_set_selection_mode(results.ptr(), GTK_SELECTION_SINGLE)
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(scroller.ptr(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_max_content_height(scroller.ptr(), 220)
        gtk_scrolled_window_set_propagate_natural_height(scroller.ptr(), 1)
        gtk_scrolled_window_set_child(scroller.ptr(), results)
        closeButton = gtk_button_new_from_icon_name("window-close-symbolic")
        gtk_button_set_has_frame(closeButton.ptr(), 0)
        gtk_widget_set_valign(closeButton, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(closeButton, presenter.strings.closeSearch)
        closeButton.setAccessibleLabel(presenter.strings.closeSearch)
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_box_append(line.ptr(), entry)
        gtk_box_append(line.ptr(), status)
        gtk_box_append(line.ptr(), closeButton)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_hexpand(column, 1)
        gtk_box_append(column.ptr(), line)
        gtk_box_append(column.ptr(), scroller)
        gtk_search_bar_set_child(root.ptr(), column)
        gtk_search_bar_connect_entry(root.ptr(), entry.ptr())
        gtk_search_bar_set_show_close_button(root.ptr(), 0)
        wire()
    }

    /// Whether the bar is open.
    var isOpen: Bool { gtk_search_bar_get_search_mode(root.ptr()) != 0 }

    private func wire() {
        let placeholder = presenter.strings.search
        setPlaceholder(placeholder)
        entry.setAccessibleLabel(placeholder)
        Signals.connect(UnsafeMutableRawPointer(entry), "search-changed") { [weak self] in
            // The entry reports a change a moment after it; text set from code, or
            // already searched for, searches nothing again.
            guard let self, self.isOpen, !self.settingText, self.text != self.searchedText else { return }
            self.search(self.text)
        }
        Signals.connect(UnsafeMutableRawPointer(entry), "activate") { [weak self] in self?.move(by: 1) }
        Signals.connect(closeButton.raw, "clicked") { [weak self] in self?.close() }
        Signals.connect(UnsafeMutableRawPointer(entry), "stop-search") { [weak self] in self?.close() }
        Signals.connectPointer(UnsafeMutableRawPointer(root), "notify::search-mode-enabled") { [weak self] _ in
            guard let self, !self.isOpen, self.presenter.search != nil else { return }
            self.close()
        }
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { [weak self] key, _ in
            guard let self else { return false }
            switch Int32(key) {
            case GDK_KEY_Down, GDK_KEY_KP_Down: self.move(by: 1)
            case GDK_KEY_Up, GDK_KEY_KP_Up: self.move(by: -1)
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(entry, keys)
        Signals.connectPointer(UnsafeMutableRawPointer(results), "row-activated") { [weak self] row in
            guard let self, let row else { return }
            let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            self.go(to: index)
        }
    }

    /// The placeholder, through the entry's `placeholder-text` property.
    private func setPlaceholder(_ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&value, text)
        g_object_set_property(UnsafeMutablePointer<GObject>(OpaquePointer(entry)), "placeholder-text", &value)
        g_value_unset(&value)
    }

    /// The entry's text.
    var text: String { String(cString: gtk_editable_get_text(entry.ptr())) }

    /// Opens the bar with the keyboard in the entry.
    func open() {
        presenter.beginSearch()
        gtk_search_bar_set_search_mode(root.ptr(), 1)
        gtk_widget_grab_focus(entry)
        refresh()
    }

    /// Closes the bar and ends the search.
    func close() {
        task?.cancel()
        searchedText = nil
        presenter.endSearch()
        if isOpen { gtk_search_bar_set_search_mode(root.ptr(), 0) }
        refresh()
        onClose?()
    }

    /// Puts `text` in the entry and searches for it.
    func type(_ text: String) {
        settingText = true
        gtk_editable_set_text(entry.ptr(), text)
        settingText = false
        search(text)
    }

    /// Waits for the search or move under way.
    func settled() async { await task?.value }

    /// The text the last search was for.
    private var searchedText: String?

    private func search(_ text: String) {
        searchedText = text
        let presenter = self.presenter
        task = Task { @MainActor [weak self] in
            _ = await presenter.search(text)
            self?.refresh()
        }
    }

    /// Goes to the next older (`1`) or newer (`-1`) result.
    func move(by step: Int) {
        let presenter = self.presenter
        let previous = task
        task = Task { @MainActor [weak self] in
            await previous?.value
            if step > 0 { _ = await presenter.nextResult() } else { _ = await presenter.previousResult() }
            self?.refresh()
        }
    }

    private func go(to index: Int) {
        let presenter = self.presenter
        let previous = task
        task = Task { @MainActor [weak self] in
            await previous?.value
            _ = await presenter.goToResult(at: index)
            self?.refresh()
        }
    }

    /// Shows the presenter's state: the status line, the results, the current one selected.
    func refresh() {
        let state = presenter.search
        gtk_label_set_text(status.ptr(), state?.status(presenter.strings) ?? "")
        let list: OpaquePointer = results.ptr()
        while let row = gtk_list_box_get_row_at_index(list, 0) {
            gtk_list_box_remove(list, UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
        }
        guard let state else { return }
        gtk_widget_set_visible(scroller, state.results.isEmpty ? 0 : 1)
        for result in state.results {
            let label = gtk_label_new(nil)!
            gtk_label_set_markup(label.ptr(), Self.markup(of: result, date: presenter.dateText(of: result)))
            gtk_label_set_xalign(label.ptr(), 0)
            gtk_label_set_ellipsize(label.ptr(), PANGO_ELLIPSIZE_END)
            gtk_list_box_append(list, label)
            if let row = gtk_widget_get_parent(label) { row.setAccessibleLabel(presenter.accessibleName(of: result)) }
        }
        if let current = state.current, let row = gtk_list_box_get_row_at_index(list, Int32(clamping: current)) {
            gtk_list_box_select_row(list, row)
        }
    }

    /// "**Sender** · date" over the snippet with its matches in bold, as Pango markup.
    static func markup(of result: SearchResult, date: String) -> String {
        let bytes = Array(result.snippet.text.utf8)
        var snippet = ""
        var position = 0
        for match in result.snippet.matches where match.lowerBound >= position && match.upperBound <= bytes.count {
            snippet += LabelText.escape(bytes[position..<match.lowerBound])
            snippet += "<b>" + LabelText.escape(bytes[match]) + "</b>"
            position = match.upperBound
        }
        snippet += LabelText.escape(bytes[position...])
        let head = "<b>" + LabelText.escape(InertText.singleLine(result.sender.name)) + "</b>  <small>"
            + LabelText.escape(date) + "</small>"
        return head + "\n" + snippet
    }
}

internal import CGtk4
internal import CParleyGtk
import Foundation
import ParleyCore

/// The text view: typing into the model, the model's text back into the view, Enter and
/// Shift+Enter, focus as the model's editing state, and pasting images.
extension InputBarView {
    /// Connects the text view's signals and controllers.
    func connectEditing() {
        Signals.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in
            self?.bufferDidChange()
        }

        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { [weak self] keyval, state in
            self?.handleKey(keyval: keyval, state: state) ?? false
        }
        gtk_widget_add_controller(textView, keys)

        let focus = gtk_event_controller_focus_new()!
        Signals.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in
            guard let self else { return }
            self.model.beginEditing()
            self.syncFromModel()
        }
        Signals.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in
            guard let self else { return }
            self.model.endEditing()
            self.syncFromModel()
        }
        gtk_widget_add_controller(textView, focus)

        Signals.connectPointer(textView.raw, "preedit-changed") { [weak self] text in
            guard let self else { return }
            self.preedit = text.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
            self.syncPlaceholder()
        }
        Signals.connect(textView.raw, "paste-clipboard") { [weak self] in
            self?.pasteRequested()
        }
    }

    // MARK: Keys

    /// What a key press in the text view does; `true` when the bar handled it.
    ///
    /// Enter (Return, keypad Enter) sends; with Shift or Alt it inserts a line break at
    /// the cursor instead. While the input method composes, Enter is left to it. Page
    /// Up/Down and Ctrl+Home/End scroll the message list (in a ``ChatScreen``). Other keys
    /// are the text view's. The key controller calls this in the capture phase; it is
    /// also the test seam for key presses, which GTK cannot synthesize.
    @discardableResult
    func handleKey(keyval: UInt32, state: GdkModifierType) -> Bool {
        if let lentKeys, lentKeys(keyval, state) { return true }
        if keyval == UInt32(GDK_KEY_Tab), let popover = mentionPopover, popover.isOpen, let first = popover.shown.first {
            complete(with: first)
            return true
        }
        if keyval == UInt32(GDK_KEY_Escape), let popover = mentionPopover, popover.isOpen {
            popover.show([])
            return true
        }
        if keyval == UInt32(GDK_KEY_Escape), model.replyTarget != nil, preedit.isEmpty {
            model.cancelReply()
            return true
        }
        let enterKeys = [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].map { UInt32($0) }
        guard enterKeys.contains(keyval), preedit.isEmpty else { return false }
        let lineBreak = GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue
        if state.rawValue & lineBreak != 0 {
            insertLineBreak()
        } else {
            send()
        }
        return true
    }

    /// Types `text` at the cursor (replacing the selection), as the keyboard would: what
    /// a key typed in the message list becomes.
    func insertAtCursor(_ text: String) {
        gtk_text_buffer_begin_user_action(buffer)
        gtk_text_buffer_delete_selection(buffer, 1, 1)
        gtk_text_buffer_insert_at_cursor(buffer, text, -1)
        gtk_text_buffer_end_user_action(buffer)
        gtk_text_view_scroll_mark_onscreen(textView.cast(to: GtkTextView.self), gtk_text_buffer_get_insert(buffer))
    }

    /// Replaces the selection, if any, with a line break at the cursor, as typing would.
    func insertLineBreak() {
        gtk_text_buffer_begin_user_action(buffer)
        gtk_text_buffer_delete_selection(buffer, 1, 1)
        gtk_text_buffer_insert_interactive_at_cursor(buffer, "\n", -1, 1)
        gtk_text_buffer_end_user_action(buffer)
        gtk_text_view_scroll_mark_onscreen(textView.cast(to: GtkTextView.self), gtk_text_buffer_get_insert(buffer))
    }

    // MARK: Text in both directions

    /// The buffer's whole text.
    func bufferText() -> String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return "" }
        defer { g_free(characters) }
        return String(cString: characters)
    }

    /// The model's text as the buffer can hold it: a buffer takes no NUL characters, so
    /// they show as "␀".
    static func displayable(_ text: String) -> String {
        text.contains("\u{0}") ? text.replacingOccurrences(of: "\u{0}", with: "\u{2400}") : text
    }

    /// Typing: the buffer's text becomes the model's.
    private func bufferDidChange() {
        guard !isWritingBuffer else { return }
        let typed = bufferText()
        if model.text != typed { model.text = typed }
        syncMentions()
        syncItems()
        syncPlaceholder()
        gtk_widget_queue_resize(root)
        // A hook rewrote the text while the buffer was changing: show the model's text
        // once the buffer's signal is over.
        if Self.displayable(model.text) != typed {
            Task { @MainActor [weak self] in self?.syncText() }
        }
    }

    /// The cursor as a UTF-8 offset into the buffer's text.
    func cursorOffset() -> Int {
        var start = GtkTextIter()
        var cursor = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
        guard let characters = gtk_text_buffer_get_text(buffer, &start, &cursor, 1) else { return 0 }
        defer { g_free(characters) }
        return strlen(characters)
    }

    /// Shows the model's "@name" suggestions for the cursor's place.
    func syncMentions() {
        guard !model.members.isEmpty else { return }
        mentions.show(model.mentionSuggestions(cursor: cursorOffset()))
    }

    /// Completes the "@name" at the cursor with `member` (a suggestion's click, Tab).
    func complete(with member: Sender) {
        let cursor = model.completeMention(with: member, cursor: cursorOffset())
        syncText()
        var iter = GtkTextIter()
        let prefix = String(decoding: Array(model.text.utf8).prefix(cursor), as: UTF8.self)
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(clamping: prefix.count))
        gtk_text_buffer_place_cursor(buffer, &iter)
        mentions.show([])
    }

    /// Shows the model's text in the buffer when they differ, cursor at the end.
    func syncText() {
        let wanted = Self.displayable(model.text)
        guard bufferText() != wanted else { return }
        isWritingBuffer = true
        defer { isWritingBuffer = false }
        gtk_text_buffer_set_text(buffer, wanted, -1)
        syncPlaceholder()
    }

    /// Shows the placeholder over an empty text view (and updates its text).
    func syncPlaceholder() {
        let label = placeholderLabel.opaque
        if String(cString: gtk_label_get_text(label)) != model.placeholder {
            LabelText(placeholderLabel).show(model.placeholder, font: measurer.description(model.font))
            parley_accessible_set_description(textView.raw, model.placeholder)
        }
        let empty = gtk_text_buffer_get_char_count(buffer) == 0 && preedit.isEmpty
        if placeholderLabel.isShown != empty { placeholderLabel.isShown = empty }
    }

    // MARK: Pasting images

    /// A paste with an image and no text on the clipboard attaches the image instead of
    /// pasting; any other paste is the text view's.
    private func pasteRequested() {
        guard let clipboard = gtk_widget_get_clipboard(textView),
            ClipboardImage.offersImageOnly(clipboard)
        else { return }
        g_signal_stop_emission_by_name(textView.raw, "paste-clipboard")
        ClipboardImage.read(clipboard) { [weak self] texture in
            guard let self, let texture else { return }
            self.attachPasted(texture)
        }
    }
}

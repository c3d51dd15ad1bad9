import CGtk4
import CParleyGtk
import Foundation
import ParleyCore
import ParleyDemoKit
import ParleyGTK
import ParleySQLite

/// The GTK demo's window: the conversation (kept in a store by default), a bot that
/// answers, a theme menu that can follow the desktop, and the composer.
@MainActor
final class GtkDemoApp {
    struct Options {
        var history = DemoHistory.Options()
        /// A theme name, or `nil` to follow the desktop's light/dark preference.
        var theme: String?
        var pace = 1.0
        var size = (width: 460, height: 760)
        var automation = DemoAutomation.Steps()
        /// Fetch previews of the pages messages link to.
        var fetchesLinkPreviews = false
        /// A Matrix room to show instead of the bot's conversation.
        var matrix: MatrixDemo?
    }

    let options: Options
    let history: DemoHistory
    let screen: ChatScreen
    let bot: DemoBot
    private var mirror: Observation?
    /// "Saving…" in the subtitle while writes wait (a locked or full store).
    private var saving: SaveStatusLine?
    private var subtitle: WidgetPointer?
    /// The theme drop-down in the header bar.
    private var themeDropDown: WidgetPointer?

    static let helpText = """
        Enter sends, Shift+Enter adds a line. Scroll with the wheel, the touchpad, the \
        scroll bar or Page Up/Down; Home and End jump to the oldest loaded and the newest \
        message. Right-click (or long-press) a message to copy or delete it. Click links \
        and avatars. The ▾ menu in the title bar switches themes; the calendar jumps to a \
        day. Typing \(JumpCommand.usage).
        """

    /// Shows `style`, with GTK's own widgets (header bar, buttons) light or dark to match.
    /// Shows `style`; unless it follows the desktop's light or dark, the theme drop-down
    /// shows it too (a theme set by `--script theme:`).
    func apply(_ style: ChatStyle, followingDesktop: Bool = false) {
        screen.style = style
        DesktopAppearance.matchGtkWidgets(to: style)
        if !followingDesktop, let themeDropDown, let index = ChatStyle.themes.firstIndex(where: { $0.name == style.name }) {
            let wanted = guint(index + 1)
            if gtk_drop_down_get_selected(themeDropDown.ptr()) != wanted { gtk_drop_down_set_selected(themeDropDown.ptr(), wanted) }
        }
    }

    /// Whether "Desktop" is chosen in the drop-down (the theme follows light and dark).
    private var followsDesktop: Bool {
        themeDropDown.map { gtk_drop_down_get_selected($0.ptr()) == 0 } ?? true
    }

    init(options: Options) throws {
        self.options = options
        var historyOptions = options.history
        // On Matrix the room is the history: the local store stays out of it.
        if options.matrix != nil { historyOptions = DemoHistory.Options(); historyOptions.ephemeral = true }
        history = try DemoHistory(options: historyOptions)
        let style = options.theme.flatMap(DemoArguments.style(named:)) ?? DesktopAppearance.style(light: .iMessage, dark: .dark)
        if let matrix = options.matrix {
            screen = ChatScreen(conversation: matrix.room.conversation, style: style, images: ImageLoader(fetcher: matrix.imageFetcher))
            screen.presenter.searcher = ConversationSearch(matrix.room.conversation)
        } else {
            screen = ChatScreen(conversation: history.conversation, style: style)
            screen.presenter.searcher = history.searcher
        }
        if options.fetchesLinkPreviews { screen.presenter.linkPreviews = DemoLinkPreviews.fetcher() }
        if let draft = history.savedDraft { screen.inputBar.draft = draft }
        DesktopAppearance.matchGtkWidgets(to: style)
        let bot = DemoBot(conversation: history.conversation, pace: options.pace, helpText: Self.helpText)
        // Sent means saved: the mark waits for the store to have the message on disk.
        if let store = history.store { bot.keepsMessage = { @Sendable in await store.flush() } }
        self.bot = bot
        wire()
    }

    /// Puts the screen into `window`, with a header bar.
    func install(in window: Window) {
        // What Parley's Window does not wrap, GTK's C API does, on the window's GtkWindow.
        let gtkWindow = window.widget.gtkWidget.assumingMemoryBound(to: GtkWindow.self)
        // `--size` is the user's: a width past Int32 is kept at its largest, not a trap.
        gtk_window_set_default_size(gtkWindow, Int32(clamping: options.size.width), Int32(clamping: options.size.height))
        gtk_window_set_titlebar(gtkWindow, headerBar())
        window.child = screen.widget
        screen.inputBarView.focus()
        // A messenger opens a conversation at what you have not read yet.
        let messages = screen.messages
        if options.matrix != nil {
            messages.presenter.scrollToBottom()
        } else if history.loadsFirstPage {
            Task { @MainActor in
                await history.pager.loadEarlier()
                messages.presenter.scrollToUnread()
                messages.relayout()
            }
            // A transcript shows its end while it is indexed; the count comes after.
            Task { @MainActor [weak self] in
                guard let opened = await self?.history.finishOpening(), let self else { return }
                if opened.showedNewestAgain {
                    messages.presenter.scrollToBottom()
                    messages.relayout()
                }
                self.setSubtitle(opened.note)
                if let subtitle = self.subtitle { gtk_widget_set_tooltip_text(subtitle, opened.note) }
            }
        } else {
            messages.presenter.scrollToUnread()
        }
        if options.matrix == nil, !history.isTranscript, history.isFresh { bot.greet() }
        DemoAutomation(app: self, window: window).start(options.automation)
    }

    private func wire() {
        let matrix = options.matrix
        let conversation = matrix?.room.conversation ?? history.conversation
        let bot = self.bot
        screen.pager = matrix?.pager ?? history.pager
        if let matrix { matrix.room.follow(screen.inputBar) }
        screen.register(kind: Poll.kind) { content, id in Widget(gtkWidget: PollWidget.make(content, id)) }
        let messages = screen.messages
        // The screen sends in the present (after a jump it returns there first).
        screen.inputBar.members = [DemoCast.alice, DemoCast.bob, DemoCast.bot]  // "@" suggests them
        screen.inputBar.onSendMessage { content, reply in
            let text = content.summary
            if let request = JumpCommand.parse(text) {
                Task { @MainActor in
                    switch request {
                    case .date(let date): await messages.jump(to: date)
                    case .latest: await messages.returnToLatest()
                    case .invalid(let argument): messages.presenter.showNotice(JumpCommand.notice(for: argument))
                    }
                }
                return
            }
            if let matrix { return matrix.send(content, reply: reply) }
            let id = conversation.append(content, status: .sending, replyTo: reply)
            bot.userSent(id, text: text)
        }
        screen.inputBarView.onSendAttachments { attachments in
            for attachment in attachments {
                if let matrix {
                    matrix.send(.image(attachment.imageContent), reply: nil)
                    continue
                }
                let id = conversation.append(.image(attachment.imageContent), status: .sending)
                bot.userSent(id, text: "", replies: false)
            }
        }
        // Failures show through the save states (they stay queued and are retried).
        mirror = history.mirror { _ in }
        let normal = history.isTranscript ? (history.note ?? "") : "Alice, Bob and Parley Bot"
        saving = history.saveStates().map { states in
            SaveStatusLine(states: states) { [weak self] line in self?.setSubtitle(line.map { "⚠ \($0)" } ?? normal) }
        }
        // What the demo does with taps; links open in the browser by themselves.
        screen.events.onEvent { event in
            if let matrix, matrix.handle(event) { return }
            DemoReactions.handle(event, in: conversation, bot: bot)
        }
        if options.theme == nil {
            DesktopAppearance.observe { [weak self] dark in
                guard let self, self.followsDesktop else { return }
                self.apply(dark ? .dark : .iMessage, followingDesktop: true)
            }
        }
    }

    // MARK: Header bar

    private func headerBar() -> WidgetPointer {
        let bar = gtk_header_bar_new()!
        let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
        let title = gtk_label_new("Parley")!
        gtk_widget_add_css_class(title, "title")
        let subtitle = gtk_label_new(options.matrix?.title ?? (history.isTranscript ? (history.note ?? "") : "Alice, Bob and Parley Bot"))!
        if let note = history.note { gtk_widget_set_tooltip_text(subtitle, note) }
        gtk_widget_add_css_class(subtitle, "subtitle")
        gtk_label_set_ellipsize(subtitle.ptr(), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(subtitle.ptr(), 40)
        gtk_box_append(titles.ptr(), title)
        gtk_box_append(titles.ptr(), subtitle)
        gtk_header_bar_set_title_widget(bar.ptr(), titles)
        self.subtitle = subtitle
        gtk_header_bar_pack_end(bar.ptr(), themeMenu())
        gtk_header_bar_pack_start(bar.ptr(), jumpMenu())
        return bar
    }

    private func setSubtitle(_ text: String) {
        if let subtitle { gtk_label_set_text(subtitle.ptr(), text) }
    }

    /// A calendar button: pick a day to see the conversation then; "Now" returns.
    private func jumpMenu() -> WidgetPointer {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.ptr(), "x-office-calendar-symbolic")
        gtk_widget_set_tooltip_text(button, "Jump to date")
        button.setAccessibleLabel("Jump to date")
        if !screen.presenter.canJump {
            // A history that cannot open at a date (its source is no HistoryWindowSource): say so.
            gtk_widget_set_sensitive(button, 0)
            gtk_widget_set_tooltip_text(button, "Jump to date: this history cannot open at a date")
        }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let calendar = gtk_calendar_new()!
        let now = gtk_button_new_with_label("Now")!
        gtk_box_append(box.ptr(), calendar)
        gtk_box_append(box.ptr(), now)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(popover.ptr(), box)
        gtk_menu_button_set_popover(button.ptr(), popover)
        let messages = screen.messages
        Signals.connect(UnsafeMutableRawPointer(calendar), "day-selected") {
            guard let selected = gtk_calendar_get_date(calendar.ptr()) else { return }
            let date = Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix(selected)))
            g_date_time_unref(selected)
            gtk_popover_popdown(popover.ptr())
            Task { @MainActor in await messages.jump(to: date) }
        }
        Signals.connect(UnsafeMutableRawPointer(now), "clicked") {
            gtk_popover_popdown(popover.ptr())
            Task { @MainActor in await messages.returnToLatest() }
        }
        return button
    }

    /// A drop-down of the themes, "Desktop" first (light or dark as the desktop prefers).
    private func themeMenu() -> WidgetPointer {
        let shown = ["imessage": "iMessage"]
        let names = ["Desktop"] + ChatStyle.themes.map { shown[$0.name] ?? $0.name.prefix(1).uppercased() + $0.name.dropFirst() }
        let strings = gtk_string_list_new(nil)!
        for name in names { gtk_string_list_append(strings, name) }
        let dropDown = gtk_drop_down_new(strings, nil)!
        themeDropDown = dropDown
        dropDown.setAccessibleLabel("Theme")
        gtk_widget_set_tooltip_text(dropDown, "Theme")
        if let theme = options.theme, let index = ChatStyle.themes.firstIndex(where: { $0.name == theme.lowercased() }) {
            gtk_drop_down_set_selected(dropDown.ptr(), guint(index + 1))
        }
        // "notify" passes the property spec before the data: a pointer handler.
        Signals.connectPointer(UnsafeMutableRawPointer(dropDown), "notify::selected") { [weak self] _ in
            guard let self else { return }
            let selected = Int(gtk_drop_down_get_selected(dropDown.ptr()))
            self.apply(
                selected == 0 || selected > ChatStyle.themes.count
                    ? DesktopAppearance.style(light: .iMessage, dark: .dark) : ChatStyle.themes[selected - 1],
                followingDesktop: selected == 0)
        }
        return dropDown
    }
}

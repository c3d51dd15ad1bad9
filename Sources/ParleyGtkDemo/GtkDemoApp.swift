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
    /// The theme menu's choices, "Desktop" first, then ``ChatStyle/themes`` in order:
    /// radio buttons in the popover of the header bar's theme button.
    private var themeChoices: [WidgetPointer] = []

    static let helpText = """
        Enter sends, Shift+Enter adds a line. Scroll with the wheel, the touchpad, the \
        scroll bar or Page Up/Down; Home and End jump to the oldest loaded and the newest \
        message. Right-click (or long-press) a message to copy or delete it. Click links \
        and avatars. The appearance button in the title bar switches themes; the calendar jumps to a \
        day. Typing \(JumpCommand.usage).
        """

    /// Shows `style`, with GTK's own widgets (header bar, buttons) light or dark to match;
    /// unless it follows the desktop's light or dark, the theme menu shows it chosen too (a
    /// theme set by `--script theme:`).
    func apply(_ style: ChatStyle, followingDesktop: Bool = false) {
        screen.style = style
        DesktopAppearance.matchGtkWidgets(to: style)
        if !followingDesktop, let index = ChatStyle.themes.firstIndex(where: { $0.name == style.name }),
            themeChoices.indices.contains(index + 1), gtk_check_button_get_active(themeChoices[index + 1].ptr()) == 0
        {
            gtk_check_button_set_active(themeChoices[index + 1].ptr(), 1)
        }
    }

    /// Whether "Desktop" is chosen in the theme menu (the theme follows light and dark).
    private var followsDesktop: Bool {
        themeChoices.first.map { gtk_check_button_get_active($0.ptr()) != 0 } ?? true
    }

    init(options: Options) throws {
        self.options = options
        var historyOptions = options.history
        // On Matrix the room is the history: the local store stays out of it.
        if options.matrix != nil { historyOptions = DemoHistory.Options(); historyOptions.ephemeral = true; historyOptions.seedsEphemeral = false }
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
        // /jump is a command, not a message: it acts where the view is (a message sent
        // after a jump brings the view back to the present first).
        screen.inputBar.onCommand { text in
            guard let request = JumpCommand.parse(text) else { return false }
            Task { @MainActor in await JumpCommand.perform(request, on: messages.presenter, jump: messages.jump(to:), latest: messages.returnToLatest) }
            return true
        }
        screen.inputBar.onSendMessage { content, reply in
            let text = content.summary
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
        // A transcript's path keeps its file name; a list of names reads from its start.
        gtk_label_set_ellipsize(subtitle.ptr(), history.isTranscript ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END)
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
            Task { @MainActor in
                await JumpCommand.perform(.date(date), on: messages.presenter, jump: messages.jump(to:), latest: messages.returnToLatest)
            }
        }
        Signals.connect(UnsafeMutableRawPointer(now), "clicked") {
            gtk_popover_popdown(popover.ptr())
            Task { @MainActor in await messages.returnToLatest() }
        }
        return button
    }

    /// A button with a palette icon whose popover lists the themes as radio buttons,
    /// "Desktop" first (light or dark as the desktop prefers). A drop-down showed the
    /// chosen name instead, as wide as "Messenger": the window could not be narrower than
    /// 380 px.
    private func themeMenu() -> WidgetPointer {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.ptr(), "preferences-desktop-appearance-symbolic")
        gtk_widget_set_tooltip_text(button, "Theme")
        button.setAccessibleLabel("Theme")
        let shown = ["imessage": "iMessage"]
        let names = ["Desktop"] + ChatStyle.themes.map { shown[$0.name] ?? $0.name.prefix(1).uppercased() + $0.name.dropFirst() }
        let chosen = options.theme.flatMap { theme in ChatStyle.themes.firstIndex { $0.name == theme.lowercased() } }.map { $0 + 1 } ?? 0
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let popover = gtk_popover_new()!
        gtk_popover_set_child(popover.ptr(), box)
        gtk_menu_button_set_popover(button.ptr(), popover)
        themeChoices = names.enumerated().map { index, name in
            let choice = gtk_check_button_new_with_label(name)!
            gtk_box_append(box.ptr(), choice)
            return choice
        }
        for (index, choice) in themeChoices.enumerated() {
            // One group: choosing one clears the others, as radio buttons do.
            if index > 0 { gtk_check_button_set_group(choice.ptr(), themeChoices[0].ptr()) }
            if index == chosen { gtk_check_button_set_active(choice.ptr(), 1) }
        }
        for (index, choice) in themeChoices.enumerated() {
            Signals.connect(UnsafeMutableRawPointer(choice), "toggled") { [weak self] in
                // The button turned off in the same choice toggles too; only the one turned on
                // acts. The popover stays open: arrow keys move the choice, each theme shown at
                // once; Escape or a click outside closes it.
                guard let self, gtk_check_button_get_active(choice.ptr()) != 0 else { return }
                self.apply(
                    index == 0 ? DesktopAppearance.style(light: .iMessage, dark: .dark) : ChatStyle.themes[index - 1],
                    followingDesktop: index == 0)
            }
        }
        return button
    }
}

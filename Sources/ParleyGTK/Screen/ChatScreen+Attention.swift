internal import CGtk4
import ParleyCore

/// Getting the user's attention: messages from others that arrive while the window is
/// unfocused (or the list is away from the newest messages) count in the window's title,
/// "(3) Lunch", and, with the window unfocused, post a desktop notification through the
/// running application (GNotification). What is news is the core's decision
/// (`ArrivalWatch`), shared with the terminal's bell and title.
extension ChatScreen {
    func installAttention() {
        messages.onChrome = { [weak self] frame in self?.noteNews(frame) }
        Signals.connect(root.raw, "map") { [weak self] in self?.watchWindowFocus() }
    }

    /// Follows the window's focus (once per window): coming back counts as seeing the
    /// news, going away starts counting.
    private func watchWindowFocus() {
        guard let window = gtk_widget_get_root(root), window != watchedWindow else { return }
        watchedWindow = window
        Signals.connectPointer(UnsafeMutableRawPointer(window), "notify::is-active") { [weak self] _ in
            guard let self else { return }
            self.isWindowActive = self.currentWindowIsActive
            self.messages.relayout()
        }
        isWindowActive = currentWindowIsActive
    }

    private var currentWindowIsActive: Bool {
        guard let window = gtk_widget_get_root(root) else { return false }
        return gtk_window_is_active(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) != 0
    }

    /// Looks at what arrived since the last frame.
    func noteNews(_ frame: ChatFrame) {
        let away = !frame.isPinnedToBottom || !frame.isShowingLatest || !isWindowActive
        let news = arrivalWatch.look(at: messages.conversation, isAway: away)
        if showsUnreadInTitle { updateTitle(news) }
        if notifiesWhenAway, !isWindowActive, let last = news.arrivals.last {
            let body = InertText.singleLine(String(style.summary(of: last.content).prefix(240)))
            let more = news.arrivals.count - 1
            postNotification(InertText.singleLine(last.sender.name), more > 0 ? body + " (+\(more))" : body)
        }
    }

    /// Counts the unseen messages in the window's title, keeping the app's own title.
    private func updateTitle(_ news: ArrivalNews) {
        guard let root = gtk_widget_get_root(root) else { return }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
        let current = gtk_window_get_title(window).map { String(cString: $0) } ?? ""
        // A title the app set since: that is the plain title now.
        if current != titleShown { plainTitle = current }
        let wanted = news.title(for: plainTitle, strings: style.strings)
        guard wanted != current else { return }
        gtk_window_set_title(window, wanted)
        titleShown = wanted
    }

    /// Posts a desktop notification through the running application, when there is one
    /// (GNotification: the notification server shows it; clicking it activates the app).
    static func postDesktopNotification(title: String, body: String) {
        guard let application = g_application_get_default(), g_application_get_is_registered(application) != 0 else { return }
        let notification = g_notification_new(title)
        g_notification_set_body(notification, body)
        g_application_send_notification(application, "parley-message", notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
    }
}

internal import CGtk4
import ParleyCore

/// The whole chat screen: the message list above the composer, as one widget.
///
/// ```swift
/// let screen = ChatScreen(conversation: chat, style: .iMessage)
/// screen.inputBar.onSend { text in chat.append(.text(text)) }
/// screen.events.onEvent { event in print(event) }
/// window.child = screen.widget
/// ```
///
/// It has the shape of the terminal's `ChatScreen`: ``presenter``, ``events``, ``pager``,
/// ``inputBar`` (the composer's model) and ``register(kind:_:)`` mean the same in both.
/// The input bar follows the style's preset (iMessage, Slack or Messenger) unless one is
/// given. Sending returns to the present first (after a jump) and scrolls to the newest
/// message. Changing ``style`` restyles both parts; a bar from the theme's preset takes
/// the new theme's items and placeholder (text, draft and handlers stay). The
/// widget keeps the screen alive: an app may keep only ``widget``.
@MainActor
public final class ChatScreen {
    /// The GtkWidget itself, for Parley's own calls.
    package let root: WidgetPointer
    /// The screen, to put into a ``Window`` (it keeps the screen alive).
    public var widget: Widget { Widget(root) }
    /// The message list.
    public let messages: MessengerView
    /// The composer's widget.
    public let inputBarView: InputBarView
    /// The search bar over the list (Ctrl+F).
    let searchBar: SearchBarView

    /// The list's logic: frames, scrolling, jumps, taps.
    public var presenter: ChatPresenter { messages.presenter }
    /// Taps, links, load-earlier: everything the user does to the list.
    public var events: MessengerEvents { messages.events }
    /// The composer's model: its text, items and send handlers.
    public var inputBar: InputBar { inputBarView.model }
    /// Where history comes from; pages load as either end of the list nears.
    public var pager: HistoryPager? {
        get { messages.pager }
        set { messages.pager = newValue }
    }

    /// Whether messages from others arriving while the window is unfocused post a desktop
    /// notification (through the running GApplication, as ``ParleyApplication`` is).
    public var notifiesWhenAway = true
    /// Whether the window's title counts messages that arrived while away: "(3) Lunch"
    /// (`ChatStrings.unreadTitle`), until the newest is in view with the
    /// window focused.
    public var showsUnreadInTitle = true
    /// Messages from others that arrived while away, since the user was last back.
    public var unseenCount: Int { arrivalWatch.unseenCount }

    /// What is news (the core's decision, shared with the terminal).
    var arrivalWatch = ArrivalWatch()
    /// Whether the window has the focus.
    var isWindowActive = false
    /// The window whose focus the screen follows.
    var watchedWindow: OpaquePointer?
    /// The window's own title, and the one the screen last set.
    var plainTitle = ""
    var titleShown: String?
    /// Posts a desktop notification (title, body); a seam for tests.
    var postNotification: @MainActor (String, String) -> Void = { ChatScreen.postDesktopNotification(title: $0, body: $1) }

    /// Whether the input bar is the theme's preset (none was given): it then takes the
    /// new theme's preset look (``InputBar/adoptLook(of:)``) when ``style`` changes theme.
    private let followsThemePreset: Bool

    /// The style of both parts.
    public var style: ChatStyle {
        get { messages.style }
        set {
            let themeChanged = newValue.name != messages.style.name
            messages.style = newValue
            if themeChanged && followsThemePreset {
                inputBarView.model.adoptLook(of: Self.preset(for: newValue))
            }
            inputBarView.style = newValue
            inputBarView.model.strings = messages.presenter.strings
            inputBarView.model.direction = newValue.direction
            inputBarView.syncFromModel()
        }
    }

    /// Creates a screen for `conversation`.
    ///
    /// - Parameters:
    ///   - conversation: What to show.
    ///   - style: A theme.
    ///   - inputBar: The composer's model; by default the preset matching the theme.
    ///   - images: Where pictures come from.
    public init(conversation: Conversation, style: ChatStyle = .light, inputBar: InputBar? = nil, images: ImageLoader = .shared) {
        followsThemePreset = inputBar == nil
        messages = MessengerView(conversation: conversation, style: style, images: images)
        inputBarView = InputBarView(inputBar ?? Self.preset(for: style), style: style)
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(root, "parley-chat")
        searchBar = SearchBarView(presenter: messages.presenter)
        gtk_box_append(root.ptr(), searchBar.root)
        gtk_widget_set_vexpand(messages.root, 1)
        gtk_box_append(root.ptr(), messages.root)
        gtk_box_append(root.ptr(), inputBarView.root)
        let messages = self.messages
        inputBarView.sendGate = { send in
            // A scroll still gliding (a Page Up just before) must not carry the view
            // back into the past once the presenter has returned to the present.
            messages.scrolling.stop()
            let sent = messages.presenter.send(send)
            messages.relayout()
            return sent
        }
        // The list's keys from the composer, and the composer's keys typed in the list.
        inputBarView.lentKeys = { [weak messages] key, state in messages?.handleComposerKey(key, state: state) ?? false }
        messages.onComposerKey = { [weak inputBarView] typed in
            guard let inputBarView else { return }
            inputBarView.focus()
            if !typed.isEmpty { inputBarView.insertAtCursor(typed) }
        }
        // "Reply" in the message menu quotes the message in this screen's composer.
        messages.presenter.inputBar = inputBarView.model
        inputBarView.model.strings = messages.presenter.strings
        inputBarView.model.direction = style.direction
        messages.events.onEvent { [weak inputBarView] event in
            if case .replyRequested = event { inputBarView?.focus() }
        }
        installAttention()
        installSearch()
        root.keepAlive(self, key: "parley-chat-screen")
    }

    /// Shows custom messages of `kind` with widgets from `factory` (see
    /// ``MessengerView/register(kind:_:)``).
    public func register(kind: String, _ factory: @escaping @MainActor (CustomContent, MessageID) -> Widget) {
        messages.register(kind: kind, factory)
    }

    /// The input bar preset that goes with a theme (``InputBar/preset(for:units:)``).
    public static func preset(for style: ChatStyle) -> InputBar {
        InputBar.preset(for: style, units: .points)
    }
}

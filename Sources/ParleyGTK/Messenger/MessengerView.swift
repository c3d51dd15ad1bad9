internal import CGtk4
internal import CParleyGtk
import Foundation
import ParleyCore
import ParleyMarkdown

/// The message list as a GTK widget: a conversation of any length, virtualised by the
/// core's ``ChatPresenter``.
///
/// ```swift
/// let view = MessengerView(conversation: chat, style: .iMessage)
/// window.child = view.widget
/// view.events.onEvent { event in print(event) }
/// ```
///
/// The view only draws: which rows show, what the badge and the history rows say, what
/// a click means and where a jump lands are the presenter's decisions, shared with the
/// terminal front end.
///
/// Only the rows on screen (plus ``overscan``) exist as widgets; they are recycled as rows
/// scroll, so a million messages open and scroll like ten. The view follows new messages
/// while at the bottom, keeps its place when history is prepended, and shows a floating
/// button with the unread count when scrolled up. It scrolls by wheel, touchpad (with
/// kinetic deceleration), scroll bar and keyboard (see ``openMenu(for:)`` and
/// ``onComposerKey``): ↑/↓ move a focused message, Page Up/Down and Home/End scroll.
///
/// The widget owns the view: it stays alive as long as ``widget`` does, so an app may keep
/// only the widget. Everything is released when the widget is destroyed.
@MainActor
public final class MessengerView: RowHost {
    /// The GtkWidget itself, for Parley's own calls.
    package let root: WidgetPointer
    /// The list, to put into a window or a box (an app may keep only this: it keeps the view alive).
    public var widget: Widget { Widget(root) }
    /// The conversation shown; change it from any thread.
    public let conversation: Conversation
    /// The list's logic: frames, scrolling, jumps, taps.
    public let presenter: ChatPresenter
    /// Taps on avatars, bubbles, links, the history rows; long presses.
    public var events: MessengerEvents { presenter.events }
    /// Loads pictures for the rows.
    public let images: ImageLoader
    /// Text measurement matching the labels.
    public let measurer: PangoMeasurer
    /// Extra height laid out above and below the visible area, in pixels.
    public var overscan: Double = 240
    /// Whether activated links open in the desktop's handler (after the event is sent).
    public var opensLinks = true
    /// Whether plain message text is drawn from the layout ``measurer`` made of it, so
    /// that it is shaped once, while its `label.body` is not worked with (the label stays,
    /// transparent, for the pointer, selection and screen readers). On by default. Turn it
    /// off if your CSS gives `label.body` what only the label draws: a background, border,
    /// padding, opacity, filter or transform, letter spacing, text decoration or font
    /// features.
    public var paintsMessageText = true {
        didSet {
            guard paintsMessageText != oldValue else { return }
            for row in active.values { row.placeBubbleAgain() }
        }
    }
    /// Whether no row takes the hover while the list scrolls under a pointer that stays
    /// still (the wheel, a touchpad, the paging keys): GTK would otherwise find the row under
    /// the pointer again at every step, restyle the rows the hover leaves and enters, and
    /// draw them anew instead of from their images. The rows take the pointer again a second
    /// after the last step, or before GTK handles the user's next press, touch, move,
    /// sideways scroll or drag, which reaches the row under the pointer as before. On by
    /// default; turn it off if your CSS styles rows on `:hover` and they must follow a still
    /// pointer.
    public var holdsHoverWhileScrolling = true {
        didSet {
            if !holdsHoverWhileScrolling { parley_hover_release(list.widget.raw) }
        }
    }
    /// Whether a wheel notch and a paging key (Page Up/Down, Space) glide over
    /// about 70 ms instead of moving at once. Off by default, as in GTK's own lists: a step
    /// is then one paint, where a glide paints four (measured by `scripts/measure-gtk.py`).
    /// Touchpad scrolling follows the fingers and flings either way. No glide, and no row
    /// animation, runs while the desktop turns animations off (`gtk-enable-animations`).
    public var smoothScrolling = false
    /// Plays voice notes and videos through GTK's media stack when they are tapped (or
    /// activated with Space or Enter). Turn it off to play them with the app's own player
    /// from ``MessengerEvent/tapMedia(_:_:)``, reporting to ``ChatPresenter/playback``.
    public var playsMedia = true {
        didSet { if !playsMedia { player.stop() } }
    }
    /// The player behind ``playsMedia``: one stream at a time, owned by the view.
    public private(set) lazy var player = MediaPlayer(playback: presenter.playback, conversation: conversation)
    /// Items the context menu adds after Copy and Delete.
    public var menuActions: [MessageAction] = [] {
        didSet { menu.rebuild(actions: menuActions) }
    }
    /// Which messages the menu offers to delete: `ChatPresenter.canDelete` (by default
    /// the local user's own).
    public var canDelete: @MainActor (Message) -> Bool {
        get { presenter.canDelete }
        set { presenter.canDelete = newValue }
    }

    /// Takes the keyboard back to the composer, with the printable text typed while the
    /// list had it (empty for Escape). ``ChatScreen`` sets it; alone, the list keeps such
    /// keys to itself.
    public var onComposerKey: (@MainActor (_ typed: String) -> Void)?

    /// What Delete in the context menu does instead of ``ChatPresenter/delete(_:)`` (which
    /// leaves "Message deleted" in its place, or removes it, as ``ChatPresenter/deletion``
    /// says).
    public var onDelete: (@MainActor (MessageID) -> Void)?

    /// The style, in pixels; setting it restyles every row.
    public var style: ChatStyle {
        get { presenter.style }
        set { applyStyle(newValue) }
    }

    /// Where history comes from; pages load as either end of the list nears.
    public var pager: HistoryPager? {
        get { presenter.pager }
        set { presenter.pager = newValue }
    }

    let list: Frame
    let body: WidgetPointer
    let overlay: WidgetPointer
    let scrollbar: WidgetPointer
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    let newMessagesButton: WidgetPointer
    /// "Message deleted" and its Undo button, floating at the bottom after a deletion; a
    /// notice of the presenter's (``ChatFrame/notice``) shows there too, without the button.
    let undoBar: WidgetPointer
    /// The shadows under the two floating controls.
    let newMessagesShadow: FloatingShadow
    let undoShadow: FloatingShadow
    let undoLabel: WidgetPointer
    /// How wide a notice's label grows, in characters, before it wraps.
    static let noticeWidthChars: Int32 = 34
    let undoButton: WidgetPointer
    /// The text shown over an empty list.
    let emptyLabel: WidgetPointer
    var sheet: StyleSheet
    var active: [RowID: RowView] = [:]
    var pool: [RowView] = []
    /// The row views the list holds: on screen, idle, and fading out.
    var rowViewCount = 0
    var lastPlaced: [RowID: Double] = [:]
    var placedOrder: [RowID] = []
    let animator = RowAnimator()
    var scrolling = ScrollMotion()
    var isUpdatingScrollbar = false
    /// Whether the rows must be updated before the next layout (see ``relayout()``).
    var needsRowUpdate = true
    /// Whether the scroll bar or the new-messages button may be out of date.
    var needsChromeUpdate = false
    /// The per-frame callback, while one is scheduled.
    var frameTick: guint?
    /// Whether the list has been allocated once (its width is known).
    var hasAllocated = false
    /// Changes that came before the first allocation, for the presenter to hear once the
    /// width is known: settling them at a guessed width would lay every row out twice.
    /// Hearing one settles for all, so only the last is kept, and the last that asks for
    /// history (a view never shown keeps two, however many arrive).
    var changesBeforeAllocation: (last: ChangeSet?, history: ChangeSet?) = (nil, nil)
    /// Whether the list took the keyboard focus before its first allocation, so that
    /// allocation selects the last message shown.
    var selectsOnAllocation = false
    /// The row views to place, top to bottom, at their resting `y`.
    var placements: [(view: RowView, y: Double)] = []
    /// The scroll bar's last state, to skip unchanged updates.
    var appliedIndicator: ScrollIndicator?
    var customFactories: [String: @MainActor (CustomContent, MessageID) -> WidgetPointer] = [:]
    /// The last frame the presenter gave (rows, badge, empty state, scroll bar).
    var lastFrame: ChatFrame?
    /// Where the viewport stood when the rows were last placed, to tell a change of the
    /// presenter's own that moved the view from one that did not.
    var placedAnchor: (anchor: ViewportAnchor?, pinned: Bool)?
    /// Set while a pointer tap on a link is being handled, so the label does not open it
    /// a second time.
    var linkTapHandled = false
    lazy var menu = MessageMenu(view: self)
    /// Messages from others that just arrived: their rows are announced (see
    /// ``announceArrival(of:)``) when next placed.
    var arrivals: Set<RowID> = []
    /// Called with each frame the chrome is brought up to date with (``ChatScreen``
    /// watches it for news).
    var onChrome: (@MainActor (ChatFrame) -> Void)?
    /// Whether the list (or a label in it) has the keyboard: the focused message shows
    /// its ring then.
    var hasKeyboardFocus = false
    /// Whether the list is taking the keyboard from a click (which picks no message of its
    /// own: see ``tap(at:)``).
    var takesFocusFromClick = false
    /// Whether, under GSK's cairo renderer, a row that keeps moving a little without
    /// changing is drawn from an image of itself (`parley_frame_set_children_as_images`).
    /// Tests turn it off to compare the pixels.
    var drawsRowsAsImages = true {
        didSet { parley_frame_set_children_as_images(list.widget, drawsRowsAsImages) }
    }
    private var observation: Observation?
    private var imageObservation: ImageLoader.Observation?
    var playbackObservationToken: MediaPlayback.Token?
    private var lastSize = Size(width: 0, height: 0)

    /// Creates the view for `conversation`.
    ///
    /// - Parameters:
    ///   - conversation: What to show.
    ///   - style: A theme (``ChatStyle/light`` by default); its metrics are in pixels.
    ///   - images: Where pictures come from (a shared loader with memory and disk caches).
    public init(conversation: Conversation, style: ChatStyle = .light, images: ImageLoader = .shared) {
        self.conversation = conversation
        self.images = images
        list = Frame(cssName: "messages", role: GTK_ACCESSIBLE_ROLE_LOG)
        gtk_widget_set_focusable(list.widget, 1)
        gtk_widget_set_hexpand(list.widget, 1)
        gtk_widget_set_vexpand(list.widget, 1)
        gtk_widget_set_overflow(list.widget, GTK_OVERFLOW_HIDDEN)
        // A wheel step then copies the pixels of the rows that stay on screen.
        parley_frame_set_children_as_images(list.widget, true)
        measurer = PangoMeasurer(widget: Widget(list.widget))
        presenter = ChatPresenter(
            conversation: conversation, style: style.formattingMarkdown, units: .points, measurer: measurer, size: Size(width: 360, height: 480))
        sheet = StyleSheet(style: presenter.style)
        list.widget.setAccessibleLabel(presenter.strings.messageList)

        adjustment = gtk_adjustment_new(0, 0, 1, 0.01, 0.1, 1)!
        scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, adjustment)
        body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_box_append(body.ptr(), list.widget)
        gtk_box_append(body.ptr(), scrollbar)
        newMessagesButton = gtk_button_new_with_label("↓")
        gtk_widget_add_css_class(newMessagesButton, "new-messages")
        // The button floats 12 points above the bottom edge, its shadow's margin included;
        // a spacer rather than a margin, which an overlay shrunk to nothing would turn
        // into a negative height.
        newMessagesShadow = FloatingShadow(newMessagesButton)
        let floating = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let spacer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(spacer, 1, Int32(max(0, 12 - newMessagesShadow.shadow.margin)))
        gtk_box_append(floating.ptr(), newMessagesShadow.widget)
        gtk_box_append(floating.ptr(), spacer)
        gtk_widget_set_halign(floating, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(floating, GTK_ALIGN_END)
        gtk_widget_set_can_target(spacer, 0)
        newMessagesButton.isShown = false
        overlay = gtk_overlay_new()
        gtk_overlay_set_child(overlay.ptr(), body)
        gtk_overlay_add_overlay(overlay.ptr(), floating)
        undoLabel = gtk_label_new(nil)!
        // A notice says what to do ("/jump takes a day as 2026-11-20"): it wraps in a
        // narrow window rather than running past its edge. The overlay sizes the bar by its
        // natural size, so the label's natural width is bounded too.
        gtk_label_set_wrap(undoLabel.ptr(), 1)
        gtk_label_set_wrap_mode(undoLabel.ptr(), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(undoLabel.ptr(), Self.noticeWidthChars)
        gtk_label_set_xalign(undoLabel.ptr(), 0)
        undoButton = gtk_button_new_with_label("Undo")!
        gtk_widget_add_css_class(undoButton, "undo")
        undoBar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(undoBar, "undo-bar")
        gtk_box_append(undoBar.ptr(), undoLabel)
        gtk_box_append(undoBar.ptr(), undoButton)
        undoBar.isShown = false
        undoShadow = FloatingShadow(undoBar)
        gtk_widget_set_halign(undoShadow.widget, GTK_ALIGN_START)
        gtk_widget_set_valign(undoShadow.widget, GTK_ALIGN_END)
        gtk_widget_set_margin_start(undoShadow.widget, Int32(max(0, 12 - undoShadow.shadow.margin)))
        gtk_widget_set_margin_bottom(undoShadow.widget, Int32(max(0, 12 - undoShadow.shadow.margin)))
        gtk_widget_set_margin_end(undoShadow.widget, Int32(max(0, 12 - undoShadow.shadow.margin)))
        gtk_overlay_add_overlay(overlay.ptr(), undoShadow.widget)
        emptyLabel = gtk_label_new(nil)!
        gtk_widget_add_css_class(emptyLabel, "empty-state")
        gtk_widget_set_halign(emptyLabel, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(emptyLabel, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(emptyLabel, 0)
        gtk_label_set_justify(emptyLabel.ptr(), GTK_JUSTIFY_CENTER)
        gtk_label_set_wrap(emptyLabel.ptr(), 1)
        emptyLabel.isShown = false
        gtk_overlay_add_overlay(overlay.ptr(), emptyLabel)
        root = overlay
        gtk_widget_add_css_class(root, "parley")

        sheet.install()
        applyScopeClasses(old: nil)
        // The widget owns the view (the view holds no strong reference to its root).
        root.keepAlive(self, key: "parley-messenger-view")
        list.handlers.allocate = { [weak self] width, height in self?.allocate(width: width, height: height) }
        list.handlers.measure = { vertical, _ in vertical ? (80, 480) : (120, 360) }
        installScrolling()
        parley_hover_watch()
        installKeyboard()
        installPointer()
        // Clicking the floating buttons leaves the keyboard where it was (the composer).
        gtk_widget_set_focus_on_click(newMessagesButton, 0)
        gtk_widget_set_focus_on_click(undoButton, 0)
        Signals.connect(newMessagesButton.raw, "clicked") { [weak self] in self?.scrollToBottom(animated: true) }
        Signals.connect(undoButton.raw, "clicked") { [weak self] in
            self?.presenter.undoDelete()
            self?.relayout()
        }
        observation = conversation.observe { [weak self] change in
            Task { @MainActor in self?.apply(change) }
        }
        presenter.onNeedsDisplay = { [weak self] in
            guard let self else { return }
            // A jump, a restore or a page loaded by a tap moved the view: a glide under way
            // would carry on from elsewhere, so it stops. A highlight, a notice or Undo that
            // ended moved nothing: a glide goes on.
            if self.presenter.viewport.anchor != self.placedAnchor?.anchor
                || self.presenter.viewport.isPinnedToBottom != self.placedAnchor?.pinned
            {
                self.scrolling.stop()
            }
            self.relayout()
        }
        imageObservation = images.observe { [weak self] source in self?.imagesChanged(source) }
        installMedia()
    }

    deinit {
        observation?.cancel()
    }

    /// Shows custom messages of `kind` with widgets from `factory` (called when such a
    /// message scrolls into view; the widget is placed at the layout's content frame).
    /// Make the widget with GTK's C API (`import CGtk4`) or another binding and wrap it
    /// with ``Widget/init(gtkWidget:)``; the row keeps it until the message leaves the view.
    public func register(kind: String, _ factory: @escaping @MainActor (CustomContent, MessageID) -> Widget) {
        customFactories[kind] = { content, id in factory(content, id).pointer }
        invalidateRows()
    }

    /// Scrolls to the oldest loaded message (the pager then loads earlier ones).
    public func scrollToTop() {
        scrolling.stop()
        presenter.scrollToTop()
        relayout()
    }

    /// Scrolls to the newest message and follows new ones again (after a jump into the
    /// past, the newest messages are loaded first).
    public func scrollToBottom(animated: Bool = true) {
        scrolling.stop()
        if animated, animationsEnabled, let frame = lastFrame, frame.isShowingLatest, !frame.isAtBottom {
            animator.slideContent(by: -min(presenter.size.height, 400))
        }
        presenter.scrollToBottom()
        relayout()
    }

    /// Scrolls by `distance` pixels (positive: towards newer messages), at once or over
    /// the next few frames.
    public func scroll(by distance: Double, animated: Bool = false) {
        if animated && animationsEnabled { scrollSmoothly(by: distance) } else { scrollNow(by: distance) }
    }

    /// Scrolls so that message `id` is at `position`; returns `false` when it is not loaded.
    @discardableResult
    public func scroll(to id: MessageID, at position: ScrollPosition = .center) -> Bool {
        scrolling.stop()
        let found = presenter.scroll(to: id, at: position)
        relayout()
        return found
    }

    // MARK: Internals

    /// Forces every row view, on screen or pooled, to re-apply its content (style or
    /// custom widgets changed).
    func invalidateRows() {
        for row in active.values { row.clear() }
        for row in pool { row.clear() }
        relayout()
    }

    /// A picture finished loading (or failed): the rows showing it fill themselves again.
    private func imagesChanged(_ source: ImageSource) {
        var changed = false
        for row in active.values where row.shows(source) {
            row.clear()
            changed = true
        }
        for row in pool where row.shows(source) { row.clear() }
        if changed { relayout() }
    }

    private func applyStyle(_ newValue: ChatStyle) {
        let old = sheet
        presenter.style = newValue.formattingMarkdown
        list.widget.setAccessibleLabel(presenter.strings.messageList)
        sheet = StyleSheet(style: presenter.style)
        sheet.install()
        applyScopeClasses(old: old)
        invalidateRows()
    }

    private func applyScopeClasses(old: StyleSheet?) {
        if let old {
            root.setClass(old.scopeClass, false)
            root.setClass("parley-theme-" + old.style.name, false)
        }
        root.setClass(sheet.scopeClass, true)
        root.setClass("parley-theme-" + sheet.style.name, true)
        root.setClass("parley-dark", sheet.style.isDark)
    }

    // MARK: Changes

    func apply(_ change: ChangeSet) {
        let animated = change.animated && animationsEnabled
        if animated && !change.isPrepend {
            animator.prepare(change: change, placed: lastPlaced)
        }
        for id in change.removed {
            if let row = active[.message(id)], let y = lastPlaced[.message(id)], animated {
                active[.message(id)] = nil
                animator.fadeOut(row, at: y)
            }
        }
        if !change.isPrepend && !change.isWindowMove && !change.inserted.isEmpty {
            let me = conversation.me.id
            for id in change.inserted.suffix(8) where conversation.message(id).map({ $0.sender.id != me }) ?? false {
                arrivals.insert(.message(id))
            }
        }
        if hasAllocated {
            presenter.conversationChanged(change)
        } else {
            if change.isPrepend || change.historyChanged {
                changesBeforeAllocation.history = change
            } else {
                changesBeforeAllocation.last = change
            }
        }
        relayout()
    }

    // MARK: RowHost

    var grouping: Grouping { presenter.layoutEngine.grouping }

    func customWidget(for content: CustomContent, in message: MessageID) -> WidgetPointer? {
        customFactories[content.kind]?(content, message)
    }

    func activateLink(_ uri: String, in message: MessageID) -> Bool {
        // A click was already turned into the core's hit test (``tap(at:)``); only a link
        // activated from the keyboard gets here to be handled.
        if linkTapHandled { return true }
        if case .tapLink(_, let detection) = presenter.activateLink(uri, in: message), detection.opensExternally { open(uri) }
        return true
    }

    /// Opens `uri` in the desktop's handler, when ``opensLinks``.
    func open(_ uri: String) {
        if opensLinks, let window = gtk_widget_get_root(root) {
            gtk_show_uri(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), uri, UInt32(GDK_CURRENT_TIME))
        }
    }

    func activateHistory(_ edge: HistoryEdge) {
        presenter.activateHistory(edge)
    }
}

/// An item of the message context menu.
public struct MessageAction: Sendable {
    /// The menu label.
    public var title: String
    /// Called with the message the menu was opened on.
    public var perform: @MainActor @Sendable (MessageID) -> Void

    /// Creates a menu item.
    public init(title: String, perform: @escaping @MainActor @Sendable (MessageID) -> Void) {
        self.title = title
        self.perform = perform
    }
}

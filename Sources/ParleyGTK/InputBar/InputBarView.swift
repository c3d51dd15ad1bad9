internal import CGtk4
internal import CParleyGtk
import Foundation
import ParleyCore

/// The GTK composer: the core's ``InputBar`` model drawn as a GtkWidget, after
/// MessageKit's `MessageInputBar`.
///
/// An auto-growing text view (it grows with its lines up to ``InputBar/maxLines``, then
/// scrolls) with a placeholder, between the left and right stacks of the model's items,
/// with the bottom stack under it. Every place and size comes from
/// ``InputBar/layout(width:measurer:)``: padding, text view padding, stack widths (width
/// changes asked for with animation slide briefly), item sizes. Items are buttons whose
/// clicks run the items' hooks; their enabled and selected states follow the model.
///
/// ```swift
/// let bar = InputBarView(.iMessage(), style: .iMessage)
/// bar.onSend { text in chat.append(.text(text), from: me) }
/// bar.onSendAttachments { images in
///     for image in images { chat.append(.image(image.imageContent), from: me) }
/// }
/// box.append(bar.widget)
/// ```
///
/// - **Enter** sends, **Shift+Enter** (or Alt+Enter) adds a line. The send button is
///   enabled only when there is text that is not blank, or an attachment.
/// - **Attachments**: items whose id is in ``attachmentItemIDs`` (the presets' "plus",
///   "attachment" and "photo") open an image chooser; pasting an image (a clipboard with an
///   image and no text) attaches it as PNG bytes. Attachments show as removable
///   thumbnails above the text and go to ``onSendAttachments(_:)`` handlers.
/// - **Sending** goes through the model (``InputBar/send()``): handlers run in order, the
///   text clears after they all succeed and stays when one throws.
/// - **Accessibility**: every button has a name ("Send", "Attach", ...; see
///   ``accessibleLabels``) and a tooltip; Tab reaches every button and the text view
///   (which does not take Tab itself).
/// - **CSS**: the root node is `inputbar` with `.parley-theme-<name>` and `.dark` or
///   `.light`; inside it, `scrolledwindow.text-field` > `textview.input`,
///   `label.placeholder`, `itemslot` > `button.item` (`.send-button` with its drawn
///   `sendarrow`, `.attach-button`, `.titled`, `.selected`, `.left`/`.right`/`.bottom`,
///   `.item-<id>`), and `scrolledwindow.attachments` holding a row of `overlay.attachment`
///   (`picture.thumbnail`, `image.placeholder`, `button.remove`). The built-in rules sit
///   just below application priority, so an app's CSS wins.
///
/// The model may be changed from app code at any time (text, items, widths, hooks): the
/// view follows the model's ``InputBar/events``, which needs `@MainActor` tasks to run
/// (see ``GTK/runsMainActorTasks()``). Keep the view alive while its widget is shown: the
/// widget's handlers hold the view weakly.
@MainActor
public final class InputBarView {
    /// The GtkWidget itself, for Parley's own calls.
    package let root: WidgetPointer
    /// The bar, to put under a message list (it keeps the view alive).
    public var widget: Widget { Widget(root) }
    /// The model: text, items, stacks, hooks, presets. Shared with app code.
    public let model: InputBar

    /// The colours the bar is drawn in.
    public var style: ChatStyle {
        didSet { applyStyle() }
    }

    /// Space between the text field's edges and its text, in pixels. The layout counts it
    /// in the text frame, so the field grows by whole lines.
    public var textInsets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12) {
        didSet {
            applyTextInsets()
            gtk_widget_queue_resize(root)
        }
    }

    /// Ids of the items that open the image chooser when clicked (after their own
    /// ``InputBarItem/onTouchUpInside(_:)`` hook). Empty: no item does.
    public var attachmentItemIDs: Set<String> = ["plus", "attachment", "photo"] {
        didSet { syncItems() }
    }

    /// Accessible names of item buttons by item id, over the built-in ones ("Send",
    /// "Attach", "Camera", ...); items without either are named by their title or id.
    public var accessibleLabels: [String: String] = [:] {
        didSet { syncItems() }
    }

    /// GTK icon names for the items' abstract icon names, over the built-in mapping
    /// ("send" → a drawn arrow, "plus" → `list-add-symbolic`, ...). An icon name found
    /// in neither is used as a GTK icon name.
    public var iconNames: [String: String] = [:] {
        didSet { syncItems() }
    }

    /// The images waiting to be sent, in the order they were added.
    public internal(set) var attachments: [InputBarAttachment] = []

    /// The error an ``onSendAttachments(_:)`` handler threw on the last send; `nil` after
    /// a success. The attachments were kept.
    public internal(set) var lastAttachmentError: (any Error)?
    /// Runs each send (given as a closure that sends and returns whether it did), or
    /// defers it: a ``ChatScreen`` uses it to return to the present before sending.
    /// Returns the send's result, or `nil` when it was deferred.
    var sendGate: (@MainActor (@escaping @MainActor () -> Bool) -> Bool?)?
    /// Keys the text view lends to the message list first (Page Up/Down, Ctrl+Home/End
    /// scroll it): returns whether the list used the key.
    var lentKeys: (@MainActor (UInt32, GdkModifierType) -> Bool)?

    /// The text in the text view (the model's ``InputBar/text``).
    public var text: String {
        get { model.text }
        set {
            model.text = newValue
            syncFromModel()
        }
    }

    // MARK: Parts

    let frame: Frame
    /// The scrolled window around the text view (`scrolledwindow.text-field`).
    let field: WidgetPointer
    /// The GtkTextView.
    let textView: WidgetPointer
    /// The text view's GtkTextBuffer.
    let buffer: UnsafeMutablePointer<GtkTextBuffer>
    /// Shown over the empty text view.
    let placeholderLabel: WidgetPointer
    /// "Replying to Alice: …" above the text, while the model has a reply target.
    let replyLabel: WidgetPointer
    /// The button that stops replying.
    let replyCancel: WidgetPointer
    /// The "@name" suggestions, made the first time they show.
    var mentionPopover: MentionPopover?
    var mentions: MentionPopover {
        if let mentionPopover { return mentionPopover }
        let popover = MentionPopover(parent: root)
        popover.onPick = { [weak self] member in self?.complete(with: member) }
        mentionPopover = popover
        return popover
    }
    /// The scrolled row of attachment chips (`scrolledwindow.attachments`).
    let attachmentStrip: WidgetPointer
    /// The box of chips inside the strip.
    let attachmentRow: WidgetPointer
    /// Measures in pixels with the text view's Pango context.
    let measurer: PangoMeasurer
    let fonts: FontMapping
    private var references: [ObjectRef]

    // MARK: State

    /// One button per item, in the model's item order.
    var buttons: [InputBarItemButton] = []
    /// One chip per attachment, in order.
    var chips: [AttachmentChip] = []
    var attachmentHandlers: [@MainActor ([InputBarAttachment]) throws -> Void] = []
    /// The image chooser while it is open.
    var imageChooser: ImageChooser?
    var nextAttachmentID = 1
    /// Whether the view, not the model, decides the send item's enabled state because
    /// attachments make it sendable without text.
    var holdsSendItemState = false
    /// Set while the view writes the buffer, so the write is not taken for typing.
    var isWritingBuffer = false
    /// The input method's uncommitted text; Enter belongs to the input method while set.
    var preedit = ""
    /// The sheet drawn with, and the root's theme classes.
    var styleSheet: InputBarStyleSheet?
    var themeClasses: [String] = []
    /// The text insets and font the text view was last given.
    var appliedFont: FontSpec?

    // MARK: Layout state

    /// The room the field's CSS takes around the text view, learnt from its allocation.
    var fieldChrome = EdgeInsets(all: 0)
    /// The width of the last allocation; the height is measured at it when GTK does not say.
    var allocatedWidth: Double?
    /// The frames last put on screen.
    var shownLayout: InputBarLayout?
    /// A layout reported an animated change; the next allocation animates to it.
    var animatesNextLayout = false
    var animation: InputBarAnimation?
    var isTicking = false

    private var observation: Task<Void, Never>?

    /// Creates the view of `model`.
    ///
    /// - Parameters:
    ///   - model: The bar's model; a preset such as `.iMessage()`, `.slack()`,
    ///     `.messenger()`, or a plain `InputBar()` with a "Send" item.
    ///   - style: The colours; the conversation's style, usually.
    public init(_ model: InputBar = InputBar(), style: ChatStyle = .light) {
        self.model = model
        self.style = style
        frame = Frame(cssName: "inputbar", role: GTK_ACCESSIBLE_ROLE_GROUP)
        root = frame.widget

        attachmentRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        attachmentStrip = gtk_scrolled_window_new()!
        gtk_widget_add_css_class(attachmentStrip, "attachments")
        gtk_scrolled_window_set_policy(attachmentStrip.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(attachmentStrip.opaque, attachmentRow)
        attachmentStrip.isShown = false

        textView = gtk_text_view_new()!
        buffer = gtk_text_view_get_buffer(textView.cast(to: GtkTextView.self))!
        gtk_widget_add_css_class(textView, "input")
        gtk_text_view_set_wrap_mode(textView.cast(to: GtkTextView.self), GTK_WRAP_WORD_CHAR)
        // A word too long for the line breaks as in the bubble it will be sent in: no hyphen.
        parley_text_buffer_keep_unhyphenated(UnsafeMutableRawPointer(buffer))
        gtk_text_view_set_accepts_tab(textView.cast(to: GtkTextView.self), 0)
        parley_accessible_set_label(textView.raw, "Message")
        field = gtk_scrolled_window_new()!
        gtk_widget_add_css_class(field, "text-field")
        gtk_scrolled_window_set_policy(field.opaque, GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_child(field.opaque, textView)

        placeholderLabel = gtk_label_new(nil)!
        gtk_widget_add_css_class(placeholderLabel, "placeholder")
        gtk_label_set_xalign(placeholderLabel.opaque, 0)
        gtk_label_set_yalign(placeholderLabel.opaque, 0)
        gtk_label_set_ellipsize(placeholderLabel.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_set_can_target(placeholderLabel, 0)
        // The text view's description says it; a label of its own would be read as text.
        placeholderLabel.setAccessibleHidden(true)

        references = [attachmentStrip, field, placeholderLabel].map { ObjectRef(sinking: $0.raw) }
        frame.add(attachmentStrip)
        frame.add(field)
        frame.add(placeholderLabel)
        parley_accessible_set_label(root.raw, "Message composer")

        replyLabel = gtk_label_new(nil)!
        gtk_widget_add_css_class(replyLabel, "reply-banner")
        gtk_label_set_xalign(replyLabel.opaque, 0)
        gtk_label_set_ellipsize(replyLabel.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(replyLabel.opaque, 1)
        replyCancel = gtk_button_new_with_label("✕")!
        gtk_widget_add_css_class(replyCancel, "reply-cancel")
        replyLabel.isShown = false
        replyCancel.isShown = false
        references += [replyLabel, replyCancel].map { ObjectRef(sinking: $0.raw) }
        frame.add(replyLabel)
        frame.add(replyCancel)

        measurer = PangoMeasurer(widget: Widget(textView))
        fonts = FontMapping.current()

        frame.handlers.measure = { [weak self] vertical, forSize in
            MainActor.assumeIsolated { self?.measure(vertical: vertical, forSize: forSize) ?? (0, 0) }
        }
        frame.handlers.allocate = { [weak self] width, height in
            MainActor.assumeIsolated { self?.allocate(width: width, height: height) }
        }
        connectEditing()
        Signals.connect(replyCancel.raw, "clicked") { [weak self] in
            self?.model.cancelReply()
            self?.focus()
        }
        applyStyle()
        applyTextInsets()
        syncFromModel()

        let events = model.events
        observation = Task { @MainActor [weak self] in
            for await event in events {
                guard let self else { return }
                self.modelDidChange(event)
            }
        }
    }

    isolated deinit {
        observation?.cancel()
        imageChooser?.respond(with: [])
    }

    // MARK: Sending

    /// Adds a handler that receives the text when the user sends it: the model's
    /// `InputBar.onSend`. The text clears when every handler returns and stays when
    /// one throws.
    ///
    /// ```swift
    /// bar.onSend { text in chat.append(.text(text), from: me) }
    /// ```
    @discardableResult
    public func onSend(_ handler: @escaping @MainActor (String) throws -> Void) -> InputBarView {
        model.onSend(handler)
        return self
    }

    /// Adds a handler that receives the attachments when the user sends, before the text.
    ///
    /// Handlers run in the order they were added. When all return, the attachments are
    /// removed from the bar; when one throws, the rest are skipped, the attachments and the
    /// text stay, and ``lastAttachmentError`` holds the error. Without handlers,
    /// attachments are kept and only the text is sent.
    @discardableResult
    public func onSendAttachments(
        _ handler: @escaping @MainActor ([InputBarAttachment]) throws -> Void
    ) -> InputBarView {
        attachmentHandlers.append(handler)
        return self
    }

    /// Gives the text view the keyboard focus.
    public func focus() {
        gtk_widget_grab_focus(textView)
    }

    // MARK: Following the model

    /// Brings every part up to date with the model: buttons, text, placeholder, font, size.
    func syncFromModel() {
        if model.font != appliedFont { applyStyle() }
        syncText()
        syncItems()
        syncPlaceholder()
        gtk_widget_queue_resize(root)
    }

    private func modelDidChange(_ event: InputBarEvent) {
        switch event {
        case .intrinsicHeightChanged:
            // A font change shows only as a new height.
            if model.font != appliedFont { applyStyle() }
        case .sendPressed, .sendFailed, .editingChanged:
            syncItems()
        case .replyTargetChanged:
            syncReplyBanner()
            gtk_widget_queue_resize(root)
        case .textChanged, .itemsChanged, .itemChanged, .stackWidthChanged:
            syncFromModel()
        }
    }

    /// Shows or hides the reply line as the model's reply target says.
    func syncReplyBanner() {
        guard let target = model.replyTarget else {
            replyLabel.isShown = false
            replyCancel.isShown = false
            return
        }
        let name = target.senderName.isEmpty ? model.strings.quoteUnavailable : target.senderName
        let title = Self.escaped(model.strings.replyingTo(name))
        let summary = Self.escaped(target.line)
        let font = measurer.description(model.font)
        LabelText(replyLabel).show(markup: "<b>\(title)</b>" + (summary.isEmpty ? "" : "  " + summary), font: font)
        replyCancel.setAccessibleLabel(model.strings.cancelReply)
        replyLabel.isShown = true
        replyCancel.isShown = true
    }

    /// `text` with Pango markup's special characters escaped.
    private static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(InertText.singleLine(text), -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// Rebuilds the buttons when the model's items changed, and updates every button.
    func syncItems() {
        let items = model.items
        let same = items.count == buttons.count && zip(items, buttons).allSatisfy { $0 === $1.item }
        if !same {
            var kept: [InputBarItemButton] = []
            for item in items {
                if let existing = buttons.first(where: { $0.item === item }) {
                    kept.append(existing)
                } else {
                    let button = InputBarItemButton(item: item) { [weak self] item in self?.itemClicked(item) }
                    frame.add(button.slot.widget)
                    kept.append(button)
                }
            }
            for old in buttons where !kept.contains(where: { $0 === old }) {
                frame.remove(old.slot.widget)
            }
            buttons = kept
        }
        for button in buttons {
            button.update(
                measurer: measurer, isSendItem: button.item === model.sendItem,
                opensChooser: attachmentItemIDs.contains(button.item.id), iconNames: iconNames,
                labels: accessibleLabels)
        }
    }

    /// The button of the item with `id`.
    func button(forItem id: String) -> InputBarItemButton? {
        buttons.first { $0.item.id == id }
    }

    private func itemClicked(_ item: InputBarItem) {
        if item === model.sendItem {
            send(through: item)
            return
        }
        item.touchUpInside()
        if item.isEnabled, attachmentItemIDs.contains(item.id) { chooseImages() }
        syncFromModel()
    }

    // MARK: Style

    /// Installs the sheet of ``style`` and the model's font, and tags the root with it.
    func applyStyle() {
        let sheet = InputBarStyleSheet(style: style, font: model.font, fonts: fonts)
        sheet.install()
        appliedFont = model.font
        let classes = [sheet.scopeClass, "parley-theme-" + InputBarItemButton.cssIdentifier(style.name),
                       style.isDark ? "dark" : "light"]
        for name in themeClasses where !classes.contains(name) { gtk_widget_remove_css_class(root, name) }
        for name in classes { gtk_widget_add_css_class(root, name) }
        themeClasses = classes
        styleSheet = sheet
        LabelText(placeholderLabel).show(model.placeholder, font: measurer.description(model.font))
        gtk_widget_queue_resize(root)
    }

    private func applyTextInsets() {
        let view = textView.cast(to: GtkTextView.self)
        // Above and below, the room is the widget's margin, outside what scrolls: the
        // scrolled page is then exactly the lines shown, and text past the line limit
        // scrolls by whole lines instead of cutting the top one.
        gtk_text_view_set_top_margin(view, 0)
        gtk_text_view_set_bottom_margin(view, 0)
        gtk_widget_set_margin_top(textView, Int32(saturating: textInsets.top.rounded()))
        gtk_widget_set_margin_bottom(textView, Int32(saturating: textInsets.bottom.rounded()))
        gtk_text_view_set_left_margin(view, Int32(saturating: textInsets.left.rounded()))
        gtk_text_view_set_right_margin(view, Int32(saturating: textInsets.right.rounded()))
    }
}

/// The model of a message input bar: a growing text view between two stacks of buttons,
/// with a third stack under it. Front ends (GTK, terminal) draw it and forward input.
///
/// After MessageKit's `MessageInputBar`. The layout, in the front end's units:
///
/// ```
/// H: |-(padding.left)-[left stack]-(textViewPadding.left)-[text view]
///        -(textViewPadding.right)-[right stack]-(padding.right)-|
/// V: |-(padding.top)-[text view]-(textViewPadding.bottom)-[bottom stack]-(padding.bottom)-|
/// ```
///
/// `textViewPadding.top` is unused: ``padding`` sets the gap above the text view.
///
/// ```swift
/// let bar = InputBar.iMessage()
/// bar.onSend { text in chat.append(.text(text), from: me) }
/// bar.text = "Hello"          // the front end forwards typing
/// bar.send()                  // Enter, or a click on the send item
/// let frames = bar.layout(width: 480, measurer: pango)
/// ```
///
/// News goes to the ``delegate``, to every ``events`` stream and to the items' hooks.
/// Sending never loses what the user typed: see ``send()``.
@MainActor
public final class InputBar {
    /// Receives sends, text and height changes.
    public weak var delegate: InputBarDelegate?

    /// What the user typed, never altered by the bar (control characters included).
    ///
    /// Setting a different value updates the send item, runs the items'
    /// ``InputBarItem/onTextChanged(_:)`` hooks, tells the delegate and the ``events``
    /// streams, and recomputes the height.
    public var text = "" {
        didSet {
            guard text != oldValue else { return }
            textDidChange()
        }
    }

    /// Shown in the text view while the text is empty.
    public var placeholder: String

    /// Which way the bar reads: right to left mirrors it (the left stack's items on the
    /// right, the send item on the left). The user's language decides unless set; a
    /// screen sets it from its style's ``ChatStyle/direction``.
    public var direction: LayoutDirection = .current {
        didSet { if direction != oldValue { layoutRevision &+= 1 } }
    }

    /// The font of the text and the placeholder.
    public var font = FontSpec(size: 11) {
        didSet { if font != oldValue { refreshHeight() } }
    }

    /// Space between the bar's edges and its contents.
    public var padding: EdgeInsets {
        didSet { if padding != oldValue { refreshHeight() } }
    }

    /// Gaps around the text view: left, right, and bottom (above the bottom stack). The top
    /// is unused.
    public var textViewPadding: EdgeInsets {
        didSet { if textViewPadding != oldValue { refreshHeight() } }
    }

    /// The most lines the text view grows to; longer text scrolls. At least 1.
    public var maxLines = 5 {
        didSet {
            if maxLines < 1 { maxLines = 1 }
            if maxLines != oldValue { refreshHeight() }
        }
    }

    /// Whether the bar enables the send item exactly when the text is not blank.
    public var managesSendItemEnabledState = true {
        didSet { updateSendItemState() }
    }

    /// The message the next send answers: the bar shows "Replying to Alice" with a
    /// cancel button above the text while it is set, hands it to `onSend { text, reply in … }`
    /// handlers with the text, and clears it once the text is sent.
    public var replyTarget: ReplyQuote? {
        didSet {
            guard replyTarget != oldValue else { return }
            broadcaster.yield(.replyTargetChanged(replyTarget))
            delegate?.inputBar(self, didChangeReplyTarget: replyTarget)
            refreshHeight()
        }
    }

    /// The composer's text and reply target, to keep per conversation: read it when the
    /// user leaves, set it when they return (setting it replaces both).
    public var draft: Draft {
        get { Draft(text: text, replyTo: replyTarget) }
        set {
            text = newValue.text
            replyTarget = newValue.replyTo
        }
    }

    /// Who can be mentioned: typing "@" and a few letters suggests them
    /// (``mentionSuggestions(cursor:)``).
    public var members: [Sender] = []
    /// The people picked from the suggestions since the last send.
    public internal(set) var pickedMentions: [Sender] = []

    /// The words of the reply line (``ChatStrings/replyingTo``, ``ChatStrings/cancelReply``):
    /// a chat screen sets its style's.
    public var strings = ChatStrings() {
        didSet { layoutRevision &+= 1 }
    }

    /// Whether the text view has the focus; see ``beginEditing()``.
    public private(set) var isEditing = false

    /// The item that sends; in the right stack unless moved.
    public let sendItem: InputBarItem

    /// The error thrown by a send handler on the last attempt; `nil` after a success.
    public internal(set) var lastSendError: (any Error)?

    /// The height last reported to the delegate and the streams; `nil` before any layout.
    public internal(set) var intrinsicHeight: Double?

    var left: InputBarStack { didSet { layoutRevision &+= 1 } }
    var right: InputBarStack { didSet { layoutRevision &+= 1 } }
    var bottom: InputBarStack { didSet { layoutRevision &+= 1 } }
    /// Changes with everything that can move a frame of the bar's layout: its text, reply
    /// target, items and their content, fonts, paddings, direction and strings. While it
    /// and the width stay the same, so does ``layout(width:measurer:)``'s answer (for the
    /// same measurer), and a front end may keep the layout it has.
    public internal(set) var layoutRevision: UInt64 = 0
    var sendHandlers: [@MainActor (String, ReplyQuote?) throws -> Void] = []
    var commandHandlers: [@MainActor (String) -> Bool] = []
    var isSending = false
    /// Set by animated stack changes; the next ``layout(width:measurer:)`` reports it.
    var pendingAnimation = false
    /// The width and measurer of the last layout, to recompute the height on changes.
    var lastWidth: Double?
    var lastMeasurer: (any TextMeasurer)?
    let broadcaster = InputBarEventBroadcaster()

    /// Creates a bar with a "Send" item in the right stack.
    ///
    /// - Parameters:
    ///   - metrics: Padding and spacing in the front end's units.
    ///   - placeholder: Shown while the text is empty.
    public init(metrics: InputBarMetrics = .points, placeholder: String = "Message") {
        self.placeholder = placeholder
        self.padding = metrics.padding
        self.textViewPadding = metrics.textViewPadding
        sendItem = InputBarItem(id: "send", title: "Send")
        left = InputBarStack(spacing: metrics.stackSpacing)
        right = InputBarStack(items: [sendItem], spacing: metrics.stackSpacing)
        bottom = InputBarStack(spacing: metrics.stackSpacing)
        sendItem.inputBar = self
        sendItem.position = .right
        sendItem.isEnabled = false
        sendItem.primaryAction = { [weak self] in self?.send() }
    }

    deinit {
        broadcaster.finish()
    }

    // MARK: Events

    /// A new stream of everything that happens from now on, in order. Every stream gets
    /// every event; streams end when the bar is released.
    public var events: AsyncStream<InputBarEvent> { broadcaster.makeStream() }

    // MARK: Text

    /// Whether the text is empty or only whitespace and line breaks; blank text never sends.
    public var isTextBlank: Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    private func textDidChange() {
        let current = text
        updateSendItemState()
        for item in items {
            item.textDidChange(to: current)
            // A hook set the text again; that change has told everyone already.
            guard text == current else { return }
        }
        delegate?.inputBar(self, textDidChangeTo: current)
        broadcaster.yield(.textChanged(current))
        refreshHeight()
    }

    func updateSendItemState() {
        guard managesSendItemEnabledState else { return }
        sendItem.isEnabled = !isTextBlank
    }

    // MARK: Editing

    /// The text view took the focus: runs every item's ``InputBarItem/onEditingBegan(_:)``
    /// hook. Does nothing while already editing.
    public func beginEditing() {
        guard !isEditing else { return }
        isEditing = true
        for item in items { item.editingDidBegin() }
        broadcaster.yield(.editingChanged(true))
    }

    /// The text view lost the focus: runs every item's ``InputBarItem/onEditingEnded(_:)``
    /// hook. Does nothing while not editing.
    public func endEditing() {
        guard isEditing else { return }
        isEditing = false
        for item in items { item.editingDidEnd() }
        broadcaster.yield(.editingChanged(false))
    }

    // MARK: Item callbacks

    func itemStateDidChange(_ item: InputBarItem) {
        broadcaster.yield(.itemChanged(id: item.id))
    }

    func itemContentDidChange(_ item: InputBarItem) {
        broadcaster.yield(.itemChanged(id: item.id))
        refreshHeight()
    }
}

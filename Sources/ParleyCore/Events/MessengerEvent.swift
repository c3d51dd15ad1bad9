/// Something the user did to the message list, reported by a front end.
public enum MessengerEvent: Sendable, Equatable {
    /// Tapped an avatar; `message` is the row's message (nil for the typing row).
    case tapAvatar(Sender, message: MessageID?)
    /// Tapped a bubble outside any link.
    case tapBubble(MessageID)
    /// Tapped a message row outside its bubble; `location` is in row coordinates.
    case tapCell(MessageID, location: Point)
    /// Tapped a detected link, address or phone number.
    case tapLink(MessageID, TextDetection)
    /// Tapped the delivery mark (to retry a failed message, for instance).
    case tapStatus(MessageID)
    /// Tapped the history row: load earlier, or retry after a failure.
    case tapLoadEarlier
    /// Tapped the row under the newest loaded message after a jump: retry newer pages.
    case tapLoadNewer
    /// Pressed and held a bubble (context menu).
    case longPressBubble(MessageID)
    /// Tapped "Show more" under a long text; the presenter has shown more of it.
    case tapShowMore(MessageID)
    /// Tapped a reply's quote; the presenter scrolls to the quoted message (loading the
    /// history around it when it can) and highlights it.
    case tapQuote(MessageID, quoted: ReplyQuote)
    /// The local user added (`isOn`) or took back a reaction, by tapping its chip or from
    /// the reaction picker; the presenter has changed the conversation. Send it to the
    /// network here.
    case reactionChanged(MessageID, key: String, isOn: Bool)
    /// Tapped the "+N" chip of reactions that do not fit: show them all.
    case tapMoreReactions(MessageID)
    /// Chose to reply to a message (the message menu, a key); the input bar now quotes it.
    case replyRequested(MessageID)
    /// Deleted a message (the message menu), for good: the presenter marked it deleted or
    /// removed it (``ChatPresenter/deletion``) and the time to undo it has passed. Delete
    /// it on the network here.
    case deleted(MessageID)
    /// Tapped a file card or one of its buttons: open or save the file, or (for the
    /// card) whatever the app does with it. The kit performs none of these itself.
    case tapFile(MessageID, FileAction)
    /// Tapped a location card: show the place on a map, say.
    case tapLocation(MessageID)
    /// Tapped a contact card, or its phone number or e-mail address.
    case tapContact(MessageID, ContactField)
    /// Tapped an audio or video message's button, or its waveform or progress bar: play,
    /// pause or seek it. The GTK front end plays it; the terminal and other players
    /// report how it goes in ``ChatPresenter/playback``.
    case tapMedia(MessageID, MediaAction)
}

/// Callbacks for ``MessengerEvent``s, one method per kind; implement the ones you need.
@MainActor
public protocol MessengerDelegate: AnyObject {
    /// An avatar was tapped.
    func messenger(didTapAvatarOf sender: Sender, message: MessageID?)
    /// A bubble was tapped.
    func messenger(didTapBubble message: MessageID)
    /// A row was tapped outside its bubble.
    func messenger(didTapCell message: MessageID, at location: Point)
    /// A link was tapped; open ``TextDetection/target``.
    func messenger(didTapLink detection: TextDetection, in message: MessageID)
    /// A delivery mark was tapped.
    func messenger(didTapStatusOf message: MessageID)
    /// The history row was tapped.
    func messengerDidTapLoadEarlier()
    /// The newer-history row was tapped.
    func messengerDidTapLoadNewer()
    /// A bubble was long-pressed.
    func messenger(didLongPressBubble message: MessageID)
    /// "Show more" was tapped under a long text (the list shows more by itself).
    func messenger(didShowMoreOf message: MessageID)
    /// A reply's quote was tapped (the list goes to the quoted message by itself).
    func messenger(didTapQuoteOf quoted: ReplyQuote, in message: MessageID)
    /// The local user added or took back a reaction (the conversation has it already).
    func messenger(didChangeReaction key: String, on message: MessageID, isOn: Bool)
    /// The "+N" reactions chip was tapped.
    func messenger(didTapMoreReactionsOf message: MessageID)
    /// The user chose to reply to a message.
    func messenger(didRequestReplyTo message: MessageID)
    /// The user deleted a message.
    func messenger(didDelete message: MessageID)
    /// A file card or its Open or Save button was tapped.
    func messenger(didTapFile action: FileAction, in message: MessageID)
    /// A location card was tapped.
    func messenger(didTapLocationIn message: MessageID)
    /// A contact card or one of its fields was tapped.
    func messenger(didTapContact field: ContactField, in message: MessageID)
    /// An audio or video message's button, waveform or progress bar was tapped.
    func messenger(didTapMedia action: MediaAction, in message: MessageID)
}

extension MessengerDelegate {
    /// Does nothing.
    public func messenger(didTapAvatarOf sender: Sender, message: MessageID?) {}
    /// Does nothing.
    public func messenger(didTapBubble message: MessageID) {}
    /// Does nothing.
    public func messenger(didTapCell message: MessageID, at location: Point) {}
    /// Does nothing.
    public func messenger(didTapLink detection: TextDetection, in message: MessageID) {}
    /// Does nothing.
    public func messenger(didTapStatusOf message: MessageID) {}
    /// Does nothing.
    public func messengerDidTapLoadEarlier() {}
    /// Does nothing.
    public func messengerDidTapLoadNewer() {}
    /// Does nothing.
    public func messenger(didLongPressBubble message: MessageID) {}
    /// Does nothing.
    public func messenger(didShowMoreOf message: MessageID) {}
    /// Does nothing.
    public func messenger(didTapQuoteOf quoted: ReplyQuote, in message: MessageID) {}
    /// Does nothing.
    public func messenger(didChangeReaction key: String, on message: MessageID, isOn: Bool) {}
    /// Does nothing.
    public func messenger(didTapMoreReactionsOf message: MessageID) {}
    /// Does nothing.
    public func messenger(didRequestReplyTo message: MessageID) {}
    /// Does nothing.
    public func messenger(didDelete message: MessageID) {}
    /// Does nothing.
    public func messenger(didTapFile action: FileAction, in message: MessageID) {}
    /// Does nothing.
    public func messenger(didTapLocationIn message: MessageID) {}
    /// Does nothing.
    public func messenger(didTapContact field: ContactField, in message: MessageID) {}
    /// Does nothing.
    public func messenger(didTapMedia action: MediaAction, in message: MessageID) {}
}

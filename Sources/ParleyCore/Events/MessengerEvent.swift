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
}

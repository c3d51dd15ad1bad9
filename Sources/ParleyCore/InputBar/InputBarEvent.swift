/// Something that happened in an ``InputBar``, delivered in order on ``InputBar/events``.
public enum InputBarEvent: Hashable, Sendable {
    /// The text changed to this value.
    case textChanged(String)
    /// The user sent this text, and every send handler accepted it.
    case sendPressed(String)
    /// A send handler threw; the text was kept. `reason` describes the error.
    case sendFailed(text: String, reason: String)
    /// The bar's height changed; the front end resizes it.
    case intrinsicHeightChanged(Double)
    /// A side stack's width was set; `nil` is the items' own width.
    case stackWidthChanged(InputBarStack.Position, width: Double?, animated: Bool)
    /// A stack's items or spacing changed.
    case itemsChanged(InputBarStack.Position, animated: Bool)
    /// The item with this id changed its state or content; the front end redraws it.
    case itemChanged(id: String)
    /// The text view started (`true`) or stopped (`false`) editing.
    case editingChanged(Bool)
    /// The bar started replying to a message (its quote), or stopped (`nil`).
    case replyTargetChanged(ReplyQuote?)
}

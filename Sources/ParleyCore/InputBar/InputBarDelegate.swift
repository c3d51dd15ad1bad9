/// Receives what happens in an ``InputBar``; every method has an empty default.
///
/// The same news also arrives on ``InputBar/events``; use whichever suits.
@MainActor
public protocol InputBarDelegate: AnyObject {
    /// The user sent `text` and every send handler accepted it.
    ///
    /// Without `InputBar.onSend` handlers the bar keeps the text; clear it here once
    /// it is safely on its way.
    func inputBar(_ inputBar: InputBar, didPressSendWith text: String)

    /// A send handler threw `error`; the bar kept `text`.
    func inputBar(_ inputBar: InputBar, didFailToSend text: String, error: any Error)

    /// The bar's height changed to `height`; resize it.
    func inputBar(_ inputBar: InputBar, didChangeIntrinsicHeightTo height: Double)

    /// The text changed to `text`, exactly as typed.
    func inputBar(_ inputBar: InputBar, textDidChangeTo text: String)

    /// The bar started replying to `target`, or stopped (`nil`).
    func inputBar(_ inputBar: InputBar, didChangeReplyTarget target: ReplyQuote?)
}

/// Empty defaults, so a delegate implements only what it needs.
extension InputBarDelegate {
    /// Does nothing.
    public func inputBar(_ inputBar: InputBar, didPressSendWith text: String) {}

    /// Does nothing.
    public func inputBar(_ inputBar: InputBar, didFailToSend text: String, error: any Error) {}

    /// Does nothing.
    public func inputBar(_ inputBar: InputBar, didChangeIntrinsicHeightTo height: Double) {}

    /// Does nothing.
    public func inputBar(_ inputBar: InputBar, textDidChangeTo text: String) {}

    /// Does nothing.
    public func inputBar(_ inputBar: InputBar, didChangeReplyTarget target: ReplyQuote?) {}
}

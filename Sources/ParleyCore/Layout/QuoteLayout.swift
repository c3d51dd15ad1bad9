/// Where a reply's quote of another message sits inside the bubble, and what it says.
///
/// Front ends draw a bar in the side's link colour along ``bar``, the sender's name in
/// the name font in ``nameFrame`` and the summary in ``textFrame``, each on one line
/// (clipped with "…" when it does not fit). Tapping it is
/// ``MessengerEvent/tapQuote(_:quoted:)``.
public struct QuoteLayout: Hashable, Sendable {
    /// The whole quote, in row coordinates.
    public var frame: Rect
    /// The bar along its leading edge.
    public var bar: Rect
    /// The quoted sender's name.
    public var nameFrame: Rect
    /// The quoted text.
    public var textFrame: Rect
    /// The quoted sender's name as drawn.
    public var name: String
    /// The quoted text as drawn: the quote's summary (a Markdown one formatted,
    /// ``ChatStyle/text(of:)``), or ``ChatStrings/quoteUnavailable``.
    public var text: String
    /// Whether ``text`` is ``ChatStrings/quoteUnavailable``: the quote says nothing (a
    /// message not known when it was quoted, or one that draws no words).
    public var isUnavailable: Bool
    /// The quoted message.
    public var quoted: ReplyQuote

    /// The same quote moved by `dx`, `dy`.
    func offsetBy(dx: Double, dy: Double) -> QuoteLayout {
        var moved = self
        moved.frame = frame.offsetBy(dx: dx, dy: dy)
        moved.bar = bar.offsetBy(dx: dx, dy: dy)
        moved.nameFrame = nameFrame.offsetBy(dx: dx, dy: dy)
        moved.textFrame = textFrame.offsetBy(dx: dx, dy: dy)
        return moved
    }
}

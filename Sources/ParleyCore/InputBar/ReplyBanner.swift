/// The line above the composer's text while it replies to a message: "Replying to
/// Alice", what she wrote, and a button that stops replying.
///
/// Front ends draw ``title`` (in the name font) then ``summary`` on one line within
/// ``textFrame``, clipped with "…", and a cancel button (✕, named ``cancelLabel``) in
/// ``cancelFrame``, which calls ``InputBar/cancelReply()``.
public struct ReplyBanner: Hashable, Sendable {
    /// The whole line, in bar coordinates.
    public var frame: Rect
    /// Where the words go.
    public var textFrame: Rect
    /// The cancel button.
    public var cancelFrame: Rect
    /// "Replying to Alice" (``ChatStrings/replyingTo``).
    public var title: String
    /// The quoted text, on one line.
    public var summary: String
    /// The cancel button's accessible name (``ChatStrings/cancelReply``).
    public var cancelLabel: String
    /// The message answered.
    public var quote: ReplyQuote

    /// The line for `quote` across a bar `width` wide with `padding`, one line of `font`
    /// high.
    init(
        _ quote: ReplyQuote, strings: ChatStrings, font: FontSpec, width: Double, padding: EdgeInsets,
        measurer: any TextMeasurer
    ) {
        self.quote = quote
        let name = quote.senderName.isEmpty ? strings.quoteUnavailable : quote.senderName
        title = strings.replyingTo(name)
        summary = quote.line
        cancelLabel = strings.cancelReply
        let line = measurer.measure("Ag", font: font, maxWidth: .infinity).size.height
        let button = measurer.measure("✕", font: font, maxWidth: .infinity).size.width
        let inner = max(0, width - padding.horizontal)
        let cancelWidth = min(inner, max(button, line))
        frame = Rect(x: padding.left, y: padding.top, width: inner, height: line)
        cancelFrame = Rect(x: frame.maxX - cancelWidth, y: frame.minY, width: cancelWidth, height: line)
        textFrame = Rect(x: frame.minX, y: frame.minY, width: max(0, inner - cancelWidth), height: line)
    }
}

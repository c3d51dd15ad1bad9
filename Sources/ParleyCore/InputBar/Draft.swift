/// What the composer holds when the user leaves a conversation: the text being written
/// and the message it answers, to put back when they return (``InputBar/draft``).
public struct Draft: Hashable, Sendable {
    /// The text, exactly as typed.
    public var text: String
    /// The message the text answers, if any.
    public var replyTo: ReplyQuote?

    /// A draft of `text`, replying to `replyTo`.
    public init(text: String, replyTo: ReplyQuote? = nil) {
        self.text = text
        self.replyTo = replyTo
    }

    /// Whether there is nothing to keep: no reply, and no text but whitespace.
    public var isEmpty: Bool {
        replyTo == nil && text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}

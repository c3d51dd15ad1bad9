import Foundation

/// What a reply shows of the message it answers: a snapshot, so that a reply to a message
/// that is not loaded (or no longer exists) still says what it quoted.
///
/// ```swift
/// chat.reply(to: question, with: .text("Yes, at eight"))        // quotes it for you
/// chat.append(.text("Yes"), replyTo: ReplyQuote(id: "m1", senderName: "Alice", summary: "Dinner?"))
/// ```
public struct ReplyQuote: Hashable, Sendable {
    /// The quoted message.
    public var id: MessageID
    /// Its sender's name as it was.
    public var senderName: String
    /// Its text (or a word for its kind, "Photo"), on one line, at most ``maximumLength``
    /// characters.
    public var summary: String
    /// When it was sent, for jumping to it when it is not loaded (``ChatPresenter/jump(to:near:)``).
    public var date: Date?

    /// The longest ``summary`` kept, in characters: a quote is a reminder, not a copy.
    public static let maximumLength = 200

    /// A quote from what the app knows of the message.
    public init(id: MessageID, senderName: String, summary: String, date: Date? = nil) {
        self.id = id
        self.senderName = String(InertText.singleLine(senderName).prefix(Sender.longestName))
        self.summary = Self.oneLine(summary)
        self.date = date.map(Message.clamped)
    }

    /// A quote of `message` as it is now.
    public init(_ message: Message) {
        self.init(id: message.id, senderName: message.sender.name, summary: message.content.summary, date: message.date)
    }

    /// `text` on one line (line breaks and runs of spaces as one space), shortened to
    /// ``maximumLength`` characters with "…".
    static func oneLine(_ text: String) -> String {
        let words = text.prefix(maximumLength * 4).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let line = InertText.singleLine(words)
        return line.count > maximumLength ? String(line.prefix(maximumLength - 1)) + "…" : line
    }
}

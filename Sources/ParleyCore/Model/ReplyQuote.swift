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
    /// characters. Markdown source (``format``) keeps its line breaks, which its lists and
    /// quotes need: draw ``ChatStyle/text(of:)``, which is on one line.
    public var summary: String
    /// When it was sent, for jumping to it when it is not loaded (``ChatPresenter/jump(to:near:)``).
    public var date: Date?
    /// How ``summary`` is written: ``TextFormat/markdown`` when it is the start of a
    /// Markdown message's source, which the list draws without its markup
    /// (``ChatStyle/text(of:)``).
    public var format: TextFormat

    /// The longest ``summary`` kept, in characters: a quote is a reminder, not a copy.
    public static let maximumLength = 200

    /// A quote from what the app knows of the message; `format` says how `summary` is
    /// written.
    public init(id: MessageID, senderName: String, summary: String, date: Date? = nil, format: TextFormat = .plain) {
        self.id = id
        self.senderName = String(InertText.singleLine(senderName).prefix(Sender.longestName))
        self.summary = format == .markdown ? Self.source(summary) : Self.oneLine(summary)
        self.date = date.map(Message.clamped)
        self.format = format
    }

    /// A quote of `message` as it is now; a Markdown message is quoted by its source,
    /// marked ``TextFormat/markdown``.
    public init(_ message: Message) {
        var format = TextFormat.plain
        if case .text(let text) = message.content { format = text.format }
        self.init(id: message.id, senderName: message.sender.name, summary: message.content.summary, date: message.date, format: format)
    }

    /// ``summary`` on one line: Markdown source's line breaks as spaces, its markup as
    /// written (``ChatStyle/text(of:)`` draws it without). For a line that has no style,
    /// such as the composer's reply banner.
    public var line: String { format == .markdown ? Self.oneLine(summary) : summary }

    /// Markdown `text` made inert (``InertText/display(_:)``, line breaks kept), its first
    /// ``maximumLength`` characters and "…" when there is more: what the quote shows is
    /// cut from what they draw.
    static func source(_ text: String) -> String {
        let cut = text.prefix(maximumLength)
        return InertText.display(String(cut)) + (cut.endIndex < text.endIndex ? "…" : "")
    }

    /// `text` on one line (line breaks and runs of spaces as one space), shortened to
    /// ``maximumLength`` characters with "…".
    static func oneLine(_ text: String) -> String {
        let line = InertText.singleLine(FormattedText.oneLine(String(text.prefix(maximumLength * 4))))
        return line.count > maximumLength ? String(line.prefix(maximumLength - 1)) + "…" : line
    }
}

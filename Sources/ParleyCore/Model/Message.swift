import Foundation

/// One message in a conversation.
///
/// A value: changing a copy changes nothing on screen. Hand changes to the
/// ``Conversation`` (``Conversation/update(_:_:)``), which bumps ``revision`` so that
/// cached layouts of the old content are not reused.
public struct Message: Identifiable, Sendable {
    /// Stable identity, unique within the conversation.
    public var id: MessageID
    /// Who wrote it.
    public var sender: Sender
    /// When it was written; orders history pages and decides day separators.
    public var date: Date
    /// What it shows.
    public var content: MessageContent
    /// Delivery progress of an outgoing message.
    public var status: DeliveryStatus
    /// Whether the text was changed after sending; front ends show "edited".
    public var isEdited: Bool
    /// Bumped by the conversation each time the message changes in a way that shows.
    ///
    /// Part of the layout cache key. Apps never need to set it.
    public internal(set) var revision: UInt32

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - id: Its identity; a fresh one when omitted.
    ///   - sender: Who wrote it.
    ///   - date: When; now when omitted.
    ///   - content: What it shows.
    ///   - status: Delivery status; `.sent` when omitted.
    ///   - isEdited: Whether it was edited.
    public init(
        id: MessageID = .generate(),
        sender: Sender,
        date: Date = Date(),
        content: MessageContent,
        status: DeliveryStatus = .sent,
        isEdited: Bool = false
    ) {
        self.id = id
        self.sender = sender
        self.date = date
        self.content = content
        self.status = status
        self.isEdited = isEdited
        self.revision = 0
    }

    /// Whether `other` would look the same on screen: every field but ``revision``.
    public func looksIdentical(to other: Message) -> Bool {
        id == other.id && sender.id == other.sender.id && sender.name == other.sender.name
            && sender.avatar == other.sender.avatar && date == other.date
            && status == other.status && isEdited == other.isEdited && content == other.content
    }
}

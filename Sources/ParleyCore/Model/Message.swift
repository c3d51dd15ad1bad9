import Foundation

/// One message in a conversation.
///
/// A value: changing a copy changes nothing on screen. Hand changes to the
/// ``Conversation`` (``Conversation/update(_:animated:_:)``), which bumps ``revision`` so that
/// cached layouts of the old content are not reused.
public struct Message: Identifiable, Sendable {
    /// Stable identity, unique within the conversation.
    public var id: MessageID
    /// Who wrote it.
    public var sender: Sender
    /// When it was written; orders history pages and decides day separators.
    ///
    /// Kept within ``dateRange`` (years 1 to 9999): a date from a peer, a file or a
    /// clock that is out of range or not a number is clamped to the nearest end (NaN to
    /// the earliest), so that no calendar arithmetic downstream can overflow.
    public var date: Date {
        didSet { date = Self.clamped(date) }
    }
    /// What it shows.
    public var content: MessageContent
    /// Delivery progress of an outgoing message.
    public var status: DeliveryStatus
    /// Whether the text was changed after sending; front ends mark it "edited" inside
    /// its bubble.
    public var isEdited: Bool
    /// The message this one answers, as it was when quoted; drawn above the content.
    public var replyTo: ReplyQuote? {
        get { quoted?.value }
        set { quoted = newValue.map(Boxed.init) }
    }
    /// Emoji reactions, in the order each was first used.
    public var reactions: [Reaction]
    /// Earlier versions, oldest first (see ``Conversation/edit(_:to:at:animated:)``).
    public var edits: [MessageEdit]
    /// Those for whom this is the newest message they have read (read receipts, see
    /// ``Conversation/markRead(upTo:by:animated:)``); group chats show them under it.
    public var readers: [Sender] = []
    /// What the page behind the text's first web link says about itself, shown under the
    /// text (``Conversation/setLinkPreview(_:for:animated:)``, ``ChatPresenter/linkPreviews``).
    public var linkPreview: LinkPreview? {
        get { preview?.value }
        set { preview = newValue.map(Boxed.init) }
    }
    // The two rarely set fields are kept behind a reference: inline they took 160 of a
    // message's 296 bytes, paid by every message in memory and by every copy.
    private var quoted: Boxed<ReplyQuote>?
    private var preview: Boxed<LinkPreview>?
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
    ///   - replyTo: The message it answers.
    ///   - reactions: Its reactions.
    ///   - edits: Its earlier versions, oldest first.
    public init(
        id: MessageID = .generate(),
        sender: Sender,
        date: Date = Date(),
        content: MessageContent,
        status: DeliveryStatus = .sent,
        isEdited: Bool = false,
        replyTo: ReplyQuote? = nil,
        reactions: [Reaction] = [],
        edits: [MessageEdit] = []
    ) {
        self.id = id
        self.sender = sender
        self.date = Self.clamped(date)
        self.content = content
        self.status = status
        self.isEdited = isEdited || !edits.isEmpty
        self.quoted = replyTo.map(Boxed.init)
        self.reactions = reactions
        self.edits = Array(edits.suffix(Self.editHistoryLimit))
        self.revision = 0
    }

    /// The most earlier versions a message keeps; older ones are forgotten.
    public static let editHistoryLimit = 50

    /// Whether the message was deleted: ``MessageContent/deleted`` shows in its place.
    public var isDeleted: Bool { content == .deleted }

    /// The dates a message can carry: 0001-01-01 to 9999-12-31 (UTC), the years every
    /// calendar, formatter and store handles.
    public static let dateRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

    /// `date` moved into ``dateRange``: the nearest end for dates outside it, the earliest
    /// for one that is not a number.
    public static func clamped(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        guard !seconds.isNaN else { return dateRange.lowerBound }
        return min(max(date, dateRange.lowerBound), dateRange.upperBound)
    }

    /// Whether `other` would look the same on screen: every field but ``revision``. A
    /// quote or preview in the same box is not compared (copies of a message share them).
    public func looksIdentical(to other: Message) -> Bool {
        id == other.id && sender.id == other.sender.id && sender.name == other.sender.name
            && sender.avatar == other.sender.avatar && date == other.date
            && status == other.status && isEdited == other.isEdited && content == other.content
            && (quoted === other.quoted || replyTo == other.replyTo) && reactions == other.reactions && edits == other.edits
            && readers.map(\.id) == other.readers.map(\.id) && readers.map(\.name) == other.readers.map(\.name)
            && (preview === other.preview || linkPreview == other.linkPreview)
    }
}

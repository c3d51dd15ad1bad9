/// The geometry of one row at one width: its height and the frames of its parts, in the
/// row's own coordinates (x from the view's leading edge, y from the row's top).
///
/// A part that the row does not show has a `nil` frame. Front ends draw exactly these
/// frames; they never compute geometry themselves.
public struct RowLayout: Hashable, Sendable {
    /// The parts, shared by copies of the layout until one of them changes one: a copy
    /// (every visible row, every frame) is one retain, and two copies of one layout
    /// compare equal without looking inside (#15).
    private var storage: Storage

    /// Total height, spacing above the row included.
    public var height: Double { get { storage.parts.height } set { write(\.height, newValue) } }
    /// A day separator or time label, spanning the row.
    public var topLabel: Rect? { get { storage.parts.topLabel } set { write(\.topLabel, newValue) } }
    /// The "New messages" line above the first unread message, spanning the row.
    public var unreadLine: Rect? { get { storage.parts.unreadLine } set { write(\.unreadLine, newValue) } }
    /// The sender's name.
    public var nameLabel: Rect? { get { storage.parts.nameLabel } set { write(\.nameLabel, newValue) } }
    /// The time beside the name in flat (Slack-like) rows: ``RowContext/time``.
    public var timeLabel: Rect? { get { storage.parts.timeLabel } set { write(\.timeLabel, newValue) } }
    /// The avatar.
    public var avatar: Rect? { get { storage.parts.avatar } set { write(\.avatar, newValue) } }
    /// The bubble; for rows without a bubble shape, the area the content occupies.
    public var bubble: Rect? { get { storage.parts.bubble } set { write(\.bubble, newValue) } }
    /// The content: text, image, grid, custom view, notice or typing dots.
    public var content: Rect? { get { storage.parts.content } set { write(\.content, newValue) } }
    /// An image caption under the image, inside the bubble.
    public var caption: Rect? { get { storage.parts.caption } set { write(\.caption, newValue) } }
    /// The text as drawn, within its ``TextLimit``: a text message's body, an image's
    /// caption or a notice. Draw this, not the message's own string, so that what is
    /// drawn is what was measured.
    public var text: DisplayText? { get { storage.parts.text } set { write(\.text, newValue) } }
    /// Under a text cut by its limit, inside the bubble: the "Show more" button, or the
    /// note that the text is too long to show whole (``DisplayText/isTruncated``).
    public var showMore: ShowMore? { get { storage.parts.showMore } set { write(\.showMore, newValue) } }
    /// A reply's quote of the message it answers, inside the bubble above the content.
    public var quote: QuoteLayout? { get { storage.parts.quote } set { write(\.quote, newValue) } }
    /// The preview of the text's link (``Message/linkPreview``), inside the bubble under
    /// the text.
    public var linkPreview: LinkPreviewLayout? { get { storage.parts.linkPreview } set { write(\.linkPreview, newValue) } }
    /// The "edited" mark (``ChatStrings/edited``) inside an edited message's bubble, under
    /// its content at the trailing edge.
    public var editedMark: Rect? { get { storage.parts.editedMark } set { write(\.editedMark, newValue) } }
    /// The message's own time (``RowContext/messageTime``) inside its bubble, after the
    /// "edited" mark on the same line.
    public var timeMark: Rect? { get { storage.parts.timeMark } set { write(\.timeMark, newValue) } }
    /// Reaction chips under the bubble, in order, the "+N" chip last.
    public var reactions: [ReactionChip] { get { storage.parts.reactions } set { write(\.reactions, newValue) } }
    /// Who has read up to this message, in a group (``RowContext/readers``).
    public var receipts: ReadReceiptsLayout? { get { storage.parts.receipts } set { write(\.receipts, newValue) } }
    /// A label under the bubble ("Not delivered"), or the typing row's label.
    public var bottomLabel: Rect? { get { storage.parts.bottomLabel } set { write(\.bottomLabel, newValue) } }
    /// The delivery status mark of an outgoing message.
    public var status: Rect? { get { storage.parts.status } set { write(\.status, newValue) } }
    /// Collection cells, relative to the content's origin; they may extend past the
    /// content's width, which then scrolls sideways.
    public var items: [Rect] { get { storage.parts.items } set { write(\.items, newValue) } }
    /// A file, location or contact card, filling ``content``.
    public var card: CardLayout? { get { storage.parts.card } set { write(\.card, newValue) } }
    /// A voice note's or audio file's button, waveform and duration, filling ``content``.
    public var audio: AudioLayout? { get { storage.parts.audio } set { write(\.audio, newValue) } }
    /// A video's poster, button, badge and progress bar, filling ``content``.
    public var video: VideoLayout? { get { storage.parts.video } set { write(\.video, newValue) } }
    /// The shape to draw around ``bubble``.
    public var shape: BubbleShape { get { storage.parts.shape } set { write(\.shape, newValue) } }
    /// The corners of that shape at this row's group position.
    public var corners: CornerRadii { get { storage.parts.corners } set { write(\.corners, newValue) } }
    /// Whether the bubble carries a tail.
    public var hasTail: Bool { get { storage.parts.hasTail } set { write(\.hasTail, newValue) } }
    /// Whether the row is mirrored for a right-to-left style (``LayoutDirection``): the
    /// tail then sits at the bubble's other bottom corner (right for incoming messages).
    public var isMirrored: Bool { get { storage.parts.isMirrored } set { write(\.isMirrored, newValue) } }
    /// The width text was wrapped at, so drawing wraps identically.
    public var wrapWidth: Double { get { storage.parts.wrapWidth } set { write(\.wrapWidth, newValue) } }

    /// Creates a layout with only a height; the layout engine fills in the parts.
    public init(height: Double) {
        storage = Storage(Parts(height: height))
    }

    /// Whether two layouts have the same parts (at once when they are copies of one).
    public static func == (lhs: RowLayout, rhs: RowLayout) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.parts == rhs.storage.parts
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.parts)
    }

    /// Sets one part, on parts of this layout's own. Always inlined, so that the key path
    /// becomes a plain store (called, it cost 1% of a terminal page frame).
    @inline(__always)
    private mutating func write<Part>(_ part: WritableKeyPath<Parts, Part>, _ value: Part) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.parts) }
        storage.parts[keyPath: part] = value
    }

    /// Every part of a layout, stored together.
    private struct Parts: Hashable, Sendable {
        var height: Double
        var topLabel: Rect?
        var unreadLine: Rect?
        var nameLabel: Rect?
        var timeLabel: Rect?
        var avatar: Rect?
        var bubble: Rect?
        var content: Rect?
        var caption: Rect?
        var text: DisplayText?
        var showMore: ShowMore?
        var quote: QuoteLayout?
        var linkPreview: LinkPreviewLayout?
        var editedMark: Rect?
        var timeMark: Rect?
        var reactions: [ReactionChip] = []
        var receipts: ReadReceiptsLayout?
        var bottomLabel: Rect?
        var status: Rect?
        var items: [Rect] = []
        var card: CardLayout?
        var audio: AudioLayout?
        var video: VideoLayout?
        var shape: BubbleShape = .none
        var corners: CornerRadii = .zero
        var hasTail: Bool = false
        var isMirrored: Bool = false
        var wrapWidth: Double = 0
    }

    /// The box the parts live in. A layout writes its parts only in `write(_:_:)`,
    /// when it alone holds the box, so boxes shared across threads are never written.
    private final class Storage: @unchecked Sendable {
        var parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }

    /// The part of the row at `point` (row coordinates), most specific first.
    public func part(at point: Point) -> RowPart? {
        if let avatar, avatar.contains(point) { return .avatar }
        if let status, status.contains(point) { return .status }
        if let showMore, showMore.isEnabled, showMore.frame.contains(point) { return .showMore }
        if let quote, quote.frame.contains(point) { return .quote }
        if let linkPreview, linkPreview.frame.contains(point) { return .linkPreview }
        if let chip = reactions.first(where: { $0.frame.contains(point) }) {
            return chip.isOverflow ? .moreReactions : .reaction(chip.key)
        }
        if let content, content.contains(point) {
            return .content(Point(x: point.x - content.minX, y: point.y - content.minY))
        }
        if let bubble, bubble.contains(point) { return .bubble }
        if let nameLabel, nameLabel.contains(point) { return .name }
        if let timeLabel, timeLabel.contains(point) { return .topLabel }
        if let topLabel, topLabel.contains(point) { return .topLabel }
        if let bottomLabel, bottomLabel.contains(point) { return .bottomLabel }
        return point.y >= 0 && point.y < height ? .background : nil
    }
}

/// The control under a long text that shows more of it.
public struct ShowMore: Hashable, Sendable {
    /// Where it is, in row coordinates.
    public var frame: Rect
    /// What it says: ``ChatStrings/showMore``, or ``ChatStrings/textTooLong`` once all
    /// that can show (``TextLimit/maximum``) is shown.
    public var label: String
    /// Whether tapping it shows more (`false` for the too-long note).
    public var isEnabled: Bool

    /// Creates the control.
    public init(frame: Rect, label: String, isEnabled: Bool) {
        self.frame = frame
        self.label = label
        self.isEnabled = isEnabled
    }

    /// The same control moved by `dx`, `dy`.
    func offsetBy(dx: Double, dy: Double) -> ShowMore {
        ShowMore(frame: frame.offsetBy(dx: dx, dy: dy), label: label, isEnabled: isEnabled)
    }
}

/// A part of a row, as found by ``RowLayout/part(at:)``.
public enum RowPart: Hashable, Sendable {
    /// The avatar.
    case avatar
    /// The delivery mark.
    case status
    /// The content, at a point relative to the content's origin.
    case content(Point)
    /// The bubble outside its content (padding).
    case bubble
    /// The "Show more" button under a long text.
    case showMore
    /// A reply's quote.
    case quote
    /// The link preview under a text.
    case linkPreview
    /// The reaction chip of an emoji.
    case reaction(String)
    /// The "+N" chip of reactions that do not fit.
    case moreReactions
    /// The name label.
    case name
    /// The day separator or time label.
    case topLabel
    /// The label under the bubble.
    case bottomLabel
    /// Empty space in the row.
    case background
}

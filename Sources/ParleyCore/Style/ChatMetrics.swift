/// Sizes and spacing of a chat screen, in the front end's units.
///
/// Two presets: ``points`` for pixel front ends (GTK) and ``cells`` for the terminal,
/// where one unit is one character cell.
public struct ChatMetrics: Hashable, Sendable {
    /// Margins between the rows and the edges of the view.
    public var rowInsets: EdgeInsets
    /// Padding between a bubble's edge and its text.
    public var bubbleInsets: EdgeInsets
    /// Vertical space above a message that opens a group.
    public var groupSpacing: Double
    /// Vertical space above a message inside a group.
    public var messageSpacing: Double
    /// Avatar size; zero hides avatars.
    public var avatarSize: Size
    /// Gap between the avatar column and the bubbles.
    public var avatarSpacing: Double
    /// The widest a bubble may be, as a fraction of the row's width.
    public var maxBubbleFraction: Double
    /// The narrowest a bubble may be (room for a tail and the corners).
    public var minBubbleWidth: Double
    /// Height of a sender name label.
    public var nameLabelHeight: Double
    /// Height of a day separator or time label.
    public var topLabelHeight: Double
    /// Height of a label under a bubble.
    public var bottomLabelHeight: Double
    /// Size of a delivery status mark and the gap before it.
    public var statusSize: Size
    /// Space above the first row.
    public var headerHeight: Double
    /// Space below the last row.
    public var footerHeight: Double
    /// The box an image is scaled to fit.
    public var maxImageSize: Size
    /// The size reserved for an image with no size hint.
    public var imagePlaceholderSize: Size
    /// The size of one collection cell.
    public var collectionCellSize: Size
    /// The gap between collection cells.
    public var collectionSpacing: Double
    /// The size of the typing indicator bubble.
    public var typingBubbleSize: Size
    /// The height of the loading / load-earlier row.
    public var historyRowHeight: Double
    /// How many times taller than wide one layout unit looks: 1 for pixels, 2 for terminal
    /// cells. Image size hints (in pixels) are divided by it vertically, so pictures keep
    /// their shape.
    public var unitAspect: Double
    /// The width of the bar beside a reply's quote.
    public var quoteBarWidth: Double = 3
    /// The gap between that bar and the quote's text.
    public var quoteGap: Double = 8
    /// The space between a quote and the message under it.
    public var quoteSpacing: Double = 6
    /// The height of a reaction chip.
    public var reactionHeight: Double = 24
    /// The space inside a chip on each side of its text.
    public var reactionPadding: Double = 8
    /// The gap between chips.
    public var reactionSpacing: Double = 4
    /// The gap between the bubble and the chips under it.
    public var reactionGap: Double = 4
    /// The most chips a message shows before one "+N" chip stands for the rest.
    public var maximumReactionChips: Int = 6
    /// The size of a read receipt's avatar under a message in a group.
    public var receiptAvatarSize = Size(width: 18, height: 18)
    /// The most receipt avatars a message shows before "+N" stands for the rest.
    public var maximumReceiptAvatars: Int = 5
    /// The width a link preview asks for under its text (less when the bubble is narrower).
    public var linkPreviewWidth: Double = 300
    /// The tallest a link preview's picture is drawn.
    public var linkPreviewImageHeight: Double = 160
    /// The most lines of a link preview's title.
    public var linkPreviewTitleLines: Int = 2
    /// The most lines of a link preview's summary.
    public var linkPreviewSummaryLines: Int = 3
    /// The space between the text and the link preview under it.
    public var linkPreviewSpacing: Double = 6

    /// Creates metrics; start from ``points`` or ``cells`` and change what differs.
    public init(
        rowInsets: EdgeInsets, bubbleInsets: EdgeInsets, groupSpacing: Double,
        messageSpacing: Double, avatarSize: Size, avatarSpacing: Double,
        maxBubbleFraction: Double, minBubbleWidth: Double, nameLabelHeight: Double,
        topLabelHeight: Double, bottomLabelHeight: Double, statusSize: Size,
        headerHeight: Double, footerHeight: Double, maxImageSize: Size,
        imagePlaceholderSize: Size, collectionCellSize: Size, collectionSpacing: Double,
        typingBubbleSize: Size, historyRowHeight: Double, unitAspect: Double = 1
    ) {
        self.rowInsets = rowInsets
        self.bubbleInsets = bubbleInsets
        self.groupSpacing = groupSpacing
        self.messageSpacing = messageSpacing
        self.avatarSize = avatarSize
        self.avatarSpacing = avatarSpacing
        self.maxBubbleFraction = maxBubbleFraction
        self.minBubbleWidth = minBubbleWidth
        self.nameLabelHeight = nameLabelHeight
        self.topLabelHeight = topLabelHeight
        self.bottomLabelHeight = bottomLabelHeight
        self.statusSize = statusSize
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.maxImageSize = maxImageSize
        self.imagePlaceholderSize = imagePlaceholderSize
        self.collectionCellSize = collectionCellSize
        self.collectionSpacing = collectionSpacing
        self.typingBubbleSize = typingBubbleSize
        self.historyRowHeight = historyRowHeight
        self.unitAspect = unitAspect > 0 && unitAspect.isFinite ? unitAspect : 1
    }

    /// Pixel metrics for desktop front ends.
    public static let points = ChatMetrics(
        rowInsets: EdgeInsets(top: 0, left: 12, bottom: 0, right: 12),
        bubbleInsets: EdgeInsets(horizontal: 12, vertical: 8),
        groupSpacing: 12, messageSpacing: 2,
        avatarSize: Size(width: 32, height: 32), avatarSpacing: 8,
        maxBubbleFraction: 0.75, minBubbleWidth: 36,
        nameLabelHeight: 18, topLabelHeight: 28, bottomLabelHeight: 16,
        statusSize: Size(width: 26, height: 14),
        headerHeight: 8, footerHeight: 8,
        maxImageSize: Size(width: 280, height: 280),
        imagePlaceholderSize: Size(width: 240, height: 160),
        collectionCellSize: Size(width: 120, height: 120), collectionSpacing: 4,
        typingBubbleSize: Size(width: 56, height: 34), historyRowHeight: 40
    )

    /// Character-cell metrics for terminal front ends: a bubble's border takes one cell
    /// on each side, so its text sits inside it with a one-column gap.
    public static let cells: ChatMetrics = {
        var metrics = cellGrid
        metrics.quoteBarWidth = 1
        metrics.quoteGap = 1
        metrics.quoteSpacing = 0
        metrics.reactionHeight = 1
        metrics.reactionPadding = 1
        metrics.reactionSpacing = 1
        metrics.reactionGap = 0
        metrics.maximumReactionChips = 4
        metrics.receiptAvatarSize = Size(width: 2, height: 1)
        metrics.maximumReceiptAvatars = 4
        metrics.linkPreviewWidth = 44
        metrics.linkPreviewImageHeight = 6
        metrics.linkPreviewTitleLines = 1
        metrics.linkPreviewSummaryLines = 2
        metrics.linkPreviewSpacing = 1
        return metrics
    }()

    /// ``cells`` before the reply and reaction metrics.
    private static let cellGrid = ChatMetrics(
        rowInsets: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
        bubbleInsets: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2),
        groupSpacing: 1, messageSpacing: 0,
        avatarSize: Size(width: 4, height: 1), avatarSpacing: 1,
        maxBubbleFraction: 0.7, minBubbleWidth: 6,
        nameLabelHeight: 1, topLabelHeight: 1, bottomLabelHeight: 1,
        statusSize: Size(width: 3, height: 1),
        headerHeight: 0, footerHeight: 0,
        maxImageSize: Size(width: 32, height: 12),
        imagePlaceholderSize: Size(width: 24, height: 8),
        collectionCellSize: Size(width: 12, height: 5), collectionSpacing: 1,
        typingBubbleSize: Size(width: 7, height: 3), historyRowHeight: 1, unitAspect: 2
    )
}

import Foundation

/// Everything about how a conversation looks, as one value (MessengerKit's style).
///
/// Start from a theme (``light``, ``dark``, ``iMessage``, ``messenger``, ``slack``) and
/// change what you need:
///
/// ```swift
/// var style = ChatStyle.iMessage
/// style.outgoing.bubbleColor = Color(hex: 0x34C759)
/// style.avatarPlacement = .groupEnd
/// ```
///
/// Front ends use ``metrics`` in their own units: a terminal swaps in ``ChatMetrics/cells``
/// with ``withMetrics(_:)``. GTK also exposes ``name`` and the group positions as CSS
/// classes so an app can restyle with CSS.
public struct ChatStyle: Sendable {
    /// The theme's name, lower-case; GTK adds it as a CSS class (`parley-theme-<name>`).
    public var name: String
    /// Whether the theme is dark; front ends pick icons and scrollbars to match.
    public var isDark: Bool
    /// Bubbles or flat rows.
    public var layout: RowStyle
    /// Sizes and spacing.
    public var metrics: ChatMetrics

    /// Background behind the rows.
    public var backgroundColor: Color
    /// Colours of incoming messages.
    public var incoming: SideStyle
    /// Colours of outgoing messages.
    public var outgoing: SideStyle
    /// Sender names.
    public var nameColor: Color
    /// Day separators, time labels and labels under bubbles.
    public var labelColor: Color
    /// Notices and the typing and history rows.
    public var noticeColor: Color
    /// The mark of a failed message.
    public var failureColor: Color

    /// Message text.
    public var bodyFont: FontSpec
    /// The font of a deleted message's placeholder: the body font, in italics.
    public var deletedFont: FontSpec {
        var font = bodyFont
        font.isItalic = true
        return font
    }
    /// Sender names.
    public var nameFont: FontSpec
    /// Day separators, time labels, labels under bubbles.
    public var labelFont: FontSpec
    /// Emoji-only messages.
    public var emojiFont: FontSpec
    /// Notices.
    public var noticeFont: FontSpec

    /// Bubble colours and shapes.
    public var bubbles: BubbleConfiguration
    /// What draws Markdown messages (``TextFormat/markdown``) formatted; without one they
    /// show as written. Both front ends install ParleyMarkdown's when it is `nil`.
    public var markdown: (any TextFormatter)?
    /// Which way the screen reads; right to left mirrors every row and the composer. The
    /// user's language decides unless set.
    public var direction: LayoutDirection = .current
    /// Which message of a group carries the avatar.
    public var avatarPlacement: AvatarPlacement
    /// Whether the local user's own messages have an avatar too.
    public var showsOutgoingAvatar: Bool
    /// Whether incoming groups are labelled with the sender's name (group chats).
    public var showsIncomingNames: Bool
    /// Whether outgoing messages show a delivery mark.
    public var showsDeliveryStatus: Bool
    /// Whether every message shows its time ("12:31", in the locale's clock) inside its
    /// bubble at the trailing edge, beside the "edited" mark; off, times show only in
    /// the labels between groups (and beside names in flat rows).
    public var showsMessageTimes = false
    /// Whether rows sit as tight as the units allow. In cells (``DisplayUnits/cells``) a
    /// bubble loses the half row of padding above and below its text, so a one-line
    /// message takes one row; pixel front ends keep their metrics.
    public var isCompact = false
    /// Grouping, day separators and time labels.
    public var grouping: GroupingRules
    /// Every text the screen shows by itself (labels, marks, the badge), for translation.
    public var strings: ChatStrings
    /// An app's size for particular messages, in place of the computed content size
    /// (MessengerKit's size(for:)). Return `nil` to keep the computed size.
    public var contentSizeOverride: (@Sendable (Message, _ maxWidth: Double) -> Size?)?

    /// Colours for `side`.
    public subscript(side: Side) -> SideStyle {
        get { side == .incoming ? incoming : outgoing }
        set { if side == .incoming { incoming = newValue } else { outgoing = newValue } }
    }

    /// What code in formatted text sits on in a bubble on `side`: the bubble's colour with
    /// a little of its text's (solid, so a terminal cell can show it too).
    public func codeBackground(_ side: Side) -> Color {
        // Rows without a bubble (flat themes) put code on the list's background.
        let base = self[side].bubbleColor.alpha > 0.05 ? self[side].bubbleColor : backgroundColor
        return Color(hex: base.mixed(with: self[side].textColor, amount: isDark ? 0.16 : 0.10).hex)
    }

    /// This style with other metrics, such as ``ChatMetrics/cells`` for a terminal.
    public func withMetrics(_ metrics: ChatMetrics) -> ChatStyle {
        var copy = self
        copy.metrics = metrics
        return copy
    }

    /// Creates a style from every part; themes are easier starting points.
    public init(
        name: String, isDark: Bool, layout: RowStyle = .bubbles, metrics: ChatMetrics = .points,
        backgroundColor: Color, incoming: SideStyle, outgoing: SideStyle, nameColor: Color,
        labelColor: Color, noticeColor: Color, failureColor: Color = Color(hex: 0xE5484D),
        bodyFont: FontSpec = FontSpec(size: 11), nameFont: FontSpec = FontSpec(size: 9, weight: .medium),
        labelFont: FontSpec = FontSpec(size: 8, weight: .medium),
        emojiFont: FontSpec = FontSpec(family: .emoji, size: 33),
        noticeFont: FontSpec = FontSpec(size: 9, isItalic: true),
        bubbles: BubbleConfiguration, avatarPlacement: AvatarPlacement = .groupEnd,
        showsOutgoingAvatar: Bool = false, showsIncomingNames: Bool = true,
        showsDeliveryStatus: Bool = true, grouping: GroupingRules = GroupingRules(),
        strings: ChatStrings = .english,
        contentSizeOverride: (@Sendable (Message, Double) -> Size?)? = nil
    ) {
        self.name = name
        self.isDark = isDark
        self.layout = layout
        self.metrics = metrics
        self.backgroundColor = backgroundColor
        self.incoming = incoming
        self.outgoing = outgoing
        self.nameColor = nameColor
        self.labelColor = labelColor
        self.noticeColor = noticeColor
        self.failureColor = failureColor
        self.bodyFont = bodyFont
        self.nameFont = nameFont
        self.labelFont = labelFont
        self.emojiFont = emojiFont
        self.noticeFont = noticeFont
        self.bubbles = bubbles
        self.avatarPlacement = avatarPlacement
        self.showsOutgoingAvatar = showsOutgoingAvatar
        self.showsIncomingNames = showsIncomingNames
        self.showsDeliveryStatus = showsDeliveryStatus
        self.grouping = grouping
        self.strings = strings
        self.contentSizeOverride = contentSizeOverride
    }
}

/// How rows are drawn.
public enum RowStyle: Hashable, Sendable {
    /// Bubbles, incoming on the leading side and outgoing on the trailing side.
    case bubbles
    /// Flat rows, everyone on the leading side, the name and time over each group
    /// (Slack, IRC-like).
    case flat
}

/// Which message of a group shows the sender's avatar.
public enum AvatarPlacement: Hashable, Sendable {
    /// The first message (Slack, NMessenger).
    case groupStart
    /// The last message, next to the tail (iMessage, Messenger).
    case groupEnd
    /// Every message.
    case everyMessage
    /// No avatars and no avatar column.
    case hidden

    /// Whether a message at `position` shows the avatar.
    public func shows(at position: GroupPosition) -> Bool {
        switch self {
        case .groupStart: return position.isGroupStart
        case .groupEnd: return position.isGroupEnd
        case .everyMessage: return true
        case .hidden: return false
        }
    }
}

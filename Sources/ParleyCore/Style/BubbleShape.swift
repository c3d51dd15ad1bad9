/// The outline of a message bubble.
///
/// Front ends draw it; the core decides its corners from the message's group position
/// (``corners(for:side:)``) so that GTK and the terminal agree.
public enum BubbleShape: Hashable, Sendable {
    /// No bubble: content sits on the row background (Slack-like rows, large emoji).
    case none
    /// A plain rectangle.
    case simple
    /// All corners rounded by `radius`.
    case rounded(radius: Double)
    /// Rounded, with a tail at the bottom corner nearest the sender.
    case roundedWithTail(radius: Double)
    /// Rounded on the outside of a group, with tighter `joined` corners where it touches
    /// the bubble above or below it from the same sender.
    case stacked(radius: Double, joined: Double)
    /// A stretchable image with fixed caps (CSS border-image in GTK).
    case ninePatch(NinePatch)
    /// A shape the front end draws by this name.
    case custom(String)

    /// Corner radii for a bubble at `position` on `side`.
    public func corners(for position: GroupPosition, side: Side) -> CornerRadii {
        switch self {
        case .none, .simple, .ninePatch, .custom:
            return .zero
        case .rounded(let radius):
            return CornerRadii(all: radius)
        case .roundedWithTail(let radius):
            var corners = CornerRadii(all: radius)
            if hasTail(for: position) {
                if side == .incoming { corners.bottomLeft = 0 } else { corners.bottomRight = 0 }
            }
            return corners
        case .stacked(let radius, let joined):
            var corners = CornerRadii(all: radius)
            let joinsAbove = position == .middle || position == .last
            let joinsBelow = position == .first || position == .middle
            if side == .incoming {
                if joinsAbove { corners.topLeft = joined }
                if joinsBelow { corners.bottomLeft = joined }
            } else {
                if joinsAbove { corners.topRight = joined }
                if joinsBelow { corners.bottomRight = joined }
            }
            return corners
        }
    }

    /// Whether the bubble at `position` carries a tail: only the last of a group, so a
    /// stack of bubbles has one tail, as in iMessage.
    public func hasTail(for position: GroupPosition) -> Bool {
        guard case .roundedWithTail = self else { return false }
        return position == .single || position == .last
    }
}

/// A stretchable bubble image: the caps keep their size, the middle stretches.
public struct NinePatch: Hashable, Sendable {
    /// The image.
    public var image: ImageSource
    /// The fixed-size borders of the image.
    public var capInsets: EdgeInsets

    /// Creates a nine-patch description.
    public init(image: ImageSource, capInsets: EdgeInsets) {
        self.image = image
        self.capInsets = capInsets
    }
}

/// The radius of each corner of a bubble.
public struct CornerRadii: Hashable, Sendable {
    /// Top-left radius.
    public var topLeft: Double
    /// Top-right radius.
    public var topRight: Double
    /// Bottom-right radius.
    public var bottomRight: Double
    /// Bottom-left radius.
    public var bottomLeft: Double

    /// Square corners.
    public static let zero = CornerRadii(all: 0)

    /// One radius for every corner.
    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Each corner its own radius.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }
}

/// How bubbles are shaped in each group position (NMessenger's bubble configuration).
///
/// Their fill is each side's ``SideStyle/bubbleColor``: `style.outgoing.bubbleColor`.
public struct BubbleConfiguration: Hashable, Sendable {
    /// The shape of a group's first (or only) bubble.
    public var primary: BubbleShape
    /// The shape of the following bubbles in a group.
    public var secondary: BubbleShape
    /// Whether images and collections are clipped to the bubble shape, with no padding.
    public var masksMedia: Bool

    /// Creates a bubble configuration.
    public init(primary: BubbleShape, secondary: BubbleShape? = nil, masksMedia: Bool = true) {
        self.primary = primary
        self.secondary = secondary ?? primary
        self.masksMedia = masksMedia
    }

    /// The shape for a message at `position`.
    public func shape(for position: GroupPosition) -> BubbleShape {
        position == .single || position == .first ? primary : secondary
    }
}

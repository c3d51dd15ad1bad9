/// Where everything in an ``InputBar`` goes at one width: the result of
/// ``InputBar/layout(width:measurer:)``. Frames are relative to the bar's top-left corner.
public struct InputBarLayout: Hashable, Sendable {
    /// The frame of one item.
    public struct ItemFrame: Hashable, Sendable {
        /// The item's ``InputBarItem/id``.
        public var id: String
        /// The stack the item is in.
        public var position: InputBarStack.Position
        /// The item's frame; empty in a collapsed stack.
        public var frame: Rect

        /// Whether the item takes any room (a collapsed stack's items do not).
        public var isVisible: Bool { !frame.isEmpty }
    }

    /// The width laid out at.
    public var width: Double
    /// The bar's intrinsic height: padding, text view (or its tallest side item), gap and
    /// bottom stack.
    public var height: Double
    /// The left stack; zero width when collapsed.
    public var leftStackFrame: Rect
    /// The text view; never of negative width, at least as tall as the side items.
    public var textFrame: Rect
    /// The right stack; zero width when collapsed.
    public var rightStackFrame: Rect
    /// The bottom stack; zero height when it has no items.
    public var bottomStackFrame: Rect
    /// Every stacked item: left, right, then bottom, each left to right.
    public var itemFrames: [ItemFrame]
    /// The lines the whole text wraps to at the text view's width (1 when empty).
    public var lineCount: Int
    /// The lines the text view shows: `min(lineCount, maxLines)`.
    public var visibleLineCount: Int
    /// Whether the text is longer than the text view shows, so the view scrolls.
    public var isTextScrollable: Bool
    /// Whether the placeholder shows (the text is empty).
    public var showsPlaceholder: Bool
    /// Whether this layout follows a change requested with animation; the front end
    /// animates from the previous frames.
    public var isAnimated: Bool
    /// The "Replying to Alice" line above the text while ``InputBar/replyTarget`` is set.
    public var replyBanner: ReplyBanner? = nil

    /// The frame of the item with `id`, or `nil` when no stacked item has that id.
    public func frame(ofItem id: String) -> Rect? {
        itemFrames.first { $0.id == id }?.frame
    }
}

extension InputBarLayout {
    /// The same bar seen in a mirror (a right-to-left ``InputBar/direction``): every frame
    /// flips sides; the stacks keep their names (the "left" stack is drawn on the right).
    func mirrored() -> InputBarLayout {
        var copy = self
        copy.leftStackFrame = leftStackFrame.mirrored(within: width)
        copy.textFrame = textFrame.mirrored(within: width)
        copy.rightStackFrame = rightStackFrame.mirrored(within: width)
        copy.bottomStackFrame = bottomStackFrame.mirrored(within: width)
        copy.itemFrames = itemFrames.map { item in
            var item = item
            item.frame = item.frame.mirrored(within: width)
            return item
        }
        if var banner = replyBanner {
            banner.frame = banner.frame.mirrored(within: width)
            banner.textFrame = banner.textFrame.mirrored(within: width)
            banner.cancelFrame = banner.cancelFrame.mirrored(within: width)
            copy.replyBanner = banner
        }
        return copy
    }
}

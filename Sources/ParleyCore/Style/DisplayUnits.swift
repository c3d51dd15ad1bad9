/// The units a front end lays out in: what ``ChatStyle/adapted(to:)`` turns a style into.
public enum DisplayUnits: Hashable, Sendable {
    /// Pixels (GTK): the style's own metrics when they are in pixels, else
    /// ``ChatMetrics/points``.
    case points
    /// Character cells (a terminal): ``ChatMetrics/cells``, without bubble padding for flat
    /// themes (nor above and below the text of a ``ChatStyle/isCompact`` style), and emoji
    /// as large as text (a cell cannot grow).
    case cells
}

extension ChatStyle {
    /// This style in a front end's units; both front ends adapt the styles they are given
    /// this way, so one style value serves a terminal and a window alike.
    public func adapted(to units: DisplayUnits) -> ChatStyle {
        var style = self
        switch units {
        case .points:
            if metrics.unitAspect != 1 { style.metrics = .points }
        case .cells:
            var cells = ChatMetrics.cells
            if layout == .flat {
                cells.bubbleInsets = .zero
                cells.maxBubbleFraction = 1
            }
            if isCompact {
                cells.bubbleInsets.top = 0
                cells.bubbleInsets.bottom = 0
                cells.typingBubbleSize.height = 1
            }
            style.metrics = cells
            style.emojiFont.size = style.bodyFont.size
        }
        return style
    }
}

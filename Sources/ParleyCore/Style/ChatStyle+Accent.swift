extension ChatStyle {
    /// The theme's accent, for what calls for attention outside a bubble: buttons (Send,
    /// the new-messages badge, Undo), the new-messages line, read marks, focus and mention
    /// rings, the chips of my reactions. The outgoing bubble's colour, or, where bubbles
    /// are clear (flat themes), the outgoing link colour: an accent is always seen.
    public var accentColor: Color {
        Self.hasVisibleBubble(outgoing) ? outgoing.bubbleColor : outgoing.linkColor
    }

    /// Text drawn on ``accentColor``: the outgoing text colour on the outgoing bubble's
    /// colour (the theme's own pair), else white or black, whichever contrasts more.
    public var accentTextColor: Color {
        if Self.hasVisibleBubble(outgoing) { return outgoing.textColor }
        let accent = accentColor
        return Color.white.contrastRatio(with: accent) >= Color.black.contrastRatio(with: accent) ? .white : .black
    }

    /// Whether a side's bubbles show (more than faintly).
    private static func hasVisibleBubble(_ side: SideStyle) -> Bool { side.bubbleColor.alpha > 0.05 }
}

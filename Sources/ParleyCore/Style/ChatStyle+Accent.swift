extension ChatStyle {
    /// The theme's accent, for what calls for attention outside a bubble: buttons (Send,
    /// the new-messages badge, Undo), the new-messages line, read marks, focus and mention
    /// rings, the chips of my reactions. The outgoing bubble's colour; where that does not
    /// stand out from the background (clear bubbles in flat themes, a pale one), the first
    /// link colour that does (outgoing, then incoming), or else the incoming link colour
    /// darkened or lightened until it does.
    public var accentColor: Color {
        if bubbleIsAccent { return outgoing.bubbleColor }
        for link in [outgoing.linkColor, incoming.linkColor] where Self.standsOut(link, on: backgroundColor) { return link }
        return incoming.linkColor.withAlpha(1).readable(on: backgroundColor, minimumContrast: Self.leastContrast)
    }

    /// Text drawn on ``accentColor``: the outgoing text colour on the outgoing bubble's
    /// colour (the theme's own pair), else white or black, whichever contrasts more.
    public var accentTextColor: Color {
        if bubbleIsAccent { return outgoing.textColor }
        let accent = accentColor
        return Color.white.contrastRatio(with: accent) >= Color.black.contrastRatio(with: accent) ? .white : .black
    }

    /// What marks and thin lines need against the background to be seen (WCAG's 3:1).
    private static let leastContrast = 3.0

    private static func standsOut(_ color: Color, on background: Color) -> Bool {
        color.alpha > 0.95 && color.contrastRatio(with: background) >= leastContrast
    }

    /// Whether the outgoing bubble's colour is the accent.
    private var bubbleIsAccent: Bool { Self.standsOut(outgoing.bubbleColor, on: backgroundColor) }
}

import ParleyCore

/// What the terminal shows where a cell keeps its default colours: the background behind
/// the chat and the colour of default text.
///
/// A terminal's defaults are the user's theme, so a chat screen cannot know them unless
/// the terminal says (``TerminalSession/queryCanvas(timeout:)`` asks with OSC 10 and 11).
/// When it knows them, ``ChatScreen`` keeps them and makes every colour it draws readable
/// on them; when it does not, it paints the theme's own background (``painted(for:)``).
public struct TerminalCanvas: Hashable, Sendable {
    /// The background of cells with the default background.
    public var background: Color
    /// The colour of text in the default foreground.
    public var foreground: Color
    /// Whether the screen paints ``background`` and ``foreground`` into every cell that
    /// would otherwise keep the terminal's defaults.
    public var isPainted: Bool

    /// A canvas the terminal reported: `background`, and `foreground` if it said (else
    /// black or white, whichever reads on the background).
    public init(background: Color, foreground: Color? = nil) {
        self.background = background
        self.foreground = foreground ?? Self.extreme(on: background)
        isPainted = false
    }

    /// A dark terminal (black background, light grey text), as a test or a fallback.
    public static let dark = TerminalCanvas(background: Color(hex: 0x000000), foreground: Color(hex: 0xE5E5E5))
    /// A light terminal (white background, black text), as a test or a fallback.
    public static let light = TerminalCanvas(background: Color(hex: 0xFFFFFF), foreground: Color(hex: 0x000000))

    /// The canvas a screen paints for `style` when the terminal's is unknown: the theme's
    /// background, with its incoming text colour made readable on it.
    public static func painted(for style: ChatStyle) -> TerminalCanvas {
        let background = style.backgroundColor.withAlpha(1)
        var canvas = TerminalCanvas(
            background: background,
            foreground: style.incoming.textColor.withAlpha(1).readable(on: background, minimumContrast: 7))
        canvas.isPainted = true
        return canvas
    }

    /// Whether the background is dark (text on it should be light).
    public var isDark: Bool { background.luminance < 0.18 }

    private static func extreme(on background: Color) -> Color {
        Color.white.contrastRatio(with: background) >= Color.black.contrastRatio(with: background) ? .white : .black
    }
}

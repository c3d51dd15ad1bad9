import ParleyCore

/// The cell styles of a ``ChatStyle`` in a terminal.
///
/// The canvas keeps the terminal's own background when the terminal reports it (a chat
/// client should sit in the user's terminal theme), or the theme's painted in; bubbles,
/// badges and marks take the style's colours, and a last pass over the cells makes every glyph
/// readable on what is behind it. With colours off (`NO_COLOR`, a dumb terminal), bubbles
/// are drawn as outlines instead of fills.
public struct TerminalPalette: Sendable {
    /// Whether colours are drawn at all.
    public let usesColor: Bool

    /// The styles of one side's bubbles, worked out once: each read of a side's colours
    /// copied the side's whole style out of ``ChatStyle`` and converted its colours, about
    /// 500 instructions, several times a row painted (#15).
    private struct SideStyles: Sendable {
        let bubble: TerminalColor
        let text: CellStyle
        let link: CellStyle
        /// Code's background (``ChatStyle/codeBackground(_:)``).
        let code: TerminalColor

        init(_ style: ChatStyle, _ which: Side, usesColor: Bool) {
            func color(_ color: Color) -> TerminalColor { TerminalPalette.color(color, usesColor: usesColor) }
            let side = style[which]
            code = color(style.codeBackground(which))
            bubble = color(side.bubbleColor)
            let filled = side.bubbleColor.alpha > 0.05 && usesColor
            text = CellStyle(foreground: color(side.textColor), background: filled ? bubble : .default)
            var link = text
            link.foreground = color(side.linkColor)
            link.attributes.insert(.underline)
            self.link = link
        }
    }

    private let incoming: SideStyles
    private let outgoing: SideStyles
    /// Day separators, time labels, labels under bubbles.
    let label: CellStyle
    /// Notices.
    let notice: CellStyle
    /// Failures: failed marks, the retry row.
    let failure: CellStyle
    /// The theme's accent (`ChatStyle.accentColor`), never the terminal's
    /// default.
    let accentColor: TerminalColor
    /// Chrome: header, input bar frame, buttons.
    let chrome: CellStyle

    /// The palette of `style`; `usesColor` false draws in the default colours only.
    public init(style: ChatStyle, usesColor: Bool = true) {
        self.usesColor = usesColor
        func color(_ color: Color) -> TerminalColor { Self.color(color, usesColor: usesColor) }
        incoming = SideStyles(style, .incoming, usesColor: usesColor)
        outgoing = SideStyles(style, .outgoing, usesColor: usesColor)
        label = CellStyle(foreground: color(style.labelColor), attributes: usesColor ? [] : .dim)
        notice = CellStyle(foreground: color(style.noticeColor), attributes: .italic)
        failure = CellStyle(foreground: color(style.failureColor), attributes: .bold)
        accentColor = TerminalColor(style.accentColor)
        chrome = CellStyle(foreground: color(style.labelColor))
    }

    /// `color` as the terminal is sent it: the terminal's default when colours are off.
    private static func color(_ color: Color, usesColor: Bool) -> TerminalColor { usesColor ? TerminalColor(color) : .default }

    private func styles(_ side: Side) -> SideStyles { side == .incoming ? incoming : outgoing }

    /// The fill of a bubble on `side`.
    func bubble(_ side: Side) -> TerminalColor { styles(side).bubble }

    /// Text inside a bubble on `side`.
    func text(_ side: Side) -> CellStyle { styles(side).text }

    /// `text` (a bubble's on `side`) with the styles of formatted text's `spans`: bold,
    /// italic, strike; code on the code background (``ChatStyle/codeBackground(_:)``),
    /// quotes faint.
    func formatted(_ text: CellStyle, _ style: SpanStyle, side: Side) -> CellStyle {
        guard !style.isEmpty else { return text }
        var result = text
        if style.isBold { result.attributes.insert(.bold) }
        if style.contains(.italic) { result.attributes.insert(.italic) }
        if style.contains(.strikethrough) { result.attributes.insert(.strikethrough) }
        if style.contains(.quote) { result.attributes.insert(.dim) }
        if style.isMonospace, usesColor { result.background = styles(side).code }
        return result
    }

    /// A link inside a bubble on `side`.
    func link(_ side: Side) -> CellStyle { styles(side).link }

    /// The bubble's edge drawn with block characters: bubble colour on the canvas.
    func edge(_ side: Side) -> CellStyle { CellStyle(foreground: bubble(side)) }

    /// A sender's name.
    func name(for sender: Sender) -> CellStyle {
        CellStyle(foreground: usesColor ? TerminalColor(Color.avatar(for: sender.id)) : .default, attributes: .bold)
    }

    /// An initials badge.
    func avatar(for sender: Sender) -> CellStyle {
        usesColor
            ? CellStyle(foreground: .rgb(255, 255, 255), background: TerminalColor(Color.avatar(for: sender.id)), attributes: .bold)
            : CellStyle(attributes: [.reverse, .bold])
    }

    /// A read receipt.
    var read: CellStyle { CellStyle(foreground: usesColor ? accentColor : .default, attributes: .bold) }
    /// The "New messages" line: the accent colour on the list's background.
    var unreadLine: CellStyle {
        CellStyle(foreground: usesColor ? accentColor : .default, attributes: .bold)
    }
    /// The accent used for buttons and the unread marker.
    var accent: CellStyle {
        usesColor
            ? CellStyle(foreground: .rgb(255, 255, 255), background: accentColor, attributes: .bold)
            : CellStyle(attributes: [.reverse, .bold])
    }
}

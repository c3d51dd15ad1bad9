import ParleyCore

/// Draws file, location and contact cards (``CardLayout``) into cells, at the frames
/// the core gave them.
///
/// Every part reads without colour too: the title is bold, details dim, links
/// underlined, a failure says what failed, the bar fills with "█" over "░", and buttons
/// stand in brackets.
extension RowPainter {
    /// Draws `card`, the layout of `content`, on a bubble of `side`.
    func drawCard(_ card: CardLayout, of content: MessageContent, side: Side, _ dy: Double, _ buffer: inout CellBuffer) {
        let base = palette.text(side)
        if let rect = card.picture, case .location(let location) = content, let source = location.picture {
            // Through the picture cache like any image: a placeholder until it decodes.
            drawImage(ImageContent(source: source), area: CellRect(rect, dy: dy), &buffer)
        }
        let icon = CellRect(card.iconFrame, dy: dy)
        buffer.put(card.icon.symbol, x: icon.x, y: icon.y, style: base, maxWidth: icon.width)
        for line in card.lines {
            let area = CellRect(line.frame, dy: dy)
            let look: CellStyle
            switch line.role {
            case .title: look = base.adding(.bold)
            case .detail: look = base.adding(.dim)
            case .link: look = palette.link(side)
            case .failure: look = palette.failure.adding(.bold)
            }
            buffer.put(line.text, x: area.x, y: area.y, style: look, maxWidth: area.width)
        }
        if let progress = card.progress {
            let bar = CellRect(progress.bar, dy: dy)
            let filled = Int(saturating: (Double(bar.width) * progress.fraction).rounded(.down))
            for column in 0..<max(0, bar.width) {
                buffer.put(column < filled ? "█" : "░", x: bar.x + column, y: bar.y, style: column < filled ? palette.link(side).removing(.underline) : base.adding(.dim))
            }
            let label = CellRect(progress.labelFrame, dy: dy)
            let width = TerminalWidth.columns(of: progress.label)
            buffer.put(progress.label, x: label.maxX - width, y: label.y, style: base, maxWidth: label.width)
        }
        for button in card.buttons {
            let area = CellRect(button.frame, dy: dy)
            guard area.width >= 2 else { continue }
            let look = palette.link(side).removing(.underline).adding(.bold)
            buffer.put("[", x: area.x, y: area.y, style: look)
            buffer.put(button.label, x: area.x + 1, y: area.y, style: look, maxWidth: area.width - 2)
            buffer.put("]", x: area.maxX - 1, y: area.y, style: look)
        }
    }
}

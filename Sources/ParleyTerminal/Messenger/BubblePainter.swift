import ParleyCore

/// Draws bubble outlines in cells.
///
/// Filled (colours on): a solid block of the bubble colour whose top and bottom rows are
/// half blocks, so the bubble has half a row of padding above and below its text and
/// rounded corners from quadrant characters (▗ ▖ ▝ ▘). Square corners (a stacked bubble
/// where it joins its neighbour) use plain half blocks. A tail is one more quadrant
/// beside the bottom corner on the sender's side.
///
/// Outlined (colours off): box drawing, ╭─╮ for round corners and ┌─┐ for square ones.
///
/// Compact (`ChatStyle.isCompact`): no rows of frame at all. Filled, the bubble is its
/// text's rows on the bubble colour; outlined, a bar down each side.
struct BubblePainter {
    let palette: TerminalPalette
    /// Draws bubbles without rows of frame above and below (their text has none either).
    var isCompact = false

    /// A corner radius at or above this many layout units draws round.
    static let roundThreshold = 6.0

    // The symbols bubbles are drawn with, made once.
    static let lowerHalf = Glyph("▄"), upperHalf = Glyph("▀")
    static let lowerRightQuadrant = Glyph("▗"), lowerLeftQuadrant = Glyph("▖")
    static let upperRightQuadrant = Glyph("▝"), upperLeftQuadrant = Glyph("▘")
    static let vertical = Glyph("│"), horizontal = Glyph("─")
    static let risingDiagonal = Glyph("╱"), fallingDiagonal = Glyph("╲")

    /// Draws a bubble at `rect`; `mirrored` (a right-to-left row, ``RowLayout/isMirrored``)
    /// puts the tail on the other side.
    func draw(_ rect: CellRect, side: Side, corners: CornerRadii, tail: Bool, mirrored: Bool = false, into buffer: inout CellBuffer) {
        // The tail's side: the sender's, in a mirror when the row is mirrored.
        let tailSide: Side = mirrored ? (side == .incoming ? .outgoing : .incoming) : side
        if isCompact {
            compact(rect, side, &buffer)
            return
        }
        guard rect.width >= 2, rect.height >= 2 else {
            buffer.fill(rect, style: palette.text(side))
            return
        }
        if palette.usesColor {
            filled(rect, side, tailSide, corners, tail, &buffer)
        } else {
            outlined(rect, side, tailSide, corners, tail, &buffer)
        }
    }

    private func round(_ radius: Double) -> Bool { radius >= Self.roundThreshold }

    private func compact(_ rect: CellRect, _ side: Side, _ buffer: inout CellBuffer) {
        guard palette.usesColor else {
            buffer.fill(rect, style: .plain)
            guard rect.width >= 2 else { return }
            buffer.fill(CellRect(x: rect.x, y: rect.y, width: 1, height: rect.height), glyph: Self.vertical, style: .plain)
            buffer.fill(CellRect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), glyph: Self.vertical, style: .plain)
            return
        }
        buffer.fill(rect, style: CellStyle(background: palette.bubble(side)))
    }

    private func filled(_ rect: CellRect, _ side: Side, _ tailSide: Side, _ corners: CornerRadii, _ tail: Bool, _ buffer: inout CellBuffer) {
        let edge = palette.edge(side)
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        buffer.fill(CellRect(x: left, y: top + 1, width: rect.width, height: rect.height - 2), style: CellStyle(background: palette.bubble(side)))
        buffer.fill(CellRect(x: left, y: top, width: rect.width, height: 1), glyph: Self.lowerHalf, style: edge)
        buffer.fill(CellRect(x: left, y: bottom, width: rect.width, height: 1), glyph: Self.upperHalf, style: edge)
        if round(corners.topLeft) { buffer.putSymbol(Self.lowerRightQuadrant, x: left, y: top, style: edge) }
        if round(corners.topRight) { buffer.putSymbol(Self.lowerLeftQuadrant, x: right, y: top, style: edge) }
        let tailLeft = tail && tailSide == .incoming, tailRight = tail && tailSide == .outgoing
        if round(corners.bottomLeft), !tailLeft { buffer.putSymbol(Self.upperRightQuadrant, x: left, y: bottom, style: edge) }
        if round(corners.bottomRight), !tailRight { buffer.putSymbol(Self.upperLeftQuadrant, x: right, y: bottom, style: edge) }
        if tailLeft, left > 0 { buffer.putSymbol(Self.upperRightQuadrant, x: left - 1, y: bottom, style: edge) }
        if tailRight { buffer.putSymbol(Self.upperLeftQuadrant, x: right + 1, y: bottom, style: edge) }
    }

    private func outlined(_ rect: CellRect, _ side: Side, _ tailSide: Side, _ corners: CornerRadii, _ tail: Bool, _ buffer: inout CellBuffer) {
        let tailLeft = tail && tailSide == .incoming, tailRight = tail && tailSide == .outgoing
        buffer.fill(CellRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2), style: .plain)
        Self.frame(
            rect, style: .plain, into: &buffer,
            corners: (
                round(corners.topLeft) ? "╭" : "┌", round(corners.topRight) ? "╮" : "┐",
                round(corners.bottomLeft) && !tailLeft ? "╰" : "└", round(corners.bottomRight) && !tailRight ? "╯" : "┘"))
        if tailLeft, rect.x > 0 { buffer.putSymbol(Self.risingDiagonal, x: rect.x - 1, y: rect.maxY - 1, style: .plain) }
        if tailRight { buffer.putSymbol(Self.fallingDiagonal, x: rect.maxX, y: rect.maxY - 1, style: .plain) }
    }

    /// A box-drawing frame around `rect` in `style`, round-cornered unless `corners`
    /// (top-left, top-right, bottom-left, bottom-right) says otherwise. Placeholders and
    /// cards use it as it is; outlined bubbles pick their corners.
    static func frame(
        _ rect: CellRect, style: CellStyle, into buffer: inout CellBuffer,
        corners: (String, String, String, String) = ("╭", "╮", "╰", "╯")
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        buffer.fill(CellRect(x: left + 1, y: top, width: rect.width - 2, height: 1), glyph: Self.horizontal, style: style)
        buffer.fill(CellRect(x: left + 1, y: bottom, width: rect.width - 2, height: 1), glyph: Self.horizontal, style: style)
        buffer.fill(CellRect(x: left, y: top + 1, width: 1, height: rect.height - 2), glyph: Self.vertical, style: style)
        buffer.fill(CellRect(x: right, y: top + 1, width: 1, height: rect.height - 2), glyph: Self.vertical, style: style)
        buffer.putSymbol(Glyph(corners.0), x: left, y: top, style: style)
        buffer.putSymbol(Glyph(corners.1), x: right, y: top, style: style)
        buffer.putSymbol(Glyph(corners.2), x: left, y: bottom, style: style)
        buffer.putSymbol(Glyph(corners.3), x: right, y: bottom, style: style)
    }
}

@_spi(Tables) import ParleyCore

/// The last pass over a chat screen's cells in colour: every glyph readable on what is
/// behind it, on any terminal background.
///
/// A theme chooses its colours for its own background; a terminal keeps the user's. This
/// pass resolves each cell's default colours to the ``TerminalCanvas`` (painting them in
/// when the canvas is painted), turns faint text (SGR 2, which terminals draw as they
/// like) into an explicit blend, swaps a colour made for the other kind of background
/// (``oppositeContrast``) for the canvas's text colour, and moves any foreground that falls short of a contrast
/// ratio towards black or white (`Color.readable(on:minimumContrast:)`):
/// ``canvasContrast`` on the canvas, where the theme did not choose the pair, and
/// ``minimumContrast`` on colours the theme chose (bubbles, badges). Spaces, block
/// elements (bubble edges, pictures) and emoji, which keep their own colours, are left as
/// they are. With fewer colours than 24-bit (``ColorDepth``), contrast is judged on the
/// palette colours the renderer will send, and a pair that merges there gets black or
/// white text.
struct LegibleColors {
    let canvas: TerminalCanvas

    /// The least contrast of a glyph on a background the theme chose.
    static let minimumContrast = 3.0
    /// The least contrast of a glyph on the terminal's own background (WCAG AA for text).
    static let canvasContrast = 4.5
    /// Below this contrast with the canvas a colour was made for the other kind of
    /// background, and is replaced by the canvas's own text colour with a ``tint`` of it.
    static let oppositeContrast = 2.0
    /// How much of a replaced colour tints the canvas's text colour.
    static let tint = 0.15
    /// How far faint text is blended towards its background.
    static let faintBlend = 0.35

    private var cache: [CellStyle: CellStyle] = [:]
    /// The answers of ``cache`` met lately: a page looked up two hundred styles (each run
    /// of a style a line starts anew) (#15).
    private var recent = RecentSlots<CellStyle, CellStyle>()

    /// The colours the terminal shows; contrast is judged after approximating to them.
    let depth: ColorDepth

    init(canvas: TerminalCanvas, depth: ColorDepth = .trueColor) {
        self.canvas = canvas
        self.depth = depth
    }

    /// A line made legible: the line drawn (held, so that its storage is not reused while
    /// it is a key), the line shown, and the frame that last used it. A class, so that a
    /// frame marks it used without copying its lines.
    private final class Known {
        let drawn: [Cell]
        let legible: [Cell]
        var frame: UInt

        init(drawn: [Cell], legible: [Cell], frame: UInt) {
            self.drawn = drawn
            self.legible = legible
            self.frame = frame
        }
    }

    /// Lines already made legible, by the storage of the line drawn: a line a frame
    /// shares with an earlier one (the title and the input bar taken from the last frame,
    /// ``CellBuffer``) is looked up, not passed over again.
    private var lines = IntKeyedTable<Known>()
    /// Frames applied so far; lines not seen for two frames are forgotten.
    private var frame: UInt = 0

    /// Applies the pass to every cell of `buffer`. A line whose storage is `placed[y]` (a
    /// kept row's, drawn when it was painted, nothing drawn over it since) becomes
    /// `legible[y]`, made legible then. It runs every frame over the whole screen, so a
    /// line the last frames already had is taken from them, a run of cells of one style
    /// and kind (the rule: a bubble's line) is looked up once, and what was worked out
    /// stays for the next frames.
    mutating func apply(to buffer: inout CellBuffer, placed: [Int] = [], legible: [[Cell]] = []) {
        precondition(legible.count >= placed.count, "a legible form for every line a row may be placed on")
        frame &+= 1
        // Every line is replaced: the shown lines are gathered apart and set at once.
        var shown: [[Cell]] = []
        shown.reserveCapacity(buffer.height)
        for y in 0..<buffer.height {
            let drawn = buffer.line(y)
            let key = CellBuffer.storage(of: drawn)
            if y < placed.count, placed[y] != 0, placed[y] == key {
                shown.append(legible[y])
                continue
            }
            if let known = lines[key], CellBuffer.sharesStorage(known.drawn, drawn) {
                known.frame = frame
                shown.append(known.legible)
                continue
            }
            var legible = drawn
            makeLegible(&legible)
            lines[key] = Known(drawn: drawn, legible: legible, frame: frame)
            shown.append(legible)
        }
        buffer.setLines(shown)
        if lines.count > 4 * max(1, buffer.height) {
            let now = frame
            lines.removeAll { now &- $0.frame >= 2 }
        }
    }

    /// Makes every cell of `line` legible, in place: its storage is copied only when it
    /// is shared and a cell changes.
    ///
    /// Cells are read and written through the line's buffer; a run of one style and kind
    /// is classified once. The loop keeps what it learnt in plain values, not optionals,
    /// and writes every cell's answer from the first that changes (a cell that keeps its
    /// style is given it again): a page makes twelve thousand cells legible (#15).
    mutating func makeLegible(_ line: inout [Cell]) {
        var memo = RunMemo()
        let painted = canvas.isPainted
        // Find the first cell that changes without a write: a line that needs nothing
        // keeps its storage, shared or not.
        let first: Int? = line.withUnsafeBufferPointer { cells in
            for index in cells.indices {
                let cell = cells[index]
                if restyled(cell, &memo, painted: painted) != cell.style { return index }
            }
            return nil
        }
        guard let first else { return }
        line.withUnsafeMutableBufferPointer { cells in
            for index in first..<cells.count {
                cells[index].style = restyled(cells[index], &memo, painted: painted)
            }
        }
    }

    /// What the cells of a line passed so far leave for the next: the last glyph outside
    /// ASCII and whether it is text, and the answer for the last style of text and of
    /// anything else (space, block, emoji): it depends only on the style and the kind,
    /// and most cells repeat a neighbour's. A style no cell has (``CellStyle/unused``)
    /// marks what is not known yet.
    private struct RunMemo {
        var glyph = Glyph.none
        var glyphIsText = false
        var textStyle = CellStyle.unused
        var textAnswer = CellStyle.unused
        var otherStyle = CellStyle.unused
        var otherAnswer = CellStyle.unused
    }

    /// The style `cell` is shown in (its own when it needs nothing).
    @inline(__always)
    private mutating func restyled(_ cell: Cell, _ memo: inout RunMemo, painted: Bool) -> CellStyle {
        let isText: Bool
        if let byte = cell.glyph.ascii {
            isText = byte > 0x20
        } else {
            if cell.glyph != memo.glyph {
                memo.glyph = cell.glyph
                memo.glyphIsText = Self.isGlyph(cell.glyph)
            }
            isText = memo.glyphIsText
        }
        let style = cell.style
        let answer: CellStyle
        if isText, memo.textStyle == style {
            answer = memo.textAnswer
        } else if !isText, memo.otherStyle == style {
            answer = memo.otherAnswer
        } else {
            // A badge's white or black text keeps its colour and the badge moves instead,
            // in every cell of its style, so it stays one piece.
            let checks = isText || Self.movesBackground(style)
            answer = !checks && !painted
                ? style : legible(style, key: checks ? style : style.adding(Self.shapeMarker), checksContrast: checks) ?? style
            if isText {
                memo.textStyle = style
                memo.textAnswer = answer
            } else {
                memo.otherStyle = style
                memo.otherAnswer = answer
            }
        }
        return answer
    }

    /// The new style of cells in `style` (cached under `key`), or `nil` to keep it.
    private mutating func legible(_ style: CellStyle, key: CellStyle, checksContrast: Bool) -> CellStyle? {
        let slot = key.slot
        if let known = recent.value(for: key, in: slot) { return known == style ? nil : known }
        let result: CellStyle
        if let known = cache[key] {
            result = known
        } else {
            result = adjusted(style, checksContrast: checksContrast)
            cache[key] = result
        }
        recent.remember(result, for: key, in: slot)
        return result == style ? nil : result
    }

    /// A marker bit no style uses, to cache shapes apart from glyphs of the same style.
    private static let shapeMarker = CellStyle.Attributes(rawValue: 1 << 7)

    private func adjusted(_ style: CellStyle, checksContrast: Bool) -> CellStyle {
        var result = style
        if canvas.isPainted {
            if result.foreground == .default { result.foreground = Self.terminal(canvas.foreground) }
            if result.background == .default { result.background = Self.terminal(canvas.background) }
        }
        guard checksContrast else { return result }
        let reversed = style.attributes.contains(.reverse)
        let onCanvas = (reversed ? style.foreground : style.background) == .default
        let front = reversed ? result.background : result.foreground
        let back = reversed ? result.foreground : result.background
        let original = color(front, isForeground: !reversed)
        let behind = color(back, isForeground: reversed)
        let faint = style.attributes.contains(.dim)
        var text = original
        if onCanvas, text.contrastRatio(with: behind) < Self.oppositeContrast {
            // Made for the other kind of background (dark text on a dark terminal): the
            // terminal's own text colour, tinted with the theme's.
            text = canvas.foreground.mixed(with: text, amount: Self.tint)
        }
        if faint { text = text.mixed(with: behind, amount: Self.faintBlend) }
        result.attributes.remove(.dim)
        let minimum = onCanvas ? Self.canvasContrast : Self.minimumContrast
        if Self.movesBackground(style), text.contrastRatio(with: behind) < minimum {
            let moved = behind.readable(on: text, minimumContrast: minimum)
            let shown = color(depth.approximate(Self.terminal(moved)), isForeground: reversed)
            if color(depth.approximate(front), isForeground: !reversed).contrastRatio(with: shown) >= minimum {
                if reversed { result.foreground = Self.terminal(moved) } else { result.background = Self.terminal(moved) }
                return result
            }
        }
        var readable = text.readable(on: behind, minimumContrast: minimum)
        if depth != .trueColor {
            // Judged as the terminal will show it: with fewer colours, near ones merge.
            let shownBehind = color(depth.approximate(back), isForeground: reversed)
            let shown = color(depth.approximate(Self.terminal(readable)), isForeground: !reversed)
            if shown.contrastRatio(with: shownBehind) < minimum {
                readable = Color.white.contrastRatio(with: shownBehind) >= Color.black.contrastRatio(with: shownBehind)
                    ? .white : .black
            }
        }
        guard faint || readable != original else { return result }
        if reversed { result.background = Self.terminal(readable) } else { result.foreground = Self.terminal(readable) }
        return result
    }

    /// What `color` looks like: a default resolves to the canvas.
    private func color(_ color: TerminalColor, isForeground: Bool) -> Color {
        switch color {
        case .default: return isForeground ? canvas.foreground : canvas.background
        case .rgb(let red, let green, let blue): return Color(hex: UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
        case .indexed(let index):
            let rgb = XtermPalette.rgb(of: index)
            return Color(hex: UInt32(rgb.red) << 16 | UInt32(rgb.green) << 8 | UInt32(rgb.blue))
        }
    }

    private static func terminal(_ color: Color) -> TerminalColor { TerminalColor(color.withAlpha(1)) }

    /// Whether `style` is white or black text on a colour the theme chose (an initials
    /// badge, the accent): such text cannot move further its own way, so its background
    /// does.
    static func movesBackground(_ style: CellStyle) -> Bool {
        let reversed = style.attributes.contains(.reverse)
        let text = reversed ? style.background : style.foreground
        let behind = reversed ? style.foreground : style.background
        guard behind != .default, !style.attributes.contains(.dim) else { return false }
        return text == .rgb(255, 255, 255) || text == .rgb(0, 0, 0)
    }

    /// Whether `glyph` is drawn in its foreground colour as text: not a space, a block
    /// element (U+2580–U+259F) or an emoji.
    static func isGlyph(_ glyph: Glyph) -> Bool {
        // ASCII, most of a screen: anything but a space.
        guard let byte = glyph.firstByte else { return false }
        if byte < 0x80 { return byte > 0x20 }
        // Half blocks and shades (bubble edges, pictures), without making a string.
        if glyph.isBlockElement { return false }
        return isGlyph(glyph.text)
    }

    /// ``isGlyph(_:)`` for a symbol as a string.
    static func isGlyph(_ symbol: String) -> Bool {
        if let byte = symbol.utf8.first, byte < 0x80 { return byte > 0x20 }
        guard let first = symbol.unicodeScalars.first, first != " ", first != "\u{A0}" else { return false }
        if (0x2580...0x259F).contains(first.value) { return false }
        if first.properties.isEmojiPresentation || symbol.unicodeScalars.contains("\u{FE0F}") { return false }
        return true
    }
}

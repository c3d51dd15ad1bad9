extension AnsiRenderer {
    /// The frame that first scrolls `hint.rows` of the screen by `hint.by` rows, then draws
    /// what still differs; nil when the hint does not fit the last frame.
    ///
    /// The rows scrolled in come blank in the pen's background. When the terminal erases
    /// in the pen's background (``erasesWithBackground``) and the first row scrolled in
    /// starts with a blank, the pen takes that blank's background before scrolling, so the
    /// new rows arrive already painted in it (a chat's background), as the shifted picture
    /// assumes; otherwise the pen is reset and they arrive in the default colours. A band
    /// covering the whole screen needs no scroll region.
    func scrolledFrame(
        _ buffer: CellBuffer, target: AnsiFrameWriter.Position?, hint: (rows: Range<Int>, by: Int)
    ) -> AnsiFrameWriter? {
        let fill = scrollFill(buffer, hint: hint)
        guard let previous, let shifted = Self.shifted(previous, rows: hint.rows, by: hint.by, fill: fill.cell) else { return nil }
        let diff = BufferDiff(from: shifted, to: buffer)
        return frame(buffer, target: target) { renderer, writer in
            if writer.pen != fill.pen {
                if writer.pen != .plain { writer.resetPen() }
                writer.setPen(fill.pen)
            }
            let whole = hint.rows == 0..<buffer.height
            if !whole { writer.csi([hint.rows.lowerBound + 1, hint.rows.upperBound], "r") }
            writer.csi(abs(hint.by) == 1 ? [] : [abs(hint.by)], hint.by > 0 ? "S" : "T")
            if !whole { writer.csi([], "r") }
            // The new rows hold the fill's background alone: loose blanks, unless that is
            // all the fill is.
            let fillShowsExactly = fill.cell.style == CellStyle(background: fill.cell.style.background)
            writer.loose.scroll(rows: hint.rows, by: hint.by, scrolledIn: !fillShowsExactly)
            // Setting or resetting the region homes the cursor on some terminals, not others.
            writer.cursor = nil
            renderer.paint(diff.changes, of: buffer, into: &writer)
        }
    }

    /// How many lines of `next` are already right on screen after scrolling by `hint`, and
    /// without scrolling, counting the lines `next` shares with the last frame (the
    /// screen places a line it drew before as the same storage): a count, not a diff, so
    /// that choosing costs next to nothing.
    static func linesKept(
        by hint: (rows: Range<Int>, by: Int), from previous: CellBuffer, to next: CellBuffer
    ) -> (scrolled: Int, inPlace: Int) {
        guard hint.rows.lowerBound >= 0, hint.rows.upperBound <= next.height, hint.by != 0, abs(hint.by) < hint.rows.count
        else { return (0, Int.max) }
        var scrolled = 0, inPlace = 0
        for row in hint.rows {
            let line = next.line(row)
            if CellBuffer.sharesStorage(previous.line(row), line) { inPlace += 1 }
            if hint.rows.contains(row + hint.by), CellBuffer.sharesStorage(previous.line(row + hint.by), line) { scrolled += 1 }
        }
        return (scrolled, inPlace)
    }

    /// `buffer` as the terminal shows it after scrolling `rows` by `by` (up when
    /// positive): the band's rows moved, the rows scrolled in made of `fill`; nil when the band is
    /// not inside the buffer or `by` does not move anything within it.
    static func shifted(_ buffer: CellBuffer, rows: Range<Int>, by: Int, fill: Cell = .blank()) -> CellBuffer? {
        guard rows.lowerBound >= 0, rows.upperBound <= buffer.height, by != 0, abs(by) < rows.count else { return nil }
        var result = buffer
        let blank = Array(repeating: fill, count: buffer.width)
        for row in rows {
            let source = row + by
            // Lines move whole: the shifted picture shares them with the frame it came from.
            result.setLine(row, rows.contains(source) ? buffer.line(source) : blank)
        }
        return result
    }

    /// The rows a scroll by `hint` brings in: at the band's bottom when it moves up, at
    /// its top when it moves down.
    static func rowsScrolledIn(_ hint: (rows: Range<Int>, by: Int)) -> Range<Int> {
        let count = min(abs(hint.by), hint.rows.count)
        return hint.by > 0 ? hint.rows.upperBound - count..<hint.rows.upperBound : hint.rows.lowerBound..<hint.rows.lowerBound + count
    }

    /// The pen to scroll with and the cell the rows scrolled in then hold: the first new
    /// row's leading blank, when the terminal erases in colour and that blank shows only
    /// its background; the plain pen and a plain blank otherwise.
    func scrollFill(_ buffer: CellBuffer, hint: (rows: Range<Int>, by: Int)) -> (pen: CellStyle, cell: Cell) {
        let row = Self.rowsScrolledIn(hint).lowerBound
        guard erasesWithBackground, strategy == .diff, buffer.width > 0, row >= 0, row < buffer.height else {
            return (.plain, .blank())
        }
        let first = buffer[0, row]
        guard first.isSpace, first.style.attributes.isDisjoint(with: Self.visibleOnBlank),
            first.style.background != .default
        else { return (.plain, .blank()) }
        return (CellStyle(background: first.style.background), first)
    }
}

extension AnsiRenderer {
    /// The frame that first scrolls `hint.rows` of the screen by `hint.by` rows, then draws
    /// what still differs; nil when the hint does not fit the last frame.
    ///
    /// The pen is reset before scrolling, so the rows scrolled in are blank in the default
    /// colours, as the shifted picture assumes. (Scrolling in the chat's background would
    /// save erasing them, but terminals that erase in colour do not all scroll in colour:
    /// xterm.js, VS Code's terminal, brings rows in by SD in the default background.) The
    /// scroll region is set to the band, or to the whole screen for a band that covers it,
    /// only when the terminal does not have it already. The frame takes `carried` over,
    /// as ``frame(_:target:drawing:carried:_:)`` does; without a frame it is left as it is.
    func scrolledFrame(
        _ buffer: CellBuffer, target: AnsiFrameWriter.Position?, hint: (rows: Range<Int>, by: Int), carried: inout Carried
    ) -> AnsiFrameWriter? {
        guard let previous, Self.shifts(previous, rows: hint.rows, by: hint.by) else { return nil }
        // A row scrolled in that starts and ends in the same background (a chat's rows do)
        // is erased whole in it first: then only what differs from it is drawn, and the
        // background after the row's content costs nothing.
        let scrolledIn = hint.by > 0
            ? hint.rows.upperBound - hint.by..<hint.rows.upperBound : hint.rows.lowerBound..<hint.rows.lowerBound - hint.by
        var erased: [(row: Int, blank: CellStyle)] = []
        for row in scrolledIn {
            guard let blank = erasableBackground(of: row, in: buffer) else { continue }
            erased.append((row, blank))
        }
        // The diff reads the scrolled picture line by line instead of a copy of it: the
        // copy set every line of the band, a retain and a release each (#15).
        let blank = blankLine.count == buffer.width ? blankLine : Array(repeating: Cell.blank(), count: buffer.width)
        let erasedLines = erased.map { (row: $0.row, line: Array(repeating: Cell.blank($0.blank), count: buffer.width)) }
        let diff = BufferDiff(to: buffer) { y in
            if !erasedLines.isEmpty, let erased = erasedLines.first(where: { $0.row == y }) { return erased.line }
            return Self.shiftedLine(y, of: previous, rows: hint.rows, by: hint.by, blank: blank)
        }
        return frame(buffer, target: target, carried: &carried) { renderer, writer in
            if writer.pen != .plain { writer.resetPen() }
            // The region stays set after the frame: the next row step scrolls the same band.
            writer.setRegion(hint.rows == 0..<buffer.height ? .whole : .rows(hint.rows))
            writer.csi(abs(hint.by) == 1 ? [] : [abs(hint.by)], hint.by > 0 ? "S" : "T")
            // The loose blanks move with their rows; the rows scrolled in are plain, as
            // the shifted picture has them.
            writer.loose.scroll(rows: hint.rows, by: hint.by, scrolledIn: false)
            for (row, blank) in erased {
                writer.move(to: AnsiFrameWriter.Position(x: 0, y: row))
                writer.setPen(forBlanksIn: blank) { Self.upcomingGlyph(after: 0, y: row, of: buffer) }
                writer.loose.mark(0..<buffer.width, y: row, loose: !writer.penMatches(blank))
                writer.csi([2], "K")
            }
            renderer.paint(diff, of: buffer, into: &writer)
        }
    }

    /// The style of the blanks row `y` of `buffer` starts and ends with, when an erase can
    /// make them (no underline, reverse or strike-through, and a terminal that erases in
    /// colour), they are not the default blank a scroll brings in, and something else is
    /// on the row; nil otherwise.
    func erasableBackground(of y: Int, in buffer: CellBuffer) -> CellStyle? {
        guard strategy == .diff, buffer.width > 1 else { return nil }
        let first = buffer[0, y], last = buffer[buffer.width - 1, y]
        let style = colorDepth.approximate(first.style)
        guard erasesWithBackground, first.isSpace, last.isSpace, style.background != .default,
            first.style.attributes.isDisjoint(with: Self.visibleOnBlank), colorDepth.approximate(last.style) == style
        else { return nil }
        // A row of blanks alone is erased by the plain path, to its end, as cheaply.
        return buffer.line(y).contains { $0 != first } ? first.style : nil
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

    /// Whether scrolling `rows` of `buffer` by `by` (up when positive) moves anything: the
    /// band is inside the buffer and `by` is less than its height.
    static func shifts(_ buffer: CellBuffer, rows: Range<Int>, by: Int) -> Bool {
        rows.lowerBound >= 0 && rows.upperBound <= buffer.height && by != 0 && abs(by) < rows.count
    }

    /// Line `y` of `buffer` as the terminal shows it after scrolling `rows` by `by` (see
    /// ``shifts(_:rows:by:)``): a line of the band moved, `blank` for one scrolled in.
    static func shiftedLine(_ y: Int, of buffer: CellBuffer, rows: Range<Int>, by: Int, blank: [Cell]) -> [Cell] {
        guard rows.contains(y) else { return buffer.rows[y] }
        // Lines move whole: the shifted picture shares them with the frame it came from.
        return rows.contains(y + by) ? buffer.rows[y + by] : blank
    }
}

/// Turns successive ``CellBuffer`` frames into the bytes a terminal needs to show them.
///
/// The renderer keeps the last frame and writes only what changed (``BufferDiff``): each
/// changed cell once, the cursor moved by the shortest sequence or not at all when the
/// next change follows on, runs of blanks erased rather than written, and SGR written only
/// when the style differs from the terminal's pen (for a blank, only when its background
/// does, since nothing else of it shows, unless it is underlined, reversed or struck
/// through, or is where the cursor is left). A frame is wrapped in synchronized output (DEC mode 2026, when
/// ``synchronizedOutput`` is on) with the cursor hidden while it is drawn, and ends with
/// the pen reset and the cursor shown where the caller asked, or left hidden. When nothing
/// changed, ``render(_:cursor:)`` returns no bytes at all.
///
/// The renderer assumes it is the terminal's only writer. After anything else wrote to
/// the screen, after a resize, or on Ctrl-L, call ``invalidate()``: the next frame clears
/// the screen and paints everything. A frame of another size does so by itself.
///
/// Symbols are sent only when printable (see ``CellBuffer``, which already shows control
/// characters inert); anything else is sent as U+FFFD, so a cell can never move the
/// cursor, set the title or write the clipboard.
///
/// ```swift
/// var renderer = AnsiRenderer(colorDepth: ColorDepth(environment: environment))
/// let bytes = renderer.render(frame, cursor: (x: 2, y: 23))
/// terminal.write(bytes)  // one write per frame
/// ```
///
/// A caller that knows its content scrolled passes a hint to
/// ``render(_:cursor:scrollHint:)``, which then lets the terminal move the rows.
public struct AnsiRenderer: Sendable {
    /// How much of each frame is drawn.
    public enum Strategy: Hashable, Sendable {
        /// Only the cells that changed since the last frame.
        case diff
        /// Every cell of every frame, as a renderer without a diff would; the baseline
        /// for benchmarks. Never quiet, never clears the screen.
        case fullRedraw
    }

    /// The colours the terminal can show; every colour is approximated to it.
    public var colorDepth: ColorDepth
    /// Whether frames are wrapped in synchronized output (`ESC[?2026h` … `ESC[?2026l`).
    /// Terminals without it ignore the mode, so it is on by default.
    public var synchronizedOutput: Bool
    /// How much of each frame is drawn.
    public var strategy: Strategy
    /// Whether the terminal erases with the pen's background colour (terminfo's `bce`):
    /// runs of blanks are then sent as erases (`ESC[K`, `ESC[nX`) whatever their colour;
    /// without it, only runs in the default background are. See
    /// ``erasesWithBackground(environment:)``.
    public var erasesWithBackground: Bool
    /// Whether the terminal carries out REP (`ESC[nb`, repeat the last character) for any
    /// character: a run of one character in one style (a bubble's edge of half blocks,
    /// 3 bytes each) is then sent as the character and a repeat. Off by default, since
    /// some terminals ignore REP; ``TerminalSession/repeatsCharacters`` says whether this
    /// one carried it out.
    public var repeatsCharacters = false
    /// Whether runs of text are written at once (``writeText``) rather than a cell at a
    /// time; the bytes are the same either way (a test compares them).
    var writesTextRuns = true

    /// The frame on screen; nil when the screen is not known.
    var previous: CellBuffer?
    /// Where the terminal's cursor is, when known.
    var terminalCursor: AnsiFrameWriter.Position?
    /// Whether the terminal's cursor is visible; nil when not known.
    var cursorVisible: Bool?
    /// Whether the terminal's pen is known to be plain (it is reset at the end of a frame).
    var penIsPlain = false
    /// The terminal's scroll region, as the last frame left it.
    var scrollRegion = AnsiFrameWriter.ScrollRegion.unknown
    /// What each frame's writer takes over from the frames before it, and gives back.
    struct Carried {
        /// The blanks on screen written in another foreground than their own.
        var loose = LooseBlanks()
        /// The pen changes worked out so far.
        var penChanges = PenChanges()
        /// The symbols decided so far.
        var symbols = PrintableSymbol.Memo()
    }

    /// What the frames so far worked out, for the next. A frame's writer takes it over
    /// (moved, not copied), so that what the frame adds copies nothing (#15); where two
    /// frames are built to send the shorter, the first works on a copy.
    var carried = Carried()
    /// A line of default blanks as wide as the last frame: what a scroll brings in.
    var blankLine: [Cell] = []
    /// The symbols decided in earlier frames.
    var symbols: PrintableSymbol.Memo { carried.symbols }

    /// Creates a renderer; its first frame paints the whole screen.
    ///
    /// - Parameters:
    ///   - colorDepth: What the terminal can show, usually ``ColorDepth/init(environment:)``.
    ///   - synchronizedOutput: Whether to wrap frames in DEC mode 2026.
    ///   - strategy: ``Strategy/diff``, or ``Strategy/fullRedraw`` as a baseline (which
    ///     writes every blank).
    ///   - erasesWithBackground: Whether the terminal erases in the pen's background,
    ///     usually ``erasesWithBackground(environment:)``.
    public init(
        colorDepth: ColorDepth = .trueColor, synchronizedOutput: Bool = true, strategy: Strategy = .diff,
        erasesWithBackground: Bool = true
    ) {
        self.colorDepth = colorDepth
        self.synchronizedOutput = synchronizedOutput
        self.strategy = strategy
        self.erasesWithBackground = erasesWithBackground
    }

    /// Whether the terminal named by `TERM` in `environment` erases in the pen's
    /// background. Terminals that announce themselves as xterm, VTE, the Linux console and
    /// most others do; GNU screen and tmux (`TERM=screen…`, `tmux…`), whose terminfo
    /// entries say they do not, and unnamed or dumb terminals are taken not to.
    public static func erasesWithBackground(environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        return !(term.isEmpty || term == "dumb" || term.hasPrefix("screen") || term.hasPrefix("tmux"))
    }

    /// Bytes that undo what a frame, even an interrupted one, can leave behind: the pen
    /// reset, the scroll region reset (frames leave the region they scrolled set), the
    /// cursor shown and synchronized output ended.
    /// Write them on every exit path, before leaving the alternate screen.
    public static let restoreSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[r\u{1B}[?25h\u{1B}[?2026l".utf8)

    /// Forgets what is on screen: the next frame clears it and paints every cell. Call it
    /// after a resize, on Ctrl-L, or when something else wrote to the terminal.
    public mutating func invalidate() {
        previous = nil
        terminalCursor = nil
        cursorVisible = nil
        penIsPlain = false
        carried.loose = LooseBlanks()
    }

    /// The bytes that change the screen from the last frame to `buffer`.
    ///
    /// - Parameters:
    ///   - buffer: The frame to show.
    ///   - cursor: Where to leave the visible cursor (clamped to the frame), or nil to
    ///     leave it hidden.
    /// - Returns: One frame's bytes, to be written at once; empty when nothing changed.
    public mutating func render(_ buffer: CellBuffer, cursor: (x: Int, y: Int)?) -> [UInt8] {
        render(buffer, cursor: cursor, scrollHint: nil)
    }

    /// The bytes that change the screen from the last frame to `buffer`, letting the
    /// terminal scroll a band of rows.
    ///
    /// With a hint, the frame is composed as: set the scroll region to the band
    /// (DECSTBM) unless the terminal has it from an earlier frame, scroll it (SU when
    /// `by` > 0, SD when `by` < 0), then draw the differences from the scrolled picture.
    /// The region stays set for the next frame; ``restoreSequence`` resets it. A move of
    /// up to a quarter of the band is sent so when it leaves at least as many of the band's
    /// lines right as drawing in place would, and drawn in place otherwise; a move of half
    /// the band or more is drawn in place; for one between, the shorter of the two is
    /// sent. A wrong hint costs time, never correctness.
    /// Hints outside the frame, of zero rows or of a whole band's height are ignored, as
    /// are hints on a full repaint.
    ///
    /// - Parameters:
    ///   - buffer: The frame to show.
    ///   - cursor: Where to leave the visible cursor (clamped), or nil to leave it hidden.
    ///   - scrollHint: Rows `[rows.lowerBound, rows.upperBound)` whose content moved up by
    ///     `by` rows (new rows appear at the band's bottom), or down when `by` is negative.
    /// - Returns: One frame's bytes; empty when nothing changed.
    public mutating func render(
        _ buffer: CellBuffer, cursor: (x: Int, y: Int)?, scrollHint: (rows: Range<Int>, by: Int)?
    ) -> [UInt8] {
        let target = cursor.flatMap { clamp($0, to: buffer) }
        // After an invalidation the region is not known, and a terminal of another size
        // may have reset it (xterm does).
        if previous.map({ $0.width != buffer.width || $0.height != buffer.height }) ?? true { scrollRegion = .unknown }
        if blankLine.count != buffer.width { blankLine = Array(repeating: Cell.blank(), count: buffer.width) }
        var taken = carried
        carried = Carried()
        let writer: AnsiFrameWriter
        if strategy == .fullRedraw {
            writer = frame(buffer, target: target, carried: &taken) { renderer, writer in
                renderer.paint(BufferDiff(from: nil, to: buffer), of: buffer, into: &writer)
            }
        } else if let previous, previous.width == buffer.width, previous.height == buffer.height {
            // A short scroll (up to a quarter of the band) is trusted when it leaves at
            // least as many lines right as drawing in place would (a wrong hint leaves
            // fewer): diffing against the shifted frame is exact whatever else changed,
            // and skipping the plain diff halves the work of the commonest frame. A move of
            // half the band or more is drawn in place: the lines scrolled in must be drawn
            // whole, while in place the cells both pages share (the background, bubble
            // edges) need nothing and runs of blanks are erased; on 500 pages of the demo
            // and of `parley-bench terminal --page` the in-place frame was the shorter every
            // time. Between the two, both are built and the shorter is sent.
            let short = scrollHint.map { abs($0.by) * 4 <= $0.rows.count } ?? false
            let long = scrollHint.map { abs($0.by) * 2 >= $0.rows.count } ?? true
            let trusted = short && scrollHint.map { hint in
                let keeps = Self.linesKept(by: hint, from: previous, to: buffer)
                return keeps.scrolled >= keeps.inPlace
            } == true
            var scrolled: AnsiFrameWriter?
            if !((short && !trusted) || long), let hint = scrollHint {
                if trusted {
                    scrolled = scrolledFrame(buffer, target: target, hint: hint, carried: &taken)
                } else {
                    var copy = taken
                    scrolled = scrolledFrame(buffer, target: target, hint: hint, carried: &copy)
                }
            }
            if let scrolled, trusted {
                writer = scrolled
            } else {
                let diff = BufferDiff(from: previous, to: buffer)
                let plain = frame(buffer, target: target, drawing: !diff.isEmpty, carried: &taken) { renderer, writer in
                    renderer.paint(diff, of: buffer, into: &writer)
                }
                writer = scrolled.map { $0.bytes.count < plain.bytes.count ? $0 : plain } ?? plain
            }
        } else {
            writer = frame(buffer, target: target, carried: &taken) { renderer, writer in
                if writer.pen != .plain { writer.resetPen() }
                writer.csi([2], "J")
                let blank = CellBuffer(width: buffer.width, height: buffer.height)
                renderer.paint(BufferDiff(from: blank, to: buffer), of: buffer, into: &writer)
            }
        }
        previous = buffer
        terminalCursor = writer.cursor
        cursorVisible = target != nil
        penIsPlain = writer.pen == .plain
        scrollRegion = writer.region
        carried = Carried(loose: writer.loose, penChanges: writer.penChanges, symbols: writer.symbols)
        return writer.bytes
    }

    // MARK: Frames

    /// A frame: when `drawing`, synchronized output and the hidden cursor around `draw`,
    /// then the pen reset; in all cases the cursor left at `target` (shown) or hidden.
    ///
    /// A blank the cursor is left on is written again in its exact style when it was
    /// written in a pen of another colour (see ``LooseBlanks``).
    ///
    /// The writer takes `carried` over, leaving it empty.
    func frame(
        _ buffer: CellBuffer, target: AnsiFrameWriter.Position?, drawing: Bool = true, carried: inout Carried,
        _ draw: (AnsiRenderer, inout AnsiFrameWriter) -> Void
    ) -> AnsiFrameWriter {
        var writer = AnsiFrameWriter(
            depth: colorDepth, columns: buffer.width, cursor: terminalCursor, pen: penIsPlain ? .plain : nil,
            region: scrollRegion)
        let loose = carried.loose
        writer.loose = loose.width == buffer.width && loose.height == buffer.height
            ? loose : LooseBlanks(width: buffer.width, height: buffer.height)
        writer.penChanges = carried.penChanges
        writer.symbols = carried.symbols
        carried = Carried()
        func looseUnderCursor(_ writer: AnsiFrameWriter) -> AnsiFrameWriter.Position? {
            target.flatMap { cell in
                guard writer.loose[cell.x, cell.y] else { return nil }
                // A space, or a right half without its left, which is drawn as a blank.
                let blank = buffer[cell.x, cell.y].isSpace
                    || (buffer[cell.x, cell.y].isContinuation && !(cell.x > 0 && Self.isWideHead(x: cell.x - 1, y: cell.y, of: buffer)))
                return blank ? cell : nil
            }
        }
        var visible = cursorVisible
        let drawing = drawing || looseUnderCursor(writer) != nil
        if drawing {
            if synchronizedOutput { writer.privateMode(2026, true) }
            if visible != false { writer.privateMode(25, false) }
            visible = false
            // A region left by an earlier writer (or before a resize) is reset once; after
            // that the renderer knows it.
            if writer.region == .unknown { writer.setRegion(.whole) }
            draw(self, &writer)
            if let cell = looseUnderCursor(writer) {
                writer.move(to: cell)
                writer.write(.space, style: buffer[cell.x, cell.y].style, width: 1, disputed: false)
            }
            if writer.pen != .plain { writer.resetPen() }
        }
        if let target {
            writer.move(to: target)
            if visible != true { writer.privateMode(25, true) }
        } else if visible != false {
            writer.privateMode(25, false)
        }
        if drawing, synchronizedOutput { writer.privateMode(2026, false) }
        return writer
    }

    /// Writes the changed cells of `buffer` that `diff` lists.
    ///
    /// The right half of a wide character is drawn by its left half; one without a left
    /// half is drawn as a blank. Between two changes on a row, a few unchanged cells in
    /// the current pen are rewritten when that is shorter than moving over them.
    ///
    /// A cluster whose width terminals disagree on is followed by a rewrite of the cells
    /// a terminal counting it wider could have covered, so its damage stays in its own
    /// cells; where such a terminal could wrap past the right edge (and scroll the
    /// screen), a narrower stand-in is sent (``PrintableSymbol/edgeFallback(for:columns:)``).
    func paint(_ diff: BufferDiff, of buffer: CellBuffer, into writer: inout AnsiFrameWriter) {
        var rewritten = (y: -1, untilX: 0)
        let erasing = strategy == .diff
        // Taken out of the writer while it is written to, and put back at the end.
        var symbols = writer.symbols
        writer.symbols = PrintableSymbol.Memo()
        defer { writer.symbols = symbols }
        for span in diff.spans {
            let y = span.y
            // Cells an earlier run on the row already covered are skipped.
            var x = y == rewritten.y ? max(span.start, rewritten.untilX) : span.start
            while x < span.end {
                if erasing, let end = erase(from: x, y: y, of: buffer, into: &writer) {
                    rewritten = (y, end)
                    x = end
                    continue
                }
                if repeatsCharacters, erasing, let end = repeatRun(from: x, y: y, of: buffer, into: &writer, symbols: &symbols) {
                    rewritten = (y, end)
                    x = end
                    continue
                }
                if writesTextRuns, !repeatsCharacters,
                    let end = writeText(from: x, to: span.end, y: y, of: buffer, into: &writer, symbols: &symbols)
                {
                    rewritten = (y, end)
                    x = end
                    continue
                }
                var reach = draw(x: x, y: y, of: buffer, into: &writer, symbols: &symbols)
                guard reach > x + 2 else {
                    // The next cell is looked at even when this one covered it (the right
                    // half of a wide character draws nothing).
                    x += 1
                    continue
                }
                // Cells a wider reading could have covered, drawn again right away.
                var next = x + 1
                while next < reach {
                    reach = max(reach, draw(x: next, y: y, of: buffer, into: &writer, symbols: &symbols))
                    next += 1
                }
                rewritten = (y, reach)
                x = reach
            }
        }
    }

    /// Writes the run of changed cells from column `first` (before `limit`, where the
    /// changes on row `y` stop) when it is text: characters one column wide whose width
    /// no terminal disputes, in one style, with no space that an erase could take (a space
    /// is taken only between two other characters). The bytes are those that drawing the
    /// cells one by one writes, with one pen change, one move and one mark (#15). Returns
    /// the column after the run, or nil when none starts here.
    private func writeText(
        from first: Int, to limit: Int, y: Int, of buffer: CellBuffer, into writer: inout AnsiFrameWriter,
        symbols: inout PrintableSymbol.Memo
    ) -> Int? {
        let width = buffer.width
        // The line is read through its buffer: a page writes twelve thousand cells this
        // way, and each subscript checked its bounds and each line read retained the line
        // (#15).
        return buffer.rows[y].withUnsafeBufferPointer { line in
            let style = line[first].style
            /// Whether column `x` is a changed cell of the run's style.
            func continues(at x: Int) -> Bool { x < limit && line[x].style == style }
            /// The last symbol outside ASCII decided, and what it showed.
            var decided: (glyph: Glyph, shown: Glyph?) = (.none, nil)
            /// The glyph column `x` shows, when it can go in the run: one column wide,
            /// undisputed and not a space.
            func character(at x: Int) -> Glyph? {
                guard continues(at: x), !line[x].isContinuation, x + 1 >= width || !line[x + 1].isContinuation
                else { return nil }
                let glyph = line[x].glyph
                // Printable ASCII is sent as it is, and a space is no character here:
                // most of a page, decided without the memo's call (#15).
                if let byte = glyph.ascii, byte >= 0x20, byte < 0x7F { return byte == 0x20 ? nil : glyph }
                // A run repeats its symbols (a bubble's edge is one half block).
                if glyph == decided.glyph { return decided.shown }
                let decision = symbols.decision(for: glyph, columns: 1)
                let shown = decision.disputed || decision.glyph == .space ? nil : decision.glyph
                decided = (glyph, shown)
                return shown
            }
            guard var glyph = character(at: first) else { return nil }
            let position = AnsiFrameWriter.Position(x: first, y: y)
            fillGap(before: position, of: buffer, into: &writer)
            writer.move(to: position)
            writer.setPen(style)
            var end = first
            writer.writeRun { bytes in
                // Gathered in an array of its own, whose room and uniqueness the compiler
                // checks once, then added to the frame at once (#15).
                var run: [UInt8] = []
                run.reserveCapacity(4 * (width - first))
                while true {
                    glyph.appendUTF8(to: &run)
                    end += 1
                    if let next = character(at: end) {
                        glyph = next
                    } else if continues(at: end), line[end].glyph == .space, let after = character(at: end + 1) {
                        run.append(0x20)
                        end += 1
                        glyph = after
                    } else {
                        break
                    }
                }
                bytes.append(contentsOf: run)
                return end - first
            }
            return end
        }
    }

    /// Draws the cell at (`x`, `y`) of `buffer`; returns the column up to which it may
    /// have drawn: `x + 1` for a narrow cell or a skipped right half, `x + 2` for a wide
    /// one, further for a cluster that terminals may count wider.
    private func draw(
        x: Int, y: Int, of buffer: CellBuffer, into writer: inout AnsiFrameWriter, symbols: inout PrintableSymbol.Memo
    ) -> Int {
        let cell = buffer[x, y]
        let position = AnsiFrameWriter.Position(x: x, y: y)
        if cell.isContinuation {
            // Drawn by its left half, or, without one, as a blank.
            if x > 0, Self.isWideHead(x: x - 1, y: y, of: buffer) { return x + 1 }
            fillGap(before: position, of: buffer, into: &writer)
            writer.move(to: position)
            writer.setPen(forBlanksIn: cell.style) { Self.upcomingGlyph(after: x, y: y, of: buffer) }
            writer.writeBlank(cell.style)
            return x + 1
        }
        let width = Self.isWideHead(x: x, y: y, of: buffer) ? 2 : 1
        let decision = symbols.decision(for: cell.glyph, columns: width)
        var text = decision.glyph
        var disputed = decision.disputed
        if disputed, x + decision.widest > buffer.width {
            text = Glyph(PrintableSymbol.edgeFallback(for: text.text, columns: width))
            disputed = false
        }
        fillGap(before: position, of: buffer, into: &writer)
        if disputed, width == 2, text != .space {
            // A terminal that counts it one column (❤️ in tmux 3.3) leaves the cell after
            // it as it was: that cell is blanked first, and a wider reading covers it again.
            let after = AnsiFrameWriter.Position(x: x + 1, y: y)
            let style = buffer[x + 1, y].style
            writer.move(to: after)
            writer.setPen(forBlanksIn: style) { Self.upcomingGlyph(after: x + 1, y: y, of: buffer) }
            writer.writeBlank(style)
        }
        writer.move(to: position)
        if text == .space {
            writer.setPen(forBlanksIn: cell.style) { Self.upcomingGlyph(after: x, y: y, of: buffer) }
            writer.writeBlank(cell.style)
            return x + 1
        }
        writer.write(text, style: cell.style, width: width, disputed: disputed)
        return disputed ? min(buffer.width, x + decision.widest) : x + width
    }

    /// Erases the run of blanks starting at (`x`, `y`) when that is shorter than writing
    /// them: to the end of the line (EL, from 4 blanks on) or, within the line, a run of
    /// more than 10 (ECH, and a move past it later). Returns where the run ends, or nil
    /// when nothing was erased.
    ///
    /// A blank is a space in one style whose look an erase reproduces: no underline,
    /// reverse or strike-through. Terminals erase with the pen's background (terminfo's
    /// `bce`), which ``erasesWithBackground`` says this one does; otherwise only runs in the
    /// default background are erased.
    private func erase(from x: Int, y: Int, of buffer: CellBuffer, into writer: inout AnsiFrameWriter) -> Int? {
        let first = buffer[x, y]
        guard first.isSpace, first.style.attributes.isDisjoint(with: Self.visibleOnBlank)
        else { return nil }
        let style = colorDepth.approximate(first.style)
        guard erasesWithBackground || style.background == .default else { return nil }
        let end = buffer.rows[y].withUnsafeBufferPointer { line in
            var end = x + 1
            while end < line.count {
                let cell = line[end]
                guard cell.isSpace, cell.style == first.style || colorDepth.approximate(cell.style) == style
                else { break }
                end += 1
            }
            return end
        }
        let count = end - x
        guard (end == buffer.width && count >= 4) || count > 10 else { return nil }
        writer.move(to: AnsiFrameWriter.Position(x: x, y: y))
        // Only the background shows on a blank: the pen keeps its colour and weight, or
        // takes those of the glyph after the run.
        writer.setPen(forBlanksIn: first.style) { Self.upcomingGlyph(after: end - 1, y: y, of: buffer) }
        writer.loose.mark(x..<end, y: y, loose: !writer.penMatches(first.style))
        if end == buffer.width, count >= 4 {
            writer.csi([], "K")
        } else {
            writer.csi([count], "X")
        }
        return end
    }

    /// Sends the run of one narrow character in one style starting at (`x`, `y`) as the
    /// character and a repeat (REP), when that is shorter than writing it out; returns
    /// where the run ends, or nil when nothing was sent. The run may take in cells that
    /// did not change: they are written as they already are.
    private func repeatRun(
        from x: Int, y: Int, of buffer: CellBuffer, into writer: inout AnsiFrameWriter, symbols: inout PrintableSymbol.Memo
    ) -> Int? {
        let cell = buffer[x, y]
        guard !cell.isContinuation, !cell.isSpace, x + 2 < buffer.width, buffer[x + 1, y] == cell, buffer[x + 2, y] == cell
        else { return nil }
        // A character sent as it is, whose width every terminal agrees on, and of one
        // scalar: xterm puts a combining mark on the cell before without counting it as
        // the last character, so a repeat of "e" and an acute accent repeats a bare "e".
        let decision = symbols.decision(for: cell.glyph, columns: 1)
        guard decision.glyph == cell.glyph, !decision.disputed, cell.glyph.text.unicodeScalars.count == 1
        else { return nil }
        var end = x + 3
        while end < buffer.width, buffer[end, y] == cell { end += 1 }
        let repeats = end - x - 1
        guard repeats * cell.glyph.utf8Count > 3 + AnsiFrameWriter.decimalLength(repeats) else { return nil }
        let position = AnsiFrameWriter.Position(x: x, y: y)
        fillGap(before: position, of: buffer, into: &writer)
        writer.move(to: position)
        writer.write(cell.glyph, style: cell.style, width: 1, disputed: false)
        writer.repeatLast(repeats)
        return end
    }

    /// Attributes that show on a blank cell, which an erase would not draw.
    static let visibleOnBlank: CellStyle.Attributes = [.underline, .reverse, .strikethrough]

    /// The style of the first cell after column `x` on row `y` that is not a plain blank
    /// in the cell at `x`'s background (a glyph, or an underlined, reversed or struck
    /// blank); nil when the row ends first or the background changes. A pen that must
    /// change for the blanks can take it at once.
    static func upcomingGlyph(after x: Int, y: Int, of buffer: CellBuffer) -> CellStyle? {
        let background = buffer[x, y].style.background
        var next = x + 1
        while next < buffer.width {
            let cell = buffer[next, y]
            guard cell.style.background == background else { return nil }
            if !cell.isSpace || !cell.style.attributes.isDisjoint(with: visibleOnBlank) {
                return cell.isContinuation ? nil : cell.style
            }
            next += 1
        }
        return nil
    }

    /// Whether the cell at (`x`, `y`) is the left half of a wide character: two columns
    /// wide and followed by a right half. A right half after anything else is drawn as a
    /// blank, and a two-column symbol without one as U+FFFD
    /// (``CellBuffer/fill(_:symbol:style:)`` over half of a wide character leaves such cells).
    static func isWideHead(x: Int, y: Int, of buffer: CellBuffer) -> Bool {
        let cell = buffer[x, y]
        return !cell.isContinuation && x + 1 < buffer.width && buffer[x + 1, y].isContinuation
            && TerminalWidth.columns(of: cell.symbol) == 2
    }

    /// Rewrites the unchanged cells between the cursor and `position` on its row when
    /// they are narrow, printable, in the current pen, and fewer bytes than a move.
    private func fillGap(
        before position: AnsiFrameWriter.Position, of buffer: CellBuffer, into writer: inout AnsiFrameWriter
    ) {
        guard let cursor = writer.cursor, cursor.y == position.y, cursor.x < position.x else { return }
        let budget = writer.moveCost(to: position)
        guard position.x - cursor.x < budget else { return }
        var text: [UInt8] = []
        var looseColumns: [Int] = []
        for x in cursor.x..<position.x {
            let cell = buffer[x, position.y]
            let exact = writer.penMatches(cell.style)
            // Printable ASCII only: one byte, one column, nothing to decide.
            guard let byte = cell.glyph.ascii, byte >= 0x20, byte < 0x7F,
                exact || (byte == 0x20 && writer.penShowsBlank(cell.style))
            else { return }
            if !exact { looseColumns.append(x) }
            text.append(byte)
        }
        writer.writeASCII(text)
        for x in looseColumns { writer.loose.mark(x..<x + 1, y: position.y, loose: true) }
    }

    /// A cursor position inside `buffer`, or nil when it has no cells.
    private func clamp(_ cursor: (x: Int, y: Int), to buffer: CellBuffer) -> AnsiFrameWriter.Position? {
        guard buffer.width > 0, buffer.height > 0 else { return nil }
        return AnsiFrameWriter.Position(
            x: min(max(0, cursor.x), buffer.width - 1), y: min(max(0, cursor.y), buffer.height - 1))
    }
}

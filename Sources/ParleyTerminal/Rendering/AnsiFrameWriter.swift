/// The bytes of one frame as they are built, with what is known of the terminal's cursor
/// and pen, so each move and each style change is written only when needed and as
/// briefly as possible.
///
/// The cursor becomes unknown after writing into the last column (terminals differ about
/// the pending wrap there), after a repeat that leaves it there, after a cluster whose
/// width terminals disagree on, and after scroll-region changes; the next write then
/// positions it absolutely.
struct AnsiFrameWriter {
    /// The terminal's scroll region (DECSTBM), which a frame leaves set for the next
    /// (setting and resetting it every frame cost 10 bytes a row step, #15).
    enum ScrollRegion: Equatable, Sendable {
        /// Not known (before the first frame, after ``AnsiRenderer/invalidate()``).
        case unknown
        /// The whole screen.
        case whole
        /// These rows only.
        case rows(Range<Int>)
    }

    /// A column and row on screen.
    struct Position: Hashable, Sendable {
        /// Column.
        var x: Int
        /// Row.
        var y: Int
    }

    /// The frame so far.
    private(set) var bytes: [UInt8] = []
    /// Where the terminal's cursor is, when known.
    var cursor: Position?
    /// The terminal's pen, when known (colours already within ``depth``).
    private(set) var pen: CellStyle?
    /// What colours reach the terminal.
    let depth: ColorDepth
    /// The screen's width; writing its last column loses track of the cursor.
    let columns: Int
    /// The terminal's scroll region as this frame leaves it. Relative moves up and down
    /// stop at its edges (CUU, CUD), so none is used across one.
    var region: ScrollRegion = .unknown
    /// The screen's loose blanks, kept up to date by every write and erase.
    var loose = LooseBlanks()
    /// The pen changes worked out so far, in this frame and the ones before.
    var penChanges = PenChanges()
    /// The symbols decided so far, in this frame and the ones before.
    var symbols = PrintableSymbol.Memo()

    init(depth: ColorDepth, columns: Int, cursor: Position?, pen: CellStyle?, region: ScrollRegion = .unknown) {
        self.depth = depth
        self.columns = columns
        self.cursor = cursor
        self.pen = pen
        self.region = region
    }

    /// Sets the scroll region to `wanted` (DECSTBM) unless the terminal has it already.
    /// Setting it moves the cursor home on some terminals and not others, so the cursor
    /// is then unknown.
    mutating func setRegion(_ wanted: ScrollRegion) {
        guard wanted != region, wanted != .unknown else { return }
        if case .rows(let rows) = wanted {
            csi([rows.lowerBound + 1, rows.upperBound], "r")
        } else {
            csi([], "r")
        }
        region = wanted
        cursor = nil
    }

    /// Whether a relative move from row `from` to row `to` (CUU or CUD) gets there: it
    /// stops at the scroll region's edge when it starts inside and would leave.
    func verticalMoveArrives(from: Int, to: Int) -> Bool {
        switch region {
        case .unknown: return false
        case .whole: return true
        case .rows(let rows):
            return to > from ? !(from < rows.upperBound && to >= rows.upperBound) : !(from >= rows.lowerBound && to < rows.lowerBound)
        }
    }

    // MARK: Sequences

    /// Appends `ESC[` (`?` for a private mode), the parameters and `final`.
    mutating func csi(_ parameters: [Int], _ final: Unicode.Scalar, privateMode: Bool = false) {
        Self.appendCSI(parameters, final, privateMode: privateMode, to: &bytes)
    }

    /// The bytes of `ESC[` (`?` for a private mode), the parameters and `final`.
    static func csi(_ parameters: [Int], _ final: Unicode.Scalar, privateMode: Bool = false) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(4 + parameters.count * 4)
        appendCSI(parameters, final, privateMode: privateMode, to: &result)
        return result
    }

    /// Appends ``csi(_:_:privateMode:)``'s bytes to `bytes`.
    static func appendCSI(_ parameters: [Int], _ final: Unicode.Scalar, privateMode: Bool, to bytes: inout [UInt8]) {
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        if privateMode { bytes.append(UInt8(ascii: "?")) }
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ";")) }
            appendDecimal(parameter, to: &bytes)
        }
        // A scalar, not a `Character`: asking a character for its ASCII value went through
        // the string it is, about 200 instructions a sequence (#15).
        if final.isASCII { bytes.append(UInt8(final.value)) } else { bytes.append(contentsOf: String(final).utf8) }
    }

    /// Appends `value` in decimal digits (parameters are never negative; a negative one
    /// is written as 0).
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value > 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// How many digits ``appendDecimal(_:to:)`` writes for `value`.
    static func decimalLength(_ value: Int) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// Sets (`h`) or resets (`l`) DEC private mode `mode`.
    mutating func privateMode(_ mode: Int, _ on: Bool) {
        csi([mode], on ? "h" : "l", privateMode: true)
    }

    /// Sends `ESC[0m`; the pen is then known to be plain.
    mutating func resetPen() {
        csi([0], "m")
        pen = .plain
    }

    /// Makes the pen `style` (after colour approximation), writing SGR only if it differs.
    mutating func setPen(_ style: CellStyle) {
        let wanted = depth.approximate(style)
        if pen == wanted { return }
        bytes.append(contentsOf: penChanges.bytes(from: pen, to: wanted))
        pen = wanted
    }

    /// Whether a cell in `style` can be written without changing the pen.
    func penMatches(_ style: CellStyle) -> Bool { pen == depth.approximate(style) }

    /// Whether a blank in `style`, written with the pen as it is, looks as it should:
    /// only a blank's background shows, unless it is underlined, reversed or struck
    /// through. (What else of the style a blank written so lacks, ``loose`` records.)
    func penShowsBlank(_ style: CellStyle) -> Bool {
        guard let pen, style.attributes.isDisjoint(with: AnsiRenderer.visibleOnBlank) else { return penMatches(style) }
        return pen.attributes.isDisjoint(with: AnsiRenderer.visibleOnBlank) && pen.background == depth.approximate(style).background
    }

    /// Makes the pen right for blanks in `style`, changing as little as it can: a pen that
    /// already shows them (``penShowsBlank(_:)``) stays; otherwise, when `upcoming()` (the
    /// style of the glyph the blanks lead to, if any) has the same background, the pen
    /// takes that style, so that one change serves both; else only the background changes.
    mutating func setPen(forBlanksIn style: CellStyle, upcoming: () -> CellStyle?) {
        if penShowsBlank(style) { return }
        guard style.attributes.isDisjoint(with: AnsiRenderer.visibleOnBlank) else {
            setPen(style)
            return
        }
        let background = depth.approximate(style).background
        if let next = upcoming(), next.attributes.isDisjoint(with: AnsiRenderer.visibleOnBlank),
            depth.approximate(next).background == background
        {
            setPen(next)
        } else if var kept = pen {
            kept.background = background
            kept.attributes.subtract(AnsiRenderer.visibleOnBlank)
            setPen(kept)
        } else {
            setPen(style)
        }
    }

    // MARK: Cursor

    /// Moves the cursor to `target` by the shortest sequence, if it is not there already.
    mutating func move(to target: Position) {
        guard cursor != target else { return }
        shortestMove(to: target).append(to: &bytes)
        cursor = target
    }

    /// Bytes a move to `target` costs (0 when the cursor is there).
    func moveCost(to target: Position) -> Int {
        cursor == target ? 0 : shortestMove(to: target).length
    }

    /// One way of moving the cursor, weighed by its length before any byte is written
    /// (a frame moves the cursor hundreds of times, #15).
    private enum Move {
        /// CUP to a row and column, 1-based (a column of 1 is left out, and both when both
        /// are 1).
        case absolute(row: Int, column: Int)
        /// A carriage return, to the first column of the row.
        case carriageReturn
        /// A relative or column move: the final byte (`C`, `D`, `A`, `B`, `G`) and its
        /// count, left out when it is 1 (except for `G`, whose parameter is a column).
        case csi(final: UInt8, count: Int)

        var length: Int {
            switch self {
            case .absolute(1, 1): return 3
            case .absolute(let row, 1): return 3 + AnsiFrameWriter.decimalLength(row)
            case .absolute(let row, let column):
                return 4 + AnsiFrameWriter.decimalLength(row) + AnsiFrameWriter.decimalLength(column)
            case .carriageReturn: return 1
            case .csi(let final, let count):
                return final != UInt8(ascii: "G") && count == 1 ? 3 : 3 + AnsiFrameWriter.decimalLength(count)
            }
        }

        func append(to bytes: inout [UInt8]) {
            switch self {
            case .carriageReturn:
                bytes.append(0x0D)
                return
            case .absolute(let row, let column):
                bytes.append(0x1B)
                bytes.append(UInt8(ascii: "["))
                if row != 1 || column != 1 { AnsiFrameWriter.appendDecimal(row, to: &bytes) }
                if column != 1 {
                    bytes.append(UInt8(ascii: ";"))
                    AnsiFrameWriter.appendDecimal(column, to: &bytes)
                }
                bytes.append(UInt8(ascii: "H"))
            case .csi(let final, let count):
                bytes.append(0x1B)
                bytes.append(UInt8(ascii: "["))
                if final == UInt8(ascii: "G") || count != 1 { AnsiFrameWriter.appendDecimal(count, to: &bytes) }
                bytes.append(final)
            }
        }
    }

    /// The shortest of an absolute move (CUP) and, from a known position, a carriage
    /// return, a column move (CHA) or a relative move (CUF, CUB, CUU, CUD); on a tie, the
    /// first of those.
    private func shortestMove(to target: Position) -> Move {
        var best = Move.absolute(row: target.y + 1, column: target.x + 1)
        guard let cursor else { return best }
        var bestLength = best.length
        func consider(_ move: Move) {
            let length = move.length
            if length < bestLength {
                best = move
                bestLength = length
            }
        }
        if cursor.y == target.y {
            if target.x == 0 { consider(.carriageReturn) }
            consider(.csi(final: UInt8(ascii: "G"), count: target.x + 1))
            if target.x > cursor.x { consider(.csi(final: UInt8(ascii: "C"), count: target.x - cursor.x)) }
            if target.x < cursor.x { consider(.csi(final: UInt8(ascii: "D"), count: cursor.x - target.x)) }
        } else if cursor.x == target.x, verticalMoveArrives(from: cursor.y, to: target.y) {
            if target.y > cursor.y { consider(.csi(final: UInt8(ascii: "B"), count: target.y - cursor.y)) }
            if target.y < cursor.y { consider(.csi(final: UInt8(ascii: "A"), count: cursor.y - target.y)) }
        }
        return best
    }

    // MARK: Text

    /// Writes `glyph` (already printable, filling `width` columns) at the cursor in `style`.
    ///
    /// - Parameter disputed: Whether terminals disagree on its width; the cursor is then
    ///   treated as unknown afterwards.
    mutating func write(_ glyph: Glyph, style: CellStyle, width: Int, disputed: Bool) {
        setPen(style)
        if let position = cursor { loose.mark(position.x..<position.x + width, y: position.y, loose: false) }
        glyph.appendUTF8(to: &bytes)
        advance(width, disputed: disputed)
    }

    /// Repeats the character just written `count` more times (REP), in the pen as it is.
    ///
    /// A repeat that leaves the cursor in the last column leaves its place unknown, as
    /// writing there does: libvterm (0.1.4) then wraps the next character, as if the
    /// repeat had reached past it.
    mutating func repeatLast(_ count: Int) {
        guard count > 0 else { return }
        if let position = cursor { loose.mark(position.x..<position.x + count, y: position.y, loose: false) }
        csi(count == 1 ? [] : [count], "b")
        advance(count, disputed: false)
        if let position = cursor, position.x >= columns - 1 { cursor = nil }
    }

    /// Writes printable ASCII at the cursor, one column a byte, in the pen as it is (the
    /// cells' own style, or, for blanks, one that shows them right).
    mutating func writeASCII(_ text: [UInt8]) {
        if let position = cursor { loose.mark(position.x..<position.x + text.count, y: position.y, loose: false) }
        bytes.append(contentsOf: text)
        advance(text.count, disputed: false)
    }

    /// Writes cells of text at the cursor in the pen as it is (their own style), one
    /// column each: `body` appends their bytes and returns how many it wrote.
    mutating func writeRun(_ body: (inout [UInt8]) -> Int) {
        let position = cursor
        let columns = body(&bytes)
        if let position { loose.mark(position.x..<position.x + columns, y: position.y, loose: false) }
        advance(columns, disputed: false)
    }

    /// Writes a blank (a space) at the cursor in the pen as it is, which shows it right
    /// (``penShowsBlank(_:)``); `style` is the blank's own, to tell ``loose`` whether it
    /// was written in another style.
    mutating func writeBlank(_ style: CellStyle) {
        if let position = cursor { loose.mark(position.x..<position.x + 1, y: position.y, loose: !penMatches(style)) }
        bytes.append(UInt8(ascii: " "))
        advance(1, disputed: false)
    }

    /// Moves the known cursor on by `width` columns, or forgets it after a cluster of
    /// disputed width or at the right edge.
    private mutating func advance(_ width: Int, disputed: Bool) {
        if disputed {
            cursor = nil
        } else if let position = cursor {
            let next = position.x + width
            cursor = next < columns ? Position(x: next, y: position.y) : nil
        }
    }
}

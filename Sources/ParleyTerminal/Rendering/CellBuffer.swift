import ParleyCore

/// One character cell of the screen.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn here; "" for the right half of a wide character.
    ///
    /// A cluster of more than 15 UTF-8 bytes (emoji joined by zero-width joiners, a
    /// letter under marks) keeps its first 31 scalars, in a table shared by all cells of
    /// at most 65,536 such clusters; once it is full, new ones read back as U+FFFD.
    public var symbol: String {
        get { glyph.text }
        set { glyph = Glyph(newValue) }
    }
    /// How it is drawn.
    public var style: CellStyle
    /// The cluster, held without a reference (see ``Glyph``).
    var glyph: Glyph

    /// A blank cell in `style`.
    public static func blank(_ style: CellStyle = .plain) -> Cell { Cell(glyph: .space, style: style) }

    /// Creates a cell.
    public init(symbol: String, style: CellStyle = .plain) {
        glyph = Glyph(symbol)
        self.style = style
    }

    /// Creates a cell of a glyph.
    init(glyph: Glyph, style: CellStyle) {
        self.glyph = glyph
        self.style = style
    }

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { glyph.isEmpty }

    /// Whether the symbol is a space.
    var isSpace: Bool { glyph == .space }
}

/// A rectangle of cells, the screen's or a part of it, in cell coordinates.
public struct CellRect: Hashable, Sendable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The cells covered by a layout rectangle placed at row offset `dy`, rounded outwards.
    /// Coordinates past ±2³¹ cells (no screen has them) are held there, so a rectangle
    /// from any layout converts without overflow.
    public init(_ rect: Rect, dy: Double = 0) {
        // Held first, so the conversion cannot trap; NaN counts as 0.
        func cell(_ value: Double) -> Int { value.isNaN ? 0 : Int(min(max(value, -0x8000_0000), 0x8000_0000)) }
        let left = cell(rect.minX.rounded(.down)), top = cell((rect.minY + dy).rounded(.down))
        let right = cell(rect.maxX.rounded(.up)), bottom = cell((rect.maxY + dy).rounded(.up))
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// One past the right column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }

    /// Whether the cell at (`x`, `y`) lies inside.
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }
}

/// A grid of cells that widgets draw into and renderers diff (ratatui's buffer).
///
/// Drawing never lets text act as control: ``put(_:x:y:style:maxWidth:)`` shows control
/// characters and escape sequences through ``InertText``, and wide characters are kept
/// whole (a wide character that would straddle the right edge becomes a space).
///
/// The cells are kept a line at a time, each line a copy-on-write array: a line copied
/// from another buffer (a row painted in an earlier frame, a line shifted by a scroll)
/// shares its storage until one of them changes, so comparing two frames skips the lines
/// they share without looking at a cell.
///
/// For tests, ``init(lines:)`` builds a buffer from plain rows and ``lines`` reads them back,
/// so expectations read as the screen does.
public struct CellBuffer: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells of each line, top to bottom; every line holds ``width`` cells.
    private(set) var rows: [[Cell]]

    /// A blank buffer.
    public init(width: Int, height: Int, style: CellStyle = .plain) {
        self.init(blank: Array(repeating: Cell.blank(style), count: max(0, width)), height: height)
    }

    /// A buffer of `height` lines, each `blank` (which sets the width) until drawn on: one
    /// line shared by every row until a row is drawn on.
    init(blank: [Cell], height: Int) {
        width = blank.count
        self.height = max(0, height)
        rows = Array(repeating: blank, count: self.height)
    }

    /// A buffer holding `lines` in the plain style, as wide as the widest.
    public init(lines: [String]) {
        let width = lines.map { TerminalWidth.columns(of: $0) }.max() ?? 0
        self.init(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { put(line, x: 0, y: row) }
    }

    /// Cells, row by row (a copy: read single cells through the subscript).
    public var cells: [Cell] { Array(rows.joined()) }

    /// The area of the whole buffer.
    public var area: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y` (which must be inside).
    public subscript(x: Int, y: Int) -> Cell {
        get { rows[y][x] }
        set { rows[y][x] = newValue }
    }

    /// Whether column `x`, row `y` is inside.
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// The cells of row `y`.
    func line(_ y: Int) -> [Cell] { rows[y] }

    /// Replaces row `y` with `cells` (``width`` of them), sharing their storage.
    mutating func setLine(_ y: Int, _ cells: [Cell]) {
        precondition(cells.count == width, "a line of \(cells.count) cells in a buffer \(width) wide")
        rows[y] = cells
    }

    /// Replaces every row with `lines` (``height`` lines of ``width`` cells each), sharing
    /// their storage: a pass that gives each row a new line (legibility) builds them apart
    /// instead of copying the row list, which the last frame shares, to write over all of it.
    mutating func setLines(_ lines: [[Cell]]) {
        precondition(lines.count == height, "\(lines.count) lines in a buffer \(height) high")
        for index in lines.indices {
            precondition(lines[index].count == width, "a line of \(lines[index].count) cells in a buffer \(width) wide")
        }
        rows = lines
    }

    /// Whether `a` and `b` are the same storage (so certainly equal) without comparing a
    /// cell; `false` says nothing.
    static func sharesStorage(_ a: [Cell], _ b: [Cell]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress } }
    }

    /// Where `line`'s cells are stored: equal for two lines that share storage (see
    /// ``sharesStorage(_:_:)``), without keeping the storage alive.
    static func storage(of line: [Cell]) -> Int {
        line.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }

    /// Whether both buffers hold the same cells; lines they share are not compared.
    public static func == (lhs: CellBuffer, rhs: CellBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        for y in 0..<lhs.height where !sharesStorage(lhs.rows[y], rhs.rows[y]) && lhs.rows[y] != rhs.rows[y] { return false }
        return true
    }

    /// Hashes the size and every cell.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        for line in rows { hasher.combine(line) }
    }

    /// Writes `text` on one line from column `x`, clipped to the buffer and to `maxWidth`
    /// columns; returns the columns used. Line breaks and controls are shown inert.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
        // Printable ASCII as far as it can show (most labels and messages): a cell per byte,
        // with nothing to make inert and no grapheme breaking.
        var text = text
        if let used = text.withUTF8({ putASCII($0, x: x, y: y, style: style, limit: limit) }) { return used }
        var column = x
        for character in InertText.singleLine(text) {
            let columns = TerminalWidth.columns(of: character)
            if columns == 0 {
                // A zero-width cluster (a stray joiner or format character) is dropped.
                continue
            }
            if column + columns > limit { break }
            if column >= 0 {
                set(character, columns: columns, x: column, y: y, style: style)
            }
            column += columns
        }
        return max(0, column - x)
    }

    /// Writes `bytes` from column `x` when the part that shows (up to `limit`) is
    /// printable ASCII and the byte after it, if any, starts a character of its own;
    /// returns the columns used, or nil to leave the text to the grapheme path.
    private mutating func putASCII(_ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: CellStyle, limit: Int) -> Int? {
        let count = min(bytes.count, max(0, limit - x))
        for byte in bytes[..<count] where byte < 0x20 || byte >= 0x7F { return nil }
        if count < bytes.count, bytes[count] >= 0x80 { return nil }
        let start = max(0, x), end = x + count
        guard start < end else { return max(0, end - x) }
        // Narrow cells over [start, end) leave a wide character's half only at the
        // edges: a right half at the start, whose left half goes, and a right half just
        // past the end, whose left half was written over.
        clearWide(at: start, y: y)
        if end < width, rows[y][end].isContinuation { rows[y][end] = .blank(rows[y][end].style) }
        rows[y].withUnsafeMutableBufferPointer { cells in
            for column in start..<end { cells[column] = Cell(glyph: Glyph(ascii: bytes[column - x]), style: style) }
        }
        return end - x
    }

    /// Puts `symbol`, one column wide (a box-drawing or block element), at (`x`, `y`) if
    /// that is inside: one cell, without the text handling of ``put(_:x:y:style:maxWidth:)``.
    mutating func putSymbol(_ symbol: Glyph, x: Int, y: Int, style: CellStyle) {
        fill(CellRect(x: x, y: y, width: 1, height: 1), glyph: symbol, style: style)
    }

    /// Paints every cell of `rect` (clipped) with `symbol` (one column wide) in `style`.
    public mutating func fill(_ rect: CellRect, symbol: String = " ", style: CellStyle) {
        fill(rect, glyph: symbol == " " ? .space : Glyph(symbol), style: style)
    }

    /// ``fill(_:symbol:style:)`` with a glyph made once: making one from a string reads
    /// its clusters, and bubbles fill several rectangles a row (#15).
    mutating func fill(_ rect: CellRect, glyph: Glyph, style: CellStyle) {
        let left = max(0, rect.x), right = min(width, rect.maxX)
        let top = max(0, rect.y), bottom = min(height, rect.maxY)
        guard left < right, top < bottom else { return }
        let cell = Cell(glyph: glyph, style: style)
        if left == 0, right == width {
            // Whole lines: one line of the cell, shared by every row of the rectangle.
            let line = Array(repeating: cell, count: width)
            for row in top..<bottom { rows[row] = line }
            return
        }
        for row in top..<bottom {
            // A wide character cut by either edge loses its other half too.
            clearWide(at: left, y: row)
            clearWide(at: right - 1, y: row)
            // Through the line's storage: cell by cell, each write checked the buffer's
            // and the line's uniqueness (#15).
            rows[row].withUnsafeMutableBufferPointer { $0[left..<right].update(repeating: cell) }
        }
    }

    /// Changes the style of `rect`'s cells (clipped), keeping their symbols.
    public mutating func restyle(_ rect: CellRect, _ change: (inout CellStyle) -> Void) {
        let left = max(0, rect.x), right = min(width, rect.maxX)
        let top = max(0, rect.y), bottom = min(height, rect.maxY)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right { change(&rows[row][column].style) }
        }
    }

    /// The rows as plain text (wide characters once, continuation cells skipped).
    public var lines: [String] {
        rows.map { cells in
            var line = ""
            for cell in cells where !cell.isContinuation { line += cell.symbol }
            return line
        }
    }

    /// The rows, quoted, one per line; test failures print it as a picture of the screen.
    public var description: String {
        lines.map { "\"\($0)\"" }.joined(separator: "\n")
    }

    private mutating func set(_ character: Character, columns: Int, x: Int, y: Int, style: CellStyle) {
        clearWide(at: x, y: y)
        if columns == 2 { clearWide(at: x + 1, y: y) }
        rows[y][x] = Cell(glyph: Glyph(character), style: style)
        if columns == 2, x + 1 < width { rows[y][x + 1] = Cell(glyph: .none, style: style) }
    }

    /// Before overwriting a cell, blanks the other half of a wide character it belongs to.
    private mutating func clearWide(at x: Int, y: Int) {
        guard x < width else { return }
        if rows[y][x].isContinuation, x > 0 {
            rows[y][x - 1] = .blank(rows[y][x - 1].style)
        } else if x + 1 < width, rows[y][x + 1].isContinuation {
            rows[y][x + 1] = .blank(rows[y][x + 1].style)
        }
    }
}

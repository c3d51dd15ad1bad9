import ParleyCore

/// One character cell of the screen.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn here; "" for the right half of a wide character.
    public var symbol: String
    /// How it is drawn.
    public var style: CellStyle

    /// A blank cell in `style`.
    public static func blank(_ style: CellStyle = .plain) -> Cell { Cell(symbol: " ", style: style) }

    /// Creates a cell.
    public init(symbol: String, style: CellStyle = .plain) {
        self.symbol = symbol
        self.style = style
    }

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { symbol.isEmpty }
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
        func cell(_ value: Double) -> Int { Int(saturating: min(max(value, -0x8000_0000), 0x8000_0000)) }
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
/// For tests, ``init(lines:)`` builds a buffer from plain rows and ``lines`` reads them back,
/// so expectations read as the screen does.
public struct CellBuffer: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Cells, row by row.
    public private(set) var cells: [Cell]

    /// A blank buffer.
    public init(width: Int, height: Int, style: CellStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// A buffer holding `lines` in the plain style, as wide as the widest.
    public init(lines: [String]) {
        let width = lines.map { TerminalWidth.columns(of: $0) }.max() ?? 0
        self.init(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { put(line, x: 0, y: row) }
    }

    /// The area of the whole buffer.
    public var area: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y` (which must be inside).
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Whether column `x`, row `y` is inside.
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes `text` on one line from column `x`, clipped to the buffer and to `maxWidth`
    /// columns; returns the columns used. Line breaks and controls are shown inert.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
        var column = x
        // Printable ASCII as far as it can show (most labels and messages): a cell per byte,
        // with nothing to make inert and no grapheme breaking.
        let shown = text.utf8.prefix(max(0, limit - x))
        if shown.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) && (shown.count == text.utf8.count || text.utf8.dropFirst(shown.count).first.map { $0 < 0x80 } == true) {
            let symbols = Self.asciiSymbols
            let row = y * width
            for byte in shown {
                if column >= 0 {
                    clearWide(at: column, y: y)
                    cells[row + column] = Cell(symbol: symbols[Int(byte)], style: style)
                }
                column += 1
            }
            return max(0, column - x)
        }
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

    /// Paints every cell of `rect` (clipped) with `symbol` (one column wide) in `style`.
    public mutating func fill(_ rect: CellRect, symbol: String = " ", style: CellStyle) {
        let left = max(0, rect.x), right = min(width, rect.maxX)
        let top = max(0, rect.y), bottom = min(height, rect.maxY)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            // A wide character cut by either edge loses its other half too.
            clearWide(at: left, y: row)
            clearWide(at: right - 1, y: row)
            for column in left..<right { cells[row * width + column] = Cell(symbol: symbol, style: style) }
        }
    }

    /// Changes the style of `rect`'s cells (clipped), keeping their symbols.
    public mutating func restyle(_ rect: CellRect, _ change: (inout CellStyle) -> Void) {
        let left = max(0, rect.x), right = min(width, rect.maxX)
        let top = max(0, rect.y), bottom = min(height, rect.maxY)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right { change(&cells[row * width + column].style) }
        }
    }

    /// The rows as plain text (wide characters once, continuation cells skipped).
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where !self[column, row].isContinuation { line += self[column, row].symbol }
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
        cells[y * width + x] = Cell(symbol: Self.symbol(character), style: style)
        if columns == 2, x + 1 < width { cells[y * width + x + 1] = Cell(symbol: "", style: style) }
    }

    /// One-character strings of the ASCII bytes, made once.
    private static let asciiSymbols: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// The most scalars a cell's cluster keeps (a base and Unicode's stream-safe limit of
    /// 30 marks): a cluster of 300,000 combining marks would otherwise be sent whole on
    /// every repaint.
    static let mostScalarsPerCell = 31

    /// `character` as a cell's symbol, cut to ``mostScalarsPerCell`` scalars.
    static func symbol(_ character: Character) -> String {
        guard character.utf8.count > mostScalarsPerCell else { return String(character) }
        var scalars = String.UnicodeScalarView()
        for scalar in character.unicodeScalars.prefix(mostScalarsPerCell) { scalars.append(scalar) }
        return String(scalars)
    }

    /// Before overwriting a cell, blanks the other half of a wide character it belongs to.
    private mutating func clearWide(at x: Int, y: Int) {
        guard x < width else { return }
        let index = y * width + x
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }
}

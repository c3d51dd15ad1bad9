/// A deterministic ``TextMeasurer`` for tests, benchmarks and simple front ends: every
/// grapheme cluster is one cell wide (two for East Asian wide characters and emoji),
/// every line one cell high, wrapped by ``LineBreaker``.
///
/// With ``cellWidth`` 1 and ``lineHeight`` 1 it measures in terminal cells; with, say,
/// 8 × 16 it imitates a pixel font. Fonts larger than ``referenceSize`` scale up, so
/// large emoji take more room, as they do on screen.
public struct MonospaceMeasurer: TextMeasurer {
    /// Width of one cell at the reference size.
    public var cellWidth: Double
    /// Height of one line at the reference size.
    public var lineHeight: Double
    /// The font size measured at 1×; `nil` ignores font sizes.
    public var referenceSize: Double?

    /// Creates a measurer.
    public init(cellWidth: Double = 1, lineHeight: Double = 1, referenceSize: Double? = nil) {
        self.cellWidth = cellWidth
        self.lineHeight = lineHeight
        self.referenceSize = referenceSize
    }

    /// Wraps and measures `text`.
    public func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        let (cell, line) = cellSize(for: font)
        let lines = LineBreaker.lines(text, maxColumns: columns(maxWidth, cell), width: Self.columns(of:))
        let widest = lines.reduce(0) { max($0, $1.columns) }
        return TextMetrics(
            size: Size(width: Double(widest) * cell, height: Double(lines.count) * line),
            lineCount: lines.count)
    }

    /// The UTF-8 offset of the cluster at `point`.
    public func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? {
        let (cell, lineHeight) = cellSize(for: font)
        guard point.x >= 0, point.y >= 0 else { return nil }
        let lines = LineBreaker.lines(text, maxColumns: columns(maxWidth, cell), width: Self.columns(of:))
        let row = Int(saturating: point.y / lineHeight)
        guard row < lines.count else { return nil }
        let target = Int(saturating: point.x / cell)
        let line = lines[row]
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: line.utf8Range.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: line.utf8Range.upperBound)
        var column = 0
        var offset = line.utf8Range.lowerBound
        for character in text[start..<end] {
            let width = Self.columns(of: character)
            if target < column + max(width, 1) { return offset }
            column += width
            offset += character.utf8.count
        }
        return nil
    }

    /// Columns of one cluster: 2 for wide and emoji, 0 for a lone combining mark, else 1.
    public static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if EmojiOnly.isEmoji(character) { return 2 }
        switch first.value {
        case 0x0300...0x036F, 0x200B...0x200F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    private func cellSize(for font: FontSpec) -> (Double, Double) {
        let scale = referenceSize.map { max(0.5, font.size / $0) } ?? 1
        return (cellWidth * scale, lineHeight * scale)
    }

    private func columns(_ maxWidth: Double, _ cell: Double) -> Int {
        let columns = (maxWidth / cell).rounded(.down)
        // Unbounded widths wrap only at line feeds; NaN and tiny widths give one column.
        guard columns.isFinite || columns > 0 else { return 1 }
        return Int(min(1_000_000, max(1, columns)))
    }
}

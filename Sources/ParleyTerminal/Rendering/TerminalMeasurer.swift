import ParleyCore

/// A ``TextMeasurer`` in terminal cells: one unit per column, one per line, wrapping with
/// ``LineBreaker`` and ``TerminalWidth``. Large fonts (emoji-only messages) are not
/// enlarged: a terminal has one font size.
public struct TerminalMeasurer: TextMeasurer {
    /// The texts wrapped last, shared by this measurer's copies.
    private let memo = WrapMemo()

    /// Creates a measurer.
    public init() {}

    /// Wraps and measures `text` in cells.
    public func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        let lines = wrap(text, maxWidth: maxWidth)
        let widest = lines.reduce(0) { max($0, $1.columns) }
        return TextMetrics(size: Size(width: Double(widest), height: Double(lines.count)), lineCount: lines.count)
    }

    /// The UTF-8 offset of the cluster drawn at `point`.
    public func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? {
        guard point.x >= 0, point.y >= 0 else { return nil }
        let lines = wrap(text, maxWidth: maxWidth)
        let row = Int(saturating: point.y)
        guard row < lines.count else { return nil }
        let target = Int(saturating: point.x)
        var column = 0
        var offset = lines[row].utf8Range.lowerBound
        for character in Self.text(of: lines[row], in: text) {
            let width = TerminalWidth.columns(of: character)
            if target < column + max(width, 1) { return offset }
            column += width
            offset += character.utf8.count
        }
        return nil
    }

    /// The lines `text` wraps to at `maxWidth` columns.
    public func wrap(_ text: String, maxWidth: Double) -> [LineBreaker.Line] {
        // Unbounded (or absurd) widths wrap only at line feeds; NaN counts as one column.
        let columns = maxWidth >= 1_000_000 ? 1_000_000 : max(1, Int(maxWidth.isNaN ? 1 : maxWidth))
        return memo.lines(of: text, columns: columns) {
            LineBreaker.lines(text, maxColumns: columns, width: TerminalWidth.columns(of:))
        }
    }

    /// The text of one wrapped line.
    public static func text(of line: LineBreaker.Line, in text: String) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: line.utf8Range.lowerBound)
        let end = utf8.index(start, offsetBy: line.utf8Range.count)
        return text[start..<end]
    }
}

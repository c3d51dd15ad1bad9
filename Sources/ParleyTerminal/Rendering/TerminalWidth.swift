import CUtf8proc
import ParleyCore

/// Column widths of text in a terminal, per grapheme cluster, from utf8proc's tables.
///
/// A cluster is as wide as its first scalar, except that emoji presentation (an emoji
/// scalar, or a text symbol with U+FE0F, a keycap, a ZWJ sequence or a flag) is two
/// columns, as terminals draw it. Combining marks ride on their base and add nothing.
public enum TerminalWidth {
    /// Columns of one grapheme cluster: 0, 1 or 2.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
        if scalars.count > 1 {
            if first.properties.isEmoji, scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0 == "\u{200D}" || $0.properties.isEmojiModifier }) {
                return 2
            }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // a flag
        }
        if first.properties.isEmojiPresentation { return 2 }
        let width = Int(utf8proc_charwidth(utf8proc_int32_t(bitPattern: first.value)))
        if width == 0 {
            // A lone combining mark or format character still occupies its base's place.
            return first.properties.generalCategory == .nonspacingMark && scalars.count == 1 ? 1 : max(0, width)
        }
        return min(2, width)
    }

    /// Columns of a whole string.
    public static func columns(of string: String) -> Int {
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return string.utf8.count }
        return string.reduce(0) { $0 + columns(of: $1) }
    }
}

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

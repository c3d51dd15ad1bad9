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
        let width = Int(utf8proc_charwidth(utf8proc_int32_t(bitPattern: first.value)))
        // Wide in the table (CJK, most emoji): two columns whatever follows, as every rule
        // below would say; read first, it spares the Unicode property lookups.
        if width == 2 { return 2 }
        if scalars.count > 1 {
            if first.properties.isEmoji, scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0 == "\u{200D}" || $0.properties.isEmojiModifier }) {
                return 2
            }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // a flag
        }
        if first.properties.isEmojiPresentation { return 2 }
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

    /// `text` cut to `width` columns with "…" when it is wider. Pass text made inert on
    /// one line (`InertText.singleLine`): a control character counts no columns.
    public static func clipped(_ text: String, to width: Int) -> String {
        guard columns(of: text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let wide = columns(of: character)
            if used + wide > width - 1 { break }
            result.append(character)
            used += wide
        }
        return result + "…"
    }
}

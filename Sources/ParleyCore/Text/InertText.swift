/// Makes received text safe to show: data, never control.
///
/// Message text, sender names and link targets come from other people. Shown raw, an
/// escape sequence could move a terminal's cursor, set its title or write the clipboard,
/// and a bidi override could disguise a file name. ``display(_:)`` maps every such
/// character to a visible stand-in and leaves all other text alone, so the message itself
/// is never changed, only how it is shown.
public enum InertText {
    /// `string` with controls made visible.
    ///
    /// - C0 controls and DEL become their Control Pictures (ESC → `␛`, BEL → `␇`).
    /// - C1 controls (U+0080–U+009F, which terminals may treat as CSI, OSC, DCS) and bidi
    ///   overrides and isolates (U+202A–U+202E, U+2066–U+2069) become U+FFFD.
    /// - Line feed stays; CR LF, lone CR, U+2028 and U+2029 become a line feed; a tab
    ///   becomes four spaces.
    ///
    /// - Complexity: O(n); returns `string` itself when it has nothing to replace.
    public static func display(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: needsReplacement) else { return string }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in string.unicodeScalars {
            result.append(contentsOf: shown(scalar, after: previous))
            previous = scalar
        }
        return String(result)
    }

    /// For each UTF-8 offset of `string` (and its end), the offset in `display(string)`
    /// where that character is drawn; maps detections and selections between the two.
    public static func displayOffsets(of string: String) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(string.utf8.count + 1)
        var drawn = 0
        var previous: Unicode.Scalar?
        for scalar in string.unicodeScalars {
            for _ in 0..<UTF8.width(scalar) { offsets.append(drawn) }
            drawn += shown(scalar, after: previous).reduce(0) { $0 + UTF8.width($1) }
            previous = scalar
        }
        offsets.append(drawn)
        return offsets
    }

    /// What one scalar is drawn as, given the scalar before it.
    private static func shown(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> [Unicode.Scalar] {
        switch scalar.value {
        case 0x0A: return previous == "\r" ? [] : ["\n"]
        case 0x0D, 0x2028, 0x2029: return ["\n"]
        case 0x09: return [" ", " ", " ", " "]
        case 0x00...0x1F: return [Unicode.Scalar(0x2400 + scalar.value)!]
        case 0x7F: return ["\u{2421}"]
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: return ["\u{FFFD}"]
        default: return [scalar]
        }
    }

    /// `string` on one line: like ``display(_:)``, with line breaks shown as spaces.
    /// For names, titles and link targets.
    public static func singleLine(_ string: String) -> String {
        let shown = display(string)
        // Bytes, not Foundation's `contains(_:)`: this runs for every label of every frame.
        guard shown.utf8.contains(0x0A) else { return shown }
        return String(shown.map { $0 == "\n" ? " " : $0 })
    }

    /// Whether `scalar` is shown differently by ``display(_:)``.
    public static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default: return false
        }
    }
}

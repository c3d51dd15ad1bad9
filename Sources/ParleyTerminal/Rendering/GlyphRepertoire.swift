/// The characters a terminal can draw, and what stands in for the rest.
///
/// Most terminal emulators draw all of Unicode their fonts have. The Linux console
/// (`TERM=linux`) draws only the 512 glyphs of its font: ASCII, Latin-1, box drawing with
/// square corners, half and full blocks, shades, and the symbols of code page 437. On it
/// quadrant blocks, rounded corners, check marks, braille spinners and emoji would show as
/// diamonds, so ``ChatScreen`` passes its cells through ``substitute(_:columns:)``: rounded
/// corners become square ones, quadrants half blocks, marks their nearest console glyph,
/// and wide characters (emoji, CJK) question marks the width of what they replace.
public enum GlyphRepertoire: Hashable, Sendable {
    /// Everything: the terminal's fonts decide.
    case unicode
    /// The Linux console's font (code page 437 and Latin-1).
    case linuxConsole

    /// The repertoire `environment` announces: ``linuxConsole`` for `TERM=linux` (and its
    /// variants, such as `linux-16color`), else ``unicode``.
    public init(environment: [String: String]) {
        let term = environment["TERM"]?.lowercased() ?? ""
        self = term == "linux" || term.hasPrefix("linux-") ? .linuxConsole : .unicode
    }

    /// Whether `symbol` (one grapheme cluster) can be drawn as it is.
    public func contains(_ symbol: String) -> Bool {
        switch self {
        case .unicode: return true
        case .linuxConsole:
            return symbol.unicodeScalars.allSatisfy { scalar in
                (0x20...0x7E).contains(scalar.value) || (0xA0...0xFF).contains(scalar.value)
                    || Self.consoleSymbols.contains(scalar)
            }
        }
    }

    /// What to draw for `symbol`, which takes `columns` cells (1 or 2): `symbol` itself
    /// when the repertoire has it, else as many characters of the repertoire as columns.
    public func substitute(_ symbol: String, columns: Int) -> String {
        guard !contains(symbol) else { return symbol }
        if let first = symbol.unicodeScalars.first, let stand = Self.standIns[first], stand.count == columns { return stand }
        return String(repeating: "?", count: max(1, columns))
    }

    /// Code page 437's symbols beyond ASCII and Latin-1, as the console's fonts map them.
    private static let consoleSymbols: Set<Unicode.Scalar> = Set(
        ("☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼⌂ƒ₧⌐░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌"
            + "█▄▌▐▀αΓπΣσµτΦΘΩδ∞φε∩≡≥≤⌠⌡≈∙√ⁿ■").unicodeScalars)

    /// The console glyph nearest to each character Parley draws that the console lacks
    /// (the delivery marks, which the core owns, by code point).
    private static let standIns: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        for (from, to) in [
            ("▗", "▄"), ("▖", "▄"), ("▝", "▀"), ("▘", "▀"), ("▎", "▌"), ("▏", "▌"), ("▕", "▐"),
            ("╭", "┌"), ("╮", "┐"), ("╰", "└"), ("╯", "┘"), ("━", "═"), ("╱", "/"), ("╲", "\\"),
            ("\u{2713}", "√"), ("\u{2714}", "√"), ("\u{25F7}", "∙"), ("➤", "►"), ("▶", "►"), ("●", "*"), ("✕", "x"),
            ("↩", "←"), ("✎", "»"), ("⚠", "!"), ("▰", "■"), ("▱", "∙"), ("…", "."), ("—", "-"),
            ("–", "-"), ("‘", "'"), ("’", "'"), ("“", "\""), ("”", "\""), ("␛", "^"), ("␇", "^"),
            ("⠋", "|"), ("⠙", "/"), ("⠹", "-"), ("⠸", "\\"), ("⠼", "|"), ("⠴", "/"), ("⠦", "-"),
            ("⠧", "\\"), ("⠇", "|"), ("⠏", "/"),
            // A voice message's waveform, button and progress.
            ("▁", "_"), ("▂", "_"), ("▃", "▄"), ("▅", "▄"), ("▆", "█"), ("▇", "█"), ("⏸", "||"), ("⋯", "."),
        ] {
            table[from.unicodeScalars.first!] = to
        }
        return table
    }()
}

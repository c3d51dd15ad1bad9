/// The direction a text runs in, from its first strongly directional letter (the rule of
/// Unicode's bidirectional algorithm for a paragraph's base direction, P2–P3): Arabic
/// or Hebrew letters make it right to left, Latin, Greek, CJK... left to right; digits,
/// punctuation and emoji do not decide.
public enum TextDirection {
    /// The direction of `text`, or `nil` when no letter decides it.
    public static func of(_ text: some StringProtocol) -> LayoutDirection? {
        for scalar in text.unicodeScalars {
            if isRightToLeft(scalar) { return .rightToLeft }
            if scalar.properties.isAlphabetic { return .leftToRight }
        }
        return nil
    }

    /// Whether `scalar` is in a right-to-left script's block (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko, Samaritan, Mandaic, their presentation forms, and the historic
    /// right-to-left scripts of the supplementary planes).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return scalar.properties.isAlphabetic
        default:
            return false
        }
    }
}

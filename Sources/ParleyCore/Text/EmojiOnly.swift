/// Recognises messages made of a few emoji and nothing else, which messengers show large.
public enum EmojiOnly {
    /// The most emoji a message may hold and still be shown large.
    public static let maximumCount = 3

    /// Whether `string` is 1 to ``maximumCount`` emoji, ignoring surrounding whitespace.
    ///
    /// Whole grapheme clusters count: a family (ZWJ sequence), a flag or a skin-toned hand
    /// is one emoji. Digits and symbols that only have an emoji form with U+FE0F do not
    /// count unless they carry it.
    public static func matches(_ string: String) -> Bool {
        // Most messages start with a letter, which no emoji does (not even with marks or
        // a variation selector after it): answered without Unicode's tables (#15).
        for byte in string.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) { continue }
            if byte | 0x20 >= 0x61, byte | 0x20 <= 0x7A { return false }
            break
        }
        var count = 0
        for character in string {
            if character.isWhitespace { continue }
            guard isEmoji(character) else { return false }
            count += 1
            if count > maximumCount { return false }
        }
        return count > 0
    }

    /// Whether one grapheme cluster is rendered as an emoji.
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        // Text-default emoji (☺, ❤, 1) count only with the emoji variation selector, a
        // keycap, a modifier or a ZWJ sequence.
        return scalars.dropFirst().contains { scalar in
            scalar == "\u{FE0F}" || scalar == "\u{20E3}" || scalar == "\u{200D}"
                || scalar.properties.isEmojiModifier
        }
    }
}

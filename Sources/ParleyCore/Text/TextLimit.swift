/// How much of a long text a bubble shows: at most so many characters and lines.
///
/// A message longer than a screenful is shown as its beginning with a "Show more" button
/// (``ChatStrings/showMore``), which doubles what is shown, up to ``maximum``. Laying out
/// and drawing cost grow with what is shown, never with the whole text, so a 1 MB message
/// costs what a few screens of text cost.
public struct TextLimit: Hashable, Sendable {
    /// The most grapheme clusters shown.
    public var characters: Int
    /// The most lines (line breaks in the text) shown.
    public var lines: Int

    /// Creates a limit (each at least 1).
    public init(characters: Int, lines: Int) {
        self.characters = max(1, characters)
        self.lines = max(1, lines)
    }

    /// What a bubble shows before "Show more": about a screenful.
    public static let preview = TextLimit(characters: 1_500, lines: 30)

    /// The most any bubble shows, however often "Show more" is pressed (64,000
    /// characters, 1,280 lines: both reached by the same press); copy the message to read
    /// a longer one whole.
    public static let maximum = TextLimit(characters: 64_000, lines: 1_280)

    /// The limit after "Show more" was pressed `times` times: ``preview`` doubled that
    /// often, never past ``maximum``.
    public static func expanded(_ times: Int) -> TextLimit {
        let shift = min(max(0, times), 16)
        return TextLimit(
            characters: min(maximum.characters, preview.characters << shift),
            lines: min(maximum.lines, preview.lines << shift))
    }

    /// Whether this is ``maximum`` or more: pressing "Show more" again shows nothing new.
    public var isMaximum: Bool { characters >= Self.maximum.characters && lines >= Self.maximum.lines }
}

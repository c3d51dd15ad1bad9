/// One reaction chip under a bubble ("👍 2"), or the "+N" chip standing for those that do
/// not fit.
public struct ReactionChip: Hashable, Sendable {
    /// Where it is, in row coordinates.
    public var frame: Rect
    /// The emoji; empty for the "+N" chip.
    public var key: String
    /// What it says: "👍 2", "❤️" (a count of one is not written), or "+3".
    public var label: String
    /// How many reacted with it; for the "+N" chip, how many emoji it hides.
    public var count: Int
    /// Whether the local user is among them: drawn highlighted, and a tap takes it back.
    public var isMine: Bool
    /// Whether this is the "+N" chip.
    public var isOverflow: Bool
    /// Its accessible name (``ChatStrings/reactionName``).
    public var accessibleName: String
}

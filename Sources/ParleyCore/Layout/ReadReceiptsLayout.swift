/// Who has read up to a message in a group: small avatars under it at the row's trailing
/// edge, the last ones standing as "+N" when there are more than fit.
public struct ReadReceiptsLayout: Hashable, Sendable {
    /// One reader's avatar.
    public struct Reader: Hashable, Sendable {
        /// Where it is, in row coordinates.
        public var frame: Rect
        /// Whose it is.
        public var sender: Sender
    }
    /// The whole line, in row coordinates.
    public var frame: Rect
    /// The avatars shown, oldest reader first.
    public var readers: [Reader]
    /// "+N", when there are more readers than avatars.
    public var moreLabel: String?
    /// Where "+N" goes.
    public var moreFrame: Rect?
    /// What a screen reader says: ``ChatStrings/seenBy``.
    public var accessibleName: String
}

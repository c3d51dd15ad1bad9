/// Where a message sits in a run of consecutive messages from one sender.
///
/// The bubble shape, the avatar and the name label follow from it.
public enum GroupPosition: Hashable, Sendable, CaseIterable {
    /// Alone: the group has one message.
    case single
    /// Opens a group of two or more.
    case first
    /// Between the first and the last.
    case middle
    /// Closes a group of two or more.
    case last

    /// Whether this message opens its group (``single`` or ``first``).
    public var isGroupStart: Bool { self == .single || self == .first }
    /// Whether this message closes its group (``single`` or ``last``).
    public var isGroupEnd: Bool { self == .single || self == .last }

    /// The position of a message given whether it joins the one above and the one below.
    public init(joinsPrevious: Bool, joinsNext: Bool) {
        switch (joinsPrevious, joinsNext) {
        case (false, false): self = .single
        case (false, true): self = .first
        case (true, true): self = .middle
        case (true, false): self = .last
        }
    }
}

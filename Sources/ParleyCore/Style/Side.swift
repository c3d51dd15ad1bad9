/// Which side of the conversation a message belongs to.
public enum Side: Hashable, Sendable, CaseIterable {
    /// Written by someone else; drawn on the leading side.
    case incoming
    /// Written by the local user; drawn on the trailing side.
    case outgoing
}

/// Colours for one ``Side`` of the conversation.
public struct SideStyle: Hashable, Sendable {
    /// Message text.
    public var textColor: Color
    /// Detected links, addresses and phone numbers.
    public var linkColor: Color
    /// Bubble fill.
    public var bubbleColor: Color

    /// Creates the colours of one side.
    public init(textColor: Color, linkColor: Color, bubbleColor: Color) {
        self.textColor = textColor
        self.linkColor = linkColor
        self.bubbleColor = bubbleColor
    }
}

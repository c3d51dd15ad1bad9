import ParleyCore

extension ChatStyle {
    /// This style with ``CommonMarkFormatter`` drawing its Markdown messages, unless it
    /// has a formatter already: what both front ends do with the style they are given.
    public var formattingMarkdown: ChatStyle {
        guard markdown == nil else { return self }
        var copy = self
        copy.markdown = CommonMarkFormatter()
        return copy
    }
}

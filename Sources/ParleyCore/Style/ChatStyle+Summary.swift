extension ChatStyle {
    /// A one-line description of `content` in this style's words (``ChatStrings/summary(of:)``),
    /// Markdown text told by what it draws (through ``markdown``): "Today's menu at the
    /// café", not "**Today's menu** at the café". For accessible names, the reply banner's
    /// quote and notifications. Made inert; a long text is summarised from its beginning.
    public func summary(of content: MessageContent) -> String {
        guard case .text(let text) = content, text.format == .markdown, let markdown else { return strings.summary(of: content) }
        // The beginning only: a summary is a preview's length, and a megabyte of source
        // need not be formatted for it.
        let (source, _) = DisplayText.prefix(of: text.string, limit: .preview)
        return strings.summary(of: .text(TextContent(markdown.format(source).content.string)))
    }
}

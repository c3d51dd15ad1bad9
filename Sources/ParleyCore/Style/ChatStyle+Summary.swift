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
        return strings.summary(of: .text(TextContent(markdown.summary(source))))
    }

    /// What a reply shows of `quote`: its summary, a Markdown one (``ReplyQuote/format``)
    /// as ``markdown`` draws it, on one line: "Today's menu at the café", not
    /// "**Today's menu** at the café". Without a formatter, the summary as written, on one
    /// line.
    public func text(of quote: ReplyQuote) -> String {
        guard quote.format == .markdown, !quote.summary.isEmpty else { return quote.summary }
        guard let markdown else { return ReplyQuote.oneLine(quote.summary) }
        return ReplyQuote.oneLine(markdown.summary(quote.summary))
    }
}
